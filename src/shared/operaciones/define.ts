import { z } from 'zod';

/**
 * One operation of the contract: a zod schema for its input and one for its answer. The answer's type is
 * inferred from its schema (there is no hand-written interface for an api answer), and the api checks every
 * answer against it in tests and development (src/shared/operaciones/respuestas.ts).
 */
export interface OperationDef<I extends z.ZodType, O extends z.ZodType> {
  input: I;
  /** What the operation answers. */
  output: O;
  /**
   * Operations that need no signed-in operator (login, first-run, the portal's own token). Every other
   * operation gets the caller's session resolved before it runs (src/shared/operaciones/session.ts).
   */
  public?: boolean;
  /**
   * The message a caller without a live session reads, when the specification gives this operation its
   * own (e.g. saving a marketing analysis); otherwise the sign-in one (src/shared/operaciones/session.ts).
   */
  sinSesion?: string;
}

/** An operation declared with `{ public: true }`: its implementation gets the bare call context. */
export type PublicOperationDef<I extends z.ZodType, O extends z.ZodType> = OperationDef<I, O> & { public: true };

/**
 * `op(answerSchema)(inputSchema, options?)`: the answer first, so each line of a contract reads
 * "answers X, takes Y" and the answer is a schema declared once in the area's contract.
 */
export function op<O extends z.ZodType>(output: O) {
  function define<I extends z.ZodType>(input: I, options: { public: true }): PublicOperationDef<I, O>;
  function define<I extends z.ZodType>(input: I, options?: { public?: false; sinSesion?: string }): OperationDef<I, O>;
  function define<I extends z.ZodType>(input: I, options: { public?: boolean; sinSesion?: string } = {}): OperationDef<I, O> {
    return { input, output, ...(options.public ? { public: true } : {}), ...(options.sinSesion ? { sinSesion: options.sinSesion } : {}) };
  }
  return define;
}

/** The answer of an operation that answers nothing. */
export const nada = z.null();

export type InputOf<D> = D extends OperationDef<infer I, z.ZodType> ? z.input<I> : never;
export type ParsedInputOf<D> = D extends OperationDef<infer I, z.ZodType> ? z.output<I> : never;
export type OutputOf<D> = D extends OperationDef<z.ZodType, infer O> ? z.output<O> : never;
/** Whether an operation was declared public (compile time). */
export type IsPublic<D> = D extends { public: true } ? true : false;
