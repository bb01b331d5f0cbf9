/**
 * Runs the embedded PGlite database in a worker thread so SQL never blocks the main event loop (window,
 * IPC, HTTP host). The main thread talks to it through pglite-worker-client.ts.
 *
 * Transactions span several messages: 'begin' opens db.transaction() and keeps it open until 'commit' or
 * 'rollback'. PGlite serialises everything else behind it, as a single connection would.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from './pglite-client';
import { PrivateNodeFS } from './private-node-fs';
import type { WorkerEvent, WorkerInit, WorkerRequest, WorkerResponse } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker must run in a worker thread');

interface OpenTx {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<void>;
}

const init = workerData as WorkerInit;
const openTx = new Map<number, OpenTx>();
/** Channels listened to, with the function that stops each. */
const escuchas = new Map<string, () => Promise<void>>();
let nextTx = 1;
let db: PGlite;

function reply(message: WorkerResponse): void {
  port!.postMessage(message);
}

function fail(id: number, error: unknown): void {
  const e = error as { message?: string; code?: string; detail?: string; hint?: string };
  reply({ id, ok: false, error: { message: e?.message ?? String(error), code: e?.code, detail: e?.detail, hint: e?.hint } });
}

const ROLLBACK = Symbol('rollback');

async function begin(id: number): Promise<void> {
  const txId = nextTx++;
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  let finish!: (commit: boolean) => void;
  const done = db
    .transaction(async (tx) => {
      await new Promise<void>((resolve, reject) => {
        finish = (commit) => (commit ? resolve() : reject(ROLLBACK));
        openTx.set(txId, { tx, finish, done: Promise.resolve() });
        started();
      });
    })
    .catch((error) => {
      if (error !== ROLLBACK) throw error;
    });
  await ready;
  openTx.get(txId)!.done = done;
  void finish;
  reply({ id, ok: true, txId });
}

async function handle(msg: WorkerRequest): Promise<void> {
  try {
    switch (msg.op) {
      case 'query': {
        const runner = msg.txId ? openTx.get(msg.txId)?.tx : db;
        if (!runner) throw new Error('transacción desconocida');
        const result = await runner.query(msg.sql, msg.params);
        reply({ id: msg.id, ok: true, rows: result.rows, affectedRows: result.affectedRows });
        return;
      }
      case 'exec': {
        const runner = msg.txId ? openTx.get(msg.txId)?.tx : db;
        if (!runner) throw new Error('transacción desconocida');
        await runner.exec(msg.sql);
        reply({ id: msg.id, ok: true });
        return;
      }
      case 'copiarA': {
        const runner = msg.txId ? openTx.get(msg.txId)?.tx : db;
        if (!runner) throw new Error('transacción desconocida');
        const result = await runner.query(msg.sql);
        reply({ id: msg.id, ok: true, texto: result.blob ? await result.blob.text() : '' });
        return;
      }
      case 'copiarDesde': {
        const runner = msg.txId ? openTx.get(msg.txId)?.tx : db;
        if (!runner) throw new Error('transacción desconocida');
        const result = await runner.query(msg.sql, [], { blob: new Blob([msg.texto]) });
        reply({ id: msg.id, ok: true, affectedRows: result.affectedRows });
        return;
      }
      case 'begin':
        await begin(msg.id);
        return;
      case 'commit':
      case 'rollback': {
        const open = openTx.get(msg.txId);
        if (!open) throw new Error('transacción desconocida');
        openTx.delete(msg.txId);
        open.finish(msg.op === 'commit');
        await open.done;
        reply({ id: msg.id, ok: true });
        return;
      }
      case 'listen': {
        if (!escuchas.has(msg.canal)) {
          const canal = msg.canal;
          escuchas.set(canal, await db.listen(canal, (payload) => port!.postMessage({ type: 'notificacion', canal, payload } satisfies WorkerEvent)));
        }
        reply({ id: msg.id, ok: true });
        return;
      }
      case 'unlisten': {
        const dejar = escuchas.get(msg.canal);
        escuchas.delete(msg.canal);
        if (dejar && !db.closed) await dejar();
        reply({ id: msg.id, ok: true });
        return;
      }
      case 'close':
        escuchas.clear();
        await db.close();
        reply({ id: msg.id, ok: true });
        return;
    }
  } catch (error) {
    fail(msg.id, error);
  }
}

// Low-memory mode, off by default (issue 25): CONSOLA_PGLITE_MEMORIA_BAJA=1 runs PostgreSQL's WebAssembly on
// V8's baseline compiler only. With tier-up, V8 recompiles hot functions with TurboFan and the memory those
// compilations take stays with the process (malloc arenas): about 70 MB of an idle process. But V8's flags are per
// PROCESS, not per worker: every WebAssembly and every later PGlite in it runs unoptimised too (two PGlite test
// files took 98 s with it, 61 s without). Speed is what a person waits for; the memory is the price. Set before
// the module is compiled (PGlite.create below).
if (process.env.CONSOLA_PGLITE_MEMORIA_BAJA === '1') setFlagsFromString('--liftoff-only');

try {
  // On disk, through a file system that keeps the database's files private to the user (private-node-fs.ts).
  db = await PGlite.create({
    ...(init.dataDir ? { dataDir: init.dataDir, fs: new PrivateNodeFS(init.dataDir) } : {}),
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGLITE_START_PARAMS, ...(init.ajustes ?? []).flatMap((ajuste) => ['-c', ajuste])],
  });
  port.on('message', (msg: WorkerRequest) => void handle(msg));
  port.postMessage({ type: 'ready' } satisfies WorkerEvent);
} catch (error) {
  port.postMessage({ type: 'failed', message: (error as Error)?.message ?? String(error) } satisfies WorkerEvent);
}
