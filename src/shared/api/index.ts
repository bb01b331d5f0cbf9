/**
 * createApi(backend): the ONE implementation of every operation of the contract. Knows nothing of
 * Electron, the DOM or Node; the transports (IPC, HTTP) reach it through src/main/dispatch.ts.
 */
import type { Backend } from '../ports';
import type { Area, Contract, OperationName, OutputOf, ParsedInputOf } from '../contract';
import type { CallContext } from './context';
import { authOperations } from './auth/operations';
import { shellOperations } from './shell/operations';

export type ApiImplementation = {
  [A in Area]: {
    [O in OperationName<A>]: (input: ParsedInputOf<Contract[A][O]>, ctx: CallContext) => Promise<OutputOf<Contract[A][O]>>;
  };
};

export function createApi(backend: Backend, log: (message: string, error?: unknown) => void = () => {}): ApiImplementation {
  return {
    auth: authOperations(backend),
    shell: shellOperations(backend, log),
  };
}
