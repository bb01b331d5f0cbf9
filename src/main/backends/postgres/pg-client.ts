import pg from 'pg';
import type { SqlClient, SqlQueryable, SqlResult } from '../../../shared/ports/sql';

/**
 * node-postgres as a SqlClient. Used to prove the migrations on a real PostgreSQL 15 and by the benchmark;
 * the product itself talks to hosted Supabase through supabase-js, not through this.
 */
export function createPgClient(connectionString: string, max = 4): SqlClient {
  const pool = new pg.Pool({ connectionString, max });
  // Dates and timestamps come back as text, as PostgREST gives them (the SQL executor also turns
  // PGlite's Date objects into ISO strings).
  const types = {
    getTypeParser: (oid: number, format?: string) => {
      if (oid === 1184) return (value: string) => new Date(value).toISOString(); // timestamptz
      if (oid === 1114) return (value: string) => value.replace(' ', 'T'); // timestamp, as PostgREST writes it
      if (oid === 1082) return (value: string) => value; // date stays YYYY-MM-DD
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };

  const wrap = (runner: pg.Pool | pg.PoolClient): SqlQueryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await runner.query({ text: sql, values: params as unknown[], types });
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? undefined };
    },
    async exec(sql: string): Promise<void> {
      await runner.query(sql);
    },
  });

  const base = wrap(pool);
  return {
    ...base,
    async transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
