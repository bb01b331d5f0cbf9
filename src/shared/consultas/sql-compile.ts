/**
 * Compiles a DataQuery (src/shared/ports/consultas.ts) into parameterised PostgreSQL ($1, $2, ...).
 *
 * - Every name (table, view, column, function, function argument) is looked up in the live catalogue first;
 *   an unknown name throws UnknownNameError (an AppError 'validation') before any SQL exists. Known names are
 *   still quoted as identifiers.
 * - Every value is a parameter: filters, 'in' lists (= any($n)), ilike patterns, LIMIT and OFFSET, inserted and
 *   updated values, rpc arguments. json/jsonb values travel as JSON text with a cast.
 * - Pure: no I/O, so the SQL text and the parameters are unit-tested directly.
 */
import { AppError } from '../errors';
import { comprobarValorDeFiltro, invalid, rowsOf } from './query-checks';
import type {
  DataQuery,
  DeleteQuery,
  Filter,
  InsertQuery,
  Order,
  RpcQuery,
  SelectQuery,
  UpdateQuery,
  UpsertQuery,
} from '../ports/consultas';
import type { Catalog, CatalogColumn, CatalogFunction, CatalogRelation, FunctionShape } from './catalog';
import { errores } from "../textos";

export interface CompiledStatement {
  text: string;
  params: unknown[];
}

export interface CompiledQuery {
  /** The statement whose rows are the result. */
  statement: CompiledStatement;
  /** For select with count: the count(*) of the same filters, without range/limit. */
  count?: CompiledStatement;
  /** For rpc: how to read the rows (scalar results already come back as one column named "value"). */
  shape?: FunctionShape;
  /** False when the statement's rows are not wanted (insert/update/delete without returning). */
  returnsRows: boolean;
}

/** A name that is not in the catalogue. The executor reloads the catalogue once before giving up. */
export class UnknownNameError extends AppError {
  constructor(message: string) {
    super('validation', message);
  }
}

/** Double-quotes an identifier, doubling embedded quotes. */
export function quoteIdent(name: string): string {
  if (name.includes('\u0000')) throw new AppError('validation', errores.entradaInvalida);
  return `"${name.replace(/"/g, '""')}"`;
}

const COMPARISON: Record<'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte', string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

const TEXT_TYPES = new Set(['text', 'varchar', 'bpchar', 'citext', 'name']);
const JSON_TYPES = new Set(['json', 'jsonb']);

/** Rejects values Postgres cannot store (NUL characters) or that are not data (functions, symbols). */
function assertValue(value: unknown, depth = 0): void {
  if (depth > 64) throw invalid();
  switch (typeof value) {
    case 'string':
      if (value.includes('\u0000')) throw invalid();
      return;
    case 'number':
      if (!Number.isFinite(value)) throw invalid();
      return;
    case 'boolean':
    case 'bigint':
    case 'undefined':
      return;
    case 'object':
      if (value === null || value instanceof Date) return;
      if (Array.isArray(value)) {
        for (const item of value) assertValue(item, depth + 1);
        return;
      }
      if (value instanceof Uint8Array) return;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (k.includes('\u0000')) throw invalid();
        assertValue(v, depth + 1);
      }
      return;
    default:
      throw invalid();
  }
}

function isNonNegativeInteger(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function relationOf(catalog: Catalog, table: unknown): CatalogRelation {
  if (typeof table !== 'string' || table.length === 0) throw invalid();
  const rel = catalog.relation(table);
  if (!rel) throw new UnknownNameError(errores.tablaDesconocida(table));
  return rel;
}

function columnOf(rel: CatalogRelation, column: unknown): CatalogColumn {
  if (typeof column !== 'string' || column.length === 0) throw invalid();
  const col = rel.columns.get(column);
  if (!col) throw new UnknownNameError(errores.columnaDesconocida(rel.name, column));
  return col;
}

function tableRef(rel: CatalogRelation): string {
  return `${quoteIdent(rel.schema)}.${quoteIdent(rel.name)}`;
}

function isJson(baseType: string): boolean {
  return JSON_TYPES.has(baseType);
}

/** A parameter placeholder for a value going into (or compared with) a column of this type. */
function valueParam(params: Params, col: { baseType: string; isArray?: boolean }, value: unknown): string {
  assertValue(value);
  if (isJson(col.baseType) && !col.isArray) {
    if (value === null || value === undefined) return `${params.add(null)}::${col.baseType}`;
    return `(${params.add(JSON.stringify(value))}::text)::${col.baseType}`;
  }
  return params.add(value === undefined ? null : value);
}

function compileFilter(rel: CatalogRelation, filter: Filter, params: Params): string {
  if (!filter || typeof filter !== 'object') throw invalid();
  const col = columnOf(rel, filter.column);
  comprobarValorDeFiltro(filter, col.name);
  const ident = quoteIdent(col.name);
  const { op, value } = filter;
  if (op !== 'ilike' && op !== 'in' && op !== 'is') return `${ident} ${COMPARISON[op]} ${valueParam(params, col, value)}`;
  if (op === 'is') return `${ident} is ${value === null ? 'null' : value ? 'true' : 'false'}`;
  assertValue(value);
  if (op === 'ilike') {
    const target = TEXT_TYPES.has(col.baseType) && !col.isArray ? ident : `${ident}::text`;
    return `${target} ilike ${params.add(value)}`;
  }
  const lista = value as unknown[];
  if (isJson(col.baseType) && !col.isArray) {
    const texts = lista.map((v) => (v === null || v === undefined ? null : JSON.stringify(v)));
    return `${ident} = any((${params.add(texts)}::text[])::${col.baseType}[])`;
  }
  return `${ident} = any(${params.add(lista)})`;
}

function compileWhere(rel: CatalogRelation, filters: Filter[] | undefined, anyOf: Filter[] | undefined, params: Params): string {
  if (filters !== undefined && !Array.isArray(filters)) throw invalid();
  if (anyOf !== undefined && !Array.isArray(anyOf)) throw invalid();
  const parts = (filters ?? []).map((f) => compileFilter(rel, f, params));
  if (anyOf && anyOf.length > 0) {
    parts.push(`(${anyOf.map((f) => compileFilter(rel, f, params)).join(' or ')})`);
  }
  return parts.length > 0 ? ` where ${parts.join(' and ')}` : '';
}

function selectList(rel: CatalogRelation, columns: string[] | undefined): string {
  if (columns === undefined) return '*';
  if (!Array.isArray(columns) || columns.length === 0) throw invalid();
  if (columns.length === 1 && columns[0] === '*') return '*';
  return columns.map((c) => quoteIdent(columnOf(rel, c).name)).join(', ');
}

function returningClause(rel: CatalogRelation, returning: string[] | undefined): string {
  if (returning === undefined) return '';
  return ` returning ${selectList(rel, returning)}`;
}

function orderClause(rel: CatalogRelation, order: Order[] | undefined): string {
  if (order === undefined) return '';
  if (!Array.isArray(order)) throw invalid();
  if (order.length === 0) return '';
  const terms = order.map((o) => {
    if (!o || typeof o !== 'object') throw invalid();
    const col = columnOf(rel, o.column);
    let term = `${quoteIdent(col.name)} ${o.ascending === false ? 'desc' : 'asc'}`;
    if (o.nullsFirst === true) term += ' nulls first';
    else if (o.nullsFirst === false) term += ' nulls last';
    return term;
  });
  return ` order by ${terms.join(', ')}`;
}

/** Offset and row limit from range/limit; validated non-negative integers. */
export function pageOf(range: SelectQuery['range'], limit: SelectQuery['limit']): { offset?: number; limit?: number } {
  let offset: number | undefined;
  let rows: number | undefined;
  if (range !== undefined) {
    if (!range || typeof range !== 'object') throw invalid(errores.rangoInvalido);
    const { from, to } = range;
    if (!isNonNegativeInteger(from) || !isNonNegativeInteger(to) || to < from) throw invalid(errores.rangoInvalido);
    offset = from;
    rows = to - from + 1;
  }
  if (limit !== undefined) {
    if (!isNonNegativeInteger(limit)) throw invalid(errores.rangoInvalido);
    rows = rows === undefined ? limit : Math.min(rows, limit);
  }
  return { offset, limit: rows };
}

function compileSelect(q: SelectQuery, catalog: Catalog): CompiledQuery {
  const rel = relationOf(catalog, q.table);
  const list = selectList(rel, q.columns);
  const params = new Params();
  const where = compileWhere(rel, q.filters, q.anyOf, params);
  const order = orderClause(rel, q.order);
  const page = pageOf(q.range, q.limit);
  const whereParams = [...params.values];
  let text = `select ${list} from ${tableRef(rel)}${where}${order}`;
  if (page.limit !== undefined) text += ` limit ${params.add(page.limit)}`;
  if (page.offset !== undefined && page.offset > 0) text += ` offset ${params.add(page.offset)}`;
  const compiled: CompiledQuery = { statement: { text, params: params.values }, returnsRows: true };
  if (q.count === true) {
    compiled.count = { text: `select count(*) as "count" from ${tableRef(rel)}${where}`, params: whereParams };
  }
  return compiled;
}

/** Columns of an insert: the union of the rows' keys (undefined values count as absent), in first-seen order. */
function insertColumns(rel: CatalogRelation, rows: Record<string, unknown>[]): CatalogColumn[] {
  const seen = new Map<string, CatalogColumn>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (value === undefined || seen.has(key)) continue;
      seen.set(key, columnOf(rel, key));
    }
  }
  return [...seen.values()];
}

function compileInsertLike(
  rel: CatalogRelation,
  rows: Record<string, unknown>[],
  onConflict: string[] | undefined,
  returning: string[] | undefined,
): CompiledQuery {
  const params = new Params();
  const cols = insertColumns(rel, rows);
  let conflict = '';
  if (onConflict !== undefined) {
    if (!Array.isArray(onConflict) || onConflict.length === 0) throw invalid();
    const keys = onConflict.map((k) => columnOf(rel, k));
    const keyNames = new Set(keys.map((k) => k.name));
    const updated = cols.filter((c) => !keyNames.has(c.name));
    const set = (updated.length > 0 ? updated : keys)
      .map((c) => `${quoteIdent(c.name)} = excluded.${quoteIdent(c.name)}`)
      .join(', ');
    conflict = ` on conflict (${keys.map((k) => quoteIdent(k.name)).join(', ')}) do update set ${set}`;
  }
  const ret = returningClause(rel, returning);
  let text: string;
  if (cols.length === 0) {
    // Every row is empty: each one takes every default.
    text = `insert into ${tableRef(rel)} select from generate_series(1, ${params.add(rows.length)}::int)${conflict}${ret}`;
  } else {
    const values = rows.map((row) => {
      const cells = cols.map((col) => {
        const value = Object.prototype.hasOwnProperty.call(row, col.name) ? row[col.name] : undefined;
        return value === undefined ? 'default' : valueParam(params, col, value);
      });
      return `(${cells.join(', ')})`;
    });
    text = `insert into ${tableRef(rel)} (${cols.map((c) => quoteIdent(c.name)).join(', ')}) values ${values.join(', ')}${conflict}${ret}`;
  }
  return { statement: { text, params: params.values }, returnsRows: returning !== undefined };
}

function compileInsert(q: InsertQuery, catalog: Catalog): CompiledQuery | null {
  const rel = relationOf(catalog, q.table);
  const rows = rowsOf(q.rows);
  if (q.returning !== undefined) selectList(rel, q.returning);
  if (rows.length === 0) return null;
  return compileInsertLike(rel, rows, undefined, q.returning);
}

function compileUpsert(q: UpsertQuery, catalog: Catalog): CompiledQuery | null {
  const rel = relationOf(catalog, q.table);
  const rows = rowsOf(q.rows);
  if (!Array.isArray(q.onConflict) || q.onConflict.length === 0) throw invalid();
  for (const key of q.onConflict) columnOf(rel, key);
  if (q.returning !== undefined) selectList(rel, q.returning);
  if (rows.length === 0) return null;
  return compileInsertLike(rel, rows, q.onConflict, q.returning);
}

function requireFilters(filters: Filter[] | undefined): Filter[] {
  if (!Array.isArray(filters) || filters.length === 0) {
    throw new AppError('validation', errores.filtroRequerido);
  }
  return filters;
}

function compileUpdate(q: UpdateQuery, catalog: Catalog): CompiledQuery {
  const rel = relationOf(catalog, q.table);
  const filters = requireFilters(q.filters);
  if (!q.values || typeof q.values !== 'object' || Array.isArray(q.values)) throw invalid();
  const params = new Params();
  const sets = Object.entries(q.values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const col = columnOf(rel, key);
      return `${quoteIdent(col.name)} = ${valueParam(params, col, value)}`;
    });
  if (sets.length === 0) throw invalid();
  const where = compileWhere(rel, filters, undefined, params);
  const text = `update ${tableRef(rel)} set ${sets.join(', ')}${where}${returningClause(rel, q.returning)}`;
  return { statement: { text, params: params.values }, returnsRows: q.returning !== undefined };
}

function compileDelete(q: DeleteQuery, catalog: Catalog): CompiledQuery {
  const rel = relationOf(catalog, q.table);
  const filters = requireFilters(q.filters);
  const params = new Params();
  const where = compileWhere(rel, filters, undefined, params);
  const text = `delete from ${tableRef(rel)}${where}${returningClause(rel, q.returning)}`;
  return { statement: { text, params: params.values }, returnsRows: q.returning !== undefined };
}

/** Picks the overload whose input arguments accept exactly the given names. */
export function pickOverload(fnName: string, overloads: readonly CatalogFunction[], given: string[]): CatalogFunction {
  const accepts = (fn: CatalogFunction) =>
    given.every((g) => fn.args.some((a) => a.name === g)) &&
    fn.args.every((a) => a.hasDefault || given.includes(a.name));
  const match = overloads.find(accepts);
  if (match) return match;
  const unknown = given.find((g) => !overloads.some((fn) => fn.args.some((a) => a.name === g)));
  if (unknown !== undefined) throw new UnknownNameError(errores.argumentoDesconocido(fnName, unknown));
  const first = overloads[0];
  const missing = first?.args.find((a) => !a.hasDefault && !given.includes(a.name));
  throw invalid(errores.argumentoRequerido(fnName, missing?.name ?? ''));
}

function compileRpc(q: RpcQuery, catalog: Catalog): CompiledQuery {
  if (typeof q.fn !== 'string' || q.fn.length === 0) throw invalid();
  const overloads = catalog.functions(q.fn);
  if (overloads.length === 0) throw new UnknownNameError(errores.funcionDesconocida(q.fn));
  const rawArgs = q.args ?? {};
  if (typeof rawArgs !== 'object' || Array.isArray(rawArgs)) throw invalid();
  const args = Object.entries(rawArgs).filter(([, v]) => v !== undefined);
  const fn = pickOverload(q.fn, overloads, args.map(([name]) => name));
  const params = new Params();
  const call = `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}(${args
    .map(([name, value]) => {
      const arg = fn.args.find((a) => a.name === name);
      if (!arg) throw new UnknownNameError(errores.argumentoDesconocido(q.fn, name));
      return `${quoteIdent(arg.name)} => ${valueParam(params, { baseType: arg.baseType }, value)}`;
    })
    .join(', ')})`;
  let text: string;
  switch (fn.shape) {
    case 'scalar':
    case 'void':
      text = `select ${call} as "value"`;
      break;
    case 'values':
      text = `select "r"."value" from ${call} as "r"("value")`;
      break;
    case 'row':
    case 'rows':
      text = `select * from ${call}`;
      break;
  }
  return { statement: { text, params: params.values }, shape: fn.shape, returnsRows: true };
}

/**
 * The SQL for one query, or null when there is nothing to run (an insert or upsert of zero rows).
 * Throws AppError 'validation' (UnknownNameError for names missing from the catalogue) before any SQL runs.
 */
export function compileQuery(query: DataQuery, catalog: Catalog): CompiledQuery | null {
  if (!query || typeof query !== 'object') throw invalid();
  switch (query.kind) {
    case 'select':
      return compileSelect(query, catalog);
    case 'insert':
      return compileInsert(query, catalog);
    case 'upsert':
      return compileUpsert(query, catalog);
    case 'update':
      return compileUpdate(query, catalog);
    case 'delete':
      return compileDelete(query, catalog);
    case 'rpc':
      return compileRpc(query, catalog);
    default:
      throw new AppError('validation', errores.operacionDesconocida);
  }
}
