/** The four stat cards over a message table (part 3 §2.3): messages, sessions, messages today, active sessions. */
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconActivity, IconCalendarEvent, IconMessages, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { mensajes as t } from '../../../shared/areas/mensajes/texts';
import type { Estadisticas } from '../../../shared/areas/mensajes/rules';

function Tarjeta({ label, value, icon, color }: { label: string; value: number | null; icon: ReactNode; color: string }) {
  return (
    <Paper withBorder p="md" radius="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.1} data-testid={`tarjeta-${label}`}>
            {value === null ? '—' : value.toLocaleString('es-CO')}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={42} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** `stats` null shows '—' in every card (no table chosen, or not loaded yet). */
export function TarjetasEstadisticas({ stats }: { stats: Estadisticas | null }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Tarjeta label={t.tarjetas.totalMensajes} value={stats?.totalMensajes ?? null} icon={<IconMessages size={22} />} color="green" />
      <Tarjeta label={t.tarjetas.totalSesiones} value={stats?.totalSesiones ?? null} icon={<IconUsers size={22} />} color="blue" />
      <Tarjeta label={t.tarjetas.mensajesHoy} value={stats?.mensajesHoy ?? null} icon={<IconCalendarEvent size={22} />} color="grape" />
      <Tarjeta label={t.tarjetas.sesionesActivas} value={stats?.sesionesActivas ?? null} icon={<IconActivity size={22} />} color="orange" />
    </SimpleGrid>
  );
}
