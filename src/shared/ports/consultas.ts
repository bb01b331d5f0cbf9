/**
 * The data port: a query described as plain JSON, run by the SQL executor (PGlite / node-postgres) or the
 * supabase-js executor (hosted). Repositories are written once against this port. Joins are views.
 *
 * Names (table, columns, function) are checked by each executor; values are always parameters.
 */
export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'ilike' | 'in' | 'is';

export interface Filter {
  column: string;
  op: FilterOp;
  /** For 'in' an array; for 'is' null | true | false; for 'ilike' a pattern with % wildcards. */
  value: unknown;
}

export interface Order {
  column: string;
  ascending?: boolean; // default true
  nullsFirst?: boolean;
}

export interface SelectQuery {
  kind: 'select';
  table: string;
  /** Omitted = every column. */
  columns?: string[];
  filters?: Filter[];
  /** Rows matching ANY of these (ANDed with `filters`). */
  anyOf?: Filter[];
  order?: Order[];
  /** Inclusive row range, as PostgREST: from 0, to 9 = the first ten rows. */
  range?: { from: number; to: number };
  limit?: number;
  /** Also return the total count of matching rows (ignores range/limit). */
  count?: boolean;
}

export interface InsertQuery {
  kind: 'insert';
  table: string;
  rows: Record<string, unknown>[];
  /** Columns to return; omitted = return nothing. ['*'] = every column. */
  returning?: string[];
}

export interface UpsertQuery {
  kind: 'upsert';
  table: string;
  rows: Record<string, unknown>[];
  /** The unique key columns that decide "same row". */
  onConflict: string[];
  returning?: string[];
}

export interface UpdateQuery {
  kind: 'update';
  table: string;
  values: Record<string, unknown>;
  /** Required and non-empty: an update without a filter is refused. */
  filters: Filter[];
  returning?: string[];
}

export interface DeleteQuery {
  kind: 'delete';
  table: string;
  /** Required and non-empty: a delete without a filter is refused. */
  filters: Filter[];
  returning?: string[];
}

export interface RpcQuery {
  kind: 'rpc';
  fn: string;
  args?: Record<string, unknown>;
}

export type DataQuery = SelectQuery | InsertQuery | UpsertQuery | UpdateQuery | DeleteQuery | RpcQuery;

export interface DataResult<Row = Record<string, unknown>> {
  /** Rows returned (selected, or RETURNING). For an rpc returning a scalar or json: one row { value }. */
  rows: Row[];
  /** Present when SelectQuery.count was true. */
  count?: number;
}

/** A data port already bound to one caller's identity (the policies decide what it may see). */
export interface DataPort {
  run<Row = Record<string, unknown>>(query: DataQuery): Promise<DataResult<Row>>;
}
