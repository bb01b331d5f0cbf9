import type { z } from 'zod';

/**
 * One operation of the contract: a zod schema for its input and (as a phantom type) its output.
 * The output type is carried only at compile time; the runtime value is just the schema.
 */
export interface OperationDef<I extends z.ZodType, O> {
  input: I;
  /** Never read at runtime: it only carries the output type. */
  readonly __output?: O;
  /** Operations that need no signed-in operator (login, first-run). */
  public?: boolean;
}

export function op<O>() {
  return <I extends z.ZodType>(input: I, options: { public?: boolean } = {}): OperationDef<I, O> => ({
    input,
    ...(options.public ? { public: true } : {}),
  });
}

export type InputOf<D> = D extends OperationDef<infer I, unknown> ? z.input<I> : never;
export type ParsedInputOf<D> = D extends OperationDef<infer I, unknown> ? z.output<I> : never;
export type OutputOf<D> = D extends OperationDef<z.ZodType, infer O> ? O : never;
