/**
 * createApi(backend): the ONE implementation of every operation of the contract. Knows nothing of
 * Electron, the DOM or Node; the transports (IPC, HTTP) reach it through src/main/dispatch.ts.
 * Each area builds its own part (./<area>/index.ts); this file only puts them together.
 */
import type { Backend } from '../ports';
import type { ApiDeps, ApiImplementation } from './types';
import { withSessions } from './session';
import { authOperations } from './auth/operations';
import { shellOperations } from './shell/operations';
import { jobsOperations } from './jobs/operations';
import { JobRegistry } from './jobs/registry';
import { conexionOperations } from './conexion/operations';
import { llamadasOperations } from '../areas/llamadas/operations';
import { gestionApi } from './gestion';
import { botsApi } from './bots';
import { marketingApi } from './marketing';
import { portalApi } from './portal';

export type { ApiDeps, ApiImplementation, AreaImplementation, SignedIn } from './types';

export function createApi(backend: Backend, log: (message: string, error?: unknown) => void = () => {}): ApiImplementation & { jobsRegistry: JobRegistry } {
  const deps: ApiDeps = { backend, jobs: new JobRegistry(backend.now), log };
  const areas = {
    auth: authOperations(backend),
    shell: shellOperations(backend, log),
    jobs: jobsOperations(backend, deps.jobs),
    conexion: conexionOperations(backend),
    llamadas: llamadasOperations(deps),
    ...gestionApi(deps),
    ...botsApi(deps),
    ...marketingApi(deps),
    ...portalApi(deps),
  };
  return { ...withSessions(backend, areas), jobsRegistry: deps.jobs };
}
