/**
 * Checks both executors make of a DataQuery before it reaches a database (the SQL compiler and the Supabase
 * executor accept exactly the same queries): one home, so they cannot drift apart.
 */
import { AppError } from '../errors';
import type { Filter } from '../ports/consultas';
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

/** The operators that compare a column with one value. */
export const COMPARACIONES: ReadonlySet<Filter['op']> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte']);

/**
 * The value each operator takes: one value for a comparison, a pattern for ilike, a list for in, and null, true
 * or false for is. `columna` names the column in the Spanish message.
 */
export function comprobarValorDeFiltro(filtro: Filter, columna: string): void {
  const { op, value } = filtro;
  const valido = COMPARACIONES.has(op)
    ? value !== null && value !== undefined
    : op === 'ilike'
      ? typeof value === 'string'
      : op === 'in'
        ? Array.isArray(value)
        : op === 'is'
          ? value === null || value === true || value === false
          : null;
  if (valido === null) throw invalid();
  if (!valido) throw invalid(errores.filtroInvalido(columna));
}
