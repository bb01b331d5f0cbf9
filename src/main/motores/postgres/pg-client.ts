import pg from 'pg';
import type { SqlClient, SqlQueryable, SqlResult } from '../../../shared/ports/sql';
import type { Escuchable } from '../../cambios/escucha';

/** A lost LISTEN connection is opened again after this long (the pool's queries are unaffected). */
const REINTENTO_ESCUCHA_MS = 2_000;

/**
 * node-postgres as a SqlClient. Used to prove the migrations on a real PostgreSQL 15 and by the benchmark;
 * the product itself talks to hosted Supabase through supabase-js, not through this.
 */
export function crearClientePg(connectionString: string, max = 4): SqlClient & Escuchable {
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
  const escuchas = new Set<() => Promise<void>>();

  /**
   * LISTEN needs a session of its own: a pooled connection goes back to the pool between queries. One
   * dedicated client per call, opened again if the server drops it, ended by the answer or by close().
   */
  async function escuchar(canal: string, oyente: (payload: string) => void): Promise<() => Promise<void>> {
    let cliente: pg.Client | null = null;
    let terminado = false;
    let reintento: ReturnType<typeof setTimeout> | null = null;
    const conectar = async () => {
      const nuevo = new pg.Client({ connectionString });
      nuevo.on('notification', (msg) => {
        if (msg.channel === canal) oyente(msg.payload ?? '');
      });
      const perdido = () => {
        if (terminado || cliente !== nuevo) return;
        cliente = null;
        reintento = setTimeout(() => void conectar().catch(perdido), REINTENTO_ESCUCHA_MS);
        reintento.unref?.();
      };
      nuevo.on('error', perdido);
      nuevo.on('end', perdido);
      cliente = nuevo;
      await nuevo.connect();
      await nuevo.query(`listen ${pg.escapeIdentifier(canal)}`);
    };
    try {
      await conectar();
    } catch (error) {
      terminado = true;
      if (reintento) clearTimeout(reintento);
      await (cliente as pg.Client | null)?.end().catch(() => undefined);
      throw error;
    }
    const dejar = async () => {
      if (terminado) return;
      terminado = true;
      escuchas.delete(dejar);
      if (reintento) clearTimeout(reintento);
      const abierto = cliente;
      cliente = null;
      await abierto?.end().catch(() => undefined);
    };
    escuchas.add(dejar);
    return dejar;
  }

  return {
    escuchar,
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
    async cerrar() {
      await Promise.all([...escuchas].map((dejar) => dejar()));
      await pool.end();
    },
  };
}
