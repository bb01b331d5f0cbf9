/** Messages between the main thread and the PGlite worker (pglite-worker.ts ↔ pglite-worker-client.ts). */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; txId?: number }
  | { id: number; op: 'exec'; sql: string; txId?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; txId: number }
  | { id: number; op: 'close' }
  // LISTEN on a channel: its notices then arrive as 'notificacion' events until 'unlisten'.
  | { id: number; op: 'listen' | 'unlisten'; canal: string }
  // COPY … TO '/dev/blob': answered with the rows in COPY text format (backups read tables this way).
  | { id: number; op: 'copiarA'; sql: string; txId?: number }
  // COPY … FROM '/dev/blob' fed with `texto` in COPY text format (restores load tables this way).
  | { id: number; op: 'copiarDesde'; sql: string; texto: string; txId?: number };

export type WorkerResponse =
  | { id: number; ok: true; rows?: unknown[]; affectedRows?: number; txId?: number; texto?: string }
  | { id: number; ok: false; error: { message: string; code?: string; detail?: string; hint?: string } };

export type WorkerEvent =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  /** A NOTIFY on a channel the main thread listens to (the database's row-change notices). */
  | { type: 'notificacion'; canal: string; payload: string };

export interface WorkerInit {
  /** Folder of the PGlite cluster; omitted = in memory. */
  dataDir?: string;
  /** Server settings on top of PGLITE_START_PARAMS, as `-c name=value` pairs (a restore's load: wal_level). */
  ajustes?: string[];
}
