import {
  Alert,
  Badge,
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Tooltip,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { IconCheck, IconDatabase, IconHistory, IconKey, IconLanguage, IconLock, IconMoon, IconPalette, IconPlugConnected, IconSettings, IconShieldLock, IconUser, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { rolDe } from '../../../shared/areas/auth/operador';
import { ACCENT_COLORS } from '../../../shared/areas/configuracion/rules';
import { es } from '../../../shared/i18n/es';
import { consultas } from '../../api/client';
import { useAuth } from '../../app/auth';
import { ACCENT_PALETTE } from '../../app/theme';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDate } from '../../lib/format';
import { CambiarContrasenaModal } from './CambiarContrasenaModal';
import { ConexionPanel } from './ConexionPanel';
import { OperadoresPanel } from './OperadoresPanel';
import { SeguridadPanel } from './SeguridadPanel';
import { ActividadPanel } from './ActividadPanel';
import { DatosPanel } from '../datos/DatosPanel';
import { EncabezadoTarjeta } from './EncabezadoTarjeta';
import { TituloPantalla } from '../../components/TituloPantalla';
import { setPreferencias, usePreferencias } from './preferencias-store';
import { mensajeDe } from '../../lib/mensaje-error';

const c = es.configuracion;

/** Sections only administrators see (and open: the api refuses the rest anyway). */
const SOLO_ADMIN = ['conexion', 'operadores', 'datos', 'actividad'];
/** Sections every operator sees. */
const PARA_TODOS = ['general', 'seguridad'];

/**
 * Settings (part 3 §2.5): appearance, account, password; for administrators also the connections (Conexión),
 * the team (Operadores) and the data's safety (Datos: backups, the move to Supabase, the diagnostic log). The
 * section is in the address (?seccion=), so it can be linked; an operator who opens an administrator's section
 * is told he has no permission.
 */
export default function ConfiguracionScreen() {
  useDocumentTitle(c.titulo);
  const { operator } = useAuth();
  const esAdmin = operator?.rol === 'administrador';
  const [params, setParams] = useSearchParams();
  const pedida = params.get('seccion') ?? 'general';
  const negada = !esAdmin && SOLO_ADMIN.includes(pedida);
  const seccion = negada || ![...PARA_TODOS, ...SOLO_ADMIN].includes(pedida) ? 'general' : pedida;
  return (
    <Stack gap="lg">
      <TituloPantalla titulo={c.titulo} subtitulo={c.subtitulo} />
      {negada && (
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />} data-testid="seccion-sin-permiso">
          {es.errores.sinPermiso}
        </Alert>
      )}
      <Tabs value={seccion} onChange={(v) => setParams(v && v !== 'general' ? { seccion: v } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="general" leftSection={<IconSettings size={16} />}>
            {c.tabGeneral}
          </Tabs.Tab>
          <Tabs.Tab value="seguridad" leftSection={<IconShieldLock size={16} />}>
            {es.seguridad.tab}
          </Tabs.Tab>
          {esAdmin && (
            <Tabs.Tab value="conexion" leftSection={<IconPlugConnected size={16} />}>
              {c.tabConexion}
            </Tabs.Tab>
          )}
          {esAdmin && (
            <Tabs.Tab value="operadores" leftSection={<IconUsers size={16} />}>
              {es.operadores.tab}
            </Tabs.Tab>
          )}
          {esAdmin && (
            <Tabs.Tab value="datos" leftSection={<IconDatabase size={16} />}>
              {es.datos.tab}
            </Tabs.Tab>
          )}
          {esAdmin && (
            <Tabs.Tab value="actividad" leftSection={<IconHistory size={16} />}>
              {es.auditoria.tab}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="general" pt="lg">
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Apariencia />
            <Cuenta />
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="seguridad" pt="lg">
          <SeguridadPanel />
        </Tabs.Panel>
        {esAdmin && (
          <Tabs.Panel value="conexion" pt="lg">
            <ConexionPanel />
          </Tabs.Panel>
        )}
        {esAdmin && (
          <Tabs.Panel value="operadores" pt="lg">
            <OperadoresPanel />
          </Tabs.Panel>
        )}
        {esAdmin && (
          <Tabs.Panel value="datos" pt="lg">
            <DatosPanel />
          </Tabs.Panel>
        )}
        {esAdmin && (
          <Tabs.Panel value="actividad" pt="lg">
            <ActividadPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function Apariencia() {
  const prefs = usePreferencias();
  const theme = useMantineTheme();
  return (
    <Paper withBorder p="lg" shadow="xs">
      <EncabezadoTarjeta icono={<IconPalette size={18} />} titulo={c.apariencia} />
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
    </Paper>
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
    <Paper withBorder p="lg" shadow="xs">
      <EncabezadoTarjeta icono={<IconUser size={18} />} titulo={c.cuenta} />
      <Stack gap="md">
        {perfil.isError && (
          <Alert color="yellow" variant="light">
            {mensajeDe(perfil.error, c.errorPerfil)}
          </Alert>
        )}
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
    </Paper>
  );
}

function Dato({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      {value}
    </Group>
  );
}
