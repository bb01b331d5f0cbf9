/**
 * The one error type every operation throws. `message` is always the Spanish text a person sees;
 * `code` lets transports and screens react without parsing text.
 */
export type ErrorCode =
  | 'validation' // bad input: the message says what to fix
  | 'unauthenticated' // no session, or it expired
  | 'forbidden'
  | 'not_found'
  | 'conflict' // duplicate, or a rule about existing data
  | 'locked' // too many failed logins
  | 'config' // something the operator must configure first
  | 'unavailable' // a dependency (keychain, webhook, hosted backend) cannot be reached
  | 'cancelled'
  | 'internal';

export interface SerializedError {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  toJSON(): SerializedError {
    return { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) };
  }

  static is(value: unknown): value is AppError {
    return value instanceof AppError;
  }

  /** Rebuilds an AppError on the far side of a transport (IPC or HTTP). */
  static from(serialized: SerializedError): AppError {
    return new AppError(serialized.code, serialized.message, serialized.details);
  }
}

/** Narrows anything thrown into an AppError without leaking internals (stack, SQL) to a person. */
export function toAppError(error: unknown, fallbackMessage: string): AppError {
  if (AppError.is(error)) return error;
  return new AppError('internal', fallbackMessage);
}
