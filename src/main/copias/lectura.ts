/**
 * Reading a backup back (format: formato.ts): the whole-file check a restore (and the move to a hosted project)
 * makes before touching anything, the cheap header read the list of copies uses, and the file as a sequence of
 * sections: SQL text to run, and data blocks in COPY text format of a fixed size, so a reader that stopped can
 * resume at a block (same file → same blocks).
 *
 * A copy is either the plain SQL file (every copy before issue 25, and the move's snapshot) or the same text
 * gzip-compressed as two members (formato.ts "Compressed copies"): the reader tells them apart by the gzip magic
 * bytes, not by the name, so an older plain copy restores as it always did.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, gunzipSync } from 'node:zlib';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import {
  BLOQUE_BYTES,
  BLOQUE_FILAS,
  FORMATO_COPIA,
  leerLineaCabecera,
  leerLineaCopy,
  leerLineaFin,
  PREFIJO_CABECERA,
  PREFIJO_MARCA,
  type CabeceraCopia,
  type FinCopia,
} from './formato';

export interface CopiaVerificada {
  cabecera: CabeceraCopia;
  fin: FinCopia;
  /** Size of the whole file. */
  bytes: number;
}

export type SeccionCopia =
  | {
      tipo: 'sql';
      /** The section's marker without '-- consola: ' ('esquema migrations/…', 'datos', 'secuencias'…); 'cabecera' before the first. */
      marca: string;
      /** SQL to run as it is (comments included). */
      texto: string;
    }
  | {
      tipo: 'datos';
      esquema: string;
      tabla: string;
      columnas: string[];
      /** 0, 1, 2… within the table. */
      indice: number;
      /** Rows (lines) in `texto`. */
      filas: number;
      /** Rows in COPY text format, each ending with '\n': the input of `COPY t (columnas) FROM …`. */
      texto: string;
    };

/** How much of the start is searched for the header (it is within the first few lines). */
const CABEZA_BYTES = 256 * 1024;
/** How much of the end is read to find the trailer line. */
const COLA_BYTES = 4096;

/** The first bytes of every gzip member (ID1 ID2, CM = deflate). */
const MAGIA_GZIP = Buffer.from([0x1f, 0x8b, 0x08]);

function esGzip(inicio: Buffer): boolean {
  return inicio.length >= 3 && inicio.subarray(0, 3).equals(MAGIA_GZIP);
}

/**
 * The copy's text (decompressed when it is gzip) as a stream of chunks: the file's bytes [0, hasta) of a plain
 * copy, or the gunzipped bytes of the compressed file's [0, hasta). `leidos` counts the file bytes read (progress).
 * A broken compressed stream throws AppError 'validation' es.datos.copias.danada.
 */
async function* contenido(ruta: string, hasta: number, comprimida: boolean, leidos?: (bytes: number) => void): AsyncGenerator<Buffer> {
  if (hasta <= 0) return;
  const archivo = createReadStream(ruta, { start: 0, end: hasta - 1, highWaterMark: 1024 * 1024 });
  if (!comprimida) {
    for await (const trozo of archivo as AsyncIterable<Buffer>) {
      leidos?.(trozo.length);
      yield trozo;
    }
    return;
  }
  archivo.on('data', (trozo: Buffer | string) => leidos?.(trozo.length));
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  pipeline(archivo, gunzip, () => undefined);
  try {
    for await (const trozo of gunzip as AsyncIterable<Buffer>) yield trozo;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('validation', es.datos.copias.danada);
  } finally {
    archivo.destroy();
    gunzip.destroy();
  }
}

async function leerTramo(ruta: string, desde: number, largo: number): Promise<Buffer> {
  const archivo = await open(ruta, 'r');
  try {
    const buf = Buffer.alloc(largo);
    const { bytesRead } = await archivo.read(buf, 0, largo, desde);
    return buf.subarray(0, bytesRead);
  } finally {
    await archivo.close();
  }
}

async function tamano(ruta: string): Promise<number> {
  let info;
  try {
    info = await stat(ruta);
  } catch {
    throw new AppError('not_found', es.datos.copias.noEncontrada);
  }
  if (!info.isFile()) throw new AppError('validation', es.datos.copias.ajena);
  return info.size;
}

/** The header of the file's first comment lines: a copy's header, 'ilegible' (header line but broken), or null. */
function cabeceraDe(inicio: Buffer): CabeceraCopia | 'ilegible' | null {
  const texto = inicio.toString('utf8');
  for (const linea of texto.split('\n').slice(0, 20)) {
    if (linea.startsWith(PREFIJO_CABECERA)) return leerLineaCabecera(linea) ?? 'ilegible';
    if (!linea.startsWith('--')) return null;
  }
  return null;
}

/** The first CABEZA_BYTES of the copy's text (decompressed when the file is gzip). */
async function leerInicio(ruta: string, total: number): Promise<Buffer> {
  const inicio = await leerTramo(ruta, 0, Math.min(total, CABEZA_BYTES));
  if (!esGzip(inicio)) return inicio;
  const trozos: Buffer[] = [];
  let largo = 0;
  try {
    for await (const trozo of contenido(ruta, total, true)) {
      trozos.push(trozo);
      largo += trozo.length;
      if (largo >= CABEZA_BYTES) break;
    }
  } catch {
    /* what was read so far decides (a broken file fails the whole-file check later) */
  }
  return Buffer.concat(trozos).subarray(0, CABEZA_BYTES);
}

/** The header of a copy, read from its first lines only (no check of the rest), or null for any other file. */
export async function leerCabecera(ruta: string): Promise<CabeceraCopia | null> {
  try {
    const cabecera = cabeceraDe(await leerInicio(ruta, await tamano(ruta)));
    return cabecera === 'ilegible' ? null : cabecera;
  } catch {
    return null;
  }
}

interface FinLeido {
  fin: FinCopia;
  /** File bytes before the trailer: the plain text it covers, or the compressed member that holds that text. */
  inicio: number;
  comprimida: boolean;
}

/**
 * A compressed copy's trailer: its own small gzip member at the end of the file, found by trying each gzip magic
 * in the last bytes, nearest the end first. What it says is only believed after the whole-file check.
 */
function finComprimido(cola: Buffer, desde: number): FinLeido | null {
  for (let i = cola.lastIndexOf(MAGIA_GZIP); i >= 0; i = i > 0 ? cola.lastIndexOf(MAGIA_GZIP, i - 1) : -1) {
    let texto: string;
    try {
      texto = gunzipSync(cola.subarray(i)).toString('utf8');
    } catch {
      continue;
    }
    if (!texto.endsWith('\n') || texto.indexOf('\n') !== texto.length - 1) continue;
    const fin = leerLineaFin(texto.slice(0, -1));
    if (fin) return { fin, inicio: desde + i, comprimida: true };
  }
  return null;
}

/** Where the trailer starts and what it says; null when the file does not end with one. */
async function leerFin(ruta: string, total: number): Promise<FinLeido | null> {
  const largo = Math.min(total, COLA_BYTES);
  const cola = await leerTramo(ruta, total - largo, largo);
  if (esGzip(await leerTramo(ruta, 0, 3))) return finComprimido(cola, total - largo);
  if (cola.length === 0 || cola[cola.length - 1] !== 0x0a) return null;
  const anterior = cola.lastIndexOf(0x0a, cola.length - 2);
  if (anterior < 0 && largo < total) return null;
  const linea = cola.subarray(anterior + 1, cola.length - 1).toString('utf8');
  const fin = leerLineaFin(linea);
  if (!fin) return null;
  return { fin, inicio: total - largo + anterior + 1, comprimida: false };
}

/** The trailer of a copy, read from its last bytes only (no check of the rest), or null. */
export async function leerFinDeCopia(ruta: string): Promise<FinCopia | null> {
  try {
    return (await leerFin(ruta, await tamano(ruta)))?.fin ?? null;
  } catch {
    return null;
  }
}

/**
 * Checks the whole file before anything is touched: a copy's header (else AppError 'validation' es.datos.copias.
 * ajena), a format this version reads, and a trailer whose sha256 matches every byte before it (else
 * es.datos.copias.danada: truncated, or changed). `progreso(hechos, total)` in bytes.
 */
export async function verificarCopia(
  ruta: string,
  opciones: { progreso?: (hechos: number, total: number) => void; señal?: AbortSignal } = {},
): Promise<CopiaVerificada> {
  const t = es.datos.copias;
  const total = await tamano(ruta);
  const cabecera = cabeceraDe(await leerInicio(ruta, total));
  if (cabecera === null) throw new AppError('validation', t.ajena);
  if (cabecera === 'ilegible') throw new AppError('validation', t.danada);
  if (cabecera.formato > FORMATO_COPIA) throw new AppError('validation', t.formatoNuevo);
  const final = await leerFin(ruta, total);
  // Plain: the trailer starts where the bytes it covers end. Compressed: its member follows the one holding them.
  if (!final || (!final.comprimida && final.fin.bytes !== final.inicio)) throw new AppError('validation', t.danada);
  const hash = createHash('sha256');
  let hechos = 0;
  let leidos = 0;
  for await (const trozo of contenido(ruta, final.inicio, final.comprimida, (n) => (leidos += n))) {
    if (opciones.señal?.aborted) throw new AppError('cancelled', es.datos.cancelada);
    hash.update(trozo);
    hechos += trozo.length;
    if (hechos > final.fin.bytes) break;
    opciones.progreso?.(leidos, final.inicio);
  }
  if (hechos !== final.fin.bytes || hash.digest('hex') !== final.fin.sha256) throw new AppError('validation', t.danada);
  return { cabecera, fin: final.fin, bytes: total };
}

/** The lines of the copy's text before its trailer (the file's first `hasta` bytes), without their '\n'. */
async function* lineas(ruta: string, hasta: number, comprimida: boolean): AsyncGenerator<string> {
  if (hasta <= 0) return;
  const decodificador = new StringDecoder('utf8');
  let resto = '';
  for await (const trozo of contenido(ruta, hasta, comprimida)) {
    const texto = resto + decodificador.write(trozo);
    let inicio = 0;
    for (let i = texto.indexOf('\n'); i >= 0; i = texto.indexOf('\n', inicio)) {
      yield texto.slice(inicio, i);
      inicio = i + 1;
    }
    resto = texto.slice(inicio);
  }
  resto += decodificador.end();
  if (resto.length > 0) yield resto;
}

/**
 * The copy's sections in file order (call verificarCopia first: this reads, it does not check). SQL sections
 * carry their text; each table's rows come as blocks of at most BLOQUE_FILAS rows / about BLOQUE_BYTES, numbered
 * from 0 per table (a table without rows gives no block).
 */
export async function* leerSecciones(ruta: string): AsyncGenerator<SeccionCopia> {
  const total = await tamano(ruta);
  const final = await leerFin(ruta, total);
  if (!final) throw new AppError('validation', es.datos.copias.danada);

  let marca = 'cabecera';
  let sql: string[] = [];
  let tabla: { esquema: string; tabla: string; columnas: string[] } | null = null;
  let indice = 0;
  let bloque: string[] = [];
  let bytesBloque = 0;

  const seccionSql = (): SeccionCopia | null => {
    const texto = sql.length > 0 ? `${sql.join('\n')}\n` : '';
    sql = [];
    // A marker alone (or blank lines) is nothing to run.
    const util = texto.split('\n').some((l) => l.trim().length > 0 && !l.startsWith('--'));
    return util ? { tipo: 'sql', marca, texto } : null;
  };
  const bloqueDatos = (): SeccionCopia | null => {
    if (!tabla || bloque.length === 0) return null;
    const seccion: SeccionCopia = { tipo: 'datos', ...tabla, indice, filas: bloque.length, texto: `${bloque.join('\n')}\n` };
    indice++;
    bloque = [];
    bytesBloque = 0;
    return seccion;
  };

  for await (const linea of lineas(ruta, final.inicio, final.comprimida)) {
    if (tabla) {
      if (linea === '\\.') {
        const ultimo = bloqueDatos();
        if (ultimo) yield ultimo;
        tabla = null;
        continue;
      }
      bloque.push(linea);
      bytesBloque += linea.length + 1;
      if (bloque.length >= BLOQUE_FILAS || bytesBloque >= BLOQUE_BYTES) {
        const lleno = bloqueDatos();
        if (lleno) yield lleno;
      }
      continue;
    }
    if (linea.startsWith(PREFIJO_MARCA)) {
      const previa = seccionSql();
      if (previa) yield previa;
      marca = linea.slice(PREFIJO_MARCA.length);
      sql.push(linea);
      continue;
    }
    const copy = linea.startsWith('COPY ') ? leerLineaCopy(linea) : null;
    if (copy) {
      const previa = seccionSql();
      if (previa) yield previa;
      tabla = copy;
      indice = 0;
      continue;
    }
    sql.push(linea);
  }
  if (tabla) throw new AppError('validation', es.datos.copias.danada);
  const ultima = seccionSql();
  if (ultima) yield ultima;
}
