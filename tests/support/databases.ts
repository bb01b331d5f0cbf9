/**
 * Fresh databases for a test file: an in-memory PGlite, or a new database in the run's PostgreSQL 15
 * cluster. Both are returned as the platform-free SqlClient so the same test body runs on both.
 *
 * - `freshPglite` / `freshPostgres` (and BACKENDS): EMPTY databases, for tests of the migrations themselves;
 *   most tests then call `migrated(db)` (tests/support/operators.ts).
 * - `migratedPglite` / `migratedPostgres` (and MIGRATED_BACKENDS): databases with every migration already
 *   applied, cheaply: PGlite loads a data folder migrated once per set of migrations (kept in the temp
 *   folder, keyed by their contents), PostgreSQL copies the template database the global setup migrated.
 *   `migrated(db)` on them finds nothing left to do.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import pg from 'pg';
import type { SqlClient } from '../../src/shared/ports/sql';
import { crearClientePg } from '../../src/main/motores/postgres/pg-client';
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS, pgliteAsSqlClient } from '../../src/main/motores/embebido/pglite-client';
import { claveDePglite } from '../../src/main/motores/embebido/plantilla';
import { findSupabaseDir, migrate } from '../../src/main/motores/embebido/migrate';

let counter = 0;

async function createDatabase(template?: string): Promise<SqlClient> {
  const base = inject('pgUrl');
  const name = `t_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return crearClientePg(url.toString());
}

export async function freshPostgres(): Promise<SqlClient> {
  return createDatabase();
}

/**
 * An empty in-memory PGlite, loaded from a bare cluster made once per PGlite version (kept in the temp folder):
 * PGlite's initdb took ~5 s per database, loading its result ~1 s.
 */
export async function freshPglite(): Promise<SqlClient> {
  return pgliteAsSqlClient(await PGlite.create({ loadDataDir: await clusterVacio(), extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS }));
}

async function clusterVacio(): Promise<Blob> {
  const dump = join(tmpdir(), `consola-pglite-vacia-${claveDePglite().replace(/\W+/g, '-')}.tar`);
  if (!existsSync(dump)) {
    const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    guardarAparte(dump, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
    await db.close();
  }
  return new Blob([readFileSync(dump)]);
}

/** Written aside and renamed: a file running at the same time reads either nothing or the whole folder. */
function guardarAparte(ruta: string, contenido: Buffer): void {
  const partial = `${ruta}.${process.pid}.${counter++}`;
  writeFileSync(partial, contenido);
  renameSync(partial, ruta);
}

/** A copy of the database the global setup migrated (or, against an outside server, a new one migrated here). */
export async function migratedPostgres(): Promise<SqlClient> {
  const template = inject('pgTemplate');
  if (template) return createDatabase(template);
  const db = await createDatabase();
  await migrate(db, { supabaseDir: findSupabaseDir(), embedded: true });
  return db;
}

/** The migrations' identity: a data folder migrated with other files is never reused. */
function migrationsKey(): string {
  const supabase = findSupabaseDir();
  const hash = createHash('sha256');
  for (const dir of ['embedded', 'migrations']) {
    const full = join(supabase, dir);
    if (!existsSync(full)) continue;
    for (const file of readdirSync(full).filter((f) => f.endsWith('.sql')).sort()) hash.update(`${dir}/${file}\n`).update(readFileSync(join(full, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** An in-memory PGlite with every migration applied, loaded from a data folder migrated once. */
export async function migratedPglite(): Promise<SqlClient> {
  const dump = join(tmpdir(), `consola-pglite-migrada-${migrationsKey()}.tar`);
  if (!existsSync(dump)) {
    const db = await PGlite.create({ loadDataDir: await clusterVacio(), extensions: PGLITE_EXTENSIONS });
    await migrate(pgliteAsSqlClient(db), { supabaseDir: findSupabaseDir(), embedded: true });
    guardarAparte(dump, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
    await db.close();
  }
  const db = await PGlite.create({ loadDataDir: new Blob([readFileSync(dump)]), extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
  return pgliteAsSqlClient(db);
}

export const BACKENDS = [
  ['PGlite', freshPglite],
  ['PostgreSQL 15', freshPostgres],
] as const;

export const MIGRATED_BACKENDS = [
  ['PGlite', migratedPglite],
  ['PostgreSQL 15', migratedPostgres],
] as const;
