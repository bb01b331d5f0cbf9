import { z } from 'zod';
import { op } from '../../operaciones/define';
import { trabajo } from '../../domain/trabajos';

/** Answers (zod, the one model of long work: domain/trabajos.ts). */
export const respuestasJobs = {
  estado: trabajo,
  cancelar: trabajo,
  listar: z.array(trabajo),
} as const;

const id = z.object({ id: z.string().uuid() });

/**
 * Progress, cancellation and the list of the caller's long work, started by other operations (they answer
 * with a Trabajo). Jobs are rows (`trabajos`): a reload, a new sign-in or a restart finds them again.
 */
export const jobs = {
  estado: op(trabajo)(id),
  /** Asks the job to stop; answers its state (still 'en_curso' until the body has stopped). */
  cancelar: op(trabajo)(id),
  /**
   * The caller's own jobs (of one kind, about one thing, when given): running ones first, then the newest
   * 50 ended ones. A screen opened again (reload, new sign-in) finds its running work here.
   */
  listar: op(z.array(trabajo))(
    z.object({
      tipo: z.string().trim().min(1).max(60).optional(),
      referencia: z.string().trim().min(1).max(200).optional(),
    }),
  ),
} as const;
