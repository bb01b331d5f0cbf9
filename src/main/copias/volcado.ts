/**
 * Writes a backup of the embedded database in the format of formato.ts: one plain-SQL file psql restores,
 * gzip-compressed when asked (the backups service always asks).
 *
 * Consistent by construction: every table is read inside ONE repeatable-read transaction. PGlite is a single
 * connection, so on the app's own database writes queue behind it for the whole dump: the backups service dumps
 * a duplicate of the data folder instead (duplicado.ts), and the app's writes go on. Big tables
 * are read in ranges of pages (ctid), so memory stays bounded and progress moves. The file is written beside its
 * final name (`.parcial`), synced, then renamed: a copy either exists whole or not at all.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, readdir, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { createGzip, gzipSync, type Gzip } from 'node:zlib';
import type { TipoCopia } from '../../shared/ports/datos';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import type { BaseEmbebida, ConsultaCopia } from '../motores/embebido/pglite-worker-client';
import { checksumOf, findSupabaseDir, LEDGER_SQL, ordenDeMigracion } from '../motores/embebido/migrate';
import {
  activarDisparador,
  AJUSTES_SESION,
  ESQUEMA_ARCHIVOS,
  ESQUEMAS_COPIADOS,
  FORMATO_COPIA,
  identificador,
  lineaCabecera,
  lineaCopy,
  lineaFin,
  literal,
  MARCAS,
  esTablaMensajes,
  PREFIJO_MARCA,
  TABLA_ARCHIVOS,
  tablaCalificada,
  TITULO_COPIA,
  type CabeceraCopia,
  type FinCopia,
} from './formato';
import { crearExclusivo } from './archivos-seguros';
import { leerIndicesPendientes, TABLA_INDICES_PENDIENTES } from '../motores/embebido/indices-pendientes';

export interface OpcionesVolcado {
  /** App version written into the header. */
  version: string;
  tipo: TipoCopia;
  now: () => Date;
  progreso?: (fase: string, hechos: number, total: number) => void;
  señal?: AbortSignal;
  /** The documents folder (<data>/archivos) to include; omitted = the copy holds the database only. */
  archivos?: string;
  /** Where the migration files are (default: findSupabaseDir()). */
  supabaseDir?: string;
  /** Signs the trailer (firma.ts); omitted or null = an unsigned file (the move's snapshot). */
  firmar?: (fin: FinCopia) => Promise<string | null>;
  /** Writes the text gzip-compressed (formato.ts "Compressed copies"); omitted = the plain SQL file. */
  comprimir?: boolean;
}

export interface ResultadoVolcado {
  /** The file written (`destino`). */
  ruta: string;
  cabecera: CabeceraCopia;
  /** Rows of every table, documents included. */
  filas: number;
  /** Size of the file (compressed when `comprimir`). */
  bytes: number;
  /** Size of the SQL text the file holds (= bytes for a plain file). */
  bytesTexto: number;
  sha256: string;
  /** Whether the trailer carries this install's signature. */
  firmada: boolean;
}

interface Tabla {
  esquema: string;
  tabla: string;
  columnas: string[];
  paginas: number;
}

interface Disparador {
  esquema: string;
  tabla: string;
  nombre: string;
  modo: string;
}

/** Pages read per COPY (8 KiB each: about 8 MiB of rows, plus whatever TOAST holds). */
const PAGINAS_POR_TRAMO = 1024;
/** Bytes gathered before each write to the file. */
const ESCRITURA_BYTES = 1024 * 1024;

/**
 * gzip level of a compressed copy. 6 (zlib's default) is where gzip's size curve flattens; the compression runs on
 * libuv's thread pool, beside the dump, not on the main thread.
 */
export const NIVEL_GZIP = 6;

/**
 * Appends to the partial file, hashing every byte of the text. Compressed, the text goes through one gzip member
 * and the trailer gets a member of its own, so a reader finds it in the file's last bytes without inflating the
 * whole file (lectura.ts), while `gunzip -c` still gives exactly the plain copy.
 */
class Escritor {
  private pendiente: Buffer[] = [];
  private tamPendiente = 0;
  private readonly gzip: Gzip | null;
  private comprimidos: Buffer[] = [];
  private fallo: Error | null = null;
  readonly hash = createHash('sha256');
  /** Bytes of text (what the trailer covers). */
  bytes = 0;
  /** Bytes written to the file. */
  enArchivo = 0;

  constructor(
    private readonly archivo: FileHandle,
    comprimir: boolean,
  ) {
    this.gzip = comprimir ? createGzip({ level: NIVEL_GZIP, chunkSize: 256 * 1024 }) : null;
    this.gzip?.on('data', (trozo: Buffer) => this.comprimidos.push(trozo));
    this.gzip?.on('error', (error: Error) => (this.fallo = error));
  }

  async escribir(texto: string): Promise<void> {
    const buf = Buffer.from(texto, 'utf8');
    this.hash.update(buf);
    this.bytes += buf.length;
    this.pendiente.push(buf);
    this.tamPendiente += buf.length;
    if (this.tamPendiente >= ESCRITURA_BYTES) await this.vaciar();
  }

  async linea(texto = ''): Promise<void> {
    await this.escribir(`${texto}\n`);
  }

  private async alArchivo(buf: Buffer): Promise<void> {
    if (buf.length === 0) return;
    await this.archivo.write(buf);
    this.enArchivo += buf.length;
  }

  private async sacarComprimidos(): Promise<void> {
    if (this.fallo) throw this.fallo;
    const listos = Buffer.concat(this.comprimidos);
    this.comprimidos = [];
    await this.alArchivo(listos);
  }

  async vaciar(): Promise<void> {
    if (this.tamPendiente === 0) return;
    const todo = Buffer.concat(this.pendiente, this.tamPendiente);
    this.pendiente = [];
    this.tamPendiente = 0;
    const gzip = this.gzip;
    if (!gzip) return this.alArchivo(todo);
    await new Promise<void>((resolve, reject) => gzip.write(todo, (error) => (error ? reject(error) : resolve())));
    await this.sacarComprimidos();
  }

  /** Writes the trailer (not hashed: it carries the hash) and flushes. */
  async terminar(linea: string): Promise<void> {
    const buf = Buffer.from(`${linea}\n`, 'utf8');
    await this.vaciar();
    const gzip = this.gzip;
    if (!gzip) return this.alArchivo(buf);
    await new Promise<void>((resolve, reject) => {
      gzip.once('end', resolve);
      gzip.once('error', reject);
      gzip.end();
    });
    await this.sacarComprimidos();
    await this.alArchivo(gzipSync(buf, { level: NIVEL_GZIP }));
  }

  /** Drops the compressor of a copy that failed or was cancelled. */
  descartar(): void {
    this.gzip?.destroy();
  }
}

const cancelada = (señal?: AbortSignal) => {
  if (señal?.aborted) throw new AppError('cancelled', es.datos.cancelada);
};

/** The files of the documents folder, as paths relative to it with '/' separators. */
async function listarArchivos(carpeta: string): Promise<string[]> {
  if (!existsSync(carpeta)) return [];
  const entradas = await readdir(carpeta, { recursive: true, withFileTypes: true });
  return entradas
    .filter((e) => e.isFile() && !e.name.startsWith('.')) // '.<hex>.tmp': an upload on its way
    .map((e) => relative(carpeta, join(e.parentPath ?? (e as unknown as { path: string }).path, e.name)).split(sep).join('/'))
    .sort();
}

/** A value in COPY text format (the escapes COPY reads back exactly). */
function textoCopy(valor: string): string {
  return valor.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
}

async function leerEsquema(tx: ConsultaCopia, supabaseDir: string): Promise<{ nombre: string; texto: string }[]> {
  const { rows } = await tx.query<{ nombre: string; checksum: string }>('select nombre, checksum from _consola.migraciones');
  const ordenadas = rows.sort((a, b) => ordenDeMigracion(a.nombre, b.nombre));
  const out: { nombre: string; texto: string }[] = [];
  for (const fila of ordenadas) {
    const ruta = join(supabaseDir, ...fila.nombre.split('/'));
    let texto: string;
    try {
      texto = await readFile(ruta, 'utf8');
    } catch {
      throw new AppError('conflict', es.datos.copias.migracionFaltante(fila.nombre));
    }
    if (checksumOf(texto) !== fila.checksum) throw new AppError('conflict', es.datos.copias.migracionCambiada(fila.nombre));
    out.push({ nombre: fila.nombre, texto: texto.replace(/\r\n?/g, '\n') });
  }
  return out;
}

async function leerTablas(tx: ConsultaCopia): Promise<Tabla[]> {
  const { rows } = await tx.query<{ esquema: string; tabla: string; columnas: string[] | null; paginas: number }>(
    `select n.nspname as esquema, c.relname as tabla,
            (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columnas,
            (pg_relation_size(c.oid) / current_setting('block_size')::bigint)::int as paginas
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1::text[]) and c.relkind = 'r' and (n.nspname, c.relname) <> ($2::text, $3::text)
      order by array_position($1::text[], n.nspname::text), c.relname`,
    [ESQUEMAS_COPIADOS, TABLA_INDICES_PENDIENTES.esquema, TABLA_INDICES_PENDIENTES.tabla],
  );
  return rows.map((r) => ({ esquema: r.esquema, tabla: r.tabla, columnas: r.columnas ?? [], paginas: Number(r.paginas) }));
}

/** Triggers that fire in replica mode (ENABLE ALWAYS / ENABLE REPLICA): off while rows load, then back. */
async function leerDisparadores(tx: ConsultaCopia): Promise<Disparador[]> {
  const { rows } = await tx.query<Disparador>(
    `select n.nspname as esquema, c.relname as tabla, t.tgname as nombre, t.tgenabled::text as modo
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and t.tgenabled in ('A', 'R') and n.nspname = any($1::text[])
      order by 1, 2, 3`,
    [ESQUEMAS_COPIADOS],
  );
  return rows;
}

/**
 * The DDL of the message tables made at run time (bot companies' n8n chat tables; not in the migrations):
 * create_message_table gives the table, its policy and grants; its further indexes and triggers follow, each
 * idempotent, with the trigger's exact mode.
 */
async function ddlMensajes(tx: ConsultaCopia, tablas: Tabla[]): Promise<string[]> {
  const lineas: string[] = [];
  for (const t of tablas.filter((t) => esTablaMensajes(t.esquema, t.tabla))) {
    // PERFORM in a DO block: psql prints nothing for it (a SELECT would print the table's name).
    lineas.push(`DO $consola$ BEGIN PERFORM public.create_message_table(${literal(t.tabla)}); END $consola$;`);
    const { rows: indices } = await tx.query<{ def: string }>(
      `select indexdef as def from pg_indexes where schemaname = 'public' and tablename = $1 order by indexname`,
      [t.tabla],
    );
    for (const { def } of indices) lineas.push(`${def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')};`);
    const { rows: disparadores } = await tx.query<{ nombre: string; def: string; modo: string }>(
      `select t.tgname as nombre, pg_get_triggerdef(t.oid) as def, t.tgenabled::text as modo from pg_trigger t
        where t.tgrelid = $1::regclass and not t.tgisinternal order by t.tgname`,
      [tablaCalificada('public', t.tabla)],
    );
    for (const d of disparadores) {
      lineas.push(`DROP TRIGGER IF EXISTS ${identificador(d.nombre)} ON ${tablaCalificada('public', t.tabla)};`);
      lineas.push(`${d.def};`);
      if (d.modo !== 'O') lineas.push(activarDisparador('public', t.tabla, d.nombre, d.modo));
    }
  }
  return lineas;
}

/**
 * The indexes loading rows need not maintain one row at a time (trigram and full-text GIN indexes make a load
 * several times slower): dropped before the rows go in and built again after, as pg_dump orders a restore. Indexes
 * behind a constraint (primary keys, unique constraints) or that a constraint needs (a foreign key's target) stay.
 * The list of indexes a restore left to build is not a table of the copy; its indexes are.
 */
async function leerIndices(tx: ConsultaCopia): Promise<{ esquema: string; nombre: string; def: string }[]> {
  const { rows } = await tx.query<{ esquema: string; nombre: string; def: string }>(
    `select n.nspname as esquema, ci.relname as nombre, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
       join pg_class ci on ci.oid = i.indexrelid
       join pg_class ct on ct.oid = i.indrelid
       join pg_namespace n on n.oid = ct.relnamespace
      where n.nspname = any($1::text[]) and ct.relkind = 'r'
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
        and not exists (select 1 from pg_depend d where d.refobjid = i.indexrelid and d.classid = 'pg_constraint'::regclass)
      order by 1, 2`,
    [ESQUEMAS_COPIADOS],
  );
  // After a restore, until the opened database has built them (indices-pendientes.ts), some exist only as a definition.
  const pendientes = (await leerIndicesPendientes(tx)).filter((p) => !rows.some((r) => r.esquema === p.esquema && r.nombre === p.nombre));
  return [...rows, ...pendientes];
}

/** setval lines for every sequence of the dumped schemas, with the value the snapshot sees. */
async function leerSecuencias(tx: ConsultaCopia): Promise<string[]> {
  const { rows } = await tx.query<{ esquema: string; nombre: string }>(
    `select n.nspname as esquema, c.relname as nombre from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = any($1::text[]) order by 1, 2`,
    [ESQUEMAS_COPIADOS],
  );
  const lineas: string[] = [];
  for (const s of rows) {
    const nombre = tablaCalificada(s.esquema, s.nombre);
    const { rows: valor } = await tx.query<{ last_value: string | number; is_called: boolean }>(`select last_value, is_called from ${nombre}`);
    const v = valor[0];
    if (!v) continue;
    lineas.push(`SELECT pg_catalog.setval(${literal(nombre)}, ${String(v.last_value)}, ${v.is_called ? 'true' : 'false'});`);
  }
  return lineas;
}

/** A folder can be synced on POSIX (the rename is then durable); Windows cannot open one: nothing to do there. */
async function sincronizarCarpeta(carpeta: string): Promise<void> {
  try {
    const dir = await open(carpeta, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    /* not supported here */
  }
}

/**
 * Writes a consistent copy of `db` to `destino` (its folder must exist). Cancelling (señal) removes the partial
 * file and throws AppError 'cancelled'.
 */
export async function volcarBase(db: BaseEmbebida, destino: string, opciones: OpcionesVolcado): Promise<ResultadoVolcado> {
  const t = es.datos.copias;
  const progreso = opciones.progreso ?? (() => {});
  const supabaseDir = opciones.supabaseDir ?? findSupabaseDir();
  const parcial = `${destino}.parcial`;
  progreso(t.fases.preparando, 0, 0);
  cancelada(opciones.señal);
  // Exclusive and without following links: a name planted in the folder (a link to elsewhere) fails the copy
  // instead of receiving it.
  const archivo = await crearExclusivo(parcial);
  const escritor = new Escritor(archivo, opciones.comprimir === true);
  let terminado = false;
  try {
    const documentos = opciones.archivos ? await listarArchivos(opciones.archivos) : [];
    const cabecera = await db.transaccion(async (tx) => {
      // The snapshot every read below sees (PGlite queues other writes behind this transaction anyway).
      await tx.exec('set transaction isolation level repeatable read');
      const esquema = await leerEsquema(tx, supabaseDir);
      const tablas = await leerTablas(tx);
      const disparadores = await leerDisparadores(tx);
      const mensajes = await ddlMensajes(tx, tablas);
      const indices = await leerIndices(tx);
      const filas: Record<string, number> = {};
      for (const tabla of tablas) {
        const { rows } = await tx.query<{ n: string | number }>(`select count(*) as n from ${tablaCalificada(tabla.esquema, tabla.tabla)}`);
        filas[`${tabla.esquema}.${tabla.tabla}`] = Number(rows[0]?.n ?? 0);
      }
      if (documentos.length > 0) filas[`${ESQUEMA_ARCHIVOS}.${TABLA_ARCHIVOS}`] = documentos.length;
      const cabecera: CabeceraCopia = { formato: FORMATO_COPIA, version: opciones.version, tipo: opciones.tipo, creada: opciones.now().toISOString(), filas };
      const total = Object.values(filas).reduce((a, b) => a + b, 0);

      await escritor.linea(TITULO_COPIA);
      await escritor.linea('-- Es un volcado estándar de PostgreSQL. Para restaurarlo sin esta aplicación, en una base de datos vacía:');
      await escritor.linea(
        opciones.comprimir
          ? `--   gunzip -c ${basename(destino)} | psql -v ON_ERROR_STOP=1 -d <base_de_datos>`
          : `--   psql -v ON_ERROR_STOP=1 -f ${basename(destino)} -d <base_de_datos>`,
      );
      await escritor.linea('-- (con un usuario que pueda crear roles, extensiones y esquemas; la última línea es una suma de comprobación).');
      await escritor.linea(lineaCabecera(cabecera));
      await escritor.linea();
      for (const ajuste of AJUSTES_SESION) await escritor.linea(ajuste);
      await escritor.linea();
      for (const paso of esquema) {
        await escritor.linea(`${PREFIJO_MARCA}${MARCAS.esquema}${paso.nombre}`);
        await escritor.escribir(paso.texto.endsWith('\n') ? paso.texto : `${paso.texto}\n`);
        await escritor.linea();
      }
      await escritor.linea(`${PREFIJO_MARCA}${MARCAS.registro}`);
      await escritor.linea(LEDGER_SQL.trim());
      await escritor.linea();
      await escritor.linea(`${PREFIJO_MARCA}${MARCAS.mensajes}`);
      for (const linea of mensajes) await escritor.linea(linea);
      await escritor.linea();
      if (documentos.length > 0) {
        await escritor.linea(`${PREFIJO_MARCA}${MARCAS.archivos}`);
        await escritor.linea(`CREATE SCHEMA IF NOT EXISTS ${identificador(ESQUEMA_ARCHIVOS)};`);
        await escritor.linea(
          `CREATE TABLE IF NOT EXISTS ${tablaCalificada(ESQUEMA_ARCHIVOS, TABLA_ARCHIVOS)} (ruta text PRIMARY KEY, contenido bytea NOT NULL);`,
        );
        await escritor.linea();
      }

      await escritor.linea(`${PREFIJO_MARCA}${MARCAS.datos}`);
      await escritor.linea('SET session_replication_role = replica;');
      for (const d of disparadores) await escritor.linea(activarDisparador(d.esquema, d.tabla, d.nombre, 'D'));
      await escritor.linea(`TRUNCATE TABLE ${tablas.map((x) => tablaCalificada(x.esquema, x.tabla)).join(', ')};`);
      for (const i of indices) await escritor.linea(`DROP INDEX IF EXISTS ${tablaCalificada(i.esquema, i.nombre)};`);
      await escritor.linea();

      let hechos = 0;
      for (const tabla of tablas) {
        const clave = `${tabla.esquema}.${tabla.tabla}`;
        const fase = t.fases.copiando(tabla.esquema === 'public' ? tabla.tabla : clave);
        progreso(fase, hechos, total);
        await escritor.linea(`${PREFIJO_MARCA}${MARCAS.tabla}${clave}`);
        await escritor.linea(lineaCopy(tabla.esquema, tabla.tabla, tabla.columnas));
        const esperadas = filas[clave] ?? 0;
        let leidas = 0;
        if (esperadas > 0) {
          const columnas = tabla.columnas.map(identificador).join(', ');
          const nombre = tablaCalificada(tabla.esquema, tabla.tabla);
          for (let desde = 0; ; desde += PAGINAS_POR_TRAMO) {
            cancelada(opciones.señal);
            const ultimo = desde + PAGINAS_POR_TRAMO >= tabla.paginas;
            // The last range is open-ended: whatever the snapshot holds past the size read above is included.
            const filtro = ultimo
              ? `ctid >= '(${desde},0)'::tid`
              : `ctid >= '(${desde},0)'::tid and ctid < '(${desde + PAGINAS_POR_TRAMO},0)'::tid`;
            const texto = await tx.copiarA(`copy (select ${columnas} from ${nombre} where ${filtro}) to '/dev/blob'`);
            if (texto.length > 0) {
              let n = 0;
              for (let i = texto.indexOf('\n'); i >= 0; i = texto.indexOf('\n', i + 1)) n++;
              leidas += n;
              await escritor.escribir(texto.endsWith('\n') ? texto : `${texto}\n`);
            }
            progreso(fase, hechos + leidas, total);
            if (ultimo) break;
          }
        }
        if (leidas !== esperadas) throw new Error(`Copia inconsistente de ${clave}: ${leidas} filas leídas de ${esperadas}`);
        hechos += leidas;
        await escritor.linea('\\.');
        await escritor.linea();
      }

      if (documentos.length > 0 && opciones.archivos) {
        const clave = `${ESQUEMA_ARCHIVOS}.${TABLA_ARCHIVOS}`;
        progreso(t.fases.archivos, hechos, total);
        await escritor.linea(`${PREFIJO_MARCA}${MARCAS.tabla}${clave}`);
        await escritor.linea(lineaCopy(ESQUEMA_ARCHIVOS, TABLA_ARCHIVOS, ['ruta', 'contenido']));
        for (const ruta of documentos) {
          cancelada(opciones.señal);
          const contenido = await readFile(join(opciones.archivos, ...ruta.split('/')));
          await escritor.linea(`${textoCopy(ruta)}\t\\\\x${contenido.toString('hex')}`);
          hechos++;
        }
        await escritor.linea('\\.');
        await escritor.linea();
      }

      await escritor.linea(`${PREFIJO_MARCA}${MARCAS.indices}`);
      for (const i of indices) await escritor.linea(`${i.def};`);
      await escritor.linea();
      await escritor.linea(`${PREFIJO_MARCA}${MARCAS.secuencias}`);
      for (const linea of await leerSecuencias(tx)) await escritor.linea(linea);
      await escritor.linea();
      await escritor.linea(`${PREFIJO_MARCA}${MARCAS.reactivar}`);
      for (const d of disparadores) await escritor.linea(activarDisparador(d.esquema, d.tabla, d.nombre, d.modo));
      await escritor.linea('SET session_replication_role = DEFAULT;');
      progreso(t.fases.guardando, hechos, total);
      return cabecera;
    });

    const sha256 = escritor.hash.digest('hex');
    const firma = (await opciones.firmar?.({ sha256, bytes: escritor.bytes })) ?? null;
    const fin = lineaFin({ sha256, bytes: escritor.bytes, ...(firma ? { firma } : {}) });
    await escritor.terminar(fin);
    const bytes = escritor.enArchivo;
    const bytesTexto = escritor.bytes + Buffer.byteLength(fin) + 1;
    await archivo.sync();
    await archivo.close();
    terminado = true;
    cancelada(opciones.señal);
    await rename(parcial, destino);
    await sincronizarCarpeta(dirname(destino));
    const filas = Object.values(cabecera.filas).reduce((a, b) => a + b, 0);
    return { ruta: destino, cabecera, filas, bytes, bytesTexto, sha256, firmada: firma !== null };
  } catch (error) {
    escritor.descartar();
    if (!terminado) await archivo.close().catch(() => undefined);
    await rm(parcial, { force: true }).catch(() => undefined);
    throw error;
  }
}
