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
 * no user, no secret, and the ledger's applied_at is set to the moment of the copy, so it tells when this
 * install got its schema. A second template (CARPETA_PLANTILLA_DEMO) also holds the demo data, seeded at build
 * time: a copy of it gets its dates moved to this install's moment and new random portal passwords
 * (plantilla-demo.ts), so seeding (most of the remaining first start) is not redone per install.
 *
 * A third one (CARPETA_PLANTILLA_VACIA) is a bare cluster, just out of initdb, keyed by the PGlite version: every
 * other new cluster (a restore's, the copy a restore checks) is copied from it instead of running initdb, which
 * alone took ~5 s of WebAssembly (a copy: well under one).
 */
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SqlClient } from '../../../shared/ports/sql';
import { checksumOf, findUpwards, migrate, planDeMigraciones, type MigrateOptions } from './migrate';

/** The template's folder name, next to the built main process (out/main). */
export const CARPETA_PLANTILLA = 'plantilla-base';

/**
 * The same template with the demo data already seeded (plantilla-demo.ts makes a copy of it this install's):
 * a new folder that gets the demo data starts from it; one without (CONSOLA_SIN_DEMO, the bench's big
 * database) from the schema-only one.
 */
export const CARPETA_PLANTILLA_DEMO = 'plantilla-demo';

/** The bare cluster (no migration): what PGlite's initdb makes, for any other new cluster. */
export const CARPETA_PLANTILLA_VACIA = 'plantilla-vacia';

/** In a demo template: the moment (epoch ms) its demo data was seeded relative to. */
const ARCHIVO_REFERENCIA = 'referencia';

/** The identity of the migration files (their ledger names and checksums, in order): a template is only used for the same. */
export async function claveDeMigraciones(options: MigrateOptions): Promise<string> {
  const hash = createHash('sha256');
  for (const paso of await planDeMigraciones(options)) hash.update(`${paso.nombre} ${checksumOf(await readFile(paso.path, 'utf8'))}\n`);
  return hash.digest('hex');
}

/** The identity of a bare cluster: the PGlite version that made it (initdb's output changes with PostgreSQL's). */
export function claveDePglite(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const paquete = join(dir, 'package.json');
    if (existsSync(paquete)) {
      const { name, version } = JSON.parse(readFileSync(paquete, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return `pglite ${version}`;
    }
    if (dirname(dir) === dir) throw new Error('No se encontró la versión de PGlite');
    dir = dirname(dir);
  }
}

/**
 * The built template's folder: next to the built main process (out/main; in a packaged app the unpacked copy
 * beside app.asar, see electron-builder.yml), else out/main of the repository (bench, tests from source).
 */
export function buscarPlantilla(carpeta: string = CARPETA_PLANTILLA): string | null {
  const cerca = findUpwards(carpeta) ?? findUpwards(join('out', 'main', carpeta));
  if (!cerca) return null;
  const desempacada = cerca.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return existsSync(desempacada) ? desempacada : cerca;
}

function vacia(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Copies the template into `pgdata` when `pgdata` is new (missing or empty) and the template was migrated with
 * exactly these files. Answers whether it did.
 */
export async function copiarPlantilla(pgdata: string, options: MigrateOptions, plantilla: string | null = buscarPlantilla()): Promise<boolean> {
  if (!plantilla || !vacia(pgdata)) return false;
  return copiarSiNueva(pgdata, plantilla, await claveDeMigraciones(options));
}

/** Copies the bare cluster into `pgdata` when `pgdata` is new and the template was made by this PGlite. */
export function copiarPlantillaVacia(pgdata: string, plantilla: string | null = buscarPlantilla(CARPETA_PLANTILLA_VACIA)): boolean {
  if (!plantilla || !vacia(pgdata)) return false;
  return copiarSiNueva(pgdata, plantilla, claveDePglite());
}

/**
 * The copy both make, when the template's key is `clave`. It is made beside and renamed, so a start interrupted
 * half-way leaves no half database (the next start copies again, or creates the folder as before).
 */
function copiarSiNueva(pgdata: string, plantilla: string, clave: string): boolean {
  const archivoClave = join(plantilla, 'clave');
  if (!existsSync(archivoClave) || readFileSync(archivoClave, 'utf8').trim() !== clave) return false;
  const aparte = `${pgdata}.plantilla-${process.pid}`;
  rmSync(aparte, { recursive: true, force: true });
  mkdirSync(dirname(pgdata), { recursive: true });
  copiarArbol(join(plantilla, 'pgdata'), aparte);
  rmSync(pgdata, { recursive: true, force: true }); // an empty folder
  renameSync(aparte, pgdata);
  return true;
}

/**
 * Copies a folder tree of plain files (a cluster: ~1,250 files). Node 20's fs.cpSync checks each entry in
 * JavaScript and took about 5 times `cp -r`'s time here; a clone where the file system can make one.
 */
function copiarArbol(origen: string, destino: string): void {
  mkdirSync(destino, { recursive: true });
  for (const entrada of readdirSync(origen, { withFileTypes: true })) {
    const de = join(origen, entrada.name);
    const a = join(destino, entrada.name);
    if (entrada.isDirectory()) copiarArbol(de, a);
    else if (entrada.isFile()) copyFileSync(de, a, constants.COPYFILE_FICLONE);
  }
}

/** After a copy: the ledger says when this install got its schema, not when the build made the template. */
export async function fecharLedger(db: SqlClient): Promise<void> {
  await db.query('update _consola.migraciones set applied_at = now()');
}

/** A demo template's reference moment (epoch ms), or null for a schema-only template (or none). */
export function referenciaDeDemo(plantilla: string | null): number | null {
  if (!plantilla || !existsSync(join(plantilla, ARCHIVO_REFERENCIA))) return null;
  const ms = Number(readFileSync(join(plantilla, ARCHIVO_REFERENCIA), 'utf8').trim());
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/**
 * Makes the template at `destino` (the build calls it): a new cluster on disk, every migration applied, closed
 * cleanly, and its key. `abrir` opens a PGlite over a folder (pglite-client's openPgliteInProcess). With
 * `sembrar` (the demo template), the demo data is seeded relative to this moment, which is kept beside it.
 */
export async function crearPlantilla(
  destino: string,
  options: MigrateOptions,
  abrir: (dataDir: string) => Promise<SqlClient>,
  sembrar?: (db: SqlClient, referencia: Date) => Promise<unknown>,
): Promise<void> {
  await escribirPlantilla(destino, await claveDeMigraciones(options), async (aparte) => {
    const db = await abrir(join(aparte, 'pgdata'));
    const referencia = new Date();
    try {
      await migrate(db, options);
      if (sembrar) await sembrar(db, referencia);
    } finally {
      await db.cerrar();
    }
    if (sembrar) writeFileSync(join(aparte, ARCHIVO_REFERENCIA), `${referencia.getTime()}\n`);
  });
}

/** Makes the bare cluster's template at `destino` (the build calls it): PGlite's initdb, closed cleanly. */
export async function crearPlantillaVacia(destino: string, abrir: (dataDir: string) => Promise<SqlClient>): Promise<void> {
  await escribirPlantilla(destino, claveDePglite(), async (aparte) => {
    await (await abrir(join(aparte, 'pgdata'))).cerrar();
  });
}

/** Fills a template beside `destino` and renames it there with its key; nothing to do when it has that key. */
async function escribirPlantilla(destino: string, clave: string, llenar: (aparte: string) => Promise<void>): Promise<void> {
  if (existsSync(join(destino, 'clave')) && readFileSync(join(destino, 'clave'), 'utf8').trim() === clave && existsSync(join(destino, 'pgdata'))) return;
  const aparte = `${destino}.${process.pid}.tmp`;
  rmSync(aparte, { recursive: true, force: true });
  mkdirSync(aparte, { recursive: true });
  await llenar(aparte);
  writeFileSync(join(aparte, 'clave'), `${clave}\n`);
  rmSync(destino, { recursive: true, force: true });
  renameSync(aparte, destino);
}
