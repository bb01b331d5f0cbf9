/**
 * CSV import rules (part 1 §5), applied to the rows papaparse produced: the first row is the header (each
 * cell names a column of the client row, cliente.ts, by one of its headers; accents, case, spaces, '-' and
 * '_' ignored); a data row needs at least 3 columns and every key column (email, telefono); the same email
 * and telefono twice (in the file or already in the campaign) is a duplicate.
 */
import { CAMPOS_CLIENTE, CSV_MAX_CAMPO, CSV_MAX_FILAS, columnaCsv, limpiarCampo, normalizarEmail, normalizarTelefono, type CampoCliente, type FilaImportacion } from './cliente';
import { llamadas as t } from './texts';

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

/** The column a header cell names ('Teléfono ' → 'telefono', 'E-mail' → 'email'), or null. */
export function campoDeEncabezado(cell: string): CampoCliente | null {
  const base = cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_-]+/g, '');
  return CAMPOS_CLIENTE.find((c) => columnaCsv(c).encabezados.includes(base)) ?? null;
}

/** Each column's cell normaliser and whether it is part of the key, looked up once per file. */
const COLUMNAS = CAMPOS_CLIENTE.map((campo) => ({ campo, clave: columnaCsv(campo).clave === true, normalizar: columnaCsv(campo).normalizar }));

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
  const header = rows[headerIndex]!.map((c) => campoDeEncabezado(String(c ?? '')));
  const indice = COLUMNAS.map((c) => ({ ...c, j: header.indexOf(c.campo) }));
  if (indice.some((c) => c.clave && c.j < 0)) return { ok: false, error: t.csv.errorColumnas };
  if (nonEmpty - 1 > CSV_MAX_FILAS) return { ok: false, error: t.csv.errorDemasiadasFilas(CSV_MAX_FILAS) };

  // Helpers defined once, not per row (no closure per row of a 100,000-row file).
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
    const valores = { fila } as FilaImportacion & { fila: number };
    let sinClave = false;
    let largo = false;
    for (const c of indice) {
      const celda = c.j >= 0 ? (limpia[c.j] ?? '') : '';
      const v = c.normalizar ? c.normalizar(celda) : celda;
      if (c.clave && !v) sinClave = true;
      if (v.length > CSV_MAX_CAMPO) largo = true;
      valores[c.campo] = v;
    }
    if (sinClave) {
      omitidas.push({ fila, motivo: 'sinEmailTelefono', datos: datos(limpia) });
      continue;
    }
    if (largo) {
      omitidas.push({ fila, motivo: 'campoLargo', datos: datos(limpia) });
      continue;
    }
    const { email, telefono } = valores;
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

/** The rows to save, as importarClientes takes them (without their line numbers). */
export function filasAGuardar(analisis: AnalisisCsv): FilaImportacion[] {
  return analisis.agregar.map(({ fila: _fila, ...valores }) => valores);
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
