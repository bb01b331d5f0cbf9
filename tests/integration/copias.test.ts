/**
 * Backups of the embedded database (issue 16), on real PGlite folders on disk and the real PostgreSQL 15:
 * a copy taken while writes go on is consistent, and those writes are answered while it runs (issue 25); a copy restored into a fresh folder (and with psql into
 * PostgreSQL 15) holds every table's rows, the sequences and the triggers' modes; truncated, foreign and changed
 * files are refused in Spanish with nothing changed; rotation with an injected clock; the copy a newer version
 * makes before it migrates an older folder; a restored copy that does not open leaves the current data in place.
 */
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { SqlQueryable } from '../../src/shared/ports/sql';
import type { ActividadDatos } from '../../src/shared/ports/datos';
import { openEmbeddedBackend, type EmbeddedBackend } from '../../src/main/motores/embebido/open-embedded';
import { openPgliteWorker, type BaseEmbebida } from '../../src/main/motores/embebido/pglite-worker-client';
import { findSupabaseDir } from '../../src/main/motores/embebido/migrate';
import { findPgBin } from '../support/postgres-cluster';
import { crearAjustesJson } from '../../src/main/ajustes/json-settings';
import { crearActividades } from '../../src/main/datos/actividades';
import { crearServicioCopias, type ServicioCopias } from '../../src/main/copias/servicio';
import { volcarBase, type ResultadoVolcado } from '../../src/main/copias/volcado';
import { conDuplicado } from '../../src/main/copias/duplicado';
import { crearFirmaCopias } from '../../src/main/copias/firma';
import { leerSecciones, verificarCopia } from '../../src/main/copias/lectura';
import { cargarCopia, prepararRestauracion } from '../../src/main/copias/restauracion';
import { construirIndicesPendientes, leerIndicesPendientes } from '../../src/main/motores/embebido/indices-pendientes';
import { PREFIJO_FIN, lineaFin, nombreDeCopia } from '../../src/main/copias/formato';
import { crearBoveda } from '../../src/main/secretos/vault';
import { openHost, type Host } from '../../src/main/host';
import { crearControlEntrada } from '../../src/main/entrada/control';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { Caller, Clock, TEST_EPOCH } from '../support/operators';
import { testService, clearService } from '../support/keychain';
import { es } from '../../src/shared/i18n/es';

const t = es.datos.copias;
const servicioFirma = testService('copias-firma');
const vaultFirma = crearBoveda(servicioFirma);
afterAll(() => clearService(servicioFirma));
const carpetas: string[] = [];
const abiertas: { cerrar(): Promise<void> }[] = [];
function carpetaTemporal(): string {
  const dir = mkdtempSync(join(tmpdir(), 'consola-copias-'));
  carpetas.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(abiertas.splice(0).map((b) => b.cerrar().catch(() => undefined)));
  for (const dir of carpetas.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Every table of the schemas a copy holds (rows counted and hashed in one fixed order), every sequence's value,
 * every trigger's mode and every index: "restored = source" is one comparison, on PGlite and PostgreSQL 15 alike (the session
 * prints timestamps in UTC).
 */
interface Huellas {
  tablas: Record<string, { filas: number; md5: string }>;
  secuencias: Record<string, string>;
  disparadores: Record<string, string>;
  indices: Record<string, string>;
}
async function huellas(db: SqlQueryable): Promise<Huellas> {
  const esquemas = ['public', 'auth', '_consola'];
  await db.query("set timezone = 'UTC'");
  const { rows: tablas } = await db.query<{ esquema: string; tabla: string }>(
    `select n.nspname as esquema, c.relname as tabla from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = any($1::text[]) order by 1, 2`,
    [esquemas],
  );
  const out: Huellas = { tablas: {}, secuencias: {}, disparadores: {}, indices: {} };
  for (const { esquema, tabla } of tablas) {
    const { rows } = await db.query<{ n: string | number; h: string }>(
      `select count(*) as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as h from "${esquema}"."${tabla}" t`,
    );
    out.tablas[`${esquema}.${tabla}`] = { filas: Number(rows[0]!.n), md5: rows[0]!.h };
  }
  const { rows: secuencias } = await db.query<{ esquema: string; nombre: string }>(
    `select n.nspname as esquema, c.relname as nombre from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = any($1::text[]) order by 1, 2`,
    [esquemas],
  );
  for (const s of secuencias) {
    const { rows } = await db.query<{ v: string }>(`select last_value::text || '/' || is_called::text as v from "${s.esquema}"."${s.nombre}"`);
    out.secuencias[`${s.esquema}.${s.nombre}`] = rows[0]!.v;
  }
  const { rows: disparadores } = await db.query<{ k: string; modo: string }>(
    `select n.nspname || '.' || c.relname || '.' || t.tgname as k, t.tgenabled::text as modo
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = any($1::text[])`,
    [esquemas],
  );
  for (const d of disparadores) out.disparadores[d.k] = d.modo;
  const { rows: indices } = await db.query<{ k: string; def: string }>(
    `select schemaname || '.' || indexname as k, indexdef as def from pg_indexes where schemaname = any($1::text[])`,
    [esquemas],
  );
  for (const i of indices) out.indices[i.k] = i.def;
  return out;
}

/** Rows the demo data does not have: an operator, a session, a document, a message in a run-time message table. */
async function datosExtra(dataDir: string, db: BaseEmbebida): Promise<void> {
  await db.query(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data)
     values ('copia@agencia.co', crypt('Segura2026x', gen_salt('bf', 4)), '{"nombre":"Ana"}')`,
  );
  await db.query(
    `insert into auth.sessions (user_id, token_hash, expires_at)
     select id, repeat('a', 64), now() + interval '1 hour' from auth.users where email = 'copia@agencia.co'`,
  );
  const { rows } = await db.query<{ tabla: string }>(
    `select c.relname as tabla from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname like '%registro_whatsapp' limit 1`,
  );
  expect(rows).toHaveLength(1); // the demo data made one at run time
  await db.query(`insert into public."${rows[0]!.tabla}" (session_id, message) values ('s-copia', $1)`, [
    JSON.stringify({ type: 'human', content: 'Tabulador\tcomilla \' barra \\ salto\nfin ñ 😀' }),
  ]);
  const documento = join(dataDir, 'archivos', 'marketing', 'campana 1', 'informe.pdf');
  mkdirSync(join(documento, '..'), { recursive: true });
  writeFileSync(documento, Buffer.from([0, 1, 2, 255, 10, 13, 92, 9]));
}

/** Builds the indexes a restore listed, failing the test on any error the builder would only log. */
async function reconstruir(db: BaseEmbebida): Promise<void> {
  const errores: unknown[] = [];
  await construirIndicesPendientes(db, (_m, error) => error && errores.push(error)).terminada;
  expect(errores).toEqual([]);
  expect(await leerIndicesPendientes(db)).toEqual([]);
}

/** A copy's SQL text, decompressed when it is a compressed copy. */
function textoDe(ruta: string): string {
  const bytes = readFileSync(ruta);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** The copy with its trailer computed again (a file someone edited but that still passes the checksum), written plain. */
function firmarDeNuevo(ruta: string, cambiar: (texto: string) => string): void {
  const texto = textoDe(ruta);
  const inicio = texto.lastIndexOf(`\n${PREFIJO_FIN}`) + 1;
  const cuerpo = Buffer.from(cambiar(texto.slice(0, inicio)), 'utf8');
  const fin = lineaFin({ sha256: createHash('sha256').update(cuerpo).digest('hex'), bytes: cuerpo.length });
  writeFileSync(ruta, Buffer.concat([cuerpo, Buffer.from(`${fin}\n`)]));
}

/**
 * The backups service over an embedded folder, with the host's swap as host.ts does it: close, apply the change,
 * open; undo and open the previous data when the new one does not open.
 */
async function abrirConCopias(dataDir: string, reloj: Clock, seed = true) {
  const log: string[] = [];
  let abierta: EmbeddedBackend | null = null;
  const actividades = crearActividades((m) => log.push(m), reloj.now);
  const abrir = () =>
    openEmbeddedBackend({ dataDir, seedDemoData: seed, now: reloj.now, antesDeMigrar: (db, p) => servicio.antesDeMigrar(db, p) });
  const servicio: ServicioCopias = crearServicioCopias({
    dataDir,
    settings: crearAjustesJson(join(dataDir, 'settings.json')),
    log: (m) => log.push(m),
    actividades,
    now: reloj.now,
    version: '0.1.0',
    base: () => abierta?.db ?? null,
    secretos: vaultFirma,
    async reemplazar(cambio) {
      await cambio.antesDeCerrar?.(abierta?.db ?? null);
      await abierta?.cerrar();
      abierta = null;
      await cambio.aplicar();
      try {
        abierta = await abrir();
        await cambio.alAbrir?.(abierta.db);
      } catch (error) {
        await cambio.deshacer();
        abierta = await abrir();
        throw error;
      }
    },
  });
  abierta = await abrir();
  const control = {
    servicio,
    actividades,
    log,
    get db() {
      return abierta!.db;
    },
    /** The indexes a restore left for the opened database (indices-pendientes.ts). */
    get indicesReconstruidos() {
      return abierta!.indicesReconstruidos;
    },
    async terminar(actividad: ActividadDatos): Promise<ActividadDatos> {
      await actividades.esperar();
      const fin = actividades.actual();
      expect(fin?.id).toBe(actividad.id);
      return fin!;
    },
    cerrar: async () => {
      servicio.detener();
      await abierta?.cerrar();
    },
  };
  abiertas.push(control);
  return control;
}

describe('copias de seguridad', () => {
  it('una copia tomada mientras se escribe es coherente (cada par escrito en una transacción está entero o no está) y las escrituras se responden mientras corre', async () => {
    const dataDir = carpetaTemporal();
    const fuente = await openEmbeddedBackend({ dataDir: join(dataDir, 'datos'), seedDemoData: true });
    abiertas.push(fuente);
    let escritos = 0;
    let seguir = true;
    let fallo: unknown = null;
    const escritor = (async () => {
      while (seguir) {
        const n = escritos;
        await fuente.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>('insert into campanas (nombre, minutos) values ($1, 1) returning id', [`par-${n}`]);
          await tx.query("insert into clientes (nombre, apellido, email, telefono, campana_id) values ($1, 'Par', $2, '3000000000', $3)", [
            `par-${n}`,
            `par${n}@clientes.co`,
            rows[0]!.id,
          ]);
        });
        escritos = n + 1;
      }
    })().catch((error: unknown) => {
      fallo = error;
    });
    await expect.poll(() => escritos, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(10);
    const antes = escritos;
    let alTerminar = 0;
    let durante: number | null = null;
    // As the backups service takes it: from a duplicate of the data folder, read in its own worker.
    const copia: ResultadoVolcado = await conDuplicado(fuente.db, join(dataDir, 'datos', 'pgdata'), join(dataDir, 'datos', 'pgdata-copiando'), async (duplicado) => {
      // The copy is running: the app's writes are answered meanwhile (the writer moves on; a client is saved).
      const enCurso = escritos;
      await expect.poll(() => escritos, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(enCurso + 3);
      const { rows } = await fuente.db.query<{ id: number }>(
        "insert into clientes (nombre, apellido, email, telefono, campana_id) select 'Durante', 'La Copia', 'durante@clientes.co', '3000000001', min(id) from campanas returning id",
      );
      durante = rows[0]!.id;
      const resultado = await volcarBase(duplicado, join(dataDir, 'copia.sql.gz'), { version: '0.1.0', tipo: 'manual', now: () => TEST_EPOCH, comprimir: true });
      alTerminar = enCurso;
      return resultado;
    });
    expect(durante).not.toBeNull();
    expect(existsSync(join(dataDir, 'datos', 'pgdata-copiando'))).toBe(false);
    // Compressed: a fraction of its text.
    expect(copia.bytes).toBeLessThan(copia.bytesTexto * 0.3);
    // The writer goes on after the copy: what it writes from here is not in it.
    await expect.poll(() => escritos, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(alTerminar + 5);
    seguir = false;
    await escritor;
    expect(fallo).toBeNull();

    const restaurada = await openPgliteWorker({ dataDir: join(dataDir, 'restaurada') });
    abiertas.push(restaurada);
    const { cabecera } = await verificarCopia(copia.ruta);
    await cargarCopia(restaurada, copia.ruta, { cabecera });
    const { rows } = await restaurada.query<{ pares: number; campanas_solas: number; clientes_solos: number }>(
      `select (select count(*) from campanas c join clientes k on k.campana_id = c.id and k.nombre = c.nombre where c.nombre like 'par-%')::int as pares,
              (select count(*) from campanas c where c.nombre like 'par-%' and not exists (select 1 from clientes k where k.campana_id = c.id))::int as campanas_solas,
              (select count(*) from clientes k where k.nombre like 'par-%' and not exists (select 1 from campanas c where c.id = k.campana_id and c.nombre = k.nombre))::int as clientes_solos`,
    );
    expect(rows[0]!.campanas_solas).toBe(0);
    expect(rows[0]!.clientes_solos).toBe(0);
    expect(rows[0]!.pares).toBeGreaterThanOrEqual(antes);
    expect(rows[0]!.pares).toBeLessThanOrEqual(alTerminar);
    expect(rows[0]!.pares).toBeLessThan(escritos);
    // Saved while the copy ran, after the instant the copy holds: not in it.
    expect((await restaurada.query<{ n: number }>("select count(*)::int as n from clientes where email = 'durante@clientes.co'")).rows[0]!.n).toBe(0);
  }, 240_000);

  it('restaurada en una carpeta nueva: cada tabla, secuencia, modo de disparador y documento igual a la fuente', async () => {
    const dataDir = carpetaTemporal();
    const fuente = await openEmbeddedBackend({ dataDir, seedDemoData: true });
    abiertas.push(fuente);
    await datosExtra(dataDir, fuente.db);
    const antes = await huellas(fuente.db);
    const copia = await volcarBase(fuente.db, join(dataDir, 'copia.sql'), {
      version: '0.1.0',
      tipo: 'manual',
      now: () => TEST_EPOCH,
      archivos: join(dataDir, 'archivos'),
    });
    expect(copia.cabecera.filas['_consola_copia.archivos']).toBe(1);
    expect(copia.cabecera.filas['public.clientes']).toBe(antes.tablas['public.clientes']!.filas);
    // A standard dump: the header says how to restore it with psql, no search_path '' in it.
    const texto = readFileSync(copia.ruta, 'utf8');
    expect(texto).toContain('psql -v ON_ERROR_STOP=1 -f copia.sql');
    expect(texto).not.toContain("set_config('search_path', ''");

    const otra = carpetaTemporal();
    const restaurada = await openPgliteWorker({ dataDir: join(otra, 'pgdata') });
    abiertas.push(restaurada);
    const { cabecera } = await verificarCopia(copia.ruta);
    await cargarCopia(restaurada, copia.ruta, { cabecera, archivos: join(otra, 'archivos') });
    // The plain indexes wait for the opened database (indices-pendientes.ts); built, everything is as in the source.
    expect((await leerIndicesPendientes(restaurada)).map((i) => i.nombre)).toContain('clientes_busqueda_trgm_idx');
    expect((await restaurada.query("select to_regclass('public.clientes_busqueda_trgm_idx') as i")).rows[0]).toEqual({ i: null });
    await reconstruir(restaurada);
    const despues = await huellas(restaurada);
    // A restore ends every session (everybody signs in again); everything else is equal.
    expect(despues.tablas['auth.sessions']).toMatchObject({ filas: 0 });
    expect(antes.tablas['auth.sessions']!.filas).toBe(1);
    delete antes.tablas['auth.sessions'];
    delete despues.tablas['auth.sessions'];
    expect(despues).toEqual(antes);
    expect(Object.keys(despues.tablas).length).toBeGreaterThan(40);
    expect(readFileSync(join(otra, 'archivos', 'marketing', 'campana 1', 'informe.pdf'))).toEqual(Buffer.from([0, 1, 2, 255, 10, 13, 92, 9]));
    // The documents' schema stays out of the restored database.
    expect((await restaurada.query("select to_regnamespace('_consola_copia') as s")).rows[0]).toEqual({ s: null });

    // The reader's blocks: fixed size, numbered per table, all the rows.
    let filas = 0;
    for await (const s of leerSecciones(copia.ruta)) if (s.tipo === 'datos') filas += s.filas;
    expect(filas).toBe(copia.filas);
  }, 240_000);

  it('una copia restaurada abre antes de reconstruir sus índices simples: se construyen al abrir (también tras cerrar a medias) y una copia hecha entretanto los incluye', async () => {
    const fuenteDir = carpetaTemporal();
    const fuente = await openEmbeddedBackend({ dataDir: fuenteDir, seedDemoData: true });
    abiertas.push(fuente);
    const antes = await huellas(fuente.db);
    const copia = await volcarBase(fuente.db, join(fuenteDir, 'copia.sql.gz'), { version: '0.1.0', tipo: 'manual', now: () => TEST_EPOCH, comprimir: true });
    await fuente.cerrar();

    // Restored as the app does it, then moved in place as the host does.
    const dataDir = carpetaTemporal();
    await prepararRestauracion(dataDir, copia.ruta, { cabecera: copia.cabecera });
    renameSync(join(dataDir, 'pgdata-restaurando'), join(dataDir, 'pgdata'));
    const restaurada = await openPgliteWorker({ dataDir: join(dataDir, 'pgdata') });
    const listados = await leerIndicesPendientes(restaurada);
    expect(listados.length).toBeGreaterThan(5);
    // Unique indexes are built by the restore itself: they keep data correct while the app writes.
    expect(listados.every((i) => i.def.startsWith('CREATE INDEX IF NOT EXISTS '))).toBe(true);
    expect((await restaurada.query("select to_regclass('public.clientes_pkey') as i")).rows[0]).toEqual({ i: 'clientes_pkey' });

    // A copy taken now holds the listed indexes (and not the list): restored and built, it equals the source.
    const entretanto = await volcarBase(restaurada, join(dataDir, 'entretanto.sql.gz'), { version: '0.1.0', tipo: 'manual', now: () => TEST_EPOCH, comprimir: true });
    expect(Object.keys(entretanto.cabecera.filas)).not.toContain('_consola.indices_pendientes');
    const textoEntretanto = textoDe(entretanto.ruta);
    expect(listados.filter((i) => !textoEntretanto.includes(`\n${i.def};\n`))).toEqual([]);
    // Stopped before the first index (the app closing at once): nothing is lost, the list stays whole.
    await construirIndicesPendientes(restaurada, () => {}).detener();
    expect(await leerIndicesPendientes(restaurada)).toEqual(listados);
    await restaurada.cerrar();

    // Opened as the app opens it: it answers at once and the indexes follow.
    const abierta = await openEmbeddedBackend({ dataDir, seedDemoData: true });
    abiertas.push(abierta);
    await abierta.indicesReconstruidos;
    expect(await leerIndicesPendientes(abierta.db)).toEqual([]);
    const despues = await huellas(abierta.db);
    delete antes.tablas['auth.sessions'];
    delete despues.tablas['auth.sessions'];
    expect(despues).toEqual(antes);

    const otra = carpetaTemporal();
    const otraDb = await openPgliteWorker({ dataDir: join(otra, 'pgdata') });
    abiertas.push(otraDb);
    await cargarCopia(otraDb, entretanto.ruta, { cabecera: entretanto.cabecera });
    await reconstruir(otraDb);
    const deLaOtra = await huellas(otraDb);
    delete deLaOtra.tablas['auth.sessions'];
    expect(deLaOtra).toEqual(antes);
  }, 240_000);

  it('la copia restaurada con psql en PostgreSQL 15 es igual a la fuente, tabla por tabla', async () => {
    const bin = findPgBin();
    expect(bin).not.toBeNull();
    const dataDir = carpetaTemporal();
    const fuente = await openEmbeddedBackend({ dataDir, seedDemoData: true });
    abiertas.push(fuente);
    await datosExtra(dataDir, fuente.db);
    const copia = await volcarBase(fuente.db, join(dataDir, 'copia.sql'), {
      version: '0.1.0',
      tipo: 'manual',
      now: () => TEST_EPOCH,
      archivos: join(dataDir, 'archivos'),
    });
    const antes = await huellas(fuente.db);

    const base = new URL(inject('pgUrl'));
    const nombre = `copia_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database ${nombre}`);
    await admin.end();
    base.pathname = `/${nombre}`;
    // Exactly what the file's header tells a person to run.
    execFileSync(join(bin!, 'psql'), ['-v', 'ON_ERROR_STOP=1', '-q', '-f', copia.ruta, '-d', base.toString()], { stdio: 'pipe' });

    const cliente = new pg.Client({ connectionString: base.toString() });
    await cliente.connect();
    try {
      const db: SqlQueryable = {
        query: async (sql, params = []) => ({ rows: (await cliente.query(sql, [...params])).rows }),
        exec: async (sql) => void (await cliente.query(sql)),
      };
      const enPostgres = await huellas(db);
      expect(enPostgres).toEqual(antes);
      const { rows } = await cliente.query<{ n: number }>('select count(*)::int as n from _consola_copia.archivos');
      expect(rows[0]!.n).toBe(1);
    } finally {
      await cliente.end();
    }
  }, 240_000);

  it('un archivo truncado, uno ajeno y uno con un byte cambiado se rechazan en español sin cambiar nada; cancelar tampoco cambia nada', async () => {
    const dataDir = carpetaTemporal();
    const reloj = new Clock();
    const app = await abrirConCopias(dataDir, reloj);
    const creada = await app.terminar(app.servicio.port.crear());
    expect(creada).toMatchObject({ estado: 'terminado' });
    const [copia] = await app.servicio.port.listar();
    const ruta = join(dataDir, 'copias', copia!.nombre);
    await app.db.query("insert into campanas (nombre, minutos) values ('Después de la copia', 5)");
    const actuales = await huellas(app.db);

    const truncado = join(dataDir, 'truncado.sql');
    cpSync(ruta, truncado);
    truncateSync(truncado, Math.floor(readFileSync(ruta).length / 2));
    const ajeno = join(dataDir, 'ajeno.sql');
    writeFileSync(ajeno, '-- PostgreSQL database dump\nSET statement_timeout = 0;\ncreate table cosas (id int);\n');
    const cambiado = join(dataDir, 'cambiado.sql');
    const bytes = readFileSync(ruta);
    expect(ruta.endsWith('.sql.gz') && bytes[0] === 0x1f && bytes[1] === 0x8b).toBe(true); // the service's copies are compressed
    const medio = Math.floor(bytes.length / 2);
    bytes[medio] = bytes[medio]! ^ 0x5a; // inside the compressed text
    writeFileSync(cambiado, bytes);
    const vacio = join(dataDir, 'vacio.sql');
    writeFileSync(vacio, '');
    // Made by a newer version: its schema includes a migration this version does not have.
    const futura = join(dataDir, 'futura.sql');
    cpSync(ruta, futura);
    firmarDeNuevo(futura, (texto) =>
      texto.replace('-- consola: esquema _consola.migraciones', '-- consola: esquema migrations/29991231000000_futura.sql\ncreate table public.futura (id int);\n\n-- consola: esquema _consola.migraciones'),
    );

    for (const [archivo, mensaje] of [
      [truncado, t.danada],
      [ajeno, t.ajena],
      [cambiado, t.danada],
      [vacio, t.ajena],
      [futura, t.formatoNuevo],
      [join(dataDir, 'no-existe.sql'), t.noEncontrada],
      ['consola-20200101-000000-manual.sql', t.noEsDeLaLista],
    ] as const) {
      // Confirmed as another computer's: these refusals are about the file, whoever signed it.
      const fin = await app.terminar(await app.servicio.port.restaurar(archivo, { deOtroEquipo: true }));
      expect(fin, archivo).toMatchObject({ tipo: 'restauracion', estado: 'fallido', mensaje });
      expect(await huellas(app.db)).toEqual(actuales);
      expect(readdirSync(dataDir).filter((n) => n.includes('restaur'))).toEqual([]);
    }
    await expect(verificarCopia(truncado)).rejects.toMatchObject({ code: 'validation', message: t.danada });

    // Cancelled before the swap: nothing changes, nothing is left behind; a cancelled copy leaves no file.
    const restaurando = await app.servicio.port.restaurar(copia!.nombre);
    expect(app.actividades.cancelar()).toBe(true);
    expect(await app.terminar(restaurando)).toMatchObject({ estado: 'cancelado', mensaje: es.datos.cancelada });
    expect(await huellas(app.db)).toEqual(actuales);
    expect(readdirSync(dataDir).filter((n) => n.includes('restaur'))).toEqual([]);
    const copiando = app.servicio.port.crear();
    expect(app.actividades.cancelar()).toBe(true);
    expect(await app.terminar(copiando)).toMatchObject({ estado: 'cancelado' });
    expect(readdirSync(join(dataDir, 'copias'))).toEqual([copia!.nombre]);
    // The original is still good, and the app still writes.
    await expect(verificarCopia(ruta)).resolves.toMatchObject({ cabecera: { tipo: 'manual' } });
    await app.db.query("insert into campanas (nombre, minutos) values ('Sigue escribiendo', 5)");
  }, 240_000);

  it('restaurar desde la lista: los datos vuelven a los de la copia y los anteriores quedan aparte; una copia vieja sin comprimir se lista y se restaura', async () => {
    const dataDir = carpetaTemporal();
    const reloj = new Clock();
    const app = await abrirConCopias(dataDir, reloj);
    await datosExtra(dataDir, app.db);
    expect(await app.terminar(app.servicio.port.crear())).toMatchObject({ estado: 'terminado' });
    // A copy as versions before issue 25 wrote them: plain SQL named .sql, signed by this install.
    const vieja = nombreDeCopia('manual', new Date(reloj.now().getTime() - 3600_000));
    const firma = crearFirmaCopias(vaultFirma);
    await volcarBase(app.db, join(dataDir, 'copias', vieja), {
      version: '0.1.0',
      tipo: 'manual',
      now: () => new Date(reloj.now().getTime() - 3600_000),
      archivos: join(dataDir, 'archivos'),
      firmar: (fin) => firma.firmar(fin),
    });
    const listadas = await app.servicio.port.listar();
    expect(listadas.map((c) => c.nombre)).toEqual([expect.stringMatching(/\.sql\.gz$/), vieja]);
    expect(listadas[0]!.bytes).toBeLessThan(listadas[1]!.bytes * 0.3);
    const enLaCopia = await huellas(app.db);
    await app.db.query("insert into campanas (nombre, minutos) values ('Después de la copia', 5)");
    rmSync(join(dataDir, 'archivos', 'marketing'), { recursive: true });

    const fin = await app.terminar(await app.servicio.port.restaurar(vieja));
    expect(fin).toMatchObject({ estado: 'terminado', mensaje: t.restaurada(vieja) });
    await app.indicesReconstruidos;
    const ahora = await huellas(app.db);
    delete enLaCopia.tablas['auth.sessions'];
    expect(ahora.tablas['auth.sessions']!.filas).toBe(0);
    delete ahora.tablas['auth.sessions'];
    // The restored database holds the copy's rows plus one: the restore itself, written to its audit trail after it.
    const { rows: rastro } = await app.db.query<{ accion: string }>('select accion from auditoria order by id desc limit 1');
    expect(rastro).toEqual([{ accion: 'datos.restaurar' }]);
    expect(ahora.tablas['public.auditoria']!.filas).toBe(enLaCopia.tablas['public.auditoria']!.filas + 1);
    for (const h of [ahora, enLaCopia]) {
      delete h.tablas['public.auditoria'];
      delete h.secuencias['public.auditoria_id_seq'];
    }
    expect(ahora).toEqual(enLaCopia);
    expect(existsSync(join(dataDir, 'archivos', 'marketing', 'campana 1', 'informe.pdf'))).toBe(true);
    expect(existsSync(join(dataDir, 'pgdata-antes-de-restaurar'))).toBe(true);
    expect(existsSync(join(dataDir, 'pgdata-restaurando'))).toBe(false);
  }, 240_000);

  it('rotación en disco con el reloj inyectado: la copia diaria cada 24 h, se quedan 7 recientes y 4 semanales, nunca una manual', async () => {
    const dataDir = carpetaTemporal();
    const reloj = new Clock(TEST_EPOCH); // Saturday 2026-11-21 15:00 UTC
    const app = await abrirConCopias(dataDir, reloj, false);
    const manual = await app.terminar(app.servicio.port.crear());
    expect(manual).toMatchObject({ estado: 'terminado' });
    // Busy: the timer's look does not wait, it tries again later.
    const ocupada = app.servicio.port.crear();
    expect(await app.servicio.revisar()).toBeNull();
    await app.terminar(ocupada);

    expect(await app.servicio.revisar()).toMatchObject({ tipo: 'copia', estado: 'terminado' });
    reloj.advance(23 * 3600_000);
    expect(await app.servicio.revisar()).toBeNull(); // the newest daily copy is 23 h old
    reloj.advance(3600_000);
    for (let dia = 1; dia < 40; dia++) {
      expect(await app.servicio.revisar()).toMatchObject({ estado: 'terminado' });
      reloj.advance(24 * 3600_000);
    }
    const copias = await app.servicio.port.listar();
    const dias = (tipo: string) =>
      copias
        .filter((c) => c.tipo === tipo)
        .map((c) => c.creada.slice(0, 10))
        .sort();
    // Days 2026-11-21 … 2026-12-30: the 7 newest, then the newest of each of the 4 weeks before them.
    expect(dias('diaria')).toEqual([
      '2026-11-29', '2026-12-06', '2026-12-13', '2026-12-20',
      '2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30',
    ]);
    expect(dias('manual')).toEqual(['2026-11-21', '2026-11-21']);
    const ajustes = await app.servicio.port.ajustes();
    expect(ajustes).toMatchObject({ automaticas: true, ultimaAutomatica: expect.stringMatching(/^2026-12-30T15:00/) });
    expect(ajustes.proximaAutomatica).toMatch(/^2026-12-31T15:00/);

    // Off: nothing is made, whatever the time.
    await app.servicio.port.guardarAjustes({ carpeta: null, automaticas: false });
    reloj.advance(5 * 24 * 3600_000);
    expect(await app.servicio.revisar()).toBeNull();
    expect(await app.servicio.port.ajustes()).toMatchObject({ proximaAutomatica: null });
  }, 300_000);

  it('una versión nueva que abre una carpeta vieja hace antes una copia con el esquema viejo', async () => {
    const dataDir = carpetaTemporal();
    const vieja = join(carpetaTemporal(), 'supabase');
    cpSync(findSupabaseDir(), vieja, { recursive: true });
    const migraciones = readdirSync(join(vieja, 'migrations')).sort();
    const ultima = migraciones.at(-1)!;
    rmSync(join(vieja, 'migrations', ultima));
    const previo = process.env.CONSOLA_SUPABASE_DIR;
    process.env.CONSOLA_SUPABASE_DIR = vieja;
    try {
      const antigua = await openEmbeddedBackend({ dataDir, seedDemoData: true });
      await antigua.cerrar();
    } finally {
      if (previo === undefined) delete process.env.CONSOLA_SUPABASE_DIR;
      else process.env.CONSOLA_SUPABASE_DIR = previo;
    }
    const app = await abrirConCopias(dataDir, new Clock());
    const copias = await app.servicio.port.listar();
    expect(copias.map((c) => c.tipo)).toEqual(['antes-de-migrar']);
    const ruta = join(dataDir, 'copias', copias[0]!.nombre);
    const marcas: string[] = [];
    for await (const s of leerSecciones(ruta)) if (s.tipo === 'sql') marcas.push(s.marca);
    expect(marcas).toContain(`esquema migrations/${migraciones.at(-2)}`);
    expect(marcas).not.toContain(`esquema migrations/${ultima}`);
    const { rows } = await app.db.query<{ n: number }>('select count(*)::int as n from _consola.migraciones where nombre = $1', [`migrations/${ultima}`]);
    expect(rows[0]!.n).toBe(1); // and then it migrated
    // An up-to-date folder makes no copy when it opens.
    await app.cerrar();
    abiertas.splice(abiertas.indexOf(app), 1);
    const otra = await abrirConCopias(dataDir, new Clock());
    expect(await otra.servicio.port.listar()).toHaveLength(1);
  }, 300_000);
});

describe('copias: la carpeta y los archivos son solo del usuario', () => {
  it('una carpeta en la que otros pueden escribir (1777) se rechaza; en ella no se copia ni se lista nada', async () => {
    const dataDir = carpetaTemporal();
    const app = await abrirConCopias(dataDir, new Clock(), false);
    const compartida = join(dataDir, 'compartida');
    mkdirSync(compartida);
    chmodSync(compartida, 0o1777);
    await expect(app.servicio.port.guardarAjustes({ carpeta: compartida, automaticas: true })).rejects.toMatchObject({
      code: 'validation',
      message: t.carpetaInsegura(compartida),
    });
    expect((await app.servicio.port.ajustes()).carpeta).toBe(join(dataDir, 'copias'));

    expect(await app.terminar(app.servicio.port.crear())).toMatchObject({ estado: 'terminado' });
    const [copia] = await app.servicio.port.listar();
    const propia = join(dataDir, 'copias');
    // The folder the app made becomes writable by others: nothing in it is trusted any more.
    chmodSync(propia, 0o777);
    expect(await app.servicio.port.listar()).toEqual([]);
    expect(await app.terminar(app.servicio.port.crear())).toMatchObject({ estado: 'fallido', mensaje: t.carpetaInsegura(propia) });
    chmodSync(propia, 0o700);
    expect((await app.servicio.port.listar()).map((c) => c.nombre)).toEqual([copia!.nombre]);

    // A listed copy swapped for a link to another file: not listed, not restorable by name or by path.
    const otra = join(dataDir, 'otra.sql');
    cpSync(join(propia, copia!.nombre), otra);
    rmSync(join(propia, copia!.nombre));
    symlinkSync(otra, join(propia, copia!.nombre));
    expect(await app.servicio.port.listar()).toEqual([]);
    expect(await app.terminar(await app.servicio.port.restaurar(copia!.nombre))).toMatchObject({ estado: 'fallido', mensaje: t.noEsDeLaLista });
    expect(await app.terminar(await app.servicio.port.restaurar(join(propia, copia!.nombre)))).toMatchObject({ estado: 'fallido', mensaje: t.archivoNoPropio });
  }, 180_000);

  it('un enlace .parcial plantado (colgante, hacia otra ruta) no se sigue: la copia no escribe a través de él', async () => {
    const dataDir = carpetaTemporal();
    // Pinned: the copy's name (to the second) is known in advance.
    const reloj = new Clock(TEST_EPOCH);
    const app = await abrirConCopias(dataDir, reloj, false);
    const fuera = carpetaTemporal();
    const elegido = join(fuera, 'recibido.sql');
    const carpeta = join(dataDir, 'copias');
    mkdirSync(carpeta, { mode: 0o700 });

    // The engine itself: exclusive creation without following links fails instead of writing the target.
    const destino = join(carpeta, 'directa.sql');
    symlinkSync(elegido, `${destino}.parcial`);
    await expect(volcarBase(app.db, destino, { version: '0.1.0', tipo: 'manual', now: reloj.now })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(existsSync(elegido)).toBe(false);
    expect(lstatSync(`${destino}.parcial`).isSymbolicLink()).toBe(true);
    expect(existsSync(destino)).toBe(false);

    // Through the service: the planted name (and its final name) are taken, the copy goes to a free one.
    const nombre = nombreDeCopia('manual', TEST_EPOCH, 1, true);
    symlinkSync(elegido, join(carpeta, `${nombre}.parcial`));
    expect(await app.terminar(app.servicio.port.crear())).toMatchObject({ estado: 'terminado' });
    expect(existsSync(elegido)).toBe(false);
    const [copia] = await app.servicio.port.listar();
    expect(copia!.nombre).not.toBe(nombre);
    expect(lstatSync(join(carpeta, copia!.nombre)).isFile()).toBe(true);
  }, 180_000);
});

describe('restaurar por el host', () => {
  const service = testService('copias');
  const ADMIN = { nombre: 'Ana Ruiz', email: 'ana@agencia.co', password: 'Segura2026x' };
  let host: Host | null = null;
  afterAll(async () => {
    await host?.cerrar();
    await clearService(service);
  });

  /**
   * Waits for the data activity to end. A restore ends every session: once it is swapped in, the caller signs in
   * again with the first of `contrasenas` that works (the restored data decides which).
   */
  async function esperarActividad(caller: Caller, contrasenas: string[] = [ADMIN.password]): Promise<ActividadDatos> {
    let ultima: ActividadDatos | null = null;
    const leer = () => host!.dispatch('datos', 'actividad', {}, caller) as Promise<Envelope>;
    await expect
      .poll(
        async () => {
          let r = await leer();
          if (!r.ok && r.error.code === 'unauthenticated') {
            for (const password of contrasenas) {
              if (((await host!.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password }, caller)) as Envelope).ok) break;
            }
            r = await leer();
          }
          ultima = r.ok ? (r.data as ActividadDatos | null) : null;
          return ultima?.estado ?? 'sin respuesta';
        },
        { timeout: 120_000, interval: 200 },
      )
      .toMatch(/^(terminado|fallido|cancelado)$/);
    return ultima!;
  }

  it('una copia editada con su suma rehecha no se restaura sin confirmarla por su nombre (la contraseña que puso no entra); confirmada, sí', async () => {
    const dataDir = carpetaTemporal();
    host = await openHost({ dataDir, seedDemoData: false, secretsService: service, copiasAutomaticas: false, log: () => {} });
    const caller = new Caller();
    const call = (area: string, op: string, input: unknown = {}, quien = caller) => host!.dispatch(area, op, input, quien) as Promise<Envelope>;
    const ok = async <T,>(area: string, op: string, input: unknown = {}): Promise<T> => {
      const r = await call(area, op, input);
      if (!r.ok) throw new Error(`${area}.${op}: ${r.error.message}`);
      return r.data as T;
    };
    const entra = async (password: string) => (await call('auth', 'iniciarSesion', { email: ADMIN.email, password }, new Caller())).ok;
    await ok('auth', 'crearPrimerAdmin', ADMIN);
    await ok('datos', 'crearCopia');
    expect(await esperarActividad(caller)).toMatchObject({ estado: 'terminado' });
    const { copias } = await ok<{ copias: { nombre: string }[] }>('datos', 'copias');
    const propia = copias[0]!.nombre;

    // Someone with access to the file gives the administrator a password of theirs and computes the sum again.
    const INTRUSA = 'Intrusa2026x';
    const calculadora = await openPgliteWorker({ dataDir: join(carpetaTemporal(), 'pg') });
    await calculadora.exec('create extension if not exists pgcrypto');
    const { rows } = await calculadora.query<{ h: string }>("select crypt($1, gen_salt('bf', 4)) as h", [INTRUSA]);
    await calculadora.cerrar();
    const editada = join(dataDir, 'editada.sql');
    cpSync(join(dataDir, 'copias', propia), editada);
    let cambios = 0;
    firmarDeNuevo(editada, (texto) =>
      texto
        .split('\n')
        .map((linea) =>
          linea.includes(`\t${ADMIN.email}\t`)
            ? linea.replace(/\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53}/, () => {
                cambios++;
                return rows[0]!.h;
              })
            : linea,
        )
        .join('\n'),
    );
    expect(cambios).toBe(1);
    await expect(verificarCopia(editada)).resolves.toBeTruthy(); // the sha256 alone finds nothing wrong

    expect(await call('datos', 'restaurar', { archivo: editada })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: t.deOtroEquipo('editada.sql'), details: { deOtroEquipo: true } },
    });
    expect(await ok<ActividadDatos | null>('datos', 'actividad')).toMatchObject({ tipo: 'copia' });
    expect(await entra(INTRUSA)).toBe(false);
    expect(await entra(ADMIN.password)).toBe(true);

    // Confirmed by the administrator (a copy brought from another computer is legitimate): it restores.
    await ok('datos', 'restaurar', { archivo: editada, deOtroEquipo: true });
    expect(await esperarActividad(caller, [INTRUSA])).toMatchObject({ tipo: 'restauracion', estado: 'terminado', mensaje: t.restaurada('editada.sql') });
    expect(await entra(INTRUSA)).toBe(true);
    // This install's own copy needs no confirmation.
    await ok('datos', 'restaurar', { archivo: propia });
    expect(await esperarActividad(caller, [ADMIN.password])).toMatchObject({ tipo: 'restauracion', estado: 'terminado', mensaje: t.restaurada(propia) });
    expect(await entra(ADMIN.password)).toBe(true);
    await host.cerrar();
    host = null;
  }, 300_000);

  it('restaurar una copia vieja no rebobina la memoria de la entrada: la solicitud ya rechazada con 409 sigue rechazada, la clave ya usada sigue usada', async () => {
    const dataDir = carpetaTemporal();
    const reloj = new Clock();
    const settings = crearAjustesJson(join(dataDir, 'settings.json'));
    let abierto: Host | null = null;
    const entrada = crearControlEntrada({
      settings,
      secretos: crearBoveda(service),
      datos: () => abierto?.datosSistema() ?? null,
      fijado: { direccion: '127.0.0.1', puerto: 0 },
      now: reloj.now,
    });
    host = abierto = await openHost({ dataDir, settings, entrada, seedDemoData: false, secretsService: service, copiasAutomaticas: false, now: reloj.now, log: () => {} });
    const caller = new Caller();
    const ok = async <T,>(area: string, op: string, input: unknown = {}): Promise<T> => {
      const r = (await host!.dispatch(area, op, input, caller)) as Envelope;
      if (!r.ok) throw new Error(`${area}.${op}: ${r.error.message}`);
      return r.data as T;
    };
    await ok('auth', 'crearPrimerAdmin', ADMIN);
    // The older copy: taken before the listener saw anything.
    await ok('datos', 'crearCopia');
    expect(await esperarActividad(caller)).toMatchObject({ estado: 'terminado' });
    const { copias } = await ok<{ copias: { nombre: string }[] }>('datos', 'copias');
    const { secreto } = await ok<{ secreto: string }>('conexion', 'rotarSecretoEntrada', { ruta: 'llamadas' });
    await entrada.aplicar();
    const url = `${entrada.enMarcha!.url}/entrada/llamadas`;
    const enviar = async (texto: string, fecha: number, extra: Record<string, string> = {}) => {
      const firma = createHmac('sha256', secreto).update(`${fecha}.`).update(texto).digest('hex');
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Consola-Fecha': String(fecha), 'X-Consola-Firma': `sha256=${firma}`, ...extra },
        body: texto,
      });
      return { status: r.status, body: (await r.json()) as { data?: Record<string, unknown> } };
    };
    const segundos = () => Math.floor(reloj.now().getTime() / 1000);
    const texto = JSON.stringify({ conversation_id: 'conv-antes-de-restaurar', status: 'exitosa' });
    const fecha = segundos();
    expect((await enviar(texto, fecha)).status).toBe(200);
    expect((await enviar(texto, fecha)).status).toBe(409);
    const conClave = JSON.stringify({ conversation_id: 'conv-con-clave', status: 'exitosa' });
    expect(await enviar(conClave, segundos(), { 'Idempotency-Key': 'resultado-77' })).toMatchObject({ status: 200, body: { data: { guardado: true } } });

    await ok('datos', 'restaurar', { archivo: copias[0]!.nombre });
    expect(await esperarActividad(caller)).toMatchObject({ tipo: 'restauracion', estado: 'terminado' });
    // The restore is in the trail of the database that stays (the restored one), in the administrator's name.
    const { filas } = await ok<{ filas: { accion: string; objeto: string | null; email: string | null }[] }>('auditoria', 'buscar', { filtros: { accion: 'datos.restaurar' } });
    expect(filas).toEqual([expect.objectContaining({ accion: 'datos.restaurar', objeto: copias[0]!.nombre, email: ADMIN.email })]);
    // Still inside the 5-minute window of its signature: the same request is still a replay.
    expect((await enviar(texto, fecha)).status).toBe(409);
    // A fresh signature with the key already used: answered as a duplicate, nothing written twice.
    expect(await enviar(conClave, segundos() + 1, { 'Idempotency-Key': 'resultado-77' })).toMatchObject({ status: 200, body: { data: { duplicado: true } } });
    await entrada.cerrar();
    await host.cerrar();
    host = null;
  }, 300_000);

  it('una copia que se restaura pero no abre deja los datos actuales en uso', async () => {
    const dataDir = carpetaTemporal();
    host = await openHost({ dataDir, seedDemoData: false, secretsService: service, copiasAutomaticas: false, log: () => {} });
    const caller = new Caller();
    const call = (area: string, op: string, input: unknown = {}) => host!.dispatch(area, op, input, caller) as Promise<Envelope>;
    const ok = async <T,>(area: string, op: string, input: unknown = {}): Promise<T> => {
      const r = await call(area, op, input);
      if (!r.ok) throw new Error(`${area}.${op}: ${r.error.message}`);
      return r.data as T;
    };
    const hastaQueTermine = async () => {
      let ultima: ActividadDatos | null = null;
      await expect
        .poll(async () => (ultima = await ok<ActividadDatos | null>('datos', 'actividad'))?.estado, { timeout: 120_000, interval: 200 })
        .not.toBe('en_curso');
      return ultima!;
    };
    await ok('auth', 'crearPrimerAdmin', ADMIN);
    await ok('llamadas', 'crearCampana', { nombre: 'Antes de la copia', minutos: 10 });
    await ok('datos', 'crearCopia');
    expect(await hastaQueTermine()).toMatchObject({ estado: 'terminado' });
    const { copias } = await ok<{ copias: { nombre: string }[] }>('datos', 'copias');
    const ruta = join(dataDir, 'copias', copias[0]!.nombre);
    // A copy whose recorded migration differs from this version's file: it loads, but the host cannot open it.
    const rota = join(dataDir, 'rota.sql');
    cpSync(ruta, rota);
    firmarDeNuevo(rota, (texto) => texto.replace(/^(migrations\/20261121000100_base\.sql\t)[0-9a-f]{64}/m, `$1${'0'.repeat(64)}`));
    await expect(verificarCopia(rota)).resolves.toBeTruthy();
    await ok('llamadas', 'crearCampana', { nombre: 'Después de la copia', minutos: 10 });

    await ok('datos', 'restaurar', { archivo: rota, deOtroEquipo: true });
    expect(await hastaQueTermine()).toMatchObject({ tipo: 'restauracion', estado: 'fallido', mensaje: t.noAbre });
    // The same data, the same session.
    const campanas = await ok<Array<{ nombre: string }>>('llamadas', 'listarCampanas');
    expect(campanas.map((c) => c.nombre).sort()).toEqual(['Antes de la copia', 'Después de la copia']);
    expect(existsSync(join(dataDir, 'pgdata-restaurando'))).toBe(false);
  }, 300_000);
});
