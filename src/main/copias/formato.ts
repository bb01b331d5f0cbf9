/**
 * The backup format (issue 16): ONE plain-SQL file in pg_dump's plain format, so `psql -v ON_ERROR_STOP=1 -f
 * copia.sql -d <empty database>` restores it without this product. Written by volcado.ts, read by lectura.ts
 * (restores here, the move to a hosted project in src/main/traslado).
 *
 * Layout, top to bottom (every marker is a whole line):
 *   -- Consola de Automatización: copia de seguridad (…)      title and how to restore with psql
 *   -- consola-copia: {"formato":1,…,"filas":{…}}             the header (CabeceraCopia), one line
 *   SET …                                                      as pg_dump writes them (no search_path '')
 *   -- consola: esquema embedded/00_plataforma.sql             each applied migration file, in ledger order
 *   -- consola: esquema _consola.migraciones                   the ledger's DDL (migrate.ts LEDGER_SQL)
 *   -- consola: tablas de mensajes                             run-time message tables (create_message_table,
 *                                                              their indexes and triggers)
 *   -- consola: archivos                                       schema _consola_copia (only with documents)
 *   -- consola: datos                                          replica mode, ENABLE ALWAYS triggers disabled,
 *                                                              one TRUNCATE of every dumped table, the indexes
 *                                                              no constraint needs dropped (built after the rows)
 *   -- consola: tabla public.clientes                          then `COPY "public"."clientes" (…) FROM stdin;`,
 *                                                              rows in COPY text format, `\.`
 *   -- consola: indices                                        CREATE INDEX … of the indexes dropped above
 *   -- consola: secuencias                                     SELECT pg_catalog.setval(…) per sequence
 *   -- consola: reactivar                                      triggers back to their exact mode, replica off
 *   -- consola-copia-fin: {"sha256":"…","bytes":N,"firma":"…"} sha256 of every byte before this line, and this
 *                                                              install's signature of it (firma.ts)
 *
 * Compressed copies (issue 25; what the backups service writes, `.sql.gz`): the same text gzip-compressed as two
 * members, the first holding everything before the trailer line and the second the trailer line alone. `gunzip -c`
 * gives back exactly the plain file above (psql restores it through a pipe); the reader finds the trailer in the
 * file's last bytes without inflating the rest. The trailer's sha256, and the signature over it, cover the TEXT,
 * not the compressed bytes (firma.ts says why). Plain copies (older ones, the move's snapshot) stay readable.
 *
 * `_consola_copia.archivos` (ruta, contenido) holds the files of <data>/archivos (marketing documents): it is not
 * database data of the app: a restore writes the files back and drops the schema; a move to a hosted project
 * skips it (ESQUEMA_ARCHIVOS).
 */
import { esNombreTablaMensajes } from '../../shared/domain/bot-tablas';
import type { TipoCopia } from '../../shared/ports/datos';

export const FORMATO_COPIA = 1;

export const TITULO_COPIA = '-- Consola de Automatización: copia de seguridad (volcado de PostgreSQL, texto plano)';
export const PREFIJO_CABECERA = '-- consola-copia: ';
export const PREFIJO_FIN = '-- consola-copia-fin: ';
/** Every section starts with a line `-- consola: <marca>`. */
export const PREFIJO_MARCA = '-- consola: ';

export const MARCAS = {
  esquema: 'esquema ', // + ledger name (embedded/… or migrations/…)
  registro: 'esquema _consola.migraciones',
  mensajes: 'tablas de mensajes',
  archivos: 'archivos',
  datos: 'datos',
  tabla: 'tabla ', // + schema.table
  indices: 'indices',
  secuencias: 'secuencias',
  reactivar: 'reactivar',
} as const;

/**
 * A bot company's message table: made at run time by create_message_table, not by a migration, so a copy
 * recreates it in its own section and a move creates it on the target first. The name rule is the one of src/shared/domain/bot-tablas.ts.
 */
export const esTablaMensajes = (esquema: string, tabla: string): boolean => esquema === 'public' && esNombreTablaMensajes(tabla);

/** Schema of the documents folder inside a copy (not app data). */
export const ESQUEMA_ARCHIVOS = '_consola_copia';
export const TABLA_ARCHIVOS = 'archivos';

/** Schemas whose every table is dumped. */
export const ESQUEMAS_COPIADOS = ['public', 'auth', '_consola'] as const;

/** A data block read back holds at most this many rows (COPY lines) and about this many bytes. */
export const BLOQUE_FILAS = 5_000;
export const BLOQUE_BYTES = 4 * 1024 * 1024;

export interface CabeceraCopia {
  formato: number;
  /** App version that wrote it. */
  version: string;
  tipo: TipoCopia;
  /** ISO instant of the snapshot. */
  creada: string;
  /** Rows per table, "schema.table" → count (the documents table included when there are documents). */
  filas: Record<string, number>;
}

export interface FinCopia {
  sha256: string;
  bytes: number;
  /** HMAC-SHA256 of this install's key over sha256 and bytes (firma.ts); absent in older or unsigned copies. */
  firma?: string;
}

export const TIPOS_COPIA: readonly TipoCopia[] = ['diaria', 'manual', 'antes-de-migrar'];

/**
 * consola-AAAAMMDD-HHMMSS-<tipo>.sql.gz (UTC), with -2, -3… when that second already has a copy of that kind;
 * `.sql` for a plain copy (those written before issue 25 are still listed and restored).
 */
const PATRON_NOMBRE = /^consola-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(diaria|manual|antes-de-migrar)(?:-(\d{1,3}))?\.sql(?:\.gz)?$/;

export function nombreDeCopia(tipo: TipoCopia, fecha: Date, repeticion = 1, comprimida = false): string {
  const iso = fecha.toISOString(); // 2026-11-23T18:12:16.000Z
  const sello = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  return `consola-${sello}-${tipo}${repeticion > 1 ? `-${repeticion}` : ''}.sql${comprimida ? '.gz' : ''}`;
}

/** The kind and instant a copy's file name says, or null for any other file. */
export function leerNombreDeCopia(nombre: string): { tipo: TipoCopia; fecha: Date } | null {
  const m = PATRON_NOMBRE.exec(nombre);
  if (!m) return null;
  const fecha = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  if (Number.isNaN(fecha.getTime())) return null;
  return { tipo: m[7] as TipoCopia, fecha };
}

/** A quoted identifier, as pg_dump writes them ("public"."clientes"). */
export function identificador(nombre: string): string {
  return `"${nombre.replace(/"/g, '""')}"`;
}

export function tablaCalificada(esquema: string, tabla: string): string {
  return `${identificador(esquema)}.${identificador(tabla)}`;
}

/** A single-quoted SQL literal (standard_conforming_strings on). */
export function literal(texto: string): string {
  return `'${texto.replace(/'/g, "''")}'`;
}

export function lineaCopy(esquema: string, tabla: string, columnas: readonly string[]): string {
  return `COPY ${tablaCalificada(esquema, tabla)} (${columnas.map(identificador).join(', ')}) FROM stdin;`;
}

/** Splits a run of quoted identifiers separated by `sep` ("a"."b" or "x", "y"). */
function identificadores(texto: string, sep: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (texto[i] !== '"') return null;
    let nombre = '';
    i++;
    for (;;) {
      if (i >= texto.length) return null;
      if (texto[i] === '"') {
        if (texto[i + 1] === '"') {
          nombre += '"';
          i += 2;
          continue;
        }
        i++;
        break;
      }
      nombre += texto[i];
      i++;
    }
    out.push(nombre);
    if (i === texto.length) return out;
    if (!texto.startsWith(sep, i)) return null;
    i += sep.length;
  }
}

/** Reads a line written by lineaCopy back, or null. */
export function leerLineaCopy(linea: string): { esquema: string; tabla: string; columnas: string[] } | null {
  if (!linea.startsWith('COPY ') || !linea.endsWith(') FROM stdin;')) return null;
  const cuerpo = linea.slice(5, -') FROM stdin;'.length);
  const abre = cuerpo.indexOf(' (');
  if (abre < 0) return null;
  const nombre = identificadores(cuerpo.slice(0, abre), '.');
  const columnas = identificadores(cuerpo.slice(abre + 2), ', ');
  if (!nombre || nombre.length !== 2 || !columnas) return null;
  return { esquema: nombre[0]!, tabla: nombre[1]!, columnas };
}

export function lineaCabecera(cabecera: CabeceraCopia): string {
  return `${PREFIJO_CABECERA}${JSON.stringify(cabecera)}`;
}

/** The header a line carries, or null when the line is not one (or not a valid one). */
export function leerLineaCabecera(linea: string): CabeceraCopia | null {
  if (!linea.startsWith(PREFIJO_CABECERA)) return null;
  try {
    const valor = JSON.parse(linea.slice(PREFIJO_CABECERA.length)) as Partial<CabeceraCopia>;
    if (
      typeof valor.formato !== 'number' ||
      typeof valor.version !== 'string' ||
      !TIPOS_COPIA.includes(valor.tipo as TipoCopia) ||
      typeof valor.creada !== 'string' ||
      Number.isNaN(Date.parse(valor.creada)) ||
      typeof valor.filas !== 'object' ||
      valor.filas === null ||
      Object.values(valor.filas).some((n) => typeof n !== 'number' || !Number.isInteger(n) || n < 0)
    ) {
      return null;
    }
    return valor as CabeceraCopia;
  } catch {
    return null;
  }
}

export function lineaFin(fin: FinCopia): string {
  return `${PREFIJO_FIN}${JSON.stringify(fin)}`;
}

export function leerLineaFin(linea: string): FinCopia | null {
  if (!linea.startsWith(PREFIJO_FIN)) return null;
  try {
    const valor = JSON.parse(linea.slice(PREFIJO_FIN.length)) as Partial<FinCopia>;
    if (typeof valor.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(valor.sha256)) return null;
    if (typeof valor.bytes !== 'number' || !Number.isInteger(valor.bytes) || valor.bytes < 0) return null;
    if (valor.firma !== undefined && (typeof valor.firma !== 'string' || !/^[0-9a-f]{64}$/.test(valor.firma))) return null;
    return valor as FinCopia;
  } catch {
    return null;
  }
}

/** Total rows of a header (documents included). */
export function filasTotales(cabecera: Pick<CabeceraCopia, 'filas'>): number {
  return Object.values(cabecera.filas).reduce((a, b) => a + b, 0);
}

/** Rows of the app's own tables (the documents are not rows a person counts). */
export function filasDeDatos(cabecera: Pick<CabeceraCopia, 'filas'>): number {
  return Object.entries(cabecera.filas)
    .filter(([tabla]) => !tabla.startsWith(`${ESQUEMA_ARCHIVOS}.`))
    .reduce((a, [, n]) => a + n, 0);
}

/** The SET lines, as pg_dump writes them, except search_path (the migrations assume public). */
export const AJUSTES_SESION = [
  'SET statement_timeout = 0;',
  'SET lock_timeout = 0;',
  'SET idle_in_transaction_session_timeout = 0;',
  "SET client_encoding = 'UTF8';",
  'SET standard_conforming_strings = on;',
  'SET check_function_bodies = false;',
  'SET xmloption = content;',
  'SET client_min_messages = warning;',
  'SET row_security = off;',
];

/** Mode of a trigger (pg_trigger.tgenabled) as the ALTER TABLE that restores it. */
export function activarDisparador(esquema: string, tabla: string, disparador: string, modo: string): string {
  const clausula = modo === 'A' ? 'ENABLE ALWAYS' : modo === 'R' ? 'ENABLE REPLICA' : modo === 'D' ? 'DISABLE' : 'ENABLE';
  return `ALTER TABLE ${tablaCalificada(esquema, tabla)} ${clausula} TRIGGER ${identificador(disparador)};`;
}
