/**
 * The live catalogue of one schema: its tables and views (with their columns and types) and its functions
 * (with their argument names and the shape of what they return). The SQL executor checks every name of a
 * DataQuery against it before any SQL runs, and reads the column types to cast json values.
 *
 * Platform-free: it reads pg_catalog through the SqlQueryable port, so it runs on PGlite and node-postgres.
 */
import type { SqlQueryable } from '../ports/sql';

export interface CatalogColumn {
  name: string;
  /** As format_type() writes it: 'text', 'jsonb', 'timestamp with time zone', 'numeric(10,2)', 'text[]'. */
  type: string;
  /** The type name after resolving domains (pg_type.typname): 'text', 'jsonb', 'int4', '_text' for text[]. */
  baseType: string;
  isArray: boolean;
}

export type RelationKind = 'table' | 'view' | 'materialized_view' | 'partitioned_table' | 'foreign_table';

export interface CatalogRelation {
  schema: string;
  name: string;
  kind: RelationKind;
  columns: ReadonlyMap<string, CatalogColumn>;
}

export interface CatalogFunctionArg {
  name: string;
  /** The type name after resolving domains (pg_type.typname). */
  baseType: string;
  /** A trailing input argument with a DEFAULT may be left out. */
  hasDefault: boolean;
}

/**
 * What a call gives back:
 * - 'scalar': one value (text, int, json, jsonb, an enum...) → rows = [{ value }]
 * - 'void':   nothing → rows = [{ value: null }]
 * - 'row':    one composite row (RETURNS a composite type, or OUT parameters) → rows = [row]
 * - 'rows':   SETOF a composite / RETURNS TABLE → the rows
 * - 'values': SETOF a scalar type → rows = [{ value }, ...]
 */
export type FunctionShape = 'scalar' | 'void' | 'row' | 'rows' | 'values';

export interface CatalogFunction {
  schema: string;
  name: string;
  /** Input arguments only (IN, INOUT, VARIADIC), in declaration order. */
  args: CatalogFunctionArg[];
  returnsSet: boolean;
  returnType: string;
  shape: FunctionShape;
}

export interface CatalogSnapshot {
  schema: string;
  relations: CatalogRelation[];
  functions: CatalogFunction[];
}

export interface Catalog {
  readonly schema: string;
  /** A table, view or materialised view of the schema, or undefined. Exact (case-sensitive) name. */
  relation(name: string): CatalogRelation | undefined;
  /** Every overload of a function of the schema (empty when unknown). */
  functions(name: string): readonly CatalogFunction[];
  /** Reloads from the database (message tables are created at run time). Concurrent calls share one load. */
  refresh(): Promise<void>;
}

const RELKINDS: Record<string, RelationKind> = {
  r: 'table',
  v: 'view',
  m: 'materialized_view',
  p: 'partitioned_table',
  f: 'foreign_table',
};

const RELATIONS_SQL = `
select c.relname::text as rel,
       c.relkind::text as kind,
       a.attname::text as col,
       format_type(a.atttypid, a.atttypmod) as type,
       coalesce(bt.typname, t.typname)::text as base,
       (coalesce(bt.typcategory, t.typcategory) = 'A') as is_array
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
 where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
 order by c.relname, a.attnum`;

const FUNCTIONS_SQL = `
select p.proname::text as name,
       p.proretset as returns_set,
       p.pronargdefaults::int as n_defaults,
       coalesce(p.proargnames::text[], '{}'::text[]) as arg_names,
       coalesce(p.proargmodes::text[], '{}'::text[]) as arg_modes,
       array(select coalesce(bt.typname, t.typname)::text
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(typ, ord)
               join pg_catalog.pg_type t on t.oid = u.typ
               left join pg_catalog.pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
              order by u.ord) as arg_types,
       format_type(p.prorettype, null) as return_type,
       coalesce(rbt.typname, rt.typname)::text as return_base,
       coalesce(rbt.typtype, rt.typtype)::text as return_typtype
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_type rt on rt.oid = p.prorettype
  left join pg_catalog.pg_type rbt on rt.typtype = 'd' and rbt.oid = rt.typbasetype
 where n.nspname = $1
   and p.prokind = 'f'
   and rt.typname not in ('trigger', 'event_trigger', 'internal', 'language_handler', 'fdw_handler',
                          'index_am_handler', 'tsm_handler', 'table_am_handler')
 order by p.proname, p.oid`;

interface RelationRow {
  rel: string;
  kind: string;
  col: string | null;
  type: string | null;
  base: string | null;
  is_array: boolean | null;
}

export interface FunctionRow {
  name: string;
  returns_set: boolean;
  n_defaults: number;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[] | null;
  return_type: string;
  return_base: string;
  return_typtype: string;
}

function shapeOf(returnsSet: boolean, returnBase: string, returnTyptype: string, hasOutArgs: boolean): FunctionShape {
  const composite = returnTyptype === 'c' || returnBase === 'record' || hasOutArgs;
  if (returnsSet) return composite ? 'rows' : 'values';
  if (composite) return 'row';
  if (returnBase === 'void') return 'void';
  return 'scalar';
}

/** Builds the function description from one pg_proc row (exported for the unit tests). */
export function functionFromRow(schema: string, row: FunctionRow): CatalogFunction {
  const types = row.arg_types ?? [];
  const names = row.arg_names ?? [];
  const modes = row.arg_modes && row.arg_modes.length > 0 ? row.arg_modes : types.map(() => 'i');
  const inputs: { name: string; baseType: string }[] = [];
  let hasOutArgs = false;
  modes.forEach((mode, i) => {
    if (mode === 'o' || mode === 't') {
      hasOutArgs = true;
      return;
    }
    inputs.push({ name: names[i] ?? '', baseType: types[i] ?? '' });
  });
  const firstDefault = inputs.length - (row.n_defaults ?? 0);
  return {
    schema,
    name: row.name,
    args: inputs.map((arg, i) => ({ ...arg, hasDefault: i >= firstDefault })),
    returnsSet: row.returns_set,
    returnType: row.return_type,
    shape: shapeOf(row.returns_set, row.return_base, row.return_typtype, hasOutArgs),
  };
}

export async function readCatalogSnapshot(client: SqlQueryable, schema = 'public'): Promise<CatalogSnapshot> {
  const [relRows, fnRows] = [
    await client.query<RelationRow>(RELATIONS_SQL, [schema]),
    await client.query<FunctionRow>(FUNCTIONS_SQL, [schema]),
  ];
  const relations = new Map<string, { kind: RelationKind; columns: Map<string, CatalogColumn> }>();
  for (const row of relRows.rows) {
    let rel = relations.get(row.rel);
    if (!rel) {
      rel = { kind: RELKINDS[row.kind] ?? 'table', columns: new Map() };
      relations.set(row.rel, rel);
    }
    if (row.col !== null && row.type !== null) {
      rel.columns.set(row.col, {
        name: row.col,
        type: row.type,
        baseType: row.base ?? row.type,
        isArray: row.is_array === true,
      });
    }
  }
  return {
    schema,
    relations: [...relations].map(([name, rel]) => ({ schema, name, kind: rel.kind, columns: rel.columns })),
    functions: fnRows.rows.map((row) => functionFromRow(schema, row)),
  };
}

/** A Catalog over a fixed snapshot; `reload` (if given) is what refresh() calls. */
export function catalogFromSnapshot(snapshot: CatalogSnapshot, reload?: () => Promise<CatalogSnapshot>): Catalog {
  let relations = new Map<string, CatalogRelation>();
  let functions = new Map<string, CatalogFunction[]>();
  const apply = (snap: CatalogSnapshot) => {
    relations = new Map(snap.relations.map((r) => [r.name, r]));
    const fns = new Map<string, CatalogFunction[]>();
    for (const fn of snap.functions) {
      const list = fns.get(fn.name);
      if (list) list.push(fn);
      else fns.set(fn.name, [fn]);
    }
    functions = fns;
  };
  apply(snapshot);
  let inFlight: Promise<void> | null = null;
  return {
    schema: snapshot.schema,
    relation: (name) => relations.get(name),
    functions: (name) => functions.get(name) ?? [],
    refresh() {
      if (!reload) return Promise.resolve();
      if (!inFlight) {
        inFlight = reload()
          .then(apply)
          .finally(() => {
            inFlight = null;
          });
      }
      return inFlight;
    },
  };
}

/** Reads the tables, views and functions of `schema` from the live database. */
export async function loadCatalog(client: SqlQueryable, schema = 'public'): Promise<Catalog> {
  const snapshot = await readCatalogSnapshot(client, schema);
  return catalogFromSnapshot(snapshot, () => readCatalogSnapshot(client, schema));
}
