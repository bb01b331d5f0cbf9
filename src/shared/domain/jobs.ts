/**
 * Long work held in the process's memory (today: provisioning a project's services) runs as a job: progress
 * that can be polled and cancelled (JobRegistry, areas/jobs). Work that must outlive the process (call
 * batches) is rows in the database and a runner instead; a CSV import is one transaction.
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
