/**
 * The embedded backend: PGlite in a worker thread over the app's data folder, locked to this process,
 * migrated to the current schema and, on first run, filled with the demo data.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend, SecretsPort } from '../../../shared/ports';
import { claimsDe } from '../../../shared/ports/auth';
import { crearEjecutorSql } from '../../../shared/consultas/sql-executor';
import { loadCatalog } from '../../../shared/consultas/catalog';
import { acquireFolderLock } from './folder-lock';
import { makeFolderPrivate } from './private-folder';
import { openPgliteWorker, type BaseEmbebida } from './pglite-worker-client';
import { crearAuthEmbebida } from './embedded-auth';
import { findSupabaseDir, migrate, pendientes } from './migrate';
import { buscarPlantilla, CARPETA_PLANTILLA_DEMO, copiarPlantilla, fecharLedger, referenciaDeDemo } from './plantilla';
import { ajustarDemoCopiada, hashesDePortal } from './plantilla-demo';
import { EMPRESAS } from './seed/empresas';
import { construirIndicesPendientes, leerIndicesPendientes, type ConstruccionIndices } from './indices-pendientes';
import { seedDemoData } from './seed';
import { cambiosDeBase, type CambiosDeBase } from '../../cambios/escucha';

export interface EmbeddedOptions {
  dataDir: string;
  seedDemoData?: boolean;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
  /**
   * Called before migrations are applied to a database that already has data (a newer version opening an older
   * folder), with the names about to be applied: the host makes a backup there (issue 16).
   */
  antesDeMigrar?: (db: BaseEmbebida, pendientes: string[]) => Promise<void>;
  /** The migrated template a new folder is copied from (plantilla.ts); default: the build's; null: none. */
  plantilla?: string | null;
  /** The same with the demo data, used when the demo data is wanted (plantilla.ts); default: the build's; null: none. */
  plantillaDemo?: string | null;
  /** The keychain: the key that encrypts the operators' TOTP secrets lives there (issue 27). */
  secretos?: SecretsPort;
}

export interface EmbeddedBackend {
  backend: Backend;
  db: BaseEmbebida;
  /** Resolves when the indexes a restore left for after are built (at once when there are none; indices-pendientes.ts). */
  indicesReconstruidos: Promise<void>;
  cerrar(): Promise<void>;
}

export async function openEmbeddedBackend(options: EmbeddedOptions): Promise<EmbeddedBackend> {
  const log = options.log ?? (() => {});
  mkdirSync(options.dataDir, { recursive: true });
  const lock = acquireFolderLock(options.dataDir);
  let db: BaseEmbebida | undefined;
  let vivo: CambiosDeBase | undefined;
  try {
    const pgdata = join(options.dataDir, 'pgdata');
    const plan = { supabaseDir: findSupabaseDir(), embedded: true };
    // A new folder starts from the build's migrated template when there is one for these migrations (plantilla.ts):
    // the one with the demo data when the demo data is wanted, else the schema-only one.
    const copiar = (plantilla: string | null) =>
      copiarPlantilla(pgdata, plan, plantilla).catch((error: unknown) => {
        log('No se pudo copiar la base inicial; se crea desde cero', error);
        return false;
      });
    const plantillaDemo = options.seedDemoData === false ? null : options.plantillaDemo === undefined ? buscarPlantilla(CARPETA_PLANTILLA_DEMO) : options.plantillaDemo;
    const referenciaDemo = referenciaDeDemo(plantillaDemo);
    const deLaDemo = referenciaDemo !== null && (await copiar(plantillaDemo));
    const deLaPlantilla = deLaDemo || (await copiar(options.plantilla === undefined ? buscarPlantilla() : options.plantilla));
    makeFolderPrivate(options.dataDir); // the user's alone (0700/0600), also folders made by older versions
    // The demo companies' new portal password hashes are made on this thread while the database opens on its own.
    const hashes = deLaDemo ? hashesDePortal(EMPRESAS.length) : null;
    hashes?.catch(() => undefined); // awaited below; a failure there fails the open
    const worker = await openPgliteWorker({ dataDir: pgdata });
    db = worker;
    if (deLaPlantilla) {
      await fecharLedger(worker);
      // The demo data's dates move to now and its portal passwords become this install's own (plantilla-demo.ts).
      if (deLaDemo) await ajustarDemoCopiada(worker, referenciaDemo, (options.now?.() ?? new Date()).getTime(), hashes!);
      log(`Base nueva creada desde la plantilla migrada de esta versión${deLaDemo ? ', con los datos de demostración' : ''}.`);
    }
    // A restored copy whose indexes are still listed (indices-pendientes.ts): newer migrations run on its whole schema.
    if ((await leerIndicesPendientes(worker)).length > 0 && (await pendientes(worker, plan)).length > 0) {
      await construirIndicesPendientes(worker, log).terminada;
    }
    if (options.antesDeMigrar) {
      // A newer version opening an older folder: a copy with the old schema first (issue 16).
      const faltan = await pendientes(db, plan);
      if (faltan.length > 0) await options.antesDeMigrar(worker, faltan);
    }
    const applied = await migrate(db, plan);
    if (applied.length > 0) log(`Migraciones aplicadas: ${applied.join(', ')}`);
    if (options.seedDemoData !== false) {
      const summary = await seedDemoData(db, { now: options.now?.() });
      if (!('skipped' in summary && summary.skipped)) log('Datos de demostración cargados.');
    }
    // Row changes, for the live screens: listened to from here on (migrations and the demo data are not news).
    vivo = await cambiosDeBase(worker, log);
    // What a restore left to build, while the app already answers (indices-pendientes.ts).
    const indices: ConstruccionIndices = construirIndicesPendientes(worker, log);
    const cambios = vivo;
    // The catalogue is read while the first screen appears; the first data query waits for it.
    const client = db;
    const catalogReady = loadCatalog(client);
    catalogReady.catch((error) => log('No se pudo leer el catálogo de la base de datos', error));
    const backend: Backend = {
      kind: 'embedded',
      auth: crearAuthEmbebida(client, options.now, options.secretos),
      dataFor: (session) => {
        const executor = catalogReady.then((catalog) =>
          crearEjecutorSql(
            client,
            {
              role: 'authenticated',
              claims: claimsDe(session),
              ...(options.now ? { now: options.now } : {}),
            },
            catalog,
          ),
        );
        return { run: async (query) => (await executor).run(query) };
      },
      anonData: (clientAddress) => {
        const executor = catalogReady.then((catalog) =>
          crearEjecutorSql(
            client,
            {
              role: 'anon',
              claims: null,
              ...(options.now ? { now: options.now } : {}),
              ...(clientAddress ? { requestHeaders: { 'x-forwarded-for': clientAddress } } : {}),
            },
            catalog,
          ),
        );
        return { run: async (query) => (await executor).run(query) };
      },
      datosSistema: () => {
        const executor = catalogReady.then((catalog) =>
          crearEjecutorSql(client, { role: 'service_role', claims: { role: 'service_role' }, ...(options.now ? { now: options.now } : {}) }, catalog),
        );
        return { run: async (query) => (await executor).run(query) };
      },
      cambios: cambios.cambios,
      ...(options.now ? { now: options.now } : {}),
    };
    let closed = false;
    return {
      backend,
      db: client,
      indicesReconstruidos: indices.terminada,
      async cerrar() {
        if (closed) return;
        closed = true;
        try {
          await indices.detener();
          await cambios.cerrar();
          await client.cerrar();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    await vivo?.cerrar();
    await db?.cerrar().catch(() => undefined);
    lock.release();
    throw error;
  }
}
