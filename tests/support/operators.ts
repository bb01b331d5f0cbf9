/** A real api over a real migrated database, driven as a transport would (dispatch + a session holder). */
import type { SqlClient } from '../../src/shared/ports/sql';
import type { Backend } from '../../src/shared/ports';
import { claimsDe } from '../../src/shared/ports/auth';
import { crearApi } from '../../src/shared/api';
import { crearDespachador, type CallContext, type Implementations } from '../../src/main/dispatch';
import { crearAuthEmbebida } from '../../src/main/motores/embebido/embedded-auth';
import { crearEjecutorSql } from '../../src/shared/consultas/sql-executor';
import { loadCatalog } from '../../src/shared/consultas/catalog';
import { findSupabaseDir, migrate } from '../../src/main/motores/embebido/migrate';
import { crearAjustesJson } from '../../src/main/ajustes/json-settings';
import { crearBoveda } from '../../src/main/secretos/vault';
import { crearWebhooksHttp } from '../../src/main/webhooks/http-webhooks';
import { crearAlmacenEnCarpeta } from '../../src/main/almacen/folder-storage';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let vaults = 0;

/** The instant every test's clock starts from, unless the test pins its own. */
export const TEST_EPOCH = new Date('2026-11-21T15:00:00Z');

/**
 * The one clock of a test: the api's rules read it, and every row the api writes takes it too (the SQL
 * executor hands it to the database as public.ahora()), so no test depends on the day it runs.
 *
 * `new Clock()` runs from TEST_EPOCH as real time passes, and never answers the same millisecond twice, so
 * rows written one after another keep their order as they would with the database's own now(). A clock made
 * with an instant, or given one (`clock.current = …`), is pinned there for tests of exact boundaries;
 * `advance` moves either kind.
 */
export class Clock {
  #pinned: Date | null;
  #offset = 0;
  #last = 0;
  readonly #started = performance.now();

  constructor(pinned?: Date) {
    this.#pinned = pinned ?? null;
  }

  get current(): Date {
    return this.now();
  }

  set current(instant: Date) {
    this.#pinned = instant;
    this.#offset = 0;
  }

  now = (): Date => {
    if (this.#pinned) return new Date(this.#pinned.getTime() + this.#offset);
    const running = TEST_EPOCH.getTime() + Math.floor(performance.now() - this.#started) + this.#offset;
    this.#last = Math.max(running, this.#last + 1);
    return new Date(this.#last);
  };

  advance(ms: number) {
    this.#offset += ms;
  }
}

/** What a browser tab or a window is to the transports: it holds one session token. */
export class Caller implements CallContext {
  token: string | null = null;
  getToken = () => this.token;
  setToken = (t: string | null) => {
    this.token = t;
  };
}

export async function migrated(db: SqlClient): Promise<SqlClient> {
  await migrate(db, { supabaseDir: findSupabaseDir(), embedded: true });
  return db;
}

/**
 * The embedded api as the host builds it: settings in a throwaway JSON file, secrets in the REAL keychain
 * under a service of its own (tests run under dbus with gnome-keyring), webhooks over real HTTP.
 */
export async function embeddedApi(db: SqlClient, clock = new Clock()) {
  const catalog = await loadCatalog(db);
  const settings = crearAjustesJson(join(mkdtempSync(join(tmpdir(), 'consola-ajustes-')), 'settings.json'));
  const storage = crearAlmacenEnCarpeta(mkdtempSync(join(tmpdir(), 'consola-archivos-')));
  const secrets = crearBoveda(`consola-test-${process.pid}-${Date.now()}-${vaults++}`);
  const backend: Backend = {
    kind: 'embedded',
    auth: crearAuthEmbebida(db, clock.now, secrets),
    dataFor: (session) =>
      crearEjecutorSql(
        db,
        { role: 'authenticated', claims: claimsDe(session), now: clock.now },
        catalog,
      ),
    anonData: (clientAddress) =>
      crearEjecutorSql(
        db,
        { role: 'anon', claims: null, now: clock.now, ...(clientAddress ? { requestHeaders: { 'x-forwarded-for': clientAddress } } : {}) },
        catalog,
      ),
    datosSistema: () => crearEjecutorSql(db, { role: 'service_role', claims: { role: 'service_role' }, now: clock.now }, catalog),
    now: clock.now,
    settings,
    secrets,
    webhooks: crearWebhooksHttp(settings, secrets),
    storageFor: () => storage,
  };
  const api = crearApi(backend);
  const dispatch = crearDespachador(api as unknown as Implementations);
  return { backend, dispatch, clock, catalog, settings, secrets, storage, jobs: api.trabajos.motor, trabajos: api.trabajos, cerrar: api.cerrar };
}

export const ADMIN = { nombre: 'Laura Gómez', email: 'Laura.Gomez@Agencia.co', password: 'Segura2026x' };
