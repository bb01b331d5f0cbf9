/**
 * The one model of long work (docs/DEVELOPING.md "Long work"): provisioning a project's services, a backup, a
 * restore, the move to a hosted project. Each is a `Trabajo`: the same states, progress, outcome and cancel,
 * run by one engine (areas/jobs/motor.ts) and followed on screen by one hook (renderer/api/useTrabajo.ts).
 * Call batches are rows and a runner of their own (they outlive the process by design) and speak the same
 * words for their end: en_curso, terminado, cancelado, interrumpido.
 */
import { z } from 'zod';

/**
 * en_curso: running now. terminado: it ended and said how (its `mensaje`; a job may finish with some units
 * failed, counted in `fallidos`). fallido: it could not go on (the clear reason is `mensaje`). cancelado: a
 * person stopped it. interrumpido: the app closed or stopped while it ran; found so after a restart, never
 * left 'en_curso'.
 */
export const ESTADOS_TRABAJO = ['en_curso', 'terminado', 'fallido', 'cancelado', 'interrumpido'] as const;
export const estadoTrabajo = z.enum(ESTADOS_TRABAJO);
export type EstadoTrabajo = z.infer<typeof estadoTrabajo>;

export const trabajo = z.object({
  id: z.string(),
  /** What kind of work ('aprovisionamiento', 'copia', 'restauracion', 'traslado'). */
  tipo: z.string(),
  estado: estadoTrabajo,
  /** What it is doing now, in Spanish ('Copiando clientes', 'Aprovisionando Tienda - WhatsApp'…). */
  fase: z.string(),
  /** Progress: units done of total; total 0 = unknown. */
  hechos: z.number(),
  total: z.number(),
  /** Units that went well / failed, when the work counts them (provisioning). */
  ok: z.number(),
  fallidos: z.number(),
  /** The outcome in Spanish once it ended (done, or the clear reason it failed); null while running. */
  mensaje: z.string().nullable(),
  /** The work's own answer once it ended (e.g. each provisioned service); absent when it has none. */
  resultado: z.unknown().optional(),
  /** ISO instants. */
  inicio: z.string(),
  fin: z.string().nullable(),
});
export type Trabajo = z.infer<typeof trabajo>;

/** A job whose answer has a known shape. */
export function trabajoCon<R extends z.ZodType>(resultado: R) {
  return trabajo.extend({ resultado: resultado.optional() });
}
export type TrabajoCon<R> = Omit<Trabajo, 'resultado'> & { resultado?: R };

export const enCurso = (t: Pick<Trabajo, 'estado'>): boolean => t.estado === 'en_curso';
