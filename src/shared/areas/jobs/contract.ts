import { z } from 'zod';
import { op } from '../../contract/define';
import type { JobState } from '../../domain/jobs';

/** Progress and cancellation of long work started by other operations (they answer with a JobState). */
export const jobs = {
  estado: op<JobState>()(z.object({ id: z.string().uuid() })),
  cancelar: op<JobState>()(z.object({ id: z.string().uuid() })),
  /**
   * The caller's own jobs (of one kind, e.g. 'llamadas', when given): running ones first, then the finished
   * ones still kept, newest first. A screen opened again (reload, new sign-in) finds its running work here.
   */
  listar: op<JobState[]>()(z.object({ kind: z.string().trim().min(1).max(60).optional() })),
} as const;
