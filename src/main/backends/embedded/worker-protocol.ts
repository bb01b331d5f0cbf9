/** Messages between the main thread and the PGlite worker (pglite-worker.ts ↔ pglite-worker-client.ts). */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; txId?: number }
  | { id: number; op: 'exec'; sql: string; txId?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; txId: number }
  | { id: number; op: 'close' }
  // LISTEN on a channel: its notices then arrive as 'notificacion' events until 'unlisten'.
  | { id: number; op: 'listen' | 'unlisten'; canal: string };

export type WorkerResponse =
  | { id: number; ok: true; rows?: unknown[]; affectedRows?: number; txId?: number }
  | { id: number; ok: false; error: { message: string; code?: string; detail?: string; hint?: string } };

export type WorkerEvent =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  /** A NOTIFY on a channel the main thread listens to (the database's row-change notices). */
  | { type: 'notificacion'; canal: string; payload: string };

export interface WorkerInit {
  /** Folder of the PGlite cluster; omitted = in memory. */
  dataDir?: string;
}
