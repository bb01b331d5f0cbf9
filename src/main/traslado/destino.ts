/**
 * The hosted project's database during a move: the checks before anything is written, the preparation, the push
 * of one snapshot block per transaction (with the block recorded in `_consola_traslado.progreso` in that same
 * transaction, so an interruption anywhere resumes at the next block with no duplicate), the sequences, the
 * operators' sign-in rows, the row counts and the clean-up.
 *
 * Loading runs with `session_replication_role = replica` (foreign keys and ordinary triggers off, as in a
 * restore) and with each table's ENABLE ALWAYS triggers disabled for the block: the summary tables those
 * triggers keep are copied as they are, so they must not fire again on the target.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import { esTablaMensajes } from '../copias/formato';

const t = () => es.datos.traslado;
const q = (nombre: string) => pg.escapeIdentifier(nombre);

/** A table of the snapshot the move copies, with its columns as the snapshot has them. */
export interface TablaMovida {
  esquema: string;
  tabla: string;
  columnas: string[];
  filas: number;
}

export const nombreTabla = (t: { esquema: string; tabla: string }) => `${t.esquema}.${t.tabla}`;
const tablaSql = (t: { esquema: string; tabla: string }) => `${q(t.esquema)}.${q(t.tabla)}`;

/** Tables that are not data to move: the embedded sign-in bookkeeping and the embedded ledgers. */
export function seMueve(esquema: string, tabla: string): boolean {
  if (esquema === 'auth') return tabla === 'users';
  return esquema === 'public';
}

/**
 * Public tables whose rows the migrations themselves write (reference data and the one row of a setting): a
 * freshly migrated project already holds them, so they are not "data of its own" — the preparation empties
 * them like every moved table and the snapshot's rows (the same words, this install's setting) take their
 * place. tests/integration/schema.test.ts checks that a migrated database has rows in exactly these.
 */
export const TABLAS_SEMBRADAS_POR_MIGRACIONES: readonly string[] = ['ajustes_seguridad', 'llamadas_clases', 'llamadas_vocabulario'];

const ESQUEMA_PROGRESO = '_consola_traslado';
/** Progress row that says the target was prepared for this snapshot (no real table has this name). */
const PREPARADO = '*';

export interface Comprobacion {
  /** This snapshot's move already started on the target: resume it. */
  reanudacion: boolean;
  /** Message tables the target lacks (made in the preparation). */
  tablasNuevas: string[];
  /** Blocks already pushed, by table name (schema.table → last block index). */
  hechos: Map<string, number>;
  /** Columns the target has per moved table (auth.users may have more or fewer than the embedded one). */
  columnasDestino: Map<string, Set<string>>;
}

/**
 * Before anything is written: the target has every table and column the snapshot moves (the console's migrations;
 * only run-time message tables may be missing) and no console data of its own — unless it is this computer's
 * own interrupted move (`propias` = snapshot ids this computer started).
 */
export async function comprobarDestino(c: pg.Client, tablas: TablaMovida[], instantanea: string, propias: string[]): Promise<Comprobacion> {
  const { rows } = await c.query<{ esquema: string; tabla: string; columna: string }>(
    `select n.nspname as esquema, c.relname as tabla, a.attname as columna
       from pg_catalog.pg_attribute a
       join pg_catalog.pg_class c on c.oid = a.attrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'auth') and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
  );
  const columnasDestino = new Map<string, Set<string>>();
  for (const row of rows) {
    const clave = `${row.esquema}.${row.tabla}`;
    if (!columnasDestino.has(clave)) columnasDestino.set(clave, new Set());
    columnasDestino.get(clave)!.add(row.columna);
  }
  const faltan: string[] = [];
  const tablasNuevas: string[] = [];
  for (const tabla of tablas) {
    const destino = columnasDestino.get(nombreTabla(tabla));
    if (!destino) {
      if (esTablaMensajes(tabla.esquema, tabla.tabla)) tablasNuevas.push(tabla.tabla);
      else faltan.push(`la tabla ${nombreTabla(tabla)}`);
      continue;
    }
    // auth.users belongs to the platform: only the columns both sides have are copied.
    if (tabla.esquema === 'auth') {
      for (const columna of ['id', 'email', 'encrypted_password']) if (!destino.has(columna)) faltan.push(`la columna auth.users.${columna}`);
      continue;
    }
    for (const columna of tabla.columnas) if (!destino.has(columna)) faltan.push(`la columna ${nombreTabla(tabla)}.${columna}`);
  }
  if (tablasNuevas.length > 0 && !(await c.query(`select to_regprocedure('public.create_message_table(text)') as f`)).rows[0]?.f) {
    faltan.push('la función public.create_message_table');
  }
  if (faltan.length > 0) {
    const lista = faltan.slice(0, 3).join(', ') + (faltan.length > 3 ? ` y ${faltan.length - 3} más` : '');
    throw new AppError('config', t().sinMigraciones(lista));
  }

  const hechos = new Map<string, number>();
  let prepararonOtras = false;
  const existe = (await c.query<{ r: string | null }>(`select to_regclass('${ESQUEMA_PROGRESO}.progreso')::text as r`)).rows[0]?.r;
  if (existe) {
    const progreso = await c.query<{ instantanea: string; tabla: string; bloque: number }>(
      `select instantanea, tabla, bloque from ${ESQUEMA_PROGRESO}.progreso`,
    );
    for (const row of progreso.rows) {
      if (row.instantanea === instantanea) hechos.set(row.tabla, row.bloque);
      else if (propias.includes(row.instantanea)) prepararonOtras = true;
    }
  }
  const reanudacion = hechos.has(PREPARADO);
  hechos.delete(PREPARADO);
  if (!reanudacion && !prepararonOtras) {
    // Any row in a table the move writes is the project's own (a fresh project with the migrations has none):
    // refused, so nothing of it is mixed with or replaced by the copy.
    const conDatos: string[] = [];
    for (const tabla of tablas) {
      if (tabla.esquema !== 'public' || !columnasDestino.has(nombreTabla(tabla))) continue;
      if (TABLAS_SEMBRADAS_POR_MIGRACIONES.includes(tabla.tabla)) continue;
      const { rows: hay } = await c.query<{ hay: boolean }>(`select exists (select 1 from ${tablaSql(tabla)}) as hay`);
      if (hay[0]?.hay) conDatos.push(tabla.tabla);
    }
    if (conDatos.length > 0) {
      const lista = conDatos.slice(0, 3).join(', ') + (conDatos.length > 3 ? ` y ${conDatos.length - 3} más` : '');
      throw new AppError('conflict', t().conDatos(lista));
    }
  }
  return { reanudacion, tablasNuevas, hechos, columnasDestino };
}

/** The target holds pushed work of this snapshot (its move started there and did not finish). */
export async function instantaneaEmpezada(c: pg.Client, instantanea: string): Promise<boolean> {
  const existe = (await c.query<{ r: string | null }>(`select to_regclass('${ESQUEMA_PROGRESO}.progreso')::text as r`)).rows[0]?.r;
  if (!existe) return false;
  const { rows } = await c.query(`select 1 from ${ESQUEMA_PROGRESO}.progreso where instantanea = $1 and tabla = $2`, [instantanea, PREPARADO]);
  return rows.length > 0;
}

/** Names of the ENABLE ALWAYS triggers of a table (the ones replica mode does not silence). */
async function disparadoresSiempre(c: pg.ClientBase, tabla: TablaMovida): Promise<string[]> {
  const { rows } = await c.query<{ nombre: string }>(
    `select tgname as nombre from pg_catalog.pg_trigger where tgrelid = $1::regclass and tgenabled = 'A' and not tgisinternal order by tgname`,
    [tablaSql(tabla)],
  );
  return rows.map((row) => row.nombre);
}

async function conDisparadoresApagados<T>(c: pg.ClientBase, tabla: TablaMovida, trabajo: () => Promise<T>): Promise<T> {
  const siempre = await disparadoresSiempre(c, tabla);
  for (const nombre of siempre) await c.query(`alter table ${tablaSql(tabla)} disable trigger ${q(nombre)}`);
  const resultado = await trabajo();
  // Back to exactly the mode they had (ALTER TABLE … DISABLE is transactional: a rollback restores it too).
  for (const nombre of siempre) await c.query(`alter table ${tablaSql(tabla)} enable always trigger ${q(nombre)}`);
  return resultado;
}

export async function enTransaccion<T>(c: pg.Client, trabajo: () => Promise<T>): Promise<T> {
  await c.query('begin');
  try {
    await c.query('set local session_replication_role = replica');
    const resultado = await trabajo();
    await c.query('commit');
    return resultado;
  } catch (error) {
    await c.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * First step of a move on this target, one transaction: the progress table, the missing message tables, and the
 * moved public tables emptied — they are empty unless this computer's own earlier move (with a snapshot since
 * replaced) left partial rows there: those go, so the new snapshot lands whole.
 */
export async function prepararDestino(c: pg.Client, tablas: TablaMovida[], comprobacion: Comprobacion, instantanea: string): Promise<void> {
  await enTransaccion(c, async () => {
    await c.query(`create schema if not exists ${ESQUEMA_PROGRESO}`);
    await c.query(`revoke all on schema ${ESQUEMA_PROGRESO} from public`);
    await c.query(
      `create table if not exists ${ESQUEMA_PROGRESO}.progreso (
         instantanea text not null, tabla text not null, bloque integer not null, primary key (instantanea, tabla))`,
    );
    for (const nombre of comprobacion.tablasNuevas) {
      await c.query('select public.create_message_table($1)', [nombre]);
      comprobacion.columnasDestino.set(`public.${nombre}`, new Set(tablas.find((x) => x.esquema === 'public' && x.tabla === nombre)?.columnas ?? []));
    }
    for (const tabla of tablas) {
      if (tabla.esquema !== 'public') continue;
      await conDisparadoresApagados(c, tabla, () => c.query(`delete from ${tablaSql(tabla)}`));
    }
    await c.query(`delete from ${ESQUEMA_PROGRESO}.progreso where instantanea <> $1`, [instantanea]);
    await anotar(c, instantanea, PREPARADO, 0);
  });
}

async function anotar(c: pg.ClientBase, instantanea: string, tabla: string, bloque: number): Promise<void> {
  await c.query(
    `insert into ${ESQUEMA_PROGRESO}.progreso (instantanea, tabla, bloque) values ($1, $2, $3)
       on conflict (instantanea, tabla) do update set bloque = excluded.bloque`,
    [instantanea, tabla, bloque],
  );
}

async function copiar(c: pg.ClientBase, destino: string, columnas: string[], texto: string): Promise<void> {
  if (texto.length === 0) return;
  const flujo = c.query(copyStreams.from(`copy ${destino} (${columnas.map(q).join(', ')}) from stdin`));
  await pipeline(Readable.from([texto.endsWith('\n') ? texto : `${texto}\n`]), flujo);
}

/**
 * Keeps only the columns at `indices` of COPY text lines. A field never holds a raw tab or newline (COPY text
 * escapes them as \t and \n), so splitting on them is exact.
 */
export function proyectarLineas(texto: string, indices: number[]): string {
  let salida = '';
  for (const linea of texto.split('\n')) {
    if (linea === '') continue;
    const campos = linea.split('\t');
    salida += `${indices.map((i) => campos[i]).join('\t')}\n`;
  }
  return salida;
}

/**
 * One snapshot block into the target, one transaction, recorded as done in the same transaction. auth.users goes
 * through a staging table and an upsert by id, with the columns both sides have (the platform's table differs).
 */
export async function empujarBloque(
  c: pg.Client,
  instantanea: string,
  tabla: TablaMovida,
  columnasDestino: Set<string>,
  indice: number,
  texto: string,
): Promise<void> {
  await enTransaccion(c, async () => {
    if (tabla.esquema === 'auth') {
      const indices = tabla.columnas.map((col, i) => (columnasDestino.has(col) ? i : -1)).filter((i) => i >= 0);
      const columnas = indices.map((i) => tabla.columnas[i]!);
      await conDisparadoresApagados(c, tabla, async () => {
        const lista = columnas.map(q).join(', ');
        // Only the copied columns, no constraints: the platform's defaults apply on the insert below.
        await c.query(`create temp table traslado_usuarios on commit drop as select ${lista} from auth.users with no data`);
        await copiar(c, 'pg_temp.traslado_usuarios', columnas, proyectarLineas(texto, indices));
        const cambios = columnas.filter((col) => col !== 'id').map((col) => `${q(col)} = excluded.${q(col)}`).join(', ');
        await c.query(
          `insert into auth.users (${lista}) select ${lista} from pg_temp.traslado_usuarios
             on conflict (id) do update set ${cambios}`,
        );
      });
    } else {
      await conDisparadoresApagados(c, tabla, () => copiar(c, tablaSql(tabla), tabla.columnas, texto));
    }
    await anotar(c, instantanea, nombreTabla(tabla), indice);
  });
}

/** A snapshot line `SELECT pg_catalog.setval('<seq>', <n>, <bool>);` as its parts, or null. */
export function leerSetval(linea: string): { secuencia: string; valor: string; llamado: boolean } | null {
  const m = /^SELECT pg_catalog\.setval\('((?:[^']|'')+)', (-?\d+), (true|false)\);\s*$/i.exec(linea.trim());
  return m ? { secuencia: m[1]!.replace(/''/g, "'"), valor: m[2]!, llamado: m[3]!.toLowerCase() === 'true' } : null;
}

/** The snapshot's sequence positions, for the sequences of moved schemas (parameters, never the line as SQL). */
export async function ajustarSecuencias(c: pg.Client, lineas: string[]): Promise<void> {
  await enTransaccion(c, async () => {
    for (const linea of lineas) {
      const setval = leerSetval(linea);
      if (!setval) continue;
      const esquema = setval.secuencia.replace(/^"/, '').split(/"?\./)[0];
      if (esquema !== 'public') continue;
      await c.query('select pg_catalog.setval($1::regclass, $2::bigint, $3)', [setval.secuencia, setval.valor, setval.llamado]);
    }
  });
}

const CERO_UUID = '00000000-0000-0000-0000-000000000000';
/** GoTrue reads these as strings: a NULL makes its sign-in fail ("Database error querying schema"). */
const TOKENS_GOTRUE = [
  'confirmation_token',
  'recovery_token',
  'email_change_token_new',
  'email_change_token_current',
  'email_change',
  'phone_change',
  'phone_change_token',
  'reauthentication_token',
];

/**
 * What a real Supabase project needs so the moved operators sign in with their same passwords (bcrypt hashes
 * from pgcrypto, which GoTrue accepts): the platform columns the embedded table lacks, where they exist and are
 * empty, and an e-mail identity per user when the project has auth.identities. A no-op on the stand-ins.
 */
export async function completarUsuarios(c: pg.Client, columnas: Set<string>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await enTransaccion(c, async () => {
    const asignaciones: string[] = [];
    if (columnas.has('aud')) asignaciones.push(`aud = coalesce(aud, 'authenticated')`);
    if (columnas.has('role')) asignaciones.push(`role = coalesce(role, 'authenticated')`);
    if (columnas.has('instance_id')) asignaciones.push(`instance_id = coalesce(instance_id, '${CERO_UUID}'::uuid)`);
    if (columnas.has('email_confirmed_at')) asignaciones.push(`email_confirmed_at = coalesce(email_confirmed_at, created_at, now())`);
    if (columnas.has('raw_app_meta_data')) {
      asignaciones.push(`raw_app_meta_data = coalesce(raw_app_meta_data, '{"provider":"email","providers":["email"]}'::jsonb)`);
    }
    for (const token of TOKENS_GOTRUE) if (columnas.has(token)) asignaciones.push(`${q(token)} = coalesce(${q(token)}, '')`);
    if (asignaciones.length > 0) await c.query(`update auth.users set ${asignaciones.join(', ')} where id = any($1::uuid[])`, [ids]);

    const { rows } = await c.query<{ columna: string; tipo: string }>(
      `select a.attname as columna, format_type(a.atttypid, a.atttypmod) as tipo
         from pg_catalog.pg_attribute a where a.attrelid = to_regclass('auth.identities') and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = ''`,
    );
    if (rows.length === 0) return;
    const tiene = new Map(rows.map((row) => [row.columna, row.tipo]));
    const cols: string[] = ['user_id', 'identity_data', 'provider'];
    const vals: string[] = ['u.id', `jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true)`, `'email'`];
    // Newer GoTrue: provider_id (the user's id for e-mail); older: id text = the user's id.
    if (tiene.has('provider_id')) {
      cols.push('provider_id');
      vals.push('u.id::text');
    }
    if (tiene.get('id') === 'text') {
      cols.push('id');
      vals.push('u.id::text');
    }
    for (const col of ['created_at', 'updated_at', 'last_sign_in_at']) {
      if (tiene.has(col)) {
        cols.push(col);
        vals.push('now()');
      }
    }
    await c.query(
      `insert into auth.identities (${cols.map(q).join(', ')})
       select ${vals.join(', ')} from auth.users u
        where u.id = any($1::uuid[])
          and not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email')`,
      [ids],
    );
  });
}

/** Rows the target holds per moved table (auth.users: only the moved users). */
export async function contarDestino(c: pg.Client, tablas: TablaMovida[], idsUsuarios: string[]): Promise<Map<string, number>> {
  const cuentas = new Map<string, number>();
  for (const tabla of tablas) {
    const { rows } =
      tabla.esquema === 'auth'
        ? await c.query<{ n: string }>('select count(*) as n from auth.users where id = any($1::uuid[])', [idsUsuarios])
        : await c.query<{ n: string }>(`select count(*) as n from ${tablaSql(tabla)}`);
    cuentas.set(nombreTabla(tabla), Number(rows[0]?.n ?? 0));
  }
  return cuentas;
}

/** The move's bookkeeping leaves the target once everything is in. */
export async function limpiarDestino(c: pg.Client): Promise<void> {
  await c.query(`drop schema if exists ${ESQUEMA_PROGRESO} cascade`);
}

/** A failure while writing the target as the administrator reads it (null = unexpected: the generic text). */
export function errorDeEscritura(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const e = error as { code?: unknown; table?: unknown; constraint?: unknown } | null;
  if (e?.code === '23505' && (e.table === 'users' || String(e.constraint ?? '').startsWith('users_'))) return new AppError('conflict', t().usuarioRepetido);
  if (e?.code === '42501') return new AppError('forbidden', t().sinPermiso);
  return null;
}
