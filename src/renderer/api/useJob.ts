import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { JobState } from '../../shared/domain/jobs';
import type { Consulta } from './queries';

/** How often a running job is asked for its progress. */
export const INTERVALO_TRABAJO_MS = 400;

/**
 * Follows long work of this process (provisioning) until it ends: the one way a screen polls a job — a job
 * lives in the process's memory, so no database notice tells when it moves (call batches are rows, redrawn by
 * the live notices instead). `consulta` is the read that answers its state (`consultas.jobs.estado({ id })`,
 * or an area's own richer read); null follows nothing. Polling stops by itself when
 * the job is no longer running, and `alTerminar` runs once per job when it ends (done, failed or cancelled).
 */
export function useJob<S extends JobState>(consulta: Consulta<S> | null, opciones: { alTerminar?: (estado: S) => void; inicial?: S } = {}) {
  const { alTerminar, inicial } = opciones;
  const query = useQuery({
    queryKey: consulta?.queryKey ?? ['jobs', 'ninguno'],
    queryFn: consulta?.queryFn ?? (() => Promise.reject(new Error('sin trabajo'))),
    enabled: consulta !== null,
    ...(inicial ? { initialData: inicial, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : INTERVALO_TRABAJO_MS),
    staleTime: 0,
  });
  const estado = consulta ? query.data : undefined;
  const avisado = useRef<string | null>(null);
  const alTerminarActual = useRef(alTerminar);
  useEffect(() => {
    alTerminarActual.current = alTerminar;
  }, [alTerminar]);
  useEffect(() => {
    if (!estado || estado.status === 'running' || avisado.current === estado.id) return;
    avisado.current = estado.id;
    alTerminarActual.current?.(estado);
  }, [estado]);
  return {
    estado,
    /** The job could not be read at all (e.g. the app restarted and no longer knows it). */
    perdido: consulta !== null && !estado && query.isError,
    error: query.error,
    terminado: estado ? estado.status !== 'running' : false,
    actualizar: () => query.refetch(),
  };
}
