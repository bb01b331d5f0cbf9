/**
 * The first start of a new data folder copies a migrated database instead of creating one (issue 25).
 *
 * Creating the cluster (PGlite's initdb) and applying every migration took most of the first start (8.6 s of
 * which the demo data was under 2). The build (`electron-vite build`, electron.vite.config.ts) makes that
 * database once: `out/main/plantilla-base/pgdata`, with `clave` = the identity of the migration files it was
 * migrated with. A new data folder gets a copy of it when the key matches the files this version ships, and
 * `migrate` then finds every file in the ledger with the same checksum (and applies whatever the template lacks,
 * were it ever behind). A stale or missing template changes nothing: the folder is created as before.
 *
 * What must differ per install is not in the template: it holds the schema and the ledger only, no row of data,
 * no user, no secret. The demo data (with its per-install random portal passwords) is seeded after the copy,
 * and the ledger's applied_at is set to the moment of the copy, so it tells when this install got its schema.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { SqlClient } from '../../../shared/ports/sql';
import { checksumOf, findUpwards, migrate, planDeMigraciones, type MigrateOptions } from './migrate';

/** The template's folder name, next to the built main process (out/main). */
export const CARPETA_PLANTILLA = 'plantilla-base';

/** The identity of the migration files (their ledger names and checksums, in order): a template is only used for the same. */
export async function claveDeMigraciones(options: MigrateOptions): Promise<string> {
  const hash = createHash('sha256');
  for (const paso of await planDeMigraciones(options)) hash.update(`${paso.nombre} ${checksumOf(await readFile(paso.path, 'utf8'))}\n`);
  return hash.digest('hex');
}

/**
 * The built template's folder: next to the built main process (out/main; in a packaged app the unpacked copy
 * beside app.asar, see electron-builder.yml), else out/main of the repository (bench, tests from source).
 */
export function buscarPlantilla(): string | null {
  const cerca = findUpwards(CARPETA_PLANTILLA) ?? findUpwards(join('out', 'main', CARPETA_PLANTILLA));
  if (!cerca) return null;
  const desempacada = cerca.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return existsSync(desempacada) ? desempacada : cerca;
}

function vacia(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Copies the template into `pgdata` when `pgdata` is new (missing or empty) and the template was migrated with
 * exactly these files. Answers whether it did. The copy is made beside and renamed, so a start interrupted
 * half-way leaves no half database (the next start copies again, or creates the folder as before).
 */
export async function copiarPlantilla(pgdata: string, options: MigrateOptions, plantilla: string | null = buscarPlantilla()): Promise<boolean> {
  if (!plantilla || !vacia(pgdata)) return false;
  const clave = join(plantilla, 'clave');
  if (!existsSync(clave) || readFileSync(clave, 'utf8').trim() !== (await claveDeMigraciones(options))) return false;
  const aparte = `${pgdata}.plantilla-${process.pid}`;
  rmSync(aparte, { recursive: true, force: true });
  mkdirSync(dirname(pgdata), { recursive: true });
  cpSync(join(plantilla, 'pgdata'), aparte, { recursive: true });
  rmSync(pgdata, { recursive: true, force: true }); // an empty folder
  renameSync(aparte, pgdata);
  return true;
}

/** After a copy: the ledger says when this install got its schema, not when the build made the template. */
export async function fecharLedger(db: SqlClient): Promise<void> {
  await db.query('update _consola.migraciones set applied_at = now()');
}

/**
 * Makes the template at `destino` (the build calls it): a new cluster on disk, every migration applied, closed
 * cleanly, and its key. `abrir` opens a PGlite over a folder (pglite-client's openPgliteInProcess).
 */
export async function crearPlantilla(destino: string, options: MigrateOptions, abrir: (dataDir: string) => Promise<SqlClient>): Promise<void> {
  const clave = await claveDeMigraciones(options);
  if (existsSync(join(destino, 'clave')) && readFileSync(join(destino, 'clave'), 'utf8').trim() === clave && existsSync(join(destino, 'pgdata'))) return;
  const aparte = `${destino}.${process.pid}.tmp`;
  rmSync(aparte, { recursive: true, force: true });
  mkdirSync(aparte, { recursive: true });
  const db = await abrir(join(aparte, 'pgdata'));
  try {
    await migrate(db, options);
  } finally {
    await db.close();
  }
  writeFileSync(join(aparte, 'clave'), `${clave}\n`);
  rmSync(destino, { recursive: true, force: true });
  renameSync(aparte, destino);
}
