import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SqlClient, SqlQueryable, SqlResult } from '../../../shared/ports/sql';
import type { Escuchable } from '../../cambios/escucha';

/** The extensions the schema uses: pgcrypto (bcrypt passwords, random tokens) and pg_trgm (search). */
export const PGLITE_EXTENSIONS = { pgcrypto, pg_trgm };

/**
 * Server settings on top of PGlite's own start parameters. shared_buffers: PostgreSQL clears its whole buffer
 * pool when it starts, and in PGlite that pool lives in the WebAssembly heap, which never gives memory back:
 * the default 128 MB was resident from the first second (about a quarter of the idle process). 32 MB holds
 * the hot pages of the screens' queries; the rest of the data is read through the operating system's file
 * cache, which is shared and can be reclaimed (issue 25: measured in docs/ARCHITECTURE.md "Memory").
 */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(runner: Runner): SqlQueryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await runner.query<Row>(sql, params as unknown[]);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
    async exec(sql: string): Promise<void> {
      await runner.exec(sql);
    },
  };
}

/** PGlite as a SqlClient that can also LISTEN (its one session gets the notices of its own commits). */
export function pgliteAsSqlClient(db: PGlite): SqlClient & Escuchable {
  return {
    ...wrap(db),
    transaction: <T>(fn: (tx: SqlQueryable) => Promise<T>) => db.transaction((tx) => fn(wrap(tx))),
    cerrar: () => db.close(),
    async escuchar(canal, oyente) {
      const dejar = await db.listen(canal, oyente);
      return async () => {
        if (!db.closed) await dejar();
      };
    },
  };
}

/**
 * PGlite in this thread: in memory when dataDir is omitted (tests), else stored in that folder.
 * The app runs it in a worker thread instead (pglite-worker.ts) to keep the main event loop free.
 */
export async function openPgliteInProcess(dataDir?: string): Promise<SqlClient & Escuchable> {
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
  return pgliteAsSqlClient(db);
}
