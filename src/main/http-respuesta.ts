/**
 * What an error is called over HTTP: one home for the dashboard's HTTP host (serve.ts) and the inbound results
 * listener (entrada/servidor.ts), so an `AppError` code gets the same status and the same Envelope from both
 * (sendJson and refuse, in http-body.ts, put it on the wire).
 */
import type { Envelope } from '../shared/operaciones/envelope';
import type { ErrorCode } from '../shared/errors';

/**
 * The status of an operation's failure, by its code. A refusal before the operation runs may pick another one
 * for the same code (405, 411, 413, 415 and 421 are all a 'validation' or 'forbidden' Envelope): the code says
 * what the person reads, the status what the client did.
 */
export const ESTADO_HTTP: Readonly<Record<ErrorCode, number>> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  locked: 429,
  config: 412,
  unavailable: 503,
  cancelled: 409,
  internal: 500,
};

/** The status an Envelope is sent with: 200 when it carries data, else its error's. */
export function estadoDeSobre(sobre: Envelope): number {
  return sobre.ok ? 200 : (ESTADO_HTTP[sobre.error.code] ?? 500);
}

/** A failure's Envelope: a code and the Spanish message a person reads; never a stack or SQL. */
export function sobreDeError(code: ErrorCode, message: string): Envelope<never> {
  return { ok: false, error: { code, message } };
}
