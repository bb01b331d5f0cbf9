import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Trabajo } from '../../shared/domain/trabajos';
import type { Consulta } from './queries';

/** How often running work is asked for its progress. */
export const INTERVALO_TRABAJO_MS = 500;

const RECUERDO = 'consola.trabajo-seguido.';

/**
 * The page's memory of work it saw running (sessionStorage: it outlives a reload and a new sign-in in the
 * same tab, not the tab): the end of a move to Supabase lands on the sign-in screen — the switch ends the
 * embedded session — and is shown once signed in again, because the page still remembers it followed it.
 */
export const recuerdoTrabajo = {
  leer(clave: string): string | null {
    try {
      return globalThis.sessionStorage?.getItem(RECUERDO + clave) ?? null;
    } catch {
      return null;
    }
  },
  guardar(clave: string, id: string | null): void {
    try {
      if (id === null) globalThis.sessionStorage?.removeItem(RECUERDO + clave);
      else globalThis.sessionStorage?.setItem(RECUERDO + clave, id);
    } catch {
      // A storage the browser refuses only loses the memory across a reload.
    }
  },
};

/**
 * Follows long work (domain/trabajos.ts) until it ends — the one way a screen follows it: provisioning, the
 * data activity of Configuración → Datos. `consulta` reads its state (`consultas.jobs.estado({ id })`,
 * `consultas.datos.actividad({})`; it may answer null: nothing to follow); null follows nothing. It asks again
 * every INTERVALO_TRABAJO_MS only while the work is 'en_curso' (a job's progress is not announced by the live
 * notices: the host's data activity has no row at all), and stops by itself.
 *
 * `alTerminar` runs once per job this page saw running, when it ends (terminado, fallido, cancelado,
 * interrumpido); `vistoEnCurso` says whether this very screen saw it running (false: only remembered). With `recordar`, the page remembers that job across a reload or a new sign-in, and a job it
 * remembers counts as seen running: its end is still shown after the session that started it died.
 */
export function useTrabajo<T extends Trabajo>(
  consulta: Consulta<T | null> | Consulta<T> | null,
  opciones: { alTerminar?: (estado: T, como: { vistoEnCurso: boolean }) => void; inicial?: T; recordar?: string; activo?: boolean } = {},
) {
  const { alTerminar, inicial, recordar, activo = true } = opciones;
  const query = useQuery<T | null>({
    queryKey: consulta?.queryKey ?? ['jobs', 'ninguno'],
    queryFn: (consulta?.queryFn as (() => Promise<T | null>) | undefined) ?? (() => Promise.reject(new Error('sin trabajo'))),
    enabled: consulta !== null && activo,
    ...(inicial ? { initialData: inicial, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (q) => (q.state.data?.estado === 'en_curso' && q.state.status !== 'error' ? INTERVALO_TRABAJO_MS : false),
    staleTime: 0,
  });
  const estado = consulta ? (query.data ?? null) : null;
  const visto = useRef<string | null>(recordar ? recuerdoTrabajo.leer(recordar) : null);
  /** The job this hook itself saw running (not only remembered from before a reload or a sign-in). */
  const vistoAqui = useRef<string | null>(null);
  const alTerminarActual = useRef(alTerminar);
  useEffect(() => {
    alTerminarActual.current = alTerminar;
  }, [alTerminar]);
  useEffect(() => {
    if (!estado) {
      // Read and nothing there (a restart of the app forgot a data activity): nothing left to show.
      if (query.isSuccess && recordar && visto.current) {
        visto.current = null;
        recuerdoTrabajo.guardar(recordar, null);
      }
      return;
    }
    if (estado.estado === 'en_curso') {
      visto.current = estado.id;
      vistoAqui.current = estado.id;
      if (recordar) recuerdoTrabajo.guardar(recordar, estado.id);
      return;
    }
    if (visto.current !== estado.id) {
      // Another job than the remembered one ended meanwhile: the remembered one is gone.
      if (recordar && visto.current && query.isSuccess) recuerdoTrabajo.guardar(recordar, null);
      return;
    }
    visto.current = null;
    if (recordar) recuerdoTrabajo.guardar(recordar, null);
    alTerminarActual.current?.(estado, { vistoEnCurso: vistoAqui.current === estado.id });
  }, [estado, recordar, query.isSuccess]);
  return {
    estado,
    /** The job could not be read at all (e.g. it is not the caller's, or the session ended). */
    perdido: consulta !== null && !estado && query.isError,
    error: query.error,
    terminado: estado ? estado.estado !== 'en_curso' : false,
    actualizar: () => query.refetch(),
    query,
  };
}
