/** Long work (CSV import, bulk calls, provisioning, analysis) runs as a job: progress that can be polled and cancelled. */
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
