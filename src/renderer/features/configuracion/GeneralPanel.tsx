import { Badge, Button, Checkbox, ColorSwatch, Group, Paper, Progress, SimpleGrid, Stack, Switch, Text, Tooltip, UnstyledButton, useMantineTheme } from '@mantine/core';
import { IconCheck, IconKey, IconLanguage, IconMoon, IconPalette, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { rolDe } from '../../../shared/ports/operador';
import { ACCENT_COLORS } from '../../../shared/areas/configuracion/rules';
import { es } from '../../../shared/i18n/es';
import { consultas } from '../../api/client';
import { useAuth } from '../../app/auth';
import { ACCENT_PALETTE } from '../../app/theme';
import { formatDate } from '../../lib/format';
import { AvisoDeError } from '../../components/AvisoDeError';
import { CambiarContrasenaModal } from './CambiarContrasenaModal';
import { setPreferencias, usePreferencias } from './preferencias-store';
import { TarjetaAjustes } from './TarjetaAjustes';

const c = es.configuracion;

/** Configuración → General, for every operator: the appearance (this browser's) and the account. */
export function GeneralPanel() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Apariencia />
      <Cuenta />
    </SimpleGrid>
  );
}

function Apariencia() {
  const prefs = usePreferencias();
  const theme = useMantineTheme();
  return (
    <TarjetaAjustes icono={<IconPalette size={18} />} titulo={c.apariencia}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <IconMoon size={18} />
            <div>
              <Text fw={500}>{c.modoOscuro}</Text>
              <Text size="xs" c="dimmed">
                {c.modoOscuroDetalle}
              </Text>
            </div>
          </Group>
          <Switch
            checked={prefs.darkMode}
            onChange={(e) => setPreferencias({ darkMode: e.currentTarget.checked })}
            aria-label={c.modoOscuro}
            size="md"
          />
        </Group>
        <div>
          <Text fw={500} mb="xs">
            {c.colorAcento}
          </Text>
          <Group gap="sm" role="radiogroup" aria-label={c.colorAcento}>
            {ACCENT_COLORS.map((color) => {
              const selected = prefs.accentColor === color;
              const palette = theme.colors[ACCENT_PALETTE[color]] ?? theme.colors.green;
              return (
                <Tooltip key={color} label={c.colores[color]}>
                  <UnstyledButton
                    role="radio"
                    aria-checked={selected}
                    aria-label={c.colores[color]}
                    onClick={() => setPreferencias({ accentColor: color })}
                    data-testid={`acento-${color}`}
                  >
                    <ColorSwatch
                      component="span"
                      color={palette[color === 'yellow' ? 6 : 8]!}
                      size={34}
                      style={{ outline: selected ? '2px solid var(--mantine-color-text)' : undefined, outlineOffset: 2, color: '#fff' }}
                    >
                      {selected && <IconCheck size={16} />}
                    </ColorSwatch>
                  </UnstyledButton>
                </Tooltip>
              );
            })}
          </Group>
        </div>
        <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)" data-testid="vista-previa">
          <Text size="sm" fw={600} mb={4}>
            {c.vistaPrevia}
          </Text>
          <Text size="xs" c="dimmed" mb="sm">
            {c.vistaPreviaTexto}
          </Text>
          <Group gap="sm" mb="sm">
            <Button size="xs">{c.botonPrincipal}</Button>
            <Button size="xs" variant="light">
              {c.botonSecundario}
            </Button>
            <Badge>{c.colores[prefs.accentColor]}</Badge>
          </Group>
          <Progress value={66} size="sm" aria-label={c.colores[prefs.accentColor]} />
        </Paper>
      </Stack>
    </TarjetaAjustes>
  );
}

function Cuenta() {
  const { operator } = useAuth();
  const prefs = usePreferencias();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const perfil = useQuery(consultas.configuracion.perfil({}));
  // The user-info fetch, falling back to the session's operator (part 3 §3).
  const email = perfil.data?.email ?? operator?.email ?? '';
  const esAdmin = perfil.data?.esAdmin ?? operator?.esAdmin ?? false;
  const createdAt = perfil.data?.createdAt ?? operator?.createdAt;

  return (
    <TarjetaAjustes icono={<IconUser size={18} />} titulo={c.cuenta}>
      <Stack gap="md">
        <AvisoDeError error={perfil.error} texto={c.errorPerfil} color="yellow" variant="light" />
        <Dato label={c.email} value={<Text fw={500} data-testid="cuenta-email">{email}</Text>} />
        <Dato
          label={c.tipoCuenta}
          value={
            <Badge variant="light" data-testid="cuenta-tipo">
              {es.operadores.roles[rolDe(esAdmin)]}
            </Badge>
          }
        />
        <Dato label={c.miembroDesde} value={<Text fw={500}>{createdAt ? formatDate(createdAt) : '—'}</Text>} />
        <Dato
          label={c.idioma}
          value={
            <Group gap={6}>
              <IconLanguage size={16} />
              <Text fw={500}>{c.idiomaValor}</Text>
            </Group>
          }
        />
        <Checkbox
          label={c.notificaciones}
          description={c.notificacionesDetalle}
          checked={prefs.notificaciones}
          onChange={(e) => setPreferencias({ notificaciones: e.currentTarget.checked })}
        />
        <Group>
          <Button leftSection={<IconKey size={16} />} variant="light" onClick={() => setPasswordOpen(true)}>
            {c.cambiarContrasena}
          </Button>
        </Group>
      </Stack>
      <CambiarContrasenaModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </TarjetaAjustes>
  );
}

function Dato({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      {value}
    </Group>
  );
}
