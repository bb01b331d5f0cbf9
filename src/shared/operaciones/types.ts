/**
 * The shapes every area's operations are written against. Areas import this file, never ./index.ts, so
 * there is no import cycle (not even a type-only one) between crearApi and the areas it assembles.
 */
import type { Backend, DataPort } from '../ports';
import type { AuthSession } from '../ports/auth';
import type { Area, Contract, OperationName, OutputOf, ParsedInputOf, IsPublic } from '../contract';
import type { CallContext } from './context';
import type { TrabajosApi } from '../areas/jobs/servicio';

export type { CallContext } from './context';

/** What every area's implementation receives. */
export interface ApiDeps {
  backend: Backend;
  /** Long work of this api (the one model: areas/jobs/servicio.ts). */
  jobs: TrabajosApi;
  log: (message: string, error?: unknown) => void;
  /** Registers work to stop when this api closes (the backend is about to close): timers, runners. */
  alCerrar(fn: () => void | Promise<void>): void;
}

/**
 * The context of a non-public operation: the caller's live session and the data port acting as that
 * operator, resolved once before the operation runs (session.ts). Operations never look the session up.
 */
export interface SignedIn extends CallContext {
  session: AuthSession;
  data: DataPort;
}

/** The context an operation's implementation receives: public ones the bare call, the rest `SignedIn`. */
export type ContextOf<D> = IsPublic<D> extends true ? CallContext : SignedIn;

/** One area's implementation, as the area writes it. */
export type AreaImplementation<A extends Area> = {
  [O in OperationName<A>]: (input: ParsedInputOf<Contract[A][O]>, ctx: ContextOf<Contract[A][O]>) => Promise<OutputOf<Contract[A][O]>>;
};

/** Every area's implementation, as the areas write them (before sessions are resolved). */
export type AreaImplementations = { [A in Area]: AreaImplementation<A> };

/** What the transports call: every operation takes the bare call context (sessions are resolved inside). */
export type ApiImplementation = {
  [A in Area]: {
    [O in OperationName<A>]: (input: ParsedInputOf<Contract[A][O]>, ctx: CallContext) => Promise<OutputOf<Contract[A][O]>>;
  };
};
