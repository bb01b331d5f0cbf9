/**
 * One normalisation for phones on every path (issue 23 §4): clients (form and CSV), call outcomes (the inbound
 * endpoint, and n8n writing the table on hosted Supabase) and the 'No llamar' list. Its home is SQL,
 * `public.telefono_canonico` and `public.telefono_normalizado` (20261129000200_vocabulario_llamadas.sql,
 * 20261128001100_lotes.sql), which triggers apply to every write; these are their mirrors, so a value is shown
 * and compared as it will be stored. tests/integration/vocabulario-llamadas.test.ts checks both agree.
 */

/** Spaces (also no-break ones), '(', ')', '.' and '-': how people group the digits, never part of the number. */
const SEPARADORES = /[ \t\n\r\f\v\u00a0\u202f().-]+/g;
const TIENE_SEPARADOR = /[ \t\n\r\f\v\u00a0\u202f().-]/;

/**
 * The stored form of a phone: without separators, the rest as written (a leading '+' stays).
 * '+57 301 615 695' and '+57 (301) 615-695' → '+57301615695'.
 */
export function telefonoCanonico(telefono: string): string {
  // Nearly every phone of a real file is already clean: test first, rewrite only when needed.
  return TIENE_SEPARADOR.test(telefono) ? telefono.replace(SEPARADORES, '') : telefono;
}

/** The digits of a phone: the key of the 'No llamar' list and of batch items (as public.telefono_normalizado). */
export function telefonoNormalizado(telefono: string): string {
  return telefono.replace(/\D/g, '');
}
