/**
 * CSV import rules (part 1 §5), applied to the rows papaparse produced: the first row is the header
 * (names lower-cased, accents and spaces ignored); a data row needs at least 3 columns and an email and a
 * telefono; the same email and telefono twice (in the file or already in the campaign) is a duplicate.
 */
import type { FilaImportacion } from './llamadas-tipos';
import { llamadas as t } from '../i18n/areas/llamadas';

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

/** Text safe for the database: no NUL or other control characters (except tab), trimmed. */
export function limpiarCampo(value: unknown): string {
  return String(value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .trim();
}

export function normalizarEmail(email: string): string {
  return limpiarCampo(email).toLowerCase();
}

export function normalizarTelefono(telefono: string): string {
  return limpiarCampo(telefono).replace(/\s+/g, '');
}

export const claveCliente = (email: string, telefono: string) => `${normalizarEmail(email)}\u0001${normalizarTelefono(telefono)}`;

/**
 * Applies the rules to the parsed rows. `existentes` holds claveCliente(email, telefono) of the campaign's
 * clients (pass an empty set for a first pass, then mark with marcarExistentes).
 */
export function analizarFilas(rows: readonly (readonly unknown[])[], existentes: ReadonlySet<string> = new Set()): ResultadoCsv {
  const nonEmpty = rows.filter((r) => r.some((c) => limpiarCampo(c) !== ''));
  if (nonEmpty.length === 0) return { ok: false, error: t.csv.errorVacio };
  const header = (rows.find((r) => r.some((c) => limpiarCampo(c) !== '')) ?? []).map((c) => normalizarEncabezado(String(c ?? '')));
  const headerIndex = rows.indexOf(rows.find((r) => r.some((c) => limpiarCampo(c) !== ''))!);
  const col = (name: string) => header.indexOf(name);
  const iEmail = col('email');
  const iTel = col('telefono');
  if (iEmail < 0 || iTel < 0) return { ok: false, error: t.csv.errorColumnas };
  if (nonEmpty.length - 1 > CSV_MAX_FILAS) return { ok: false, error: t.csv.errorDemasiadasFilas(CSV_MAX_FILAS) };
  const idx = Object.fromEntries(CSV_COLUMNAS.map((c) => [c, col(c)])) as Record<(typeof CSV_COLUMNAS)[number], number>;

  const agregar: AnalisisCsv['agregar'] = [];
  const omitidas: FilaOmitida[] = [];
  const vistos = new Set<string>();
  for (let i = headerIndex + 1; i < rows.length; i += 1) {
    const row = rows[i]!;
    const fila = i + 1;
    if (!row.some((c) => limpiarCampo(c) !== '')) continue;
    const datos = row.map((c) => limpiarCampo(c)).join(', ').slice(0, 120);
    if (row.length < 3) {
      omitidas.push({ fila, motivo: 'pocasColumnas', datos });
      continue;
    }
    const get = (k: (typeof CSV_COLUMNAS)[number]) => (idx[k] >= 0 ? limpiarCampo(row[idx[k]]) : '');
    const email = normalizarEmail(get('email'));
    const telefono = normalizarTelefono(get('telefono'));
    if (!email || !telefono) {
      omitidas.push({ fila, motivo: 'sinEmailTelefono', datos });
      continue;
    }
    const valores = { nombre: get('nombre'), apellido: get('apellido'), email, telefono, empresa: get('empresa'), cargo: get('cargo') };
    if (Object.values(valores).some((v) => v.length > CSV_MAX_CAMPO)) {
      omitidas.push({ fila, motivo: 'campoLargo', datos });
      continue;
    }
    const clave = claveCliente(email, telefono);
    if (existentes.has(clave)) {
      omitidas.push({ fila, motivo: 'duplicadoExistente', datos });
      continue;
    }
    if (vistos.has(clave)) {
      omitidas.push({ fila, motivo: 'duplicadoArchivo', datos });
      continue;
    }
    vistos.add(clave);
    agregar.push({ ...valores, fila });
  }
  return { ok: true, analisis: { agregar, omitidas } };
}

/** Moves the rows whose key already exists in the campaign from `agregar` to `omitidas`. */
export function marcarExistentes(analisis: AnalisisCsv, existentes: ReadonlySet<string>): AnalisisCsv {
  if (existentes.size === 0) return analisis;
  const agregar: AnalisisCsv['agregar'] = [];
  const omitidas = [...analisis.omitidas];
  for (const f of analisis.agregar) {
    if (existentes.has(claveCliente(f.email, f.telefono))) omitidas.push({ fila: f.fila, motivo: 'duplicadoExistente', datos: [f.nombre, f.apellido, f.email, f.telefono].join(', ') });
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
