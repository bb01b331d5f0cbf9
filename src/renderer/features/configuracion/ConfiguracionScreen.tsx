import { Alert, Stack, Tabs } from '@mantine/core';
import { IconDatabase, IconHistory, IconLock, IconPlugConnected, IconSettings, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { es } from '../../../shared/i18n/es';
import { useAuth } from '../../app/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ConexionPanel } from './ConexionPanel';
import { GeneralPanel } from './GeneralPanel';
import { OperadoresPanel } from './OperadoresPanel';
import { SeguridadPanel } from './SeguridadPanel';
import { ActividadPanel } from './ActividadPanel';
import { DatosPanel } from '../datos/DatosPanel';
import { TituloPantalla } from '../../components/TituloPantalla';

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
          <GeneralPanel />
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
