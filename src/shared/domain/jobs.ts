/**
 * The summary a call batch answers beside its rows (llamadas `LoteEstado`), kept in the shape the batch window
 * reads. Every other long work is a `Trabajo` (domain/trabajos.ts); the batch's own states (lotes_llamadas.estado)
 * already speak its words: en_curso, terminado, cancelado, interrumpido.
 */
import { z } from 'zod';

export const estadoJob = z.enum(['running', 'done', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof estadoJob>;

/** Declared once: the contract's LoteEstado extends it and tests read a batch as a JobState. */
export const progresoLote = z.object({
  id: z.string(),
  kind: z.string(),
  status: estadoJob,
  /** Units finished so far and in all (e.g. calls sent of N). */
  done: z.number(),
  total: z.number(),
  ok: z.number(),
  failed: z.number(),
  /** Spanish line for the progress bar or the final result. */
  message: z.string().optional(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
});
export type JobState = z.infer<typeof progresoLote>;
