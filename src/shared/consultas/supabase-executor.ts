/**
 * The Supabase executor of the data port: maps DataQuery objects onto the supabase-js query builder, so the
 * same repositories run against a hosted Supabase project (PostgREST). Platform-free (no Node or DOM module).
 *
 * Names: PostgREST checks them against its schema cache; here they must also be plain identifiers (letters,
 * digits, _ and $) so nothing can change the meaning of the URL. Values: top-level filter values are literal in
 * PostgREST's grammar; inside `in.(...)` lists and `or=(...)` trees every string is double-quoted with `\` and
 * `"` escaped (PostgREST URL grammar, "Reserved characters"). The URL encoding is left to supabase-js.
 *
 * rpc results follow the SQL executor's rule: a scalar (json included) → [{ value }], a set of rows → the rows,
 * a set of scalars → [{ value }, ...], one composite row → [row], void → [{ value: null }]. PostgREST answers a
 * scalar json ARRAY exactly like a set and a scalar json object exactly like a row, so the functions of those
 * return types are read by the shape the schema gives them (FORMAS_RPC in formas-rpc.ts, checked against the
 * catalogue by the tests); any other answer says its shape itself.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { AppError } from '../errors';
import { COMPARACIONES, comprobarValorDeFiltro, invalid, rowsOf } from './query-checks';
import type { DataPort, DataQuery, DataResult, Filter, Order } from '../ports/consultas';
import { mapDbError, type ErrorContext } from './db-errors';
import { pageOf } from './sql-compile';
import type { FunctionShape } from './catalog';
import { FORMAS_RPC } from './formas-rpc';
import { errores } from "../textos";
import { login } from "../areas/auth/texts";

export interface SupabaseExecutorOptions {
  /**
   * How to read an rpc's JSON when the answer alone is ambiguous (a scalar json array looks like a set), on top
   * of the schema's own FORMAS_RPC.
   */
  rpcShapes?: Record<string, FunctionShape>;
}

/** The slice of the postgrest-js builders this executor drives (kept structural to stay free of generics). */
interface PgrstResponse {
  data: unknown;
  error: { code?: string; message?: string; details?: string | null; hint?: string | null } | null;
  count: number | null;
  status: number;
}
interface FilterBuilder extends PromiseLike<PgrstResponse> {
  eq(column: string, value: unknown): FilterBuilder;
  neq(column: string, value: unknown): FilterBuilder;
  gt(column: string, value: unknown): FilterBuilder;
  gte(column: string, value: unknown): FilterBuilder;
  lt(column: string, value: unknown): FilterBuilder;
  lte(column: string, value: unknown): FilterBuilder;
  ilike(column: string, pattern: string): FilterBuilder;
  is(column: string, value: null | boolean): FilterBuilder;
  filter(column: string, operator: string, value: unknown): FilterBuilder;
  or(filters: string): FilterBuilder;
  order(column: string, options: { ascending: boolean; nullsFirst?: boolean }): FilterBuilder;
  range(from: number, to: number): FilterBuilder;
  limit(count: number): FilterBuilder;
  select(columns?: string): FilterBuilder;
}
interface QueryBuilder {
  select(columns: string, options?: { count?: 'exact'; head?: boolean }): FilterBuilder;
  insert(values: unknown[], options?: { defaultToNull?: boolean }): FilterBuilder;
  upsert(values: unknown[], options?: { onConflict?: string; ignoreDuplicates?: boolean; defaultToNull?: boolean }): FilterBuilder;
  update(values: Record<string, unknown>): FilterBuilder;
  delete(): FilterBuilder;
}

/** A plain identifier: nothing PostgREST's grammar reads as structure (. , : ( ) " * - > whitespace). */
const IDENT = /^[\p{L}_][\p{L}\p{N}_$]*$/u;
/** Query-string keys PostgREST reserves: a column with one of these names is filtered inside or=(...). */
const RESERVED_KEYS = new Set(['select', 'order', 'limit', 'offset', 'or', 'and', 'not', 'on_conflict', 'columns']);

function tableName(table: unknown): string {
  if (typeof table !== 'string' || !IDENT.test(table)) {
    throw invalid(typeof table === 'string' && table ? errores.tablaDesconocida(table) : errores.entradaInvalida);
  }
  return table;
}

function columnName(table: string, column: unknown): string {
  if (typeof column !== 'string' || !IDENT.test(column)) {
    throw invalid(typeof column === 'string' && column ? errores.columnaDesconocida(table, column) : errores.entradaInvalida);
  }
  return column;
}

function columnList(table: string, columns: string[] | undefined): string {
  if (columns === undefined) return '*';
  if (!Array.isArray(columns) || columns.length === 0) throw invalid();
  if (columns.length === 1 && columns[0] === '*') return '*';
  return columns.map((c) => columnName(table, c)).join(',');
}

/** A value as text, as supabase-js would write it; objects and arrays (json columns) as JSON. */
function plain(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A double-quoted PostgREST value: backslash and double quote escaped with a backslash. */
export function quotePostgrestValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** One element of an in-list or a value inside or=(...): numbers and booleans bare, everything else quoted. */
function listElement(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return quotePostgrestValue(plain(value));
}

/** `(a,"b,c")` for in-lists; null elements are left out (in SQL they never match either). */
export function postgrestList(values: unknown[]): string {
  return `(${values.filter((v) => v !== null && v !== undefined).map(listElement).join(',')})`;
}

function checkNul(value: unknown): void {
  if (typeof value === 'string' && value.includes('\u0000')) throw invalid();
}

/** Validates a filter and says whether it can never match (an empty in-list). */
function checkFilter(table: string, f: Filter): { column: string; never: boolean } {
  if (!f || typeof f !== 'object') throw invalid();
  const column = columnName(table, f.column);
  comprobarValorDeFiltro(f, column);
  if (f.op === 'in') {
    const lista = f.value as unknown[];
    lista.forEach(checkNul);
    return { column, never: lista.filter((v) => v !== null && v !== undefined).length === 0 };
  }
  checkNul(f.value);
  return { column, never: false };
}

/** One filter as a term of a PostgREST logic tree: `col.op.value` with the value quoted. */
export function logicTerm(f: Filter): string {
  switch (f.op) {
    case 'in':
      return `${f.column}.in.${postgrestList(f.value as unknown[])}`;
    case 'is':
      return `${f.column}.is.${f.value === null ? 'null' : String(f.value)}`;
    default:
      return `${f.column}.${f.op}.${listElement(f.value)}`;
  }
}

function applyFilter(builder: FilterBuilder, f: Filter): FilterBuilder {
  if (RESERVED_KEYS.has(f.column)) return builder.or(logicTerm(f));
  // Top-level values are literal in PostgREST's grammar: no quoting.
  if (COMPARACIONES.has(f.op)) return builder.filter(f.column, f.op, plain(f.value));
  switch (f.op) {
    case 'ilike':
      return builder.ilike(f.column, f.value as string);
    case 'in':
      return builder.filter(f.column, 'in', postgrestList(f.value as unknown[]));
    case 'is':
      return builder.is(f.column, f.value as null | boolean);
    default:
      throw invalid();
  }
}

interface PreparedFilters {
  filters: Filter[];
  anyOf: Filter[] | null;
  /** True when no row can match (an empty in-list), so no request is needed. */
  never: boolean;
}

function prepareFilters(table: string, filters: Filter[] | undefined, anyOf: Filter[] | undefined): PreparedFilters {
  if (filters !== undefined && !Array.isArray(filters)) throw invalid();
  if (anyOf !== undefined && !Array.isArray(anyOf)) throw invalid();
  let never = false;
  for (const f of filters ?? []) if (checkFilter(table, f).never) never = true;
  let any: Filter[] | null = null;
  if (anyOf && anyOf.length > 0) {
    any = anyOf.filter((f) => !checkFilter(table, f).never);
    if (any.length === 0) never = true;
  }
  return { filters: filters ?? [], anyOf: any, never };
}

function applyFilters(builder: FilterBuilder, prepared: PreparedFilters): FilterBuilder {
  let b = builder;
  for (const f of prepared.filters) b = applyFilter(b, f);
  if (prepared.anyOf) b = b.or(prepared.anyOf.map(logicTerm).join(','));
  return b;
}

function applyOrder(table: string, builder: FilterBuilder, order: Order[] | undefined): FilterBuilder {
  if (order === undefined) return builder;
  if (!Array.isArray(order)) throw invalid();
  let b = builder;
  for (const o of order) {
    if (!o || typeof o !== 'object') throw invalid();
    const column = columnName(table, o.column);
    b = b.order(column, {
      ascending: o.ascending !== false,
      ...(o.nullsFirst === undefined ? {} : { nullsFirst: o.nullsFirst === true }),
    });
  }
  return b;
}

function checkRowKeys(table: string, rows: Record<string, unknown>[]): void {
  for (const row of rows) for (const key of Object.keys(row)) columnName(table, key);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The rpc result rule (see the file comment): with the function's shape, exactly the SQL executor's rows; without
 * it, read from the JSON (an array is a set: objects are rows, anything else values; the rest is a scalar).
 */
export function rpcRows(data: unknown, shape?: FunctionShape): Record<string, unknown>[] {
  switch (shape) {
    case 'scalar':
    case 'void':
      return [{ value: data ?? null }];
    case 'values':
      return Array.isArray(data) ? data.map((value: unknown) => ({ value: value ?? null })) : [];
    case 'rows':
      return Array.isArray(data) ? data.filter(isPlainObject) : [];
    case 'row':
      // PostgREST sends one composite as an object (an array of one with some clients' Accept).
      if (Array.isArray(data)) return data.filter(isPlainObject);
      return isPlainObject(data) ? [data] : [];
    default: {
      if (Array.isArray(data)) return data.map((item: unknown) => (isPlainObject(item) ? item : { value: item }));
      return [{ value: data ?? null }];
    }
  }
}

function failure(response: PgrstResponse, context: ErrorContext): AppError {
  const error = response.error ?? {};
  const code = typeof error.code === 'string' ? error.code : '';
  if (response.status === 0) return new AppError('unavailable', errores.servidorDatosNoDisponible);
  if (!code) {
    if (response.status === 401) return new AppError('unauthenticated', login.sesionExpirada);
    if (response.status === 403) return new AppError('forbidden', errores.sinPermiso);
    if (response.status === 404) {
      return new AppError(
        'validation',
        context.fn ? errores.funcionDesconocida(context.fn) : context.table ? errores.tablaDesconocida(context.table) : errores.entradaInvalida,
      );
    }
    if (response.status >= 500) return new AppError('unavailable', errores.servidorDatosNoDisponible);
  }
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    return new AppError('unavailable', errores.servidorDatosNoDisponible);
  }
  return mapDbError({ code, message: error.message }, context);
}

async function fetchResponse(builder: PromiseLike<PgrstResponse>): Promise<PgrstResponse> {
  try {
    return await builder;
  } catch {
    throw new AppError('unavailable', errores.servidorDatosNoDisponible);
  }
}

/**
 * PostgREST refuses what is missing from its schema cache before running anything: a function (PGRST202), a
 * column (PGRST204), a table (PGRST205; PostgREST 12.0 answers a write to such a table 404 with an empty body).
 * Right after DDL (a message table create_message_table just made, a migration pushed
 * while the app runs) the cache is reloading: the DDL's event trigger sent `NOTIFY pgrst, 'reload schema'`. The
 * request is then sent again a few times, as the SQL executor reloads its catalogue once; nothing ran, so
 * repeating a write is safe.
 */
const CACHE_PENDIENTE = new Set(['PGRST205', 'PGRST202', 'PGRST204']);
const ESPERAS_CACHE_MS = [100, 250, 500, 1000, 1500];

function cachePendiente(response: PgrstResponse): boolean {
  if (!response.error) return false;
  const code = String(response.error.code ?? '');
  return CACHE_PENDIENTE.has(code) || (response.status === 404 && code === '');
}

async function conCacheAlDia(request: () => PromiseLike<PgrstResponse>): Promise<PgrstResponse> {
  let response = await fetchResponse(request());
  for (const espera of ESPERAS_CACHE_MS) {
    if (!cachePendiente(response)) break;
    await new Promise((resolve) => setTimeout(resolve, espera));
    response = await fetchResponse(request());
  }
  return response;
}

async function send(request: () => PromiseLike<PgrstResponse>, context: ErrorContext): Promise<PgrstResponse> {
  const response = await conCacheAlDia(request);
  if (response.error) throw failure(response, context);
  return response;
}

/**
 * Hosted projects cap every read at "Max rows" (PostgREST's db-max-rows; Supabase's default, 1000): a longer answer
 * is cut without an error. A select without a limit, or with a larger one, is read in pages of this size until a
 * page comes back short, so it gives every row as the SQL executor does. A project configured with a lower cap
 * would end the reading at its first page: the console needs the default (docs/ARCHITECTURE.md).
 */
export const FILAS_POR_PAGINA = 1000;

/** PostgREST answers 416 (PGRST103) when, with count=exact, the offset lies beyond the last row. */
function isRangeNotSatisfiable(response: PgrstResponse): boolean {
  return response.error !== null && (response.status === 416 || response.error.code === 'PGRST103');
}

export function crearEjecutorSupabase(client: SupabaseClient, options: SupabaseExecutorOptions = {}): DataPort {
  const from = (table: string) => client.from(table) as unknown as QueryBuilder;

  const run = async (query: DataQuery): Promise<DataResult> => {
    if (!query || typeof query !== 'object') throw invalid();
    switch (query.kind) {
      case 'select': {
        const table = tableName(query.table);
        const columns = columnList(table, query.columns);
        const prepared = prepareFilters(table, query.filters, query.anyOf);
        const page = pageOf(query.range, query.limit);
        if (prepared.never) return query.count === true ? { rows: [], count: 0 } : { rows: [] };
        const offset = page.offset ?? 0;
        const wanted = page.limit ?? Number.POSITIVE_INFINITY;
        // The first request is the plain one (a limit within one page, or none: the server's cap applies); only a
        // page as long as the cap asks for the next ones, by range.
        const plana = page.offset === undefined && (page.limit === undefined || page.limit <= FILAS_POR_PAGINA);
        const request = (desde: number, cuantas: number, primera: boolean) => () => {
          let b = from(table).select(columns, primera && query.count === true ? { count: 'exact' } : undefined);
          b = applyFilters(b, prepared);
          b = applyOrder(table, b, query.order);
          if (primera && plana) return page.limit === undefined ? b : b.limit(page.limit);
          return b.range(desde, desde + cuantas - 1);
        };
        const rows: Record<string, unknown>[] = [];
        let total: number | null = null;
        for (let primera = true; rows.length < wanted; primera = false) {
          const cuantas = Math.min(FILAS_POR_PAGINA, wanted - rows.length);
          const res = await conCacheAlDia(request(offset + rows.length, cuantas, primera));
          if (isRangeNotSatisfiable(res)) {
            // A page past the end: no rows, as in SQL. The total comes from a HEAD count of the same filters.
            if (query.count === true && primera) {
              const counted = await send(() => applyFilters(from(table).select(columns, { count: 'exact', head: true }), prepared), { table });
              total = counted.count ?? 0;
            }
            break;
          }
          if (res.error) throw failure(res, { table });
          const got = Array.isArray(res.data) ? (res.data as Record<string, unknown>[]) : [];
          if (primera && query.count === true) total = res.count ?? 0;
          rows.push(...got);
          if (got.length < cuantas) break;
        }
        const out: DataResult = { rows };
        if (query.count === true) out.count = total ?? 0;
        return out;
      }
      case 'insert':
      case 'upsert': {
        const table = tableName(query.table);
        const rows = rowsOf(query.rows);
        checkRowKeys(table, rows);
        rows.forEach((row) => Object.values(row).forEach(checkNul));
        const returning = query.returning === undefined ? undefined : columnList(table, query.returning);
        let onConflict: string | undefined;
        if (query.kind === 'upsert') {
          if (!Array.isArray(query.onConflict) || query.onConflict.length === 0) throw invalid();
          onConflict = query.onConflict.map((c) => columnName(table, c)).join(',');
        }
        if (rows.length === 0) return { rows: [] };
        const request = () => {
          const b =
            onConflict === undefined
              ? from(table).insert(rows, { defaultToNull: false })
              : from(table).upsert(rows, { onConflict, ignoreDuplicates: false, defaultToNull: false });
          return returning !== undefined ? b.select(returning) : b;
        };
        const res = await send(request, { table });
        return { rows: returning !== undefined && Array.isArray(res.data) ? (res.data as Record<string, unknown>[]) : [] };
      }
      case 'update':
      case 'delete': {
        const table = tableName(query.table);
        if (!Array.isArray(query.filters) || query.filters.length === 0) {
          throw new AppError('validation', errores.filtroRequerido);
        }
        const prepared = prepareFilters(table, query.filters, undefined);
        const returning = query.returning === undefined ? undefined : columnList(table, query.returning);
        let start: () => FilterBuilder;
        if (query.kind === 'update') {
          if (!isPlainObject(query.values)) throw invalid();
          const values = Object.fromEntries(Object.entries(query.values).filter(([, v]) => v !== undefined));
          if (Object.keys(values).length === 0) throw invalid();
          for (const [key, value] of Object.entries(values)) {
            columnName(table, key);
            checkNul(value);
          }
          if (prepared.never) return { rows: [] };
          start = () => from(table).update(values);
        } else {
          if (prepared.never) return { rows: [] };
          start = () => from(table).delete();
        }
        const request = () => {
          const b = applyFilters(start(), prepared);
          return returning !== undefined ? b.select(returning) : b;
        };
        const res = await send(request, { table });
        return { rows: returning !== undefined && Array.isArray(res.data) ? (res.data as Record<string, unknown>[]) : [] };
      }
      case 'rpc': {
        if (typeof query.fn !== 'string' || !IDENT.test(query.fn)) {
          throw invalid(typeof query.fn === 'string' && query.fn ? errores.funcionDesconocida(query.fn) : errores.entradaInvalida);
        }
        const args = query.args ?? {};
        if (!isPlainObject(args)) throw invalid();
        const fn = query.fn;
        const res = await send(() => client.rpc(fn, args) as unknown as PromiseLike<PgrstResponse>, { fn });
        const own = (shapes: Readonly<Record<string, FunctionShape>> | undefined) =>
          shapes && Object.prototype.hasOwnProperty.call(shapes, query.fn) ? shapes[query.fn] : undefined;
        const shape = own(options.rpcShapes) ?? own(FORMAS_RPC);
        return { rows: rpcRows(res.data, shape) };
      }
      default:
        throw new AppError('validation', errores.operacionDesconocida);
    }
  };

  return {
    run: <Row = Record<string, unknown>>(query: DataQuery) => run(query) as Promise<DataResult<Row>>,
  };
}
