/** Messages between the main thread and the PGlite worker (pglite-worker.ts ↔ pglite-worker-client.ts). */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; txId?: number }
  | { id: number; op: 'exec'; sql: string; txId?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; txId: number }
  | { id: number; op: 'close' };

export type WorkerResponse =
  | { id: number; ok: true; rows?: unknown[]; affectedRows?: number; txId?: number }
  | { id: number; ok: false; error: { message: string; code?: string; detail?: string; hint?: string } };

export type WorkerEvent = { type: 'ready' } | { type: 'failed'; message: string };

export interface WorkerInit {
  /** Folder of the PGlite cluster; omitted = in memory. */
  dataDir?: string;
}
