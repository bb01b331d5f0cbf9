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
 * a set of scalars → [{ value }, ...]. PostgREST answers a scalar json ARRAY exactly like a set, so for such
 * functions pass `rpcShapes: { fn: 'scalar' }` (and `'set'` forces the other reading).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { AppError } from '../errors';
import { es } from '../i18n/es';
import { invalid, rowsOf } from './query-checks';
import type { DataPort, DataQuery, DataResult, Filter, Order } from '../ports/data';
import { mapDbError, type ErrorContext } from './db-errors';
import { pageOf } from './sql-compile';

export interface SupabaseExecutorOptions {
  /** How to read an rpc's JSON when the answer alone is ambiguous (a scalar json array looks like a set). */
  rpcShapes?: Record<string, 'scalar' | 'set'>;
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
    throw invalid(typeof table === 'string' && table ? es.errores.tablaDesconocida(table) : es.errores.entradaInvalida);
  }
  return table;
}

function columnName(table: string, column: unknown): string {
  if (typeof column !== 'string' || !IDENT.test(column)) {
    throw invalid(typeof column === 'string' && column ? es.errores.columnaDesconocida(table, column) : es.errores.entradaInvalida);
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
  switch (f.op) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      if (f.value === null || f.value === undefined) throw invalid(es.errores.filtroInvalido(column));
      checkNul(f.value);
      return { column, never: false };
    case 'ilike':
      if (typeof f.value !== 'string') throw invalid(es.errores.filtroInvalido(column));
      checkNul(f.value);
      return { column, never: false };
    case 'in':
      if (!Array.isArray(f.value)) throw invalid(es.errores.filtroInvalido(column));
      f.value.forEach(checkNul);
      return { column, never: f.value.filter((v) => v !== null && v !== undefined).length === 0 };
    case 'is':
      if (f.value !== null && f.value !== true && f.value !== false) throw invalid(es.errores.filtroInvalido(column));
      return { column, never: false };
    default:
      throw invalid();
  }
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
  switch (f.op) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      // Top-level values are literal in PostgREST's grammar: no quoting.
      return builder.filter(f.column, f.op, plain(f.value));
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

/** The rpc result rule (see the file comment). */
export function rpcRows(data: unknown, shape?: 'scalar' | 'set'): Record<string, unknown>[] {
  if (shape === 'scalar') return [{ value: data ?? null }];
  const wrap = (item: unknown) => (isPlainObject(item) ? item : { value: item });
  if (Array.isArray(data)) return data.map(wrap);
  if (shape === 'set') return data === null || data === undefined ? [] : [wrap(data)];
  return [{ value: data ?? null }];
}

function failure(response: PgrstResponse, context: ErrorContext): AppError {
  const error = response.error ?? {};
  const code = typeof error.code === 'string' ? error.code : '';
  if (response.status === 0) return new AppError('unavailable', es.errores.servidorDatosNoDisponible);
  if (!code) {
    if (response.status === 401) return new AppError('unauthenticated', es.login.sesionExpirada);
    if (response.status === 403) return new AppError('forbidden', es.errores.sinPermiso);
    if (response.status === 404) {
      return new AppError(
        'validation',
        context.fn ? es.errores.funcionDesconocida(context.fn) : context.table ? es.errores.tablaDesconocida(context.table) : es.errores.entradaInvalida,
      );
    }
    if (response.status >= 500) return new AppError('unavailable', es.errores.servidorDatosNoDisponible);
  }
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    return new AppError('unavailable', es.errores.servidorDatosNoDisponible);
  }
  return mapDbError({ code, message: error.message }, context);
}

async function fetchResponse(builder: PromiseLike<PgrstResponse>): Promise<PgrstResponse> {
  try {
    return await builder;
  } catch {
    throw new AppError('unavailable', es.errores.servidorDatosNoDisponible);
  }
}

async function send(builder: PromiseLike<PgrstResponse>, context: ErrorContext): Promise<PgrstResponse> {
  const response = await fetchResponse(builder);
  if (response.error) throw failure(response, context);
  return response;
}

/** PostgREST answers 416 (PGRST103) when, with count=exact, the offset lies beyond the last row. */
function isRangeNotSatisfiable(response: PgrstResponse): boolean {
  return response.error !== null && (response.status === 416 || response.error.code === 'PGRST103');
}

export function createSupabaseExecutor(client: SupabaseClient, options: SupabaseExecutorOptions = {}): DataPort {
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
        let b = from(table).select(columns, query.count === true ? { count: 'exact' } : undefined);
        b = applyFilters(b, prepared);
        b = applyOrder(table, b, query.order);
        if (page.offset !== undefined && page.limit !== undefined) b = b.range(page.offset, page.offset + page.limit - 1);
        else if (page.limit !== undefined) b = b.limit(page.limit);
        const res = await fetchResponse(b);
        if (isRangeNotSatisfiable(res)) {
          // A page past the end: no rows, as in SQL. The total comes from a HEAD count of the same filters.
          if (query.count !== true) return { rows: [] };
          const counted = await send(applyFilters(from(table).select(columns, { count: 'exact', head: true }), prepared), { table });
          return { rows: [], count: counted.count ?? 0 };
        }
        if (res.error) throw failure(res, { table });
        const out: DataResult = { rows: Array.isArray(res.data) ? (res.data as Record<string, unknown>[]) : [] };
        if (query.count === true) out.count = res.count ?? 0;
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
        let b =
          onConflict === undefined
            ? from(table).insert(rows, { defaultToNull: false })
            : from(table).upsert(rows, { onConflict, ignoreDuplicates: false, defaultToNull: false });
        if (returning !== undefined) b = b.select(returning);
        const res = await send(b, { table });
        return { rows: returning !== undefined && Array.isArray(res.data) ? (res.data as Record<string, unknown>[]) : [] };
      }
      case 'update':
      case 'delete': {
        const table = tableName(query.table);
        if (!Array.isArray(query.filters) || query.filters.length === 0) {
          throw new AppError('validation', es.errores.filtroRequerido);
        }
        const prepared = prepareFilters(table, query.filters, undefined);
        const returning = query.returning === undefined ? undefined : columnList(table, query.returning);
        let b: FilterBuilder;
        if (query.kind === 'update') {
          if (!isPlainObject(query.values)) throw invalid();
          const values = Object.fromEntries(Object.entries(query.values).filter(([, v]) => v !== undefined));
          if (Object.keys(values).length === 0) throw invalid();
          for (const [key, value] of Object.entries(values)) {
            columnName(table, key);
            checkNul(value);
          }
          if (prepared.never) return { rows: [] };
          b = from(table).update(values);
        } else {
          if (prepared.never) return { rows: [] };
          b = from(table).delete();
        }
        b = applyFilters(b, prepared);
        if (returning !== undefined) b = b.select(returning);
        const res = await send(b, { table });
        return { rows: returning !== undefined && Array.isArray(res.data) ? (res.data as Record<string, unknown>[]) : [] };
      }
      case 'rpc': {
        if (typeof query.fn !== 'string' || !IDENT.test(query.fn)) {
          throw invalid(typeof query.fn === 'string' && query.fn ? es.errores.funcionDesconocida(query.fn) : es.errores.entradaInvalida);
        }
        const args = query.args ?? {};
        if (!isPlainObject(args)) throw invalid();
        const res = await send(client.rpc(query.fn, args) as unknown as PromiseLike<PgrstResponse>, { fn: query.fn });
        const shapes = options.rpcShapes;
        const shape = shapes && Object.prototype.hasOwnProperty.call(shapes, query.fn) ? shapes[query.fn] : undefined;
        return { rows: rpcRows(res.data, shape) };
      }
      default:
        throw new AppError('validation', es.errores.operacionDesconocida);
    }
  };

  return {
    run: <Row = Record<string, unknown>>(query: DataQuery) => run(query) as Promise<DataResult<Row>>,
  };
}
