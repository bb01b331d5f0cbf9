/**
 * The summary a call batch answers beside its rows (llamadas `LoteEstado`), kept in the shape the batch window
 * reads. Every other long work is a `Trabajo` (domain/trabajos.ts); the batch's own states (lotes_llamadas.estado)
 * already speak its words: en_curso, terminado, cancelado, interrumpido.
 */
export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled';

export interface JobState<Result = unknown> {
  id: string;
  kind: string;
  status: JobStatus;
  /** Units finished so far and in all (e.g. calls sent of N). */
  done: number;
  total: number;
  ok: number;
  failed: number;
  /** Spanish line for the progress bar or the final result. */
  message?: string;
  result?: Result;
  startedAt: string;
  finishedAt?: string;
}
