import type { z } from 'zod';

/**
 * One operation of the contract: a zod schema for its input and (as a phantom type) its output.
 * The output type is carried only at compile time; the runtime value is just the schema.
 */
export interface OperationDef<I extends z.ZodType, O> {
  input: I;
  /** Never read at runtime: it only carries the output type. */
  readonly __output?: O;
  /**
   * Operations that need no signed-in operator (login, first-run, the portal's own token). Every other
   * operation gets the caller's session resolved before it runs (src/shared/api/session.ts).
   */
  public?: boolean;
  /**
   * The message a caller without a live session reads, when the specification gives this operation its
   * own (e.g. saving a marketing analysis); otherwise the sign-in one (src/shared/api/session.ts).
   */
  sinSesion?: string;
}

/** An operation declared with `{ public: true }`: its implementation gets the bare call context. */
export type PublicOperationDef<I extends z.ZodType, O> = OperationDef<I, O> & { public: true };

export function op<O>() {
  function define<I extends z.ZodType>(input: I, options: { public: true }): PublicOperationDef<I, O>;
  function define<I extends z.ZodType>(input: I, options?: { public?: false; sinSesion?: string }): OperationDef<I, O>;
  function define<I extends z.ZodType>(input: I, options: { public?: boolean; sinSesion?: string } = {}): OperationDef<I, O> {
    return { input, ...(options.public ? { public: true } : {}), ...(options.sinSesion ? { sinSesion: options.sinSesion } : {}) };
  }
  return define;
}

export type InputOf<D> = D extends OperationDef<infer I, unknown> ? z.input<I> : never;
export type ParsedInputOf<D> = D extends OperationDef<infer I, unknown> ? z.output<I> : never;
export type OutputOf<D> = D extends OperationDef<z.ZodType, infer O> ? O : never;
/** Whether an operation was declared public (compile time). */
export type IsPublic<D> = D extends { public: true } ? true : false;
