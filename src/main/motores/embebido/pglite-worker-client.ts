/**
 * The main thread's side of the PGlite worker: a SqlClient whose every call is a message to the worker.
 * From built output (out/main) it starts the bundled pglite-worker.js; from source (vitest, tsx) it starts
 * the .ts file through tsx.
 */
import { Worker } from 'node:worker_threads';
import { existsSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlClient, SqlQueryable, SqlResult } from '../../../shared/ports/sql';
import type { WorkerEvent, WorkerInit, WorkerRequest, WorkerResponse } from './worker-protocol';
import type { Escuchable } from '../../cambios/escucha';
import { copiarPlantillaVacia } from './plantilla';

export class PgliteWorkerError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

/**
 * The worker's V8 heap: a small young generation (issue 25). The worker's JavaScript only passes messages and
 * rows along; V8's default lets its nursery grow to tens of MB that stay resident in an idle process.
 */
const LIMITES_WORKER = { maxYoungGenerationSizeMb: 8 };

async function startWorker(init: WorkerInit): Promise<Worker> {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, join(here, '..'), join(here, '..', '..')]) {
    const js = join(dir, 'pglite-worker.js');
    if (existsSync(js)) return new Worker(js, { workerData: init, resourceLimits: LIMITES_WORKER });
  }
  // From source (vitest, tsx): Node cannot start a .ts worker, and loader hooks do not reach workers on
  // Node 20, so the worker is bundled once with esbuild (already installed for vite) next to node_modules.
  const outfile = join(process.cwd(), 'node_modules', '.cache', 'consola', 'pglite-worker.mjs');
  const sources = ['pglite-worker.ts', 'pglite-client.ts', 'worker-protocol.ts', 'private-node-fs.ts', 'private-folder.ts'].map((f) => join(here, f));
  const built = existsSync(outfile) ? statSync(outfile).mtimeMs : 0;
  if (sources.some((file) => statSync(file).mtimeMs > built)) {
    const { buildSync } = await import('esbuild');
    const partial = `${outfile}.${process.pid}.tmp`; // parallel test workers must never read half a file
    buildSync({
      entryPoints: [join(here, 'pglite-worker.ts')],
      outfile: partial,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'error',
    });
    renameSync(partial, outfile);
  }
  return new Worker(outfile, { workerData: init, resourceLimits: LIMITES_WORKER });
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

type Pending = { resolve: (r: WorkerResponse & { ok: true }) => void; reject: (e: Error) => void };

/** Bulk reads and loads in COPY text format (one row per line, PostgreSQL's escapes): backups and restores. */
export interface CopiaSql {
  /** Runs `COPY (…) TO '/dev/blob'` (or `COPY t (cols) TO '/dev/blob'`) and answers the rows in COPY text format. */
  copiarA(sql: string): Promise<string>;
  /** Runs `COPY t (cols) FROM '/dev/blob'` with `texto` (lines in COPY text format) as its input. */
  copiarDesde(sql: string, texto: string): Promise<void>;
}

/** A statement runner that can COPY too: the embedded database itself, or one of its open transactions. */
export type ConsultaCopia = SqlQueryable & CopiaSql;

/** The embedded database as the main thread holds it: SQL, LISTEN, COPY. */
export type BaseEmbebida = SqlClient &
  Escuchable &
  CopiaSql & {
    /** Like `transaction`, with COPY inside it (a backup reads every table in one snapshot). */
    transaccion<T>(fn: (tx: ConsultaCopia) => Promise<T>): Promise<T>;
  };

export async function openPgliteWorker(init: WorkerInit): Promise<BaseEmbebida> {
  // A new folder gets the build's bare cluster instead of PGlite's initdb (plantilla.ts); without one, initdb.
  if (init.dataDir) copiarPlantillaVacia(init.dataDir);
  const worker = await startWorker(init);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let dead: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (event: WorkerEvent) => {
      if (!('type' in event) || event.type === 'notificacion') return;
      worker.off('message', onMessage);
      if (event.type === 'ready') resolve();
      else reject(new Error(`No se pudo abrir la base de datos embebida: ${event.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });

  // Notices of LISTENed channels, by channel (the worker forwards each NOTIFY as an event).
  const oyentes = new Map<string, Set<(payload: string) => void>>();
  worker.on('message', (msg: WorkerResponse | WorkerEvent) => {
    if ('type' in msg) {
      if (msg.type === 'notificacion') for (const oyente of [...(oyentes.get(msg.canal) ?? [])]) oyente(msg.payload);
      return;
    }
    const waiter = pending.get(msg.id);
    if (!waiter) return;
    pending.delete(msg.id);
    if (msg.ok) waiter.resolve(msg);
    else waiter.reject(Object.assign(new PgliteWorkerError(msg.error.message), msg.error));
  });
  const die = (error: Error) => {
    dead = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`La base de datos embebida terminó (código ${code}).`)));

  function send(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<WorkerResponse & { ok: true }> {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  const runner = (txId?: number): ConsultaCopia => ({
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const r = await send({ op: 'query', sql, params: [...params], ...(txId ? { txId } : {}) });
      return { rows: (r.rows ?? []) as Row[], affectedRows: r.affectedRows };
    },
    async exec(sql: string): Promise<void> {
      await send({ op: 'exec', sql, ...(txId ? { txId } : {}) });
    },
    async copiarA(sql: string): Promise<string> {
      const r = await send({ op: 'copiarA', sql, ...(txId ? { txId } : {}) });
      return r.texto ?? '';
    },
    async copiarDesde(sql: string, texto: string): Promise<void> {
      await send({ op: 'copiarDesde', sql, texto, ...(txId ? { txId } : {}) });
    },
  });

  async function transaccion<T>(fn: (tx: ConsultaCopia) => Promise<T>): Promise<T> {
    const { txId } = await send({ op: 'begin' });
    try {
      const result = await fn(runner(txId));
      await send({ op: 'commit', txId: txId! });
      return result;
    } catch (error) {
      await send({ op: 'rollback', txId: txId! }).catch(() => undefined);
      throw error;
    }
  }

  return {
    ...runner(),
    transaction: transaccion,
    transaccion,
    async escuchar(canal, oyente) {
      let del = oyentes.get(canal);
      if (!del) {
        del = new Set();
        oyentes.set(canal, del);
        try {
          await send({ op: 'listen', canal });
        } catch (error) {
          oyentes.delete(canal);
          throw error;
        }
      }
      del.add(oyente);
      return async () => {
        const actuales = oyentes.get(canal);
        if (!actuales?.delete(oyente) || actuales.size > 0) return;
        oyentes.delete(canal);
        if (!dead) await send({ op: 'unlisten', canal }).catch(() => undefined);
      };
    },
    async cerrar() {
      oyentes.clear();
      if (!dead) await send({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
