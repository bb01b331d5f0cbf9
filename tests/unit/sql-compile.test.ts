/**
 * compileQuery: the exact SQL text and parameters for each DataQuery, from a catalogue snapshot (no database).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { es } from '../../src/shared/i18n/es';
import type { DataQuery } from '../../src/shared/ports/consultas';
import { catalogFromSnapshot, functionFromRow, type CatalogColumn, type CatalogRelation } from '../../src/shared/consultas/catalog';
import { compileQuery, quoteIdent, UnknownNameError } from '../../src/shared/consultas/sql-compile';
import { rpcRows, postgrestList, quotePostgrestValue, logicTerm } from '../../src/shared/consultas/supabase-executor';

function rel(name: string, cols: Record<string, string>, kind: CatalogRelation['kind'] = 'table'): CatalogRelation {
  const columns = new Map<string, CatalogColumn>(
    Object.entries(cols).map(([c, base]) => [c, { name: c, type: base, baseType: base, isArray: base.startsWith('_') }]),
  );
  return { schema: 'public', name, kind, columns };
}

const fn = (name: string, args: [string, string][], opts: { set?: boolean; ret?: string; typtype?: string; modes?: string[]; defaults?: number } = {}) =>
  functionFromRow('public', {
    name,
    returns_set: opts.set ?? false,
    n_defaults: opts.defaults ?? 0,
    arg_names: args.map(([n]) => n),
    arg_modes: opts.modes ?? null,
    arg_types: args.map(([, t]) => t),
    return_type: opts.ret ?? 'text',
    return_base: opts.ret ?? 'text',
    return_typtype: opts.typtype ?? 'b',
  });

const catalog = catalogFromSnapshot({
  schema: 'public',
  relations: [
    rel('clientes', { id: 'int8', nombre: 'text', saldo: 'numeric', activo: 'bool', datos: 'jsonb', creado: 'timestamptz', 'Nota "Rara"': 'text', tags: '_text' }),
    rel('resumen', { id: 'int8', total: 'numeric' }, 'view'),
  ],
  functions: [
    fn('total', [['p_id', 'int8']], { ret: 'numeric' }),
    fn('saludo', [['p_nombre', 'text'], ['p_signo', 'text']], { defaults: 1 }),
    fn('filas', [['p_json', 'jsonb']], { set: true, ret: 'clientes', typtype: 'c' }),
    fn('tabla', [['p', 'int4'], ['id', 'int4'], ['total', 'numeric']], { set: true, ret: 'record', typtype: 'p', modes: ['i', 't', 't'] }),
    fn('uno_solo', [['p', 'int4'], ['id', 'int4']], { set: true, ret: 'int4', modes: ['i', 't'] }),
    fn('nombres', [], { set: true, ret: 'text' }),
    fn('nada', [['x', 'int4']], { ret: 'void', typtype: 'p' }),
    fn('compuesto', [], { ret: 'clientes', typtype: 'c' }),
  ],
});

const compile = (q: DataQuery) => {
  const c = compileQuery(q, catalog);
  if (!c) throw new Error('nothing compiled');
  return c;
};

function thrown(f: () => unknown): AppError {
  try {
    f();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('quoteIdent', () => {
  it('entre comillas dobles, duplicando las internas', () => {
    expect(quoteIdent('clientes')).toBe('"clientes"');
    expect(quoteIdent('Nota "Rara"')).toBe('"Nota ""Rara"""');
    expect(quoteIdent('a"; drop table x; --')).toBe('"a""; drop table x; --"');
  });
});

describe('compileQuery: select', () => {
  it('todas las columnas, sin filtros', () => {
    expect(compile({ kind: 'select', table: 'clientes' }).statement).toEqual({ text: 'select * from "public"."clientes"', params: [] });
  });

  it('columnas, filtros de cada tipo, anyOf, orden, rango y conteo', () => {
    const c = compile({
      kind: 'select',
      table: 'clientes',
      columns: ['id', 'Nota "Rara"'],
      filters: [
        { column: 'nombre', op: 'eq', value: "O'Brien" },
        { column: 'saldo', op: 'neq', value: 0 },
        { column: 'saldo', op: 'gt', value: 1 },
        { column: 'saldo', op: 'gte', value: 2 },
        { column: 'creado', op: 'lt', value: '2024-01-01' },
        { column: 'creado', op: 'lte', value: '2024-12-31' },
        { column: 'nombre', op: 'ilike', value: '%an%' },
        { column: 'id', op: 'in', value: [1, 2] },
        { column: 'nombre', op: 'is', value: null },
        { column: 'activo', op: 'is', value: true },
        { column: 'activo', op: 'is', value: false },
        { column: 'datos', op: 'eq', value: { a: 1 } },
        { column: 'datos', op: 'in', value: [{ a: 1 }, 'x'] },
        { column: 'saldo', op: 'ilike', value: '1%' },
      ],
      anyOf: [
        { column: 'nombre', op: 'eq', value: 'a' },
        { column: 'id', op: 'lt', value: 5 },
      ],
      order: [{ column: 'nombre', ascending: false, nullsFirst: true }, { column: 'id' }, { column: 'saldo', nullsFirst: false }],
      range: { from: 20, to: 29 },
      count: true,
    });
    const where =
      ' where "nombre" = $1 and "saldo" <> $2 and "saldo" > $3 and "saldo" >= $4 and "creado" < $5 and "creado" <= $6' +
      ' and "nombre" ilike $7 and "id" = any($8) and "nombre" is null and "activo" is true and "activo" is false' +
      ' and "datos" = ($9::text)::jsonb and "datos" = any(($10::text[])::jsonb[]) and "saldo"::text ilike $11' +
      ' and ("nombre" = $12 or "id" < $13)';
    expect(c.statement.text).toBe(
      `select "id", "Nota ""Rara""" from "public"."clientes"${where} order by "nombre" desc nulls first, "id" asc, "saldo" asc nulls last limit $14 offset $15`,
    );
    const whereParams = ["O'Brien", 0, 1, 2, '2024-01-01', '2024-12-31', '%an%', [1, 2], '{"a":1}', ['{"a":1}', '"x"'], '1%', 'a', 5];
    expect(c.statement.params).toEqual([...whereParams, 10, 20]);
    expect(c.count).toEqual({ text: `select count(*) as "count" from "public"."clientes"${where}`, params: whereParams });
  });

  it('límite solo, y el menor entre rango y límite; offset 0 se omite', () => {
    expect(compile({ kind: 'select', table: 'resumen', limit: 3 }).statement).toEqual({ text: 'select * from "public"."resumen" limit $1', params: [3] });
    expect(compile({ kind: 'select', table: 'resumen', range: { from: 0, to: 9 }, limit: 4 }).statement).toEqual({
      text: 'select * from "public"."resumen" limit $1',
      params: [4],
    });
    expect(compile({ kind: 'select', table: 'resumen', range: { from: 5, to: 5 } }).statement.params).toEqual([1, 5]);
  });

  it('nombres desconocidos: UnknownNameError con el mensaje en español', () => {
    const e1 = thrown(() => compile({ kind: 'select', table: 'clientes; drop table x' }));
    expect(e1).toBeInstanceOf(UnknownNameError);
    expect(e1.message).toBe(es.errores.tablaDesconocida('clientes; drop table x'));
    const e2 = thrown(() => compile({ kind: 'select', table: 'clientes', order: [{ column: 'nombre) or 1=1 --' }] }));
    expect(e2).toBeInstanceOf(UnknownNameError);
    expect(e2.message).toBe(es.errores.columnaDesconocida('clientes', 'nombre) or 1=1 --'));
  });

  it('valores de is, in e ilike inválidos, y NUL', () => {
    for (const q of [
      { kind: 'select', table: 'clientes', filters: [{ column: 'activo', op: 'is', value: 'true' }] },
      { kind: 'select', table: 'clientes', filters: [{ column: 'id', op: 'in', value: '1,2' }] },
      { kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'ilike', value: null }] },
      { kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'eq', value: undefined }] },
    ] as DataQuery[]) {
      expect(thrown(() => compile(q)).code).toBe('validation');
    }
    expect(thrown(() => compile({ kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'eq', value: 'a\u0000' }] })).message).toBe(
      es.errores.entradaInvalida,
    );
  });
});

describe('compileQuery: escrituras', () => {
  it('insert de varias filas en una sentencia; lo que falta toma su default; json como texto con cast', () => {
    const c = compile({
      kind: 'insert',
      table: 'clientes',
      rows: [
        { nombre: 'Ana', datos: { a: [1] } },
        { nombre: 'Beto', saldo: 3, datos: null },
        { saldo: 4, activo: undefined },
      ],
      returning: ['id'],
    });
    expect(c.statement).toEqual({
      text:
        'insert into "public"."clientes" ("nombre", "datos", "saldo") values ($1, ($2::text)::jsonb, default), ' +
        '($3, $4::jsonb, $5), (default, default, $6) returning "id"',
      params: ['Ana', '{"a":[1]}', 'Beto', null, 3, 4],
    });
    expect(c.returnsRows).toBe(true);
    expect(compile({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'x' }] }).returnsRows).toBe(false);
    expect(compile({ kind: 'insert', table: 'clientes', rows: [{}, {}], returning: ['*'] }).statement).toEqual({
      text: 'insert into "public"."clientes" select from generate_series(1, $1::int) returning *',
      params: [2],
    });
    expect(compileQuery({ kind: 'insert', table: 'clientes', rows: [] }, catalog)).toBeNull();
  });

  it('upsert: on conflict do update de las columnas no clave', () => {
    expect(
      compile({ kind: 'upsert', table: 'clientes', rows: [{ id: 1, nombre: 'A', saldo: 2 }], onConflict: ['id'], returning: ['*'] }).statement,
    ).toEqual({
      text:
        'insert into "public"."clientes" ("id", "nombre", "saldo") values ($1, $2, $3) on conflict ("id") do update set ' +
        '"nombre" = excluded."nombre", "saldo" = excluded."saldo" returning *',
      params: [1, 'A', 2],
    });
    expect(compile({ kind: 'upsert', table: 'clientes', rows: [{ id: 1 }], onConflict: ['id'] }).statement.text).toBe(
      'insert into "public"."clientes" ("id") values ($1) on conflict ("id") do update set "id" = excluded."id"',
    );
  });

  it('update y delete: filtros obligatorios', () => {
    expect(
      compile({ kind: 'update', table: 'clientes', values: { saldo: 1, datos: [1, 2], nombre: undefined }, filters: [{ column: 'id', op: 'eq', value: 7 }], returning: ['saldo'] })
        .statement,
    ).toEqual({
      text: 'update "public"."clientes" set "saldo" = $1, "datos" = ($2::text)::jsonb where "id" = $3 returning "saldo"',
      params: [1, '[1,2]', 7],
    });
    expect(compile({ kind: 'delete', table: 'clientes', filters: [{ column: 'id', op: 'in', value: [1] }] }).statement).toEqual({
      text: 'delete from "public"."clientes" where "id" = any($1)',
      params: [[1]],
    });
    for (const q of [
      { kind: 'update', table: 'clientes', values: { saldo: 1 }, filters: [] },
      { kind: 'update', table: 'clientes', values: { saldo: 1 } },
      { kind: 'delete', table: 'clientes', filters: [] },
      { kind: 'delete', table: 'clientes' },
    ] as DataQuery[]) {
      expect(thrown(() => compile(q)).message).toBe(es.errores.filtroRequerido);
    }
  });
});

describe('compileQuery: rpc', () => {
  it('notación de argumentos con nombre y la forma del resultado', () => {
    expect(compile({ kind: 'rpc', fn: 'total', args: { p_id: 3 } })).toMatchObject({
      statement: { text: 'select "public"."total"("p_id" => $1) as "value"', params: [3] },
      shape: 'scalar',
    });
    expect(compile({ kind: 'rpc', fn: 'saludo', args: { p_nombre: 'a' } }).statement.text).toBe('select "public"."saludo"("p_nombre" => $1) as "value"');
    expect(compile({ kind: 'rpc', fn: 'filas', args: { p_json: { a: 1 } } })).toMatchObject({
      statement: { text: 'select * from "public"."filas"("p_json" => ($1::text)::jsonb)', params: ['{"a":1}'] },
      shape: 'rows',
    });
    expect(compile({ kind: 'rpc', fn: 'tabla', args: { p: 1 } }).shape).toBe('rows');
    expect(compile({ kind: 'rpc', fn: 'uno_solo', args: { p: 1 } }).shape).toBe('rows');
    expect(compile({ kind: 'rpc', fn: 'nombres' })).toMatchObject({
      statement: { text: 'select "r"."value" from "public"."nombres"() as "r"("value")', params: [] },
      shape: 'values',
    });
    expect(compile({ kind: 'rpc', fn: 'nada', args: { x: 1 } }).shape).toBe('void');
    expect(compile({ kind: 'rpc', fn: 'compuesto' }).shape).toBe('row');
  });

  it('funciones y argumentos desconocidos, argumentos que faltan; las salidas (OUT/TABLE) no son argumentos', () => {
    expect(thrown(() => compile({ kind: 'rpc', fn: 'pg_sleep', args: { seconds: 1 } })).message).toBe(es.errores.funcionDesconocida('pg_sleep'));
    expect(thrown(() => compile({ kind: 'rpc', fn: 'total', args: { p_id: 1, otro: 2 } })).message).toBe(es.errores.argumentoDesconocido('total', 'otro'));
    expect(thrown(() => compile({ kind: 'rpc', fn: 'saludo', args: { p_signo: '!' } })).message).toBe(es.errores.argumentoRequerido('saludo', 'p_nombre'));
    expect(thrown(() => compile({ kind: 'rpc', fn: 'tabla', args: { p: 1, id: 2 } })).message).toBe(es.errores.argumentoDesconocido('tabla', 'id'));
  });
});

describe('PostgREST: comillas y la regla de resultados de rpc', () => {
  it('quotePostgrestValue escapa barra invertida y comilla doble', () => {
    expect(quotePostgrestValue('a,b')).toBe('"a,b"');
    expect(quotePostgrestValue('di"jo')).toBe('"di\\"jo"');
    expect(quotePostgrestValue('c:\\x')).toBe('"c:\\\\x"');
    expect(postgrestList([1, 'a', null, true, 'x)y'])).toBe('(1,"a",true,"x)y")');
    expect(logicTerm({ column: 'n', op: 'ilike', value: '%a%' })).toBe('n.ilike."%a%"');
    expect(logicTerm({ column: 'n', op: 'is', value: null })).toBe('n.is.null');
  });

  it('rpcRows', () => {
    // Without the function's shape: read from the JSON.
    expect(rpcRows(5)).toEqual([{ value: 5 }]);
    expect(rpcRows(null)).toEqual([{ value: null }]);
    expect(rpcRows({ a: 1 })).toEqual([{ value: { a: 1 } }]);
    expect(rpcRows([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(rpcRows(['x'])).toEqual([{ value: 'x' }]);
    // With it (FORMAS_RPC, from the catalogue): what the SQL executor gives for that shape.
    expect(rpcRows([1, 2], 'scalar')).toEqual([{ value: [1, 2] }]);
    expect(rpcRows({ a: 1 }, 'row')).toEqual([{ a: 1 }]);
    expect(rpcRows([{ a: 1 }, { a: 2 }], 'values')).toEqual([{ value: { a: 1 } }, { value: { a: 2 } }]);
    expect(rpcRows([], 'rows')).toEqual([]);
    expect(rpcRows(null, 'void')).toEqual([{ value: null }]);
  });
});
