/**
 * crearApi(backend): the ONE implementation of every operation of the contract. Knows nothing of
 * Electron, the DOM or Node; the transports (IPC, HTTP) reach it through src/main/dispatch.ts.
 * Each area builds its own part (src/shared/areas/<area>/operations.ts); this file only puts them together,
 * with the deps every area shares (backend, jobs, log, alCerrar). Sessions are resolved once, by
 * withSessions (./session.ts), from the contract.
 */
import type { Backend } from '../ports';
import type { ApiDeps, ApiImplementation } from '../operaciones/types';
import { withSessions } from '../operaciones/session';
import { authOperations } from '../areas/auth/operations';
import { shellOperations } from '../areas/shell/operations';
import { jobsOperations } from '../areas/jobs/operations';
import { crearTrabajosApi, type TrabajosApi } from '../areas/jobs/servicio';
import { conexionOperations } from '../areas/conexion/operations';
import { llamadasOperations } from '../areas/llamadas/operations';
import { proyectosOperations } from '../areas/proyectos/operations';
import { serviciosOperations } from '../areas/servicios/operations';
import { empresasOperations } from '../areas/empresas/operations';
import { planesOperations } from '../areas/planes/operations';
import { metricasOperations } from '../areas/metricas/operations';
import { botsOperations } from '../areas/bots/operations';
import { mensajesOperations } from '../areas/mensajes/operations';
import { whatsappResumenOperations } from '../areas/whatsapp-resumen/operations';
import { marketingOperations } from '../areas/marketing/operations';
import { configuracionOperations } from '../areas/configuracion/operations';
import { operadoresOperations } from '../areas/operadores/operations';
import { portalOperations } from '../areas/portal/operations';
import { datosOperations } from '../areas/datos/operations';
import { seguridadOperations } from '../areas/seguridad/operations';
import { auditoriaOperations } from '../areas/auditoria/operations';

export type { ApiDeps, ApiImplementation, AreaImplementation, SignedIn } from '../operaciones/types';

export interface ApiHandle {
  /** The api's long work (tests wait on its engine: tests/support/trabajos.ts). */
  trabajos: TrabajosApi;
  /** Stops the api's background work (jobs, runners, timers) before its backend closes. */
  cerrar(): Promise<void>;
}

export interface ApiOpciones {
  /**
   * Check every answer against its schema in the contract (src/shared/operaciones/respuestas.ts). On unless told
   * otherwise: tests and development prove the shapes; the host turns it off in a production build.
   */
  comprobarRespuestas?: boolean;
}

export function crearApi(
  backend: Backend,
  log: (message: string, error?: unknown) => void = () => {},
  opciones: ApiOpciones = {},
): ApiImplementation & ApiHandle {
  const cierres: Array<() => void | Promise<void>> = [];
  const jobs = crearTrabajosApi(backend.now, log);
  const deps: ApiDeps = { backend, jobs, log, alCerrar: (fn) => void cierres.push(fn) };
  const areas = {
    auth: authOperations(deps),
    shell: shellOperations(deps),
    jobs: jobsOperations(deps),
    conexion: conexionOperations(deps),
    llamadas: llamadasOperations(deps),
    proyectos: proyectosOperations(deps),
    servicios: serviciosOperations(deps),
    empresas: empresasOperations(deps),
    planes: planesOperations(deps),
    metricas: metricasOperations(deps),
    bots: botsOperations(deps),
    mensajes: mensajesOperations(deps),
    whatsappResumen: whatsappResumenOperations(deps),
    marketing: marketingOperations(deps),
    configuracion: configuracionOperations(deps),
    operadores: operadoresOperations(deps),
    portal: portalOperations(deps),
    datos: datosOperations(deps),
    seguridad: seguridadOperations(deps),
    auditoria: auditoriaOperations(deps),
  };
  return {
    ...withSessions(backend, areas, opciones.comprobarRespuestas ?? true),
    trabajos: jobs,
    async cerrar() {
      // Running jobs are recorded 'interrumpido' while the backend is still open.
      await jobs.cerrar().catch((error: unknown) => log('Cierre de los trabajos', error));
      for (const fn of cierres.splice(0).reverse()) await Promise.resolve(fn()).catch((error: unknown) => log('Cierre de un trabajo de fondo', error));
    },
  };
}
