/**
 * The migration runner for the embedded database and the test databases.
 *
 * Applies supabase/embedded/*.sql (the stand-ins for the Supabase platform; only when `embedded`) and then
 * supabase/migrations/*.sql, each folder in sorted file order, each file in its own transaction, recording
 * the file in the ledger _consola.migraciones (name, sha256 checksum, applied_at). A file already in the
 * ledger is skipped; one whose content changed after it was applied stops the run with a clear error.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlClient } from '../../../shared/ports/sql';

export interface MigrateOptions {
  /** The repository's supabase folder (holds migrations/ and embedded/). */
  supabaseDir: string;
  /** Apply supabase/embedded/*.sql first (embedded database and test databases; never hosted). */
  embedded: boolean;
}

interface LedgerRow {
  nombre: string;
  checksum: string;
}

/** The ledger's own DDL (run before the first file; a backup replays it after the schema files). */
export const LEDGER_SQL = `
  create schema if not exists _consola;
  create table if not exists _consola.migraciones (
    nombre text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  );
  revoke all on schema _consola from public;
`;

/** Key of the advisory lock that serialises concurrent runners on the same database. */
const LOCK_KEY = 774_201_121;

/** sha256 of the file with line endings normalised, so a Windows checkout keeps the same checksum. */
export function checksumOf(content: string): string {
  return createHash('sha256').update(content.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');
}

async function sqlFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const names = await readdir(dir);
  return names.filter((name) => name.endsWith('.sql')).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export interface PasoMigracion {
  /** 'embedded/<file>' or 'migrations/<file>', as the ledger records it. */
  nombre: string;
  path: string;
}

/** Every file in the order it is applied: embedded/*.sql (when asked) then migrations/*.sql, each sorted by name. */
export async function planDeMigraciones(options: MigrateOptions): Promise<PasoMigracion[]> {
  const migrationsDir = join(options.supabaseDir, 'migrations');
  if (!existsSync(migrationsDir)) {
    throw new Error(`No se encontró la carpeta de migraciones: ${migrationsDir}`);
  }
  const plan: PasoMigracion[] = [];
  if (options.embedded) {
    const embeddedDir = join(options.supabaseDir, 'embedded');
    for (const file of await sqlFiles(embeddedDir)) plan.push({ nombre: `embedded/${file}`, path: join(embeddedDir, file) });
  }
  for (const file of await sqlFiles(migrationsDir)) plan.push({ nombre: `migrations/${file}`, path: join(migrationsDir, file) });
  return plan;
}

/** Rank of a ledger name in the order files are applied (embedded before migrations, then by name). */
export function ordenDeMigracion(a: string, b: string): number {
  const carpeta = (nombre: string) => (nombre.startsWith('embedded/') ? 0 : 1);
  return carpeta(a) - carpeta(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The files a `migrate` would apply to a database that already has a ledger with rows (a newer version opening
 * an older folder); [] for a new database (nothing to protect) or one that is up to date. Read-only.
 */
export async function pendientes(client: SqlClient, options: MigrateOptions): Promise<string[]> {
  const { rows: existe } = await client.query<{ existe: boolean }>(
    "select to_regclass('_consola.migraciones') is not null as existe",
  );
  if (!existe[0]?.existe) return [];
  const { rows } = await client.query<LedgerRow>('select nombre, checksum from _consola.migraciones');
  if (rows.length === 0) return [];
  const ledger = new Map(rows.map((row) => [row.nombre, row.checksum]));
  const faltan: string[] = [];
  for (const step of await planDeMigraciones(options)) {
    if (!ledger.has(step.nombre)) faltan.push(step.nombre);
  }
  return faltan;
}

/** Applies what is missing and returns the names applied now (e.g. 'migrations/20261121000100_base.sql'). */
export async function migrate(client: SqlClient, options: MigrateOptions): Promise<string[]> {
  const plan = await planDeMigraciones(options);

  const ledger = await client.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(LEDGER_SQL);
    const { rows } = await tx.query<LedgerRow>('select nombre, checksum from _consola.migraciones');
    return new Map(rows.map((row) => [row.nombre, row.checksum]));
  });

  const applied: string[] = [];
  for (const step of plan) {
    const content = await readFile(step.path, 'utf8');
    const checksum = checksumOf(content);
    // Fast path for every start-up: an applied file with the same content needs no transaction of its own.
    if (ledger.get(step.nombre) === checksum) continue;
    const done = await client.transaction(async (tx) => {
      // Another process may be migrating the same database: wait for it, then look at the ledger again.
      await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const { rows } = await tx.query<LedgerRow>(
        'select nombre, checksum from _consola.migraciones where nombre = $1',
        [step.nombre],
      );
      const previous = rows[0];
      if (previous) {
        if (previous.checksum !== checksum) {
          throw new Error(
            `La migración ${step.nombre} ya fue aplicada y su contenido cambió ` +
              `(checksum aplicado ${previous.checksum.slice(0, 12)}…, actual ${checksum.slice(0, 12)}…). ` +
              'No se modifica una migración aplicada: crea una migración nueva.',
          );
        }
        return false;
      }
      try {
        await tx.exec(content);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`Falló la migración ${step.nombre}: ${message}`, { cause: error });
      }
      await tx.query('insert into _consola.migraciones (nombre, checksum) values ($1, $2)', [step.nombre, checksum]);
      return true;
    });
    if (done) applied.push(step.nombre);
  }
  return applied;
}

// ---------------------------------------------------------------------------------------------------
// Locating the repository's (or the packaged app's) resource folders.

/** The folder of this module, in ESM or in a CommonJS bundle. */
function moduleDir(): string | null {
  try {
    const url: string | undefined = import.meta.url;
    if (url && url.startsWith('file:')) return dirname(fileURLToPath(url));
  } catch {
    /* not an ES module */
  }
  if (typeof __dirname === 'string') return __dirname;
  return null;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Walks up from this module's folder and from the working directory looking for `<dir>/<relative>`
 * where `<dir>/<marker>` is a folder. Returns `<dir>/<relative>` or null.
 */
export function findUpwards(relative: string, marker: string = relative): string | null {
  const starts = [moduleDir(), process.cwd()].filter((dir): dir is string => typeof dir === 'string');
  for (const start of starts) {
    let dir = resolve(start);
    for (;;) {
      if (isDir(join(dir, marker))) return join(dir, relative);
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return null;
}

/** Electron's resources folder of a packaged app, when running inside one. */
export function electronResourcesPath(): string | null {
  const value = (process as NodeJS.Process & { resourcesPath?: string }).resourcesPath;
  return typeof value === 'string' && value ? value : null;
}

/**
 * The supabase folder: env CONSOLA_SUPABASE_DIR, else the nearest folder (walking up from this module and
 * from the working directory) that contains supabase/migrations, else the packaged app's resources/supabase.
 */
export function findSupabaseDir(): string {
  const fromEnv = process.env.CONSOLA_SUPABASE_DIR;
  if (fromEnv) return resolve(fromEnv);
  const found = findUpwards('supabase', join('supabase', 'migrations'));
  if (found) return found;
  const resources = electronResourcesPath();
  if (resources) return join(resources, 'supabase');
  throw new Error('No se encontró la carpeta supabase (define CONSOLA_SUPABASE_DIR).');
}
