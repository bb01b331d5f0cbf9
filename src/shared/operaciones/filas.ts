/**
 * The one way a repository reads a value out of a database row (or out of the JSON an SQL function answers),
 * whichever database and transport it came through: PGlite and pg give bigint and numeric as strings, PostgREST
 * gives JSON numbers, timestamps arrive as Date, ISO text or PostgreSQL text ('2026-11-21 15:00:00+00').
 *
 * One rule for "no value": null and undefined are no value. For TEXT, '' is a value (a column that holds an
 * empty text): `texto` keeps it, `textoONulo` keeps it too, and only `textoVacioONulo` reads '' as no value
 * (for optional columns a form stores empty). For NUMBERS and INSTANTS, '' and anything unreadable are no
 * value: `numero` gives 0, `numeroONulo` and `instante` give null. A repository picks by what its answer's
 * schema says (nullable or not); it never writes its own variant.
 */

/** Text; no value is ''. */
export const texto = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Text or null; '' stays '' (a stored empty text is not "no value"). */
export const textoONulo = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Text or null, where an empty text is no value too (optional columns a form stores as ''). */
export const textoVacioONulo = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** A number or null: null, undefined, '' and anything that is not a finite number are no value. */
export const numeroONulo = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** A number; no value (see numeroONulo) is 0. Counts, sums, bigint ids as text. */
export const numero = (v: unknown): number => numeroONulo(v) ?? 0;

/** A boolean: only true (or PostgreSQL's text 't' / 'true') is true. */
export const booleano = (v: unknown): boolean => v === true || v === 't' || v === 'true';

/** An instant as ISO 8601 UTC, or null: no value, or text no date reads. */
export const instante = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  // PostgreSQL's text form ('2026-11-21 15:00:00+00') is ISO but for the space and a two-digit offset.
  const d = v instanceof Date ? v : new Date(String(v).replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T').replace(/(T[\d:.]+[+-]\d{2})$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** A JSON object (jsonb) as a record; anything else is an empty one. */
export const objeto = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** A JSON array; anything else is an empty one. */
export const lista = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
