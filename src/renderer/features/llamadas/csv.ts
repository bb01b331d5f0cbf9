/**
 * CSV parsing with papaparse, in the renderer (part 1 §5): quoted fields, a UTF-8 BOM, ';' separators from
 * spreadsheet exports, CRLF. A malformed file gives a clear Spanish message; the rules are in
 * shared/areas/llamadas/csv.ts.
 */
import Papa from 'papaparse';
import { analizarFilas, pareceTexto, type ResultadoCsv } from '../../../shared/areas/llamadas/csv';
import { llamadas as t } from '../../../shared/areas/llamadas/texts';

export function parsearCsv(text: string): ResultadoCsv {
  const sinBom = text.replace(/^\uFEFF/, '');
  if (!sinBom.trim()) return { ok: false, error: t.csv.errorVacio };
  if (!pareceTexto(sinBom)) return { ok: false, error: t.csv.errorNoTexto };
  // The delimiter is guessed from the header line only, so a comma inside a quoted value does not win.
  const primera = sinBom.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const delimiter = [';', ',', '\t', '|']
    .map((d) => ({ d, n: primera.split(d).length - 1 }))
    .sort((a, b) => b.n - a.n)[0]!;
  const result = Papa.parse<string[]>(sinBom, {
    delimiter: delimiter.n > 0 ? delimiter.d : ',',
    skipEmptyLines: 'greedy',
    header: false,
  });
  const quotes = result.errors.find((e) => e.type === 'Quotes');
  if (quotes) return { ok: false, error: t.csv.errorMalFormado((quotes.row ?? 0) + 1) };
  return analizarFilas(result.data);
}

/** Reads a File as UTF-8 text (a BOM is dropped by parsearCsv). */
export async function leerArchivo(file: Blob): Promise<string> {
  return await file.text();
}

/** Header cells that name the phone column of a 'No llamar' CSV (lower-cased, without accents or spaces). */
const ENCABEZADOS_TELEFONO = ['telefono', 'telefonos', 'phone', 'phonenumber', 'celular', 'movil', 'tel', 'numero', 'whatsapp'];
const normalizarEncabezado = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_-]/g, '');

/** Longer cells are not phones: counted as invalid here, never sent. */
const MAX_LARGO_TELEFONO = 40;

export type TelefonosCsv = { ok: true; telefonos: string[]; largos: number } | { ok: false; error: string };

/**
 * The phones of a 'No llamar' CSV: the column headed telefono/phone/celular… when the first row is a header,
 * else the first column; empty cells are left out (the api counts the ones it cannot read as invalid).
 */
export function telefonosDeCsv(text: string, max: number): TelefonosCsv {
  const m = t.listaNoLlamar;
  const sinBom = text.replace(/^\uFEFF/, '');
  if (!sinBom.trim()) return { ok: false, error: m.errorArchivoVacio };
  if (!pareceTexto(sinBom)) return { ok: false, error: m.errorNoTexto };
  const primera = sinBom.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const delimiter = [';', ',', '\t', '|'].map((d) => ({ d, n: primera.split(d).length - 1 })).sort((a, b) => b.n - a.n)[0]!;
  const result = Papa.parse<string[]>(sinBom, { delimiter: delimiter.n > 0 ? delimiter.d : ',', skipEmptyLines: 'greedy', header: false });
  const quotes = result.errors.find((e) => e.type === 'Quotes');
  if (quotes) return { ok: false, error: m.errorMalFormado((quotes.row ?? 0) + 1) };
  const filas = result.data;
  const cabecera = (filas[0] ?? []).map((c) => normalizarEncabezado(String(c ?? '')));
  const nombrada = cabecera.findIndex((c) => ENCABEZADOS_TELEFONO.includes(c));
  // A first row without 5 digits in its first cell is a header even when it names no known column.
  const esCabecera = nombrada >= 0 || (String(filas[0]?.[0] ?? '').replace(/\D/g, '').length < 5 && cabecera.some((c) => /[a-z]/.test(c)));
  const columna = Math.max(0, nombrada);
  const celdas = filas
    .slice(esCabecera ? 1 : 0)
    .map((f) => String(f[columna] ?? '').trim())
    .filter((v) => v !== '');
  if (celdas.length === 0) return { ok: false, error: m.errorSinTelefonos };
  if (celdas.length > max) return { ok: false, error: m.errorDemasiados(max) };
  const telefonos = celdas.filter((v) => v.length <= MAX_LARGO_TELEFONO);
  return { ok: true, telefonos, largos: celdas.length - telefonos.length };
}
