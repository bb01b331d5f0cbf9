import { z } from 'zod';
import { op, sinComprobar } from '../../contract/define';
import type { JobState } from '../../domain/jobs';

/** The jobs model is being replaced (issue 26 item 2): until then its answers are typed, not checked. */
const trabajo = sinComprobar<JobState>();

/** Progress and cancellation of long work started by other operations (they answer with a JobState). */
export const jobs = {
  estado: op(trabajo)(z.object({ id: z.string().uuid() })),
  cancelar: op(trabajo)(z.object({ id: z.string().uuid() })),
  /**
   * The caller's own jobs (of one kind, e.g. 'llamadas', when given): running ones first, then the finished
   * ones still kept, newest first. A screen opened again (reload, new sign-in) finds its running work here.
   */
  listar: op(z.array(trabajo))(z.object({ kind: z.string().trim().min(1).max(60).optional() })),
} as const;
