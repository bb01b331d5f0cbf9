/**
 * Jobs in this process: an operation starts one and answers at once with its id; the screen polls
 * jobs.estado for progress and may call jobs.cancelar. Works the same over IPC and HTTP. Each job belongs
 * to the operator who started it; finished jobs are forgotten after ten minutes.
 */
import type { JobState } from '../../domain/jobs';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';

export interface JobContext {
  signal: AbortSignal;
  progress(update: Partial<Pick<JobState, 'done' | 'total' | 'ok' | 'failed' | 'message'>>): void;
}

interface Entry {
  state: JobState;
  owner: string;
  controller: AbortController;
}

const KEEP_FINISHED_MS = 10 * 60_000;

export class JobRegistry {
  private readonly jobs = new Map<string, Entry>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  start<Result>(kind: string, owner: string, total: number, work: (ctx: JobContext) => Promise<Result>): JobState<Result> {
    this.sweep();
    const id = globalThis.crypto.randomUUID();
    const entry: Entry = {
      owner,
      controller: new AbortController(),
      state: { id, kind, status: 'running', done: 0, total, ok: 0, failed: 0, startedAt: this.now().toISOString() },
    };
    this.jobs.set(id, entry);
    const ctx: JobContext = {
      signal: entry.controller.signal,
      progress: (update) => {
        if (entry.state.status === 'running') Object.assign(entry.state, update);
      },
    };
    void work(ctx).then(
      (result) => {
        entry.state = {
          ...entry.state,
          status: entry.controller.signal.aborted ? 'cancelled' : 'done',
          result,
          finishedAt: this.now().toISOString(),
        };
      },
      (error: unknown) => {
        entry.state = {
          ...entry.state,
          status: entry.controller.signal.aborted ? 'cancelled' : 'failed',
          message: AppError.is(error) ? error.message : es.app.errorInesperado,
          finishedAt: this.now().toISOString(),
        };
      },
    );
    return { ...entry.state } as JobState<Result>;
  }

  get(id: string, owner: string): JobState {
    const entry = this.jobs.get(id);
    if (!entry || entry.owner !== owner) throw new AppError('not_found', es.trabajos.noEncontrado);
    return { ...entry.state };
  }

  cancel(id: string, owner: string): JobState {
    const entry = this.jobs.get(id);
    if (!entry || entry.owner !== owner) throw new AppError('not_found', es.trabajos.noEncontrado);
    if (entry.state.status === 'running') entry.controller.abort();
    return { ...entry.state };
  }

  /**
   * The owner's jobs (of `kind` when given): running first, then finished ones not yet forgotten; newest
   * first within each. Jobs belong to the operator, not to a session: a new sign-in sees the same ones.
   */
  list(owner: string, kind?: string): JobState[] {
    this.sweep();
    return [...this.jobs.values()]
      .filter((e) => e.owner === owner && (kind === undefined || e.state.kind === kind))
      .map((e) => ({ ...e.state }))
      .sort((a, b) => Number(b.status === 'running') - Number(a.status === 'running') || b.startedAt.localeCompare(a.startedAt));
  }

  /** Stops every running job (on quit). */
  cancelAll(): void {
    for (const entry of this.jobs.values()) entry.controller.abort();
  }

  private sweep(): void {
    const limit = this.now().getTime() - KEEP_FINISHED_MS;
    for (const [id, entry] of this.jobs) {
      if (entry.state.finishedAt && new Date(entry.state.finishedAt).getTime() < limit) this.jobs.delete(id);
    }
  }
}
