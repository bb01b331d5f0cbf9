/**
 * CSV import rules (part 1 §5), applied to the rows papaparse produced: the first row is the header
 * (names lower-cased, accents and spaces ignored); a data row needs at least 3 columns and an email and a
 * telefono; the same email and telefono twice (in the file or already in the campaign) is a duplicate.
 */
import type { FilaImportacion } from './tipos';
import { llamadas as t } from './texts';

export const CSV_MAX_FILAS = 100_000;
export const CSV_MAX_CAMPO = 500;
export const CSV_COLUMNAS = ['nombre', 'apellido', 'email', 'telefono', 'empresa', 'cargo'] as const;

export type MotivoOmision = keyof typeof t.csv.motivo;

export interface FilaOmitida {
  /** 1-based line of the file (the header is line 1). */
  fila: number;
  motivo: MotivoOmision;
  datos: string;
}

export interface AnalisisCsv {
  agregar: Array<FilaImportacion & { fila: number }>;
  omitidas: FilaOmitida[];
}

export type ResultadoCsv = { ok: true; analisis: AnalisisCsv } | { ok: false; error: string };

/** Header cell → canonical column name ('Teléfono ' → 'telefono', 'E-mail' → 'email'). */
export function normalizarEncabezado(cell: string): string {
  const base = cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_-]+/g, '');
  if (base === 'correo' || base === 'correoelectronico' || base === 'email') return 'email';
  if (base === 'telefono' || base === 'celular' || base === 'phone') return 'telefono';
  return base;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROLES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const ESPACIO = /\s/;

/**
 * Joins one column's values for the import function (see 20261127000100_clientes_busqueda.sql): the unit
 * separator, a control character limpiarCampo removes, so it never occurs inside a cleaned value.
 */
export const SEPARADOR_COLUMNA = '\u001f';

/** Text safe for the database: no NUL or other control characters (except tab), trimmed. */
export function limpiarCampo(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value ?? '');
  // Nearly every cell of a real file is clean: test first, rewrite only when needed (600,000 cells).
  return (CONTROL.test(text) ? text.replace(CONTROLES, '') : text).trim();
}

/** Lower-case e-mail of a cell already cleaned by limpiarCampo. */
const emailDeLimpio = (limpio: string) => limpio.toLowerCase();
/** Phone without spaces, of a cell already cleaned by limpiarCampo. */
const telefonoDeLimpio = (limpio: string) => (ESPACIO.test(limpio) ? limpio.replace(/\s+/g, '') : limpio);

export function normalizarEmail(email: string): string {
  return emailDeLimpio(limpiarCampo(email));
}

export function normalizarTelefono(telefono: string): string {
  return telefonoDeLimpio(limpiarCampo(telefono));
}

/** The duplicate key of already-normalised values. */
const clave = (email: string, telefono: string) => `${email}\u0001${telefono}`;
export const claveCliente = (email: string, telefono: string) => clave(normalizarEmail(email), normalizarTelefono(telefono));

/**
 * Applies the rules to the parsed rows. `existentes` holds claveCliente(email, telefono) of the campaign's
 * clients (pass an empty set for a first pass, then mark with marcarExistentes).
 */
export function analizarFilas(rows: readonly (readonly unknown[])[], existentes: ReadonlySet<string> = new Set()): ResultadoCsv {
  // Every cell is cleaned once (100,000 rows × 6 cells): emptiness, the reason text and the values read it.
  const limpias = rows.map((r) => r.map((c) => limpiarCampo(c)));
  const tieneDatos = (r: readonly string[]) => r.some((c) => c !== '');
  let nonEmpty = 0;
  let headerIndex = -1;
  for (let i = 0; i < limpias.length; i += 1) {
    if (!tieneDatos(limpias[i]!)) continue;
    nonEmpty += 1;
    if (headerIndex < 0) headerIndex = i;
  }
  if (nonEmpty === 0) return { ok: false, error: t.csv.errorVacio };
  const header = rows[headerIndex]!.map((c) => normalizarEncabezado(String(c ?? '')));
  const col = (name: string) => header.indexOf(name);
  const iEmail = col('email');
  const iTel = col('telefono');
  if (iEmail < 0 || iTel < 0) return { ok: false, error: t.csv.errorColumnas };
  if (nonEmpty - 1 > CSV_MAX_FILAS) return { ok: false, error: t.csv.errorDemasiadasFilas(CSV_MAX_FILAS) };
  const idx = Object.fromEntries(CSV_COLUMNAS.map((c) => [c, col(c)])) as Record<(typeof CSV_COLUMNAS)[number], number>;

  // Helpers defined once, not per row (no closure per row of a 100,000-row file).
  const valor = (limpia: readonly string[], j: number) => (j >= 0 ? (limpia[j] ?? '') : '');
  const datos = (limpia: readonly string[]) => limpia.join(', ').slice(0, 120);
  const agregar: AnalisisCsv['agregar'] = [];
  const omitidas: FilaOmitida[] = [];
  const vistos = new Set<string>();
  for (let i = headerIndex + 1; i < rows.length; i += 1) {
    const row = rows[i]!;
    const limpia = limpias[i]!;
    const fila = i + 1;
    if (!tieneDatos(limpia)) continue;
    if (row.length < 3) {
      omitidas.push({ fila, motivo: 'pocasColumnas', datos: datos(limpia) });
      continue;
    }
    const email = emailDeLimpio(valor(limpia, idx.email));
    const telefono = telefonoDeLimpio(valor(limpia, idx.telefono));
    if (!email || !telefono) {
      omitidas.push({ fila, motivo: 'sinEmailTelefono', datos: datos(limpia) });
      continue;
    }
    const valores = {
      nombre: valor(limpia, idx.nombre),
      apellido: valor(limpia, idx.apellido),
      email,
      telefono,
      empresa: valor(limpia, idx.empresa),
      cargo: valor(limpia, idx.cargo),
      fila,
    };
    if (
      valores.nombre.length > CSV_MAX_CAMPO || valores.apellido.length > CSV_MAX_CAMPO || email.length > CSV_MAX_CAMPO ||
      telefono.length > CSV_MAX_CAMPO || valores.empresa.length > CSV_MAX_CAMPO || valores.cargo.length > CSV_MAX_CAMPO
    ) {
      omitidas.push({ fila, motivo: 'campoLargo', datos: datos(limpia) });
      continue;
    }
    const k = clave(email, telefono);
    if (existentes.has(k)) {
      omitidas.push({ fila, motivo: 'duplicadoExistente', datos: datos(limpia) });
      continue;
    }
    if (vistos.has(k)) {
      omitidas.push({ fila, motivo: 'duplicadoArchivo', datos: datos(limpia) });
      continue;
    }
    vistos.add(k);
    agregar.push(valores);
  }
  return { ok: true, analisis: { agregar, omitidas } };
}

/** Moves the rows whose key already exists in the campaign from `agregar` to `omitidas`. */
export function marcarExistentes(analisis: AnalisisCsv, existentes: ReadonlySet<string>): AnalisisCsv {
  if (existentes.size === 0) return analisis;
  const agregar: AnalisisCsv['agregar'] = [];
  const omitidas = [...analisis.omitidas];
  for (const f of analisis.agregar) {
    if (existentes.has(clave(f.email, f.telefono))) omitidas.push({ fila: f.fila, motivo: 'duplicadoExistente', datos: [f.nombre, f.apellido, f.email, f.telefono].join(', ') });
    else agregar.push(f);
  }
  omitidas.sort((a, b) => a.fila - b.fila);
  return { agregar, omitidas };
}

/** Duplicates (in the file or already saved) among the omitted rows: the count of the result message. */
export function contarDuplicados(analisis: AnalisisCsv): number {
  return analisis.omitidas.filter((o) => o.motivo === 'duplicadoArchivo' || o.motivo === 'duplicadoExistente').length;
}

/** The message after saving (part 1 §5): duplicates (5 s) or completed (3 s). */
export function mensajeImportacion(duplicados: number): { texto: string; duracionMs: number } {
  return duplicados > 0 ? { texto: t.csv.duplicadosOmitidos(duplicados), duracionMs: 5000 } : { texto: t.csv.completada, duracionMs: 3000 };
}

/** A file that is not text (NUL bytes, or mostly undecodable characters) is refused before parsing. */
export function pareceTexto(text: string): boolean {
  if (text.includes('\u0000')) return false;
  const sample = text.slice(0, 4096);
  if (!sample) return true;
  const malos = (sample.match(/\uFFFD/g) ?? []).length;
  return malos / sample.length < 0.05;
}
