/** SQL as the platform runs it for a signed-in user, for tests that call functions and tables directly. */
import type { SqlClient, SqlQueryable } from '../../src/shared/ports/sql';

/** Runs fn as PostgREST would for a signed-in user: role authenticated and the user's claims. */
export async function como<T>(db: SqlClient, sub: string, fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub, role: 'authenticated' })]);
    return fn(tx);
  });
}

/** The SQLSTATE a promise fails with, or null when it does not fail. */
export async function codigoDeError(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return String((error as { code?: string }).code ?? 'sin código');
  }
}
