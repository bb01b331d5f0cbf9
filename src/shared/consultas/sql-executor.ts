/**
 * The SQL executor of the data port: runs DataQuery objects on PGlite or node-postgres as one caller.
 *
 * Each query is one transaction:
 *   set local role <anon|authenticated|service_role>            (a fixed allow-list, never taken from input)
 *   select set_config('request.jwt.claims', $1, true), ...       (the caller's claims and request headers, as
 *                                                                 Supabase sets them, and the backend's clock
 *                                                                 as consola.ahora)
 *   <the compiled statement>                                     (names checked, values as parameters)
 * so the row-level-security policies decide exactly as they do on hosted Supabase, and a failing statement
 * leaves the data as it was.
 */
import { AppError } from '../errors';
import type { RequestClaims } from '../ports/auth';
import type { DataPort, DataQuery, DataResult } from '../ports/consultas';
import type { SqlClient, SqlQueryable } from '../ports/sql';
import type { Catalog } from './catalog';
import { mapDbError, rawFromThrown, type ErrorContext } from './db-errors';
import { compileQuery, UnknownNameError, type CompiledQuery } from './sql-compile';
import { errores } from "../textos";

export type DataRole = 'authenticated' | 'anon' | 'service_role';

export interface SqlIdentity {
  role: DataRole;
  claims: RequestClaims | Record<string, unknown> | null;
  /**
   * The backend's clock. When given, every transaction sets it as `consola.ahora`, which public.ahora() (the
   * schema's one "now": column defaults, expiries, windows) reads; so rows and rules share the clock a test
   * injects. Without it public.ahora() is the database's now().
   */
  now?: () => Date;
  /**
   * The caller's HTTP request headers, lower-cased names, as PostgREST hands them to SQL on hosted Supabase
   * (`request.headers`, JSON). The portal login reads the client address from `x-forwarded-for` there.
   * Without them request.headers is '{}'.
   */
  requestHeaders?: Record<string, string>;
}

/** The only statements that may change the role: literal text, picked by key, never built from input. */
const SET_ROLE: Record<DataRole, string> = {
  authenticated: 'set local role "authenticated"',
  anon: 'set local role "anon"',
  service_role: 'set local role "service_role"',
};

const SET_CLAIMS =
  "select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), " +
  "set_config('request.jwt.claim.role', $3, true), set_config('consola.ahora', $4, true), " +
  "set_config('request.headers', $5, true)";

function contextOf(query: DataQuery): ErrorContext {
  return query.kind === 'rpc' ? { fn: query.fn } : { table: query.table };
}

/** Compiles, reloading the catalogue once when a name is missing (message tables appear at run time). */
async function compileWithRefresh(query: DataQuery, catalog: Catalog): Promise<CompiledQuery | null> {
  try {
    return compileQuery(query, catalog);
  } catch (error) {
    if (!(error instanceof UnknownNameError)) throw error;
    await catalog.refresh();
    return compileQuery(query, catalog);
  }
}

function toCount(value: unknown): number {
  const n = typeof value === 'bigint' ? Number(value) : Number(value);
  return Number.isFinite(n) ? n : 0;
}

function shapeRows(compiled: CompiledQuery, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  if (compiled.shape === 'void') return [{ value: null }];
  if (compiled.shape === 'scalar' || compiled.shape === 'values') {
    return rows.map((row) => ({ value: row.value ?? null }));
  }
  return rows;
}

/**
 * Rows leave the executor as PostgREST would send them: timestamps as ISO strings, not Date objects
 * (PGlite parses them, node-postgres is told not to), so screens see one shape on every backend.
 */
function asWireValues(row: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(row)) {
    const value = row[key];
    if (value instanceof Date) {
      copy ??= { ...row };
      copy[key] = Number.isNaN(value.getTime()) ? null : value.toISOString();
    }
  }
  return copy ?? row;
}

export function crearEjecutorSql(client: SqlClient, identity: SqlIdentity, catalog: Catalog): DataPort {
  const setRole = Object.prototype.hasOwnProperty.call(SET_ROLE, identity.role) ? SET_ROLE[identity.role] : undefined;
  if (!setRole) throw new AppError('internal', errores.errorDatos);
  const claims: Record<string, unknown> = { ...(identity.claims ?? {}) };
  if (claims.role === undefined) claims.role = identity.role;
  const claimsJson = JSON.stringify(claims);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  const claimRole = typeof claims.role === 'string' ? claims.role : identity.role;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(identity.requestHeaders ?? {})) headers[name.toLowerCase()] = String(value);
  const headersJson = JSON.stringify(headers);

  const runCompiled = async (tx: SqlQueryable, compiled: CompiledQuery): Promise<DataResult> => {
    await tx.query(setRole);
    await tx.query(SET_CLAIMS, [claimsJson, sub, claimRole, identity.now ? identity.now().toISOString() : '', headersJson]);
    const result = await tx.query<Record<string, unknown>>(compiled.statement.text, compiled.statement.params);
    const out: DataResult = { rows: compiled.returnsRows ? shapeRows(compiled, result.rows.map(asWireValues)) : [] };
    if (compiled.count) {
      const counted = await tx.query<{ count: unknown }>(compiled.count.text, compiled.count.params);
      out.count = toCount(counted.rows[0]?.count);
    }
    return out;
  };

  return {
    async run<Row = Record<string, unknown>>(query: DataQuery): Promise<DataResult<Row>> {
      const compiled = await compileWithRefresh(query, catalog);
      if (!compiled) {
        // An insert or upsert of zero rows: nothing to do.
        return { rows: [] };
      }
      try {
        const result = await client.transaction((tx) => runCompiled(tx, compiled));
        return result as DataResult<Row>;
      } catch (error) {
        if (AppError.is(error)) throw error;
        const raw = rawFromThrown(error);
        if (raw.code === '42P01' || raw.code === '42703' || raw.code === '42883') {
          // The catalogue was stale (a table, column or function changed since it was read).
          await catalog.refresh().catch(() => undefined);
        }
        throw mapDbError(raw, contextOf(query));
      }
    },
  };
}
