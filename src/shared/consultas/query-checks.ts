/**
 * Checks both executors make of a DataQuery before it reaches a database (the SQL compiler and the Supabase
 * executor accept exactly the same queries): one home, so they cannot drift apart.
 */
import { AppError } from '../errors';
import { errores } from "../textos";

/** A query the port refuses: a validation error with a Spanish message, never SQL or a stack. */
export function invalid(message: string = errores.entradaInvalida): AppError {
  return new AppError('validation', message);
}

/** Rows of an insert or upsert: a list of plain objects. */
export function rowsOf(rows: unknown): Record<string, unknown>[] {
  if (!Array.isArray(rows)) throw invalid();
  for (const row of rows) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw invalid();
  }
  return rows as Record<string, unknown>[];
}
