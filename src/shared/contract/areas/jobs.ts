import { z } from 'zod';
import { op } from '../define';
import type { JobState } from '../../domain/jobs';

/** Progress and cancellation of long work started by other operations (they answer with a JobState). */
export const jobs = {
  estado: op<JobState>()(z.object({ id: z.string().uuid() })),
  cancelar: op<JobState>()(z.object({ id: z.string().uuid() })),
} as const;
