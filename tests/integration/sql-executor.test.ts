/**
 * The SQL executor of the data port on PGlite and on a real PostgreSQL 15, against a small schema created here
 * (independent of the product migrations): every query kind and filter, counts, returning, upsert, rpc of each
 * shape, row-level security through the request claims, hostile names and values, and the Spanish errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { es } from '../../src/shared/i18n/es';
import type { DataPort, DataQuery, SelectQuery } from '../../src/shared/ports/consultas';
import type { SqlClient, SqlQueryable } from '../../src/shared/ports/sql';
import { loadCatalog, type Catalog } from '../../src/shared/consultas/catalog';
import { crearEjecutorSql, type DataRole } from '../../src/shared/consultas/sql-executor';
import { BACKENDS } from '../support/databases';

const USER_A = '11111111-1111-4111-8111-111111111111';
const USER_B = '22222222-2222-4222-8222-222222222222';

const ROLES_SQL = `
do $$
begin
  begin create role anon nologin noinherit; exception when duplicate_object or unique_violation then null; end;
  begin create role authenticated nologin noinherit; exception when duplicate_object or unique_violation then null; end;
  begin create role service_role nologin noinherit bypassrls; exception when duplicate_object or unique_violation then null; end;
end
$$;`;

const SCHEMA_SQL = `
create table public.clientes (
  id bigserial primary key,
  nombre text not null,
  email text unique,
  saldo numeric(12,2) not null default 0 check (saldo >= 0),
  activo boolean not null default true,
  datos jsonb,
  creado timestamptz not null default now(),
  "Nota Rara" text,
  owner text not null default coalesce(current_setting('request.jwt.claims', true)::jsonb ->> 'sub', '')
);
create table public.pedidos (
  id serial primary key,
  cliente_id bigint not null references public.clientes(id),
  total numeric(10,2) not null,
  etiquetas jsonb not null default '[]'::jsonb,
  owner text not null default coalesce(current_setting('request.jwt.claims', true)::jsonb ->> 'sub', '')
);
create table public.ajustes (
  clave text primary key,
  valor jsonb,
  descripcion text,
  owner text not null default coalesce(current_setting('request.jwt.claims', true)::jsonb ->> 'sub', '')
);
create table public.secretos (id int primary key, dato text);

create view public.clientes_resumen with (security_invoker = true) as
  select c.id, c.nombre, count(p.id)::int as pedidos, coalesce(sum(p.total), 0) as total
    from public.clientes c left join public.pedidos p on p.cliente_id = c.id
   group by c.id, c.nombre;

alter table public.clientes enable row level security;
alter table public.pedidos enable row level security;
alter table public.ajustes enable row level security;
create policy clientes_propios on public.clientes to authenticated
  using (owner = current_setting('request.jwt.claims', true)::jsonb ->> 'sub')
  with check (owner = current_setting('request.jwt.claims', true)::jsonb ->> 'sub');
create policy pedidos_propios on public.pedidos to authenticated
  using (owner = current_setting('request.jwt.claims', true)::jsonb ->> 'sub')
  with check (owner = current_setting('request.jwt.claims', true)::jsonb ->> 'sub');
create policy ajustes_propios on public.ajustes to authenticated
  using (owner = current_setting('request.jwt.claims', true)::jsonb ->> 'sub')
  with check (owner = current_setting('request.jwt.claims', true)::jsonb ->> 'sub');

grant select, insert, update, delete on public.clientes, public.pedidos, public.ajustes, public.clientes_resumen
  to anon, authenticated, service_role;
grant usage, select on all sequences in schema public to anon, authenticated, service_role;

-- set-returning (rows of a table), RETURNS TABLE, set of scalars, scalars, json, void with a Spanish RAISE
create function public.clientes_con_saldo(minimo numeric default 0) returns setof public.clientes
  language sql stable as $$ select * from public.clientes where saldo >= minimo order by id $$;
create function public.pedidos_de(p_cliente bigint) returns table (id int, total numeric)
  language sql stable as $$ select p.id, p.total from public.pedidos p where p.cliente_id = p_cliente order by p.id $$;
create function public.nombres_clientes() returns setof text
  language sql stable as $$ select nombre from public.clientes order by nombre $$;
create function public.total_cliente(p_cliente bigint) returns numeric
  language sql stable as $$ select coalesce(sum(total), 0) from public.pedidos where cliente_id = p_cliente $$;
create function public.saludo(p_nombre text, p_signo text default '!') returns text
  language sql immutable as $$ select 'Hola, ' || p_nombre || p_signo $$;
create function public.resumen_json(p_filtro jsonb) returns jsonb
  language sql stable as $$ select jsonb_build_object('filtro', p_filtro, 'clientes', (select count(*) from public.clientes)) $$;
create function public.quien_soy() returns text
  language sql stable as $$ select current_user || ':' || coalesce(current_setting('request.jwt.claim.sub', true), '') $$;
create function public.validar_monto(monto numeric) returns void
  language plpgsql as $$
  begin
    if monto <= 0 then
      raise exception 'El monto debe ser mayor que cero.';
    end if;
  end $$;
`;

/** Wraps a client and counts what reaches the database through it. */
function spyClient(inner: SqlClient): SqlClient & { statements: string[]; transactions: number } {
  const statements: string[] = [];
  const spy = {
    statements,
    transactions: 0,
    query: <Row>(sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return inner.query<Row>(sql, params);
    },
    exec: (sql: string) => {
      statements.push(sql);
      return inner.exec(sql);
    },
    transaction: <T>(fn: (tx: SqlQueryable) => Promise<T>) => {
      spy.transactions++;
      return inner.transaction((tx) =>
        fn({
          query: <Row>(sql: string, params?: readonly unknown[]) => {
            statements.push(sql);
            return tx.query<Row>(sql, params);
          },
          exec: (sql: string) => {
            statements.push(sql);
            return tx.exec(sql);
          },
        }),
      );
    },
    cerrar: () => inner.cerrar(),
  };
  return spy;
}

async function expectAppError(promise: Promise<unknown>, code: AppError['code'], message?: string): Promise<AppError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  const err = caught as AppError;
  expect(err.code).toBe(code);
  if (message !== undefined) expect(err.message).toBe(message);
  return err;
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

describe.each(BACKENDS)('ejecutor SQL del puerto de datos en %s', (_name, fresh) => {
  let db: SqlClient;
  let catalog: Catalog;
  let ids: Record<string, number>;

  const as = (role: DataRole, sub?: string, client: SqlClient = db): DataPort =>
    crearEjecutorSql(client, { role, claims: sub ? { sub, email: `${sub}@x.co`, role: 'authenticated' } : null }, catalog);
  const userA = () => as('authenticated', USER_A);
  const userB = () => as('authenticated', USER_B);

  beforeAll(async () => {
    db = await fresh();
    await db.exec(ROLES_SQL);
    await db.exec(SCHEMA_SQL);
    const insert = async (nombre: string, owner: string, extra: Record<string, unknown> = {}) => {
      const r = await db.query<{ id: unknown }>(
        `insert into public.clientes (nombre, email, saldo, activo, datos, creado, owner)
         values ($1, $2, $3, $4, ($5::text)::jsonb, $6, $7) returning id`,
        [
          nombre,
          extra.email ?? null,
          extra.saldo ?? 0,
          extra.activo ?? true,
          extra.datos === undefined ? null : JSON.stringify(extra.datos),
          extra.creado ?? '2024-01-01T00:00:00Z',
          owner,
        ],
      );
      return Number(r.rows[0]!.id);
    };
    ids = {
      ana: await insert('Ana', USER_A, { email: 'ana@x.co', saldo: '100.50', datos: { plan: 'oro', tags: ['a', 'b'] }, creado: '2024-03-01T10:00:00Z' }),
      beto: await insert('Beto', USER_A, { email: 'beto@x.co', saldo: '20', activo: false, creado: '2024-02-01T10:00:00Z' }),
      carla: await insert('Carla', USER_A, { email: 'carla@x.co', saldo: '0', datos: { plan: 'plata' }, creado: '2024-01-15T10:00:00Z' }),
      dario: await insert('Darío', USER_A, { email: null, saldo: '5.25', creado: '2024-04-01T10:00:00Z' }),
      elena: await insert('Elena', USER_A, { email: 'elena@x.co', saldo: '75', creado: '2024-05-01T10:00:00Z' }),
      zeta: await insert('Zeta de B', USER_B, { email: 'zeta@x.co', saldo: '999' }),
    };
    await db.query(
      `insert into public.pedidos (cliente_id, total, etiquetas, owner) values
       ($1, 10.00, '["urgente"]', $3), ($1, 15.50, '[]', $3), ($2, 40.00, '[]', $4)`,
      [ids.ana, ids.zeta, USER_A, USER_B],
    );
    catalog = await loadCatalog(db);
  });
  afterAll(async () => db?.cerrar());

  describe('catálogo', () => {
    it('lee tablas, vistas, columnas con tipos y funciones con su forma de resultado', () => {
      const clientes = catalog.relation('clientes');
      expect(clientes?.kind).toBe('table');
      expect(clientes?.columns.get('datos')?.baseType).toBe('jsonb');
      expect(clientes?.columns.get('saldo')?.type).toBe('numeric(12,2)');
      expect(clientes?.columns.get('creado')?.type).toBe('timestamp with time zone');
      expect(clientes?.columns.has('Nota Rara')).toBe(true);
      expect(catalog.relation('clientes_resumen')?.kind).toBe('view');
      expect(catalog.relation('pg_authid')).toBeUndefined();
      const shape = (n: string) => catalog.functions(n)[0]?.shape;
      expect(shape('clientes_con_saldo')).toBe('rows');
      expect(shape('pedidos_de')).toBe('rows');
      expect(shape('nombres_clientes')).toBe('values');
      expect(shape('total_cliente')).toBe('scalar');
      expect(shape('resumen_json')).toBe('scalar');
      expect(shape('validar_monto')).toBe('void');
      expect(catalog.functions('saludo')[0]?.args).toEqual([
        { name: 'p_nombre', baseType: 'text', hasDefault: false },
        { name: 'p_signo', baseType: 'text', hasDefault: true },
      ]);
      expect(catalog.functions('pg_sleep')).toEqual([]);
    });

    it('recarga el catálogo una vez cuando falta un nombre (tablas creadas en marcha)', async () => {
      await db.exec(`create table public.mensajes_nueva_empresa (id serial primary key, texto text);
        grant select, insert on public.mensajes_nueva_empresa to authenticated;
        grant usage on all sequences in schema public to authenticated;`);
      expect(catalog.relation('mensajes_nueva_empresa')).toBeUndefined();
      const inserted = await userA().run({ kind: 'insert', table: 'mensajes_nueva_empresa', rows: [{ texto: 'hola' }], returning: ['texto'] });
      expect(inserted.rows).toEqual([{ texto: 'hola' }]);
      expect(catalog.relation('mensajes_nueva_empresa')).toBeDefined();
    });
  });

  describe('select', () => {
    it('todas las columnas o solo las pedidas, con filtros eq/neq/gt/gte/lt/lte', async () => {
      const all = await userA().run({ kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'eq', value: 'Ana' }] });
      expect(all.rows).toHaveLength(1);
      expect(all.rows[0]).toMatchObject({ nombre: 'Ana', email: 'ana@x.co', saldo: '100.50', activo: true, datos: { plan: 'oro', tags: ['a', 'b'] }, owner: USER_A });
      expect(iso(all.rows[0]!.creado)).toBe('2024-03-01T10:00:00.000Z');
      expect(all.count).toBeUndefined();

      const names = async (q: SelectQuery) => (await userA().run<{ nombre: string }>(q)).rows.map((r) => r.nombre);
      const base: SelectQuery = { kind: 'select', table: 'clientes', columns: ['nombre'], order: [{ column: 'nombre' }] };
      expect(await names({ ...base, filters: [{ column: 'nombre', op: 'neq', value: 'Ana' }] })).toEqual(['Beto', 'Carla', 'Darío', 'Elena']);
      expect(await names({ ...base, filters: [{ column: 'saldo', op: 'gt', value: 20 }] })).toEqual(['Ana', 'Elena']);
      expect(await names({ ...base, filters: [{ column: 'saldo', op: 'gte', value: '20' }] })).toEqual(['Ana', 'Beto', 'Elena']);
      expect(await names({ ...base, filters: [{ column: 'saldo', op: 'lt', value: 5.25 }] })).toEqual(['Carla']);
      expect(await names({ ...base, filters: [{ column: 'saldo', op: 'lte', value: 5.25 }] })).toEqual(['Carla', 'Darío']);
      expect(
        await names({ ...base, filters: [{ column: 'creado', op: 'gte', value: '2024-03-01T00:00:00Z' }, { column: 'activo', op: 'eq', value: true }] }),
      ).toEqual(['Ana', 'Darío', 'Elena']);
      const only = await userA().run({ kind: 'select', table: 'clientes', columns: ['id', 'Nota Rara'], filters: [{ column: 'id', op: 'eq', value: ids.beto }] });
      expect(Object.keys(only.rows[0]!).sort()).toEqual(['Nota Rara', 'id']);
    });

    it('in, is null/true/false, ilike y anyOf', async () => {
      const names = async (q: Omit<Extract<DataQuery, { kind: 'select' }>, 'kind' | 'table'>) =>
        (await userA().run<{ nombre: string }>({ kind: 'select', table: 'clientes', columns: ['nombre'], order: [{ column: 'nombre' }], ...q })).rows.map((r) => r.nombre);
      expect(await names({ filters: [{ column: 'id', op: 'in', value: [ids.ana, ids.carla, ids.zeta] }] })).toEqual(['Ana', 'Carla']);
      expect(await names({ filters: [{ column: 'nombre', op: 'in', value: [] }] })).toEqual([]);
      expect(await names({ filters: [{ column: 'email', op: 'is', value: null }] })).toEqual(['Darío']);
      expect(await names({ filters: [{ column: 'activo', op: 'is', value: false }] })).toEqual(['Beto']);
      expect(await names({ filters: [{ column: 'activo', op: 'is', value: true }] })).toEqual(['Ana', 'Carla', 'Darío', 'Elena']);
      expect(await names({ filters: [{ column: 'nombre', op: 'ilike', value: '%AR%' }] })).toEqual(['Carla', 'Darío']);
      expect(await names({ filters: [{ column: 'saldo', op: 'ilike', value: '%.25' }] })).toEqual(['Darío']);
      expect(
        await names({
          filters: [{ column: 'activo', op: 'eq', value: true }],
          anyOf: [
            { column: 'nombre', op: 'ilike', value: 'e%' },
            { column: 'saldo', op: 'gt', value: 100 },
            { column: 'email', op: 'is', value: null },
          ],
        }),
      ).toEqual(['Ana', 'Darío', 'Elena']);
    });

    it('jsonb: igualdad con un objeto e in de valores json', async () => {
      const r = await userA().run({ kind: 'select', table: 'clientes', columns: ['nombre'], filters: [{ column: 'datos', op: 'eq', value: { plan: 'plata' } }] });
      expect(r.rows).toEqual([{ nombre: 'Carla' }]);
      const r2 = await userA().run({
        kind: 'select',
        table: 'pedidos',
        columns: ['total'],
        filters: [{ column: 'etiquetas', op: 'in', value: [['urgente'], ['otra']] }],
      });
      expect(r2.rows).toEqual([{ total: '10.00' }]);
    });

    it('orden con nulos primero/últimos, rango, límite y conteo total', async () => {
      const q: SelectQuery = { kind: 'select', table: 'clientes', columns: ['nombre', 'email'] };
      const nullsFirst = await userA().run<{ nombre: string }>({ ...q, order: [{ column: 'email', ascending: false, nullsFirst: true }] });
      expect(nullsFirst.rows.map((r) => r.nombre)).toEqual(['Darío', 'Elena', 'Carla', 'Beto', 'Ana']);
      const nullsLast = await userA().run<{ nombre: string }>({ ...q, order: [{ column: 'email', ascending: false, nullsFirst: false }] });
      expect(nullsLast.rows.map((r) => r.nombre)).toEqual(['Elena', 'Carla', 'Beto', 'Ana', 'Darío']);
      const multi = await userA().run<{ nombre: string }>({ ...q, order: [{ column: 'activo', ascending: true }, { column: 'saldo', ascending: false }] });
      expect(multi.rows.map((r) => r.nombre)).toEqual(['Beto', 'Ana', 'Elena', 'Darío', 'Carla']);

      const page = await userA().run<{ nombre: string }>({ ...q, order: [{ column: 'nombre' }], range: { from: 1, to: 2 }, count: true });
      expect(page.rows.map((r) => r.nombre)).toEqual(['Beto', 'Carla']);
      expect(page.count).toBe(5);
      const beyond = await userA().run({ ...q, order: [{ column: 'nombre' }], range: { from: 10, to: 19 }, count: true });
      expect(beyond).toEqual({ rows: [], count: 5 });
      const filtered = await userA().run({ ...q, filters: [{ column: 'activo', op: 'eq', value: true }], limit: 1, count: true });
      expect(filtered.rows).toHaveLength(1);
      expect(filtered.count).toBe(4);
      const both = await userA().run<{ nombre: string }>({ ...q, order: [{ column: 'nombre' }], range: { from: 1, to: 3 }, limit: 2 });
      expect(both.rows.map((r) => r.nombre)).toEqual(['Beto', 'Carla']);
      const none = await userA().run({ ...q, limit: 0, count: true });
      expect(none).toEqual({ rows: [], count: 5 });
    });

    it('lee vistas (con las políticas del que consulta)', async () => {
      const r = await userA().run({ kind: 'select', table: 'clientes_resumen', filters: [{ column: 'nombre', op: 'eq', value: 'Ana' }] });
      expect(r.rows).toHaveLength(1);
      expect(r.rows[0]).toMatchObject({ nombre: 'Ana', pedidos: 2, total: '25.50' });
      const all = await userA().run({ kind: 'select', table: 'clientes_resumen', count: true });
      expect(all.count).toBe(5);
    });

    it('rango y límite inválidos se rechazan', async () => {
      const q = { kind: 'select', table: 'clientes' } as const;
      await expectAppError(userA().run({ ...q, range: { from: -1, to: 3 } }), 'validation', es.errores.rangoInvalido);
      await expectAppError(userA().run({ ...q, range: { from: 5, to: 2 } }), 'validation', es.errores.rangoInvalido);
      await expectAppError(userA().run({ ...q, range: { from: 0.5, to: 2 } }), 'validation', es.errores.rangoInvalido);
      await expectAppError(userA().run({ ...q, limit: -1 }), 'validation', es.errores.rangoInvalido);
      await expectAppError(userA().run({ ...q, limit: '5; drop table clientes' as unknown as number }), 'validation', es.errores.rangoInvalido);
      await expectAppError(userA().run({ ...q, limit: Number.POSITIVE_INFINITY }), 'validation', es.errores.rangoInvalido);
    });
  });

  describe('insert, update, delete, upsert', () => {
    it('inserta varias filas en una sentencia, con jsonb, numeric, bool y timestamptz, y devuelve lo pedido', async () => {
      const spy = spyClient(db);
      const r = await as('authenticated', USER_A, spy).run({
        kind: 'insert',
        table: 'clientes',
        rows: [
          { nombre: 'Fabio', saldo: '12.34', activo: false, datos: { lista: [1, 2, { x: 'y"z' }] }, creado: '2023-12-31T23:59:59Z' },
          { nombre: 'Gina', datos: ['solo', 'arreglo'] },
          { nombre: 'Hugo', datos: 'texto json' },
        ],
        returning: ['*'],
      });
      expect(spy.statements.filter((s) => s.startsWith('insert'))).toHaveLength(1);
      expect(r.rows).toHaveLength(3);
      expect(r.rows[0]).toMatchObject({ nombre: 'Fabio', saldo: '12.34', activo: false, datos: { lista: [1, 2, { x: 'y"z' }] }, owner: USER_A });
      expect(iso(r.rows[0]!.creado)).toBe('2023-12-31T23:59:59.000Z');
      expect(r.rows[1]).toMatchObject({ nombre: 'Gina', saldo: '0.00', activo: true, datos: ['solo', 'arreglo'] });
      expect(r.rows[2]).toMatchObject({ nombre: 'Hugo', datos: 'texto json' });

      const quiet = await userA().run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Iris' }] });
      expect(quiet).toEqual({ rows: [] });
      const some = await userA().run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Juan', datos: null }], returning: ['id', 'nombre', 'datos'] });
      expect(some.rows).toEqual([{ id: expect.anything(), nombre: 'Juan', datos: null }]);
      expect(await userA().run({ kind: 'insert', table: 'clientes', rows: [] })).toEqual({ rows: [] });

      const cleanup = await userA().run({ kind: 'delete', table: 'clientes', filters: [{ column: 'nombre', op: 'in', value: ['Fabio', 'Gina', 'Hugo', 'Iris', 'Juan'] }], returning: ['nombre'] });
      expect(cleanup.rows).toHaveLength(5);
    });

    it('update con filtros y returning; delete con returning; ninguno sin filtro', async () => {
      const up = await userA().run({
        kind: 'update',
        table: 'clientes',
        values: { saldo: 21, datos: { nuevo: true } },
        filters: [{ column: 'nombre', op: 'eq', value: 'Beto' }],
        returning: ['nombre', 'saldo', 'datos'],
      });
      expect(up.rows).toEqual([{ nombre: 'Beto', saldo: '21.00', datos: { nuevo: true } }]);
      const silent = await userA().run({ kind: 'update', table: 'clientes', values: { saldo: 20 }, filters: [{ column: 'id', op: 'eq', value: ids.beto }] });
      expect(silent).toEqual({ rows: [] });

      await expectAppError(userA().run({ kind: 'update', table: 'clientes', values: { saldo: 0 }, filters: [] }), 'validation', es.errores.filtroRequerido);
      await expectAppError(
        userA().run({ kind: 'update', table: 'clientes', values: { saldo: 0 } } as unknown as DataQuery),
        'validation',
        es.errores.filtroRequerido,
      );
      await expectAppError(userA().run({ kind: 'delete', table: 'clientes', filters: [] }), 'validation', es.errores.filtroRequerido);
      await expectAppError(userA().run({ kind: 'delete', table: 'clientes' } as unknown as DataQuery), 'validation', es.errores.filtroRequerido);
      const count = await db.query<{ n: unknown }>('select count(*)::int as n from public.clientes');
      expect(Number(count.rows[0]!.n)).toBe(6);

      await userA().run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Temporal' }] });
      const del = await userA().run({ kind: 'delete', table: 'clientes', filters: [{ column: 'nombre', op: 'eq', value: 'Temporal' }], returning: ['nombre'] });
      expect(del.rows).toEqual([{ nombre: 'Temporal' }]);
    });

    it('upsert: inserta, luego actualiza solo las columnas no clave dadas', async () => {
      const first = await userA().run({
        kind: 'upsert',
        table: 'ajustes',
        rows: [
          { clave: 'tema', valor: { color: 'azul' }, descripcion: 'Tema' },
          { clave: 'idioma', valor: 'es' },
        ],
        onConflict: ['clave'],
        returning: ['clave', 'valor', 'descripcion'],
      });
      expect(first.rows).toEqual([
        { clave: 'tema', valor: { color: 'azul' }, descripcion: 'Tema' },
        { clave: 'idioma', valor: 'es', descripcion: null },
      ]);
      const second = await userA().run({
        kind: 'upsert',
        table: 'ajustes',
        rows: [{ clave: 'tema', valor: { color: 'verde' } }],
        onConflict: ['clave'],
        returning: ['*'],
      });
      expect(second.rows).toEqual([{ clave: 'tema', valor: { color: 'verde' }, descripcion: 'Tema', owner: USER_A }]);
      const keysOnly = await userA().run({ kind: 'upsert', table: 'ajustes', rows: [{ clave: 'idioma' }], onConflict: ['clave'], returning: ['clave', 'valor'] });
      expect(keysOnly.rows).toEqual([{ clave: 'idioma', valor: 'es' }]);
      const all = await userA().run({ kind: 'select', table: 'ajustes', count: true });
      expect(all.count).toBe(2);
    });
  });

  describe('rpc', () => {
    it('funciones que devuelven filas, una tabla o un conjunto de escalares', async () => {
      const rows = await userA().run<{ nombre: string }>({ kind: 'rpc', fn: 'clientes_con_saldo', args: { minimo: 50 } });
      expect(rows.rows.map((r) => r.nombre)).toEqual(['Ana', 'Elena']);
      const defaults = await userA().run({ kind: 'rpc', fn: 'clientes_con_saldo' });
      expect(defaults.rows).toHaveLength(5);
      const table = await userA().run({ kind: 'rpc', fn: 'pedidos_de', args: { p_cliente: ids.ana } });
      expect(table.rows.map((r) => r.total)).toEqual(['10.00', '15.50']);
      expect(Object.keys(table.rows[0]!).sort()).toEqual(['id', 'total']);
      const values = await userA().run({ kind: 'rpc', fn: 'nombres_clientes' });
      expect(values.rows).toEqual([{ value: 'Ana' }, { value: 'Beto' }, { value: 'Carla' }, { value: 'Darío' }, { value: 'Elena' }]);
    });

    it('funciones escalares devuelven una fila { value }', async () => {
      expect((await userA().run({ kind: 'rpc', fn: 'total_cliente', args: { p_cliente: ids.ana } })).rows).toEqual([{ value: '25.50' }]);
      expect((await userA().run({ kind: 'rpc', fn: 'saludo', args: { p_nombre: 'Ana' } })).rows).toEqual([{ value: 'Hola, Ana!' }]);
      expect((await userA().run({ kind: 'rpc', fn: 'saludo', args: { p_signo: '?', p_nombre: "O'Brien" } })).rows).toEqual([{ value: "Hola, O'Brien?" }]);
      expect((await userA().run({ kind: 'rpc', fn: 'resumen_json', args: { p_filtro: { a: [1, 'dos'] } } })).rows).toEqual([
        { value: { filtro: { a: [1, 'dos'] }, clientes: 5 } },
      ]);
      expect((await userA().run({ kind: 'rpc', fn: 'validar_monto', args: { monto: 5 } })).rows).toEqual([{ value: null }]);
    });

    it('corre con el rol y los claims del que llama', async () => {
      expect((await userA().run({ kind: 'rpc', fn: 'quien_soy' })).rows).toEqual([{ value: `authenticated:${USER_A}` }]);
      expect((await as('anon').run({ kind: 'rpc', fn: 'quien_soy' })).rows).toEqual([{ value: 'anon:' }]);
      expect((await as('service_role').run({ kind: 'rpc', fn: 'quien_soy' })).rows).toEqual([{ value: 'service_role:' }]);
      // set local: nothing leaks to the next user of the connection
      const after = await db.query<{ u: string; c: string | null }>("select current_user as u, current_setting('request.jwt.claims', true) as c");
      expect(after.rows[0]!.u).not.toBe('authenticated');
      expect(after.rows[0]!.c ?? '').toBe('');
    });

    it('RAISE EXCEPTION de nuestras funciones llega como validación con su mensaje', async () => {
      await expectAppError(userA().run({ kind: 'rpc', fn: 'validar_monto', args: { monto: 0 } }), 'validation', 'El monto debe ser mayor que cero.');
    });

    it('argumentos desconocidos o faltantes se rechazan', async () => {
      await expectAppError(userA().run({ kind: 'rpc', fn: 'saludo', args: { p_nombre: 'a', nombre: 'b' } }), 'validation', es.errores.argumentoDesconocido('saludo', 'nombre'));
      await expectAppError(userA().run({ kind: 'rpc', fn: 'saludo', args: {} }), 'validation', es.errores.argumentoRequerido('saludo', 'p_nombre'));
      await expectAppError(
        userA().run({ kind: 'rpc', fn: 'saludo', args: { 'p_nombre" => 1); select pg_sleep(10); --': 'x' } }),
        'validation',
        es.errores.argumentoDesconocido('saludo', 'p_nombre" => 1); select pg_sleep(10); --'),
      );
    });
  });

  describe('seguridad por filas (RLS)', () => {
    it('cada usuario ve solo sus filas y anon no ve nada', async () => {
      const a = await userA().run({ kind: 'select', table: 'clientes', columns: ['nombre'], count: true });
      expect(a.count).toBe(5);
      expect(a.rows.map((r) => r.nombre)).not.toContain('Zeta de B');
      const b = await userB().run({ kind: 'select', table: 'clientes', columns: ['nombre'], count: true });
      expect(b).toEqual({ rows: [{ nombre: 'Zeta de B' }], count: 1 });
      const byId = await userA().run({ kind: 'select', table: 'clientes', filters: [{ column: 'id', op: 'eq', value: ids.zeta }] });
      expect(byId.rows).toEqual([]);
      const anon = await as('anon').run({ kind: 'select', table: 'clientes', count: true });
      expect(anon).toEqual({ rows: [], count: 0 });
      const service = await as('service_role').run({ kind: 'select', table: 'clientes', columns: ['id'], count: true });
      expect(service.count).toBe(6);
      const viewB = await userB().run({ kind: 'select', table: 'clientes_resumen' });
      expect(viewB.rows).toEqual([{ id: expect.anything(), nombre: 'Zeta de B', pedidos: 1, total: '40.00' }]);
    });

    it('no se puede modificar ni borrar lo ajeno, ni insertar a nombre de otro', async () => {
      const up = await userA().run({ kind: 'update', table: 'clientes', values: { nombre: 'Robado' }, filters: [{ column: 'id', op: 'eq', value: ids.zeta }], returning: ['id'] });
      expect(up.rows).toEqual([]);
      const del = await userA().run({ kind: 'delete', table: 'clientes', filters: [{ column: 'id', op: 'eq', value: ids.zeta }], returning: ['id'] });
      expect(del.rows).toEqual([]);
      await expectAppError(
        userA().run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Falso', owner: USER_B }] }),
        'forbidden',
        es.errores.sinPermiso,
      );
      await expectAppError(as('anon').run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Anónimo' }] }), 'forbidden', es.errores.sinPermiso);
      const zeta = await db.query<{ nombre: string }>('select nombre from public.clientes where id = $1', [ids.zeta]);
      expect(zeta.rows).toEqual([{ nombre: 'Zeta de B' }]);
    });

    it('una tabla sin permisos responde "sin permiso"', async () => {
      await expectAppError(userA().run({ kind: 'select', table: 'secretos' }), 'forbidden', es.errores.sinPermiso);
    });
  });

  describe('nombres hostiles: rechazados antes de ejecutar SQL', () => {
    const hostileTables = [
      'clientes; drop table x',
      '"clientes"',
      'clientes"',
      'public.clientes',
      'pg_catalog.pg_authid',
      'pg_authid',
      'CLIENTES',
      'clientes --',
      '',
      'clientes\u0000',
    ];
    const hostileColumns = ['nombre) or 1=1 --', '"nombre"', 'nombre; drop table clientes', 'ctid', 'xmin', '*, (select 1)', 'NOMBRE', 'no_existe'];

    it('tablas y vistas desconocidas', async () => {
      const spy = spyClient(db);
      const port = as('authenticated', USER_A, spy);
      for (const table of hostileTables) {
        for (const q of [
          { kind: 'select', table },
          { kind: 'insert', table, rows: [{ nombre: 'x' }] },
          { kind: 'upsert', table, rows: [{ nombre: 'x' }], onConflict: ['id'] },
          { kind: 'update', table, values: { nombre: 'x' }, filters: [{ column: 'id', op: 'eq', value: 1 }] },
          { kind: 'delete', table, filters: [{ column: 'id', op: 'eq', value: 1 }] },
        ] as DataQuery[]) {
          const err = await expectAppError(port.run(q), 'validation');
          if (table !== '' && !table.includes('\u0000')) expect(err.message).toBe(es.errores.tablaDesconocida(table));
        }
      }
      expect(spy.transactions).toBe(0);
    });

    it('columnas desconocidas en cada posición', async () => {
      const spy = spyClient(db);
      const port = as('authenticated', USER_A, spy);
      for (const column of hostileColumns) {
        const message = es.errores.columnaDesconocida('clientes', column);
        const f = [{ column, op: 'eq', value: 1 }] as const;
        const ok = [{ column: 'id', op: 'eq', value: 1 }] as const;
        const queries: DataQuery[] = [
          { kind: 'select', table: 'clientes', columns: ['id', column] },
          { kind: 'select', table: 'clientes', filters: [...f] },
          { kind: 'select', table: 'clientes', filters: [{ column, op: 'is', value: null }] },
          { kind: 'select', table: 'clientes', filters: [{ column, op: 'in', value: [1] }] },
          { kind: 'select', table: 'clientes', filters: [{ column, op: 'ilike', value: '%' }] },
          { kind: 'select', table: 'clientes', anyOf: [...ok, ...f] },
          { kind: 'select', table: 'clientes', order: [{ column }] },
          { kind: 'insert', table: 'clientes', rows: [{ nombre: 'x', [column]: 1 }] },
          { kind: 'insert', table: 'clientes', rows: [{ nombre: 'x' }], returning: [column] },
          { kind: 'upsert', table: 'clientes', rows: [{ nombre: 'x' }], onConflict: [column] },
          { kind: 'upsert', table: 'clientes', rows: [{ nombre: 'x', [column]: 1 }], onConflict: ['id'] },
          { kind: 'upsert', table: 'clientes', rows: [{ nombre: 'x' }], onConflict: ['id'], returning: ['id', column] },
          { kind: 'update', table: 'clientes', values: { [column]: 1 }, filters: [...ok] },
          { kind: 'update', table: 'clientes', values: { nombre: 'x' }, filters: [...f] },
          { kind: 'update', table: 'clientes', values: { nombre: 'x' }, filters: [...ok], returning: [column] },
          { kind: 'delete', table: 'clientes', filters: [...f] },
          { kind: 'delete', table: 'clientes', filters: [...ok], returning: [column] },
        ];
        for (const q of queries) await expectAppError(port.run(q), 'validation', message);
      }
      expect(spy.transactions).toBe(0);
    });

    it('funciones que no son del esquema', async () => {
      const spy = spyClient(db);
      const port = as('authenticated', USER_A, spy);
      for (const fn of ['pg_sleep', 'pg_catalog.pg_sleep', 'public.saludo', 'saludo; select 1', 'saludo"', 'pg_read_file', 'set_config', 'SALUDO', 'dblink']) {
        await expectAppError(port.run({ kind: 'rpc', fn, args: { seconds: 10 } }), 'validation', es.errores.funcionDesconocida(fn));
      }
      expect(spy.transactions).toBe(0);
      const exists = await db.query<{ n: unknown }>("select count(*)::int as n from pg_class where relname = 'clientes'");
      expect(Number(exists.rows[0]!.n)).toBe(1);
    });

    it('operadores y valores de "is" fuera de lo permitido', async () => {
      const spy = spyClient(db);
      const port = as('authenticated', USER_A, spy);
      const bad: DataQuery[] = [
        { kind: 'select', table: 'clientes', filters: [{ column: 'activo', op: 'is', value: 'null' }] },
        { kind: 'select', table: 'clientes', filters: [{ column: 'activo', op: 'is', value: 'true; drop table clientes' }] },
        { kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'like' as 'eq', value: 'a' }] },
        { kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'in', value: 'a,b' }] },
        { kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'eq', value: null }] },
        { kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'ilike', value: 3 }] },
        { kind: 'drop' as 'select', table: 'clientes' },
      ];
      for (const q of bad) await expectAppError(port.run(q), 'validation');
      expect(spy.transactions).toBe(0);
    });
  });

  describe('valores hostiles: guardados y comparados literalmente', () => {
    const hostile = [
      "'; drop table clientes; --",
      '%',
      '_',
      'a%b_c',
      'C:\\temp\\nuevo\\',
      '\\',
      "\\'",
      'Ñandú — 中文 — 🎉 — ﷽',
      '$1',
      '$$ select 1 $$',
      '"comillas" y (paréntesis), comas.',
      'línea\nnueva\ttab',
    ];

    it('ida y vuelta exacta, y eq / in / ilike los tratan como datos', async () => {
      const inserted = await userA().run<{ id: unknown; nombre: string; datos: unknown }>({
        kind: 'insert',
        table: 'clientes',
        rows: hostile.map((nombre) => ({ nombre, datos: { nombre, [nombre]: nombre } })),
        returning: ['id', 'nombre', 'datos'],
      });
      expect(inserted.rows.map((r) => r.nombre)).toEqual(hostile);
      for (const [i, value] of hostile.entries()) {
        expect(inserted.rows[i]!.datos).toEqual({ nombre: value, [value]: value });
        const eq = await userA().run({ kind: 'select', table: 'clientes', columns: ['nombre'], filters: [{ column: 'nombre', op: 'eq', value }] });
        expect(eq.rows).toEqual([{ nombre: value }]);
        const byJson = await userA().run({ kind: 'select', table: 'clientes', columns: ['nombre'], filters: [{ column: 'datos', op: 'eq', value: { nombre: value, [value]: value } }] });
        expect(byJson.rows).toEqual([{ nombre: value }]);
        const echo = await userA().run({ kind: 'rpc', fn: 'saludo', args: { p_nombre: value, p_signo: value } });
        expect(echo.rows).toEqual([{ value: `Hola, ${value}${value}` }]);
      }
      const inList = await userA().run({ kind: 'select', table: 'clientes', columns: ['nombre'], filters: [{ column: 'nombre', op: 'in', value: hostile }] });
      expect(inList.rows.map((r) => r.nombre).sort()).toEqual([...hostile].sort());
      // ilike: % and _ are the pattern's wildcards by design; escaped with a backslash they are literal.
      const literalPercent = await userA().run({ kind: 'select', table: 'clientes', columns: ['nombre'], filters: [{ column: 'nombre', op: 'ilike', value: '%\\%%' }] });
      expect(literalPercent.rows.map((r) => r.nombre).sort()).toEqual(['%', 'a%b_c']);
      const injected = await userA().run({ kind: 'select', table: 'clientes', columns: ['nombre'], filters: [{ column: 'nombre', op: 'ilike', value: "' or 1=1 --" }] });
      expect(injected.rows).toEqual([]);
      const tables = await db.query<{ n: unknown }>("select count(*)::int as n from pg_class where relname = 'clientes'");
      expect(Number(tables.rows[0]!.n)).toBe(1);

      await userA().run({ kind: 'delete', table: 'clientes', filters: [{ column: 'nombre', op: 'in', value: hostile }] });
    });

    it('los bytes nulos se rechazan limpiamente, sin ejecutar nada', async () => {
      const spy = spyClient(db);
      const port = as('authenticated', USER_A, spy);
      const nul = 'a\u0000b';
      for (const q of [
        { kind: 'insert', table: 'clientes', rows: [{ nombre: nul }] },
        { kind: 'insert', table: 'clientes', rows: [{ nombre: 'x', datos: { k: nul } }] },
        { kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'eq', value: nul }] },
        { kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'in', value: ['ok', nul] }] },
        { kind: 'update', table: 'clientes', values: { nombre: nul }, filters: [{ column: 'id', op: 'eq', value: 1 }] },
        { kind: 'rpc', fn: 'saludo', args: { p_nombre: nul } },
      ] as DataQuery[]) {
        await expectAppError(port.run(q), 'validation', es.errores.entradaInvalida);
      }
      expect(spy.transactions).toBe(0);
    });
  });

  describe('errores de Postgres en español y atomicidad', () => {
    const countClientes = async () => Number((await db.query<{ n: unknown }>('select count(*)::int as n from public.clientes')).rows[0]!.n);

    it('único, llave foránea, no nulo, check, texto inválido', async () => {
      await expectAppError(userA().run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Otra Ana', email: 'ana@x.co' }] }), 'conflict', es.errores.registroDuplicado);
      await expectAppError(userA().run({ kind: 'insert', table: 'pedidos', rows: [{ cliente_id: 999999, total: 1 }] }), 'validation', es.errores.registroRelacionado);
      await expectAppError(userA().run({ kind: 'delete', table: 'clientes', filters: [{ column: 'id', op: 'eq', value: ids.ana }] }), 'validation', es.errores.registroRelacionado);
      await expectAppError(userA().run({ kind: 'insert', table: 'clientes', rows: [{ email: 'sin-nombre@x.co' }] }), 'validation', es.errores.entradaInvalida);
      await expectAppError(userA().run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Negativo', saldo: -1 }] }), 'validation', es.errores.entradaInvalida);
      await expectAppError(userA().run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Texto', saldo: 'mucho' }] }), 'validation', es.errores.entradaInvalida);
      await expectAppError(userA().run({ kind: 'select', table: 'clientes', filters: [{ column: 'id', op: 'eq', value: 'uno' }] }), 'validation', es.errores.entradaInvalida);
      await expectAppError(userA().run({ kind: 'select', table: 'clientes', filters: [{ column: 'creado', op: 'gt', value: 'ayer' }] }), 'validation', es.errores.entradaInvalida);
      await expectAppError(userA().run({ kind: 'upsert', table: 'clientes', rows: [{ nombre: 'x' }], onConflict: ['nombre'] }), 'validation', es.errores.entradaInvalida);
    });

    it('una sentencia que falla deja los datos como estaban', async () => {
      const before = await countClientes();
      await expectAppError(
        userA().run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Primera', email: 'nueva@x.co' }, { nombre: 'Segunda', email: 'ana@x.co' }] }),
        'conflict',
      );
      expect(await countClientes()).toBe(before);
      await expectAppError(
        userA().run({ kind: 'update', table: 'clientes', values: { saldo: -5 }, filters: [{ column: 'activo', op: 'eq', value: true }] }),
        'validation',
      );
      const saldos = await db.query<{ saldo: string }>('select saldo from public.clientes where id = $1', [ids.ana]);
      expect(saldos.rows[0]!.saldo).toBe('100.50');
      // the connection is usable afterwards
      expect((await userA().run({ kind: 'select', table: 'clientes', count: true, limit: 0 })).count).toBe(5);
    });
  });
});
