import { Alert, Stack, Tabs } from '@mantine/core';
import { IconDatabase, IconHistory, IconLock, IconPlugConnected, IconSettings, IconShieldLock, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
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

/**
 * Configuración's sections, in tab order: each one panel. `soloAdmin`: only administrators see (and open) it;
 * the api refuses the rest anyway.
 */
const SECCIONES: readonly { valor: string; etiqueta: string; icono: ComponentType<{ size?: number }>; Panel: ComponentType; soloAdmin: boolean }[] = [
  { valor: 'general', etiqueta: c.tabGeneral, icono: IconSettings, Panel: GeneralPanel, soloAdmin: false },
  { valor: 'seguridad', etiqueta: es.seguridad.tab, icono: IconShieldLock, Panel: SeguridadPanel, soloAdmin: false },
  { valor: 'conexion', etiqueta: c.tabConexion, icono: IconPlugConnected, Panel: ConexionPanel, soloAdmin: true },
  { valor: 'operadores', etiqueta: es.operadores.tab, icono: IconUsers, Panel: OperadoresPanel, soloAdmin: true },
  { valor: 'datos', etiqueta: es.datos.tab, icono: IconDatabase, Panel: DatosPanel, soloAdmin: true },
  { valor: 'actividad', etiqueta: es.auditoria.tab, icono: IconHistory, Panel: ActividadPanel, soloAdmin: true },
];

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
  const negada = !esAdmin && SECCIONES.some((s) => s.soloAdmin && s.valor === pedida);
  const visibles = SECCIONES.filter((s) => esAdmin || !s.soloAdmin);
  const seccion = visibles.some((s) => s.valor === pedida) ? pedida : 'general';
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
          {visibles.map(({ valor, etiqueta, icono: Icono }) => (
            <Tabs.Tab key={valor} value={valor} leftSection={<Icono size={16} />}>
              {etiqueta}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {visibles.map(({ valor, Panel }) => (
          <Tabs.Panel key={valor} value={valor} pt="lg">
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
