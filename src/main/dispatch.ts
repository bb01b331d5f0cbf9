/**
 * Transport-neutral entry point: IPC (ipc.ts) and HTTP (serve.ts) both call dispatch(). It looks the
 * operation up in the contract, validates the input with its zod schema, and runs the one implementation
 * with the call's context (the token the transport keeps: per window, or an HttpOnly cookie). The session
 * itself is resolved inside the implementation, once, by withSessions (src/shared/operaciones/session.ts). Any
 * failure becomes an envelope with a Spanish message; one that is not an AppError is logged here.
 */
import type { z } from 'zod';
import { getOperation } from '../shared/contract';
import type { Envelope } from '../shared/operaciones/envelope';
import { AppError, toAppError } from '../shared/errors';
import { es } from '../shared/i18n/es';

import type { CallContext } from '../shared/operaciones/context';

export type { CallContext } from '../shared/operaciones/context';

export type OperationImpl = (input: unknown, ctx: CallContext) => Promise<unknown>;
export type Implementations = Record<string, Record<string, OperationImpl>>;

export function crearDespachador(impls: Implementations, log: (msg: string, err?: unknown) => void = () => {}) {
  return async function dispatch(area: string, name: string, rawInput: unknown, ctx: CallContext): Promise<Envelope> {
    const def = getOperation(area, name);
    const impl = def ? impls[area]?.[name] : undefined;
    if (!def || !impl) return { ok: false, error: { code: 'not_found', message: es.errores.operacionDesconocida } };
    const parsed = (def.input as z.ZodType).safeParse(rawInput ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return {
        ok: false,
        error: {
          code: 'validation',
          message: first?.message && first.code === 'custom' ? first.message : firstMessage(parsed.error),
          details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        },
      };
    }
    try {
      return { ok: true, data: (await impl(parsed.data, ctx)) ?? null };
    } catch (error) {
      if (!AppError.is(error)) log(`${area}.${name} falló`, error);
      return { ok: false, error: toAppError(error, es.app.errorInesperado).toJSON() };
    }
  };
}

/** zod's own messages are English; ours are set per field in the contract. Fall back to a Spanish line. */
function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return es.errores.entradaInvalida;
  const custom = issue.message && !/^(Invalid|Expected|Too|String|Number|Required)/.test(issue.message);
  return custom ? issue.message : es.errores.entradaInvalida;
}

export type Dispatch = ReturnType<typeof crearDespachador>;
