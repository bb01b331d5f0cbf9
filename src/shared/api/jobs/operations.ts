import type { Backend } from '../../ports';
import type { CallContext } from '../context';
import type { JobState } from '../../domain/jobs';
import { requireSession } from '../session';
import type { JobRegistry } from './registry';

export function jobsOperations(backend: Backend, registry: JobRegistry) {
  return {
    async estado(input: { id: string }, ctx: CallContext): Promise<JobState> {
      const session = await requireSession(backend, ctx);
      return registry.get(input.id, session.operator.id);
    },
    async cancelar(input: { id: string }, ctx: CallContext): Promise<JobState> {
      const session = await requireSession(backend, ctx);
      return registry.cancel(input.id, session.operator.id);
    },
    async listar(input: { kind?: string }, ctx: CallContext): Promise<JobState[]> {
      const session = await requireSession(backend, ctx);
      return registry.list(session.operator.id, input.kind);
    },
  };
}
