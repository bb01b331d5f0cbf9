/** The four stat cards over a message table (part 3 §2.3): messages, sessions, messages today, active sessions. */
import { Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconActivity, IconCalendarEvent, IconMessages, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { mensajes as t } from '../../../shared/areas/mensajes/texts';
import type { Estadisticas } from '../../../shared/areas/mensajes/formas';

/**
 * One figure card: label, value (with an optional detail line and progress bar) and its icon. `testId` names
 * the value for the tests.
 */
export function Tarjeta({
  label,
  value,
  detalle,
  icon,
  color,
  progreso,
  testId,
}: {
  label: string;
  value: string;
  detalle?: string | undefined;
  icon: ReactNode;
  color: string;
  progreso?: number;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" radius="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.1} data-testid={testId}>
            {value}
          </Text>
          {detalle ? (
            <Text size="xs" c="dimmed">
              {detalle}
            </Text>
          ) : null}
        </Stack>
        <ThemeIcon variant="light" color={color} size={42} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
      {progreso !== undefined ? <Progress value={progreso} color={color} size="sm" mt="sm" radius="xl" aria-label={label} /> : null}
    </Paper>
  );
}

function TarjetaConteo({ label, value, icon, color }: { label: string; value: number | null; icon: ReactNode; color: string }) {
  return <Tarjeta label={label} value={value === null ? '—' : value.toLocaleString('es-CO')} icon={icon} color={color} testId={`tarjeta-${label}`} />;
}

/** `stats` null shows '—' in every card (no table chosen, or not loaded yet). */
export function TarjetasEstadisticas({ stats }: { stats: Estadisticas | null }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <TarjetaConteo label={t.tarjetas.totalMensajes} value={stats?.totalMensajes ?? null} icon={<IconMessages size={22} />} color="green" />
      <TarjetaConteo label={t.tarjetas.totalSesiones} value={stats?.totalSesiones ?? null} icon={<IconUsers size={22} />} color="blue" />
      <TarjetaConteo label={t.tarjetas.mensajesHoy} value={stats?.mensajesHoy ?? null} icon={<IconCalendarEvent size={22} />} color="grape" />
      <TarjetaConteo label={t.tarjetas.sesionesActivas} value={stats?.sesionesActivas ?? null} icon={<IconActivity size={22} />} color="orange" />
    </SimpleGrid>
  );
}
