/**
 * Waiting for a job without a timer: `puertaDeTrabajos(registry)` wraps the registry's `start` so that each
 * job's work opens a gate when it settles, and answers `terminado(id)`, which resolves then. A test awaits
 * the gate and reads the final state through the api (jobs.estado), as a screen would.
 */
import type { JobRegistry } from '../../src/shared/areas/jobs/registry';
import type { JobState } from '../../src/shared/domain/jobs';

export function puertaDeTrabajos(jobs: JobRegistry): (id: string) => Promise<void> {
  const fines = new Map<string, Promise<void>>();
  const start = jobs.start.bind(jobs);
  jobs.start = ((kind, owner, total, work) => {
    let abrir: () => void = () => {};
    const fin = new Promise<void>((resolve) => (abrir = resolve));
    const estado = start(kind, owner, total, (ctx) => work(ctx).finally(abrir));
    fines.set(estado.id, fin);
    return estado;
  }) as JobRegistry['start'];
  return async (id) => {
    const fin = fines.get(id);
    if (!fin) throw new Error(`trabajo desconocido: ${id}`);
    await fin;
  };
}

/**
 * A job's final state, read as a screen reads it (`leer`: jobs.estado through the api) once its gate opened:
 * the registry records the end right after the work settles (a microtask later), so it reads until then.
 */
export async function estadoFinal<R>(terminado: (id: string) => Promise<void>, leer: (id: string) => Promise<JobState<R>>, job: JobState<R>): Promise<JobState<R>> {
  await terminado(job.id);
  for (;;) {
    const s = await leer(job.id);
    if (s.status !== 'running') return s;
    await Promise.resolve();
  }
}
