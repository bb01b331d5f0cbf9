/** Progress, cancellation and the list of the caller's long work (the registry is ./registry.ts). */
import type { ApiDeps, AreaImplementation } from '../../api/types';

export function jobsOperations({ jobs }: ApiDeps): AreaImplementation<'jobs'> {
  return {
    async estado(input, ctx) {
      return jobs.get(input.id, ctx.session.operator.id);
    },
    async cancelar(input, ctx) {
      return jobs.cancel(input.id, ctx.session.operator.id);
    },
    async listar(input, ctx) {
      return jobs.list(ctx.session.operator.id, input.kind);
    },
  };
}
