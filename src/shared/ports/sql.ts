/**
 * A Postgres connection as the Node side sees it: PGlite (in a worker or in-process) or node-postgres.
 * Platform-free so the SQL executor, the migration runner and the embedded auth can run on either.
 */
export interface SqlResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Rows touched by INSERT/UPDATE/DELETE, when the driver reports it. */
  affectedRows?: number;
}

export interface SqlQueryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlClient extends SqlQueryable {
  /** Runs fn inside BEGIN/COMMIT; any throw rolls back. Other callers wait until it ends. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  cerrar(): Promise<void>;
}
