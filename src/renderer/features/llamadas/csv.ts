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
