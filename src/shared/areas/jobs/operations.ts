/** Progress, cancellation and the list of the caller's long work (the api's jobs: ./servicio.ts). */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';

export function jobsOperations({ jobs }: ApiDeps): AreaImplementation<'jobs'> {
  return {
    estado: (input, ctx) => jobs.leer(ctx, input.id),
    cancelar: (input, ctx) => jobs.cancelar(ctx, input.id),
    listar: (input, ctx) => jobs.listar(ctx, { ...(input.tipo ? { tipo: input.tipo } : {}), ...(input.referencia ? { referencia: input.referencia } : {}) }),
  };
}
