/**
 * The hosted executor against the REAL PostgREST 12.0.2 (a local Supabase project: tests/support/supabase-local.ts),
 * compared with the SQL executor on the same PostgreSQL 15 database: what a repository gets must not depend on
 * the backend. Each `it` is a way the real server answers differently from the stand-ins the suite used before:
 * rpc shapes (a scalar jsonb array looks like a set), "Max rows" (db-max-rows cuts long reads silently), count
 * headers and ranges past the end, 401 for anon and 403 for a signed-in user, RLS, error codes, and the schema
 * cache right after DDL.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { crearClientePg } from '../../src/main/motores/postgres/pg-client';
import { AppError } from '../../src/shared/errors';
import { es } from '../../src/shared/i18n/es';
import type { DataPort, DataQuery } from '../../src/shared/ports/consultas';
import type { SqlClient } from '../../src/shared/ports/sql';
import { functionFromRow, loadCatalog, type FunctionRow, type FunctionShape } from '../../src/shared/consultas/catalog';
import { FORMAS_RPC, formaAmbigua } from '../../src/shared/consultas/formas-rpc';
import { crearEjecutorSql } from '../../src/shared/consultas/sql-executor';
import { crearEjecutorSupabase, FILAS_POR_PAGINA } from '../../src/shared/consultas/supabase-executor';
import { firmarJwt, startSupabaseLocal, type SupabaseLocal } from '../support/supabase-local';

let supabase: SupabaseLocal;
let db: SqlClient;
let operador: string;
let intruso: string;
let clienteOperador: SupabaseClient;
let alojado: DataPort;
let sql: DataPort;
let campana: number;

const OPERADOR = { email: 'operadora@agencia.co', password: 'Operadora2026' };
const INTRUSO = { email: 'curioso@correo.example', password: 'Curioso2026' };
/** More rows than one page of "Max rows", and not a multiple of it. */
const MUCHOS = FILAS_POR_PAGINA * 2 + 345;

async function fallo(promesa: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promesa;
  } catch (error) {
    expect(AppError.is(error)).toBe(true);
    return { code: (error as AppError).code, message: (error as AppError).message };
  }
  throw new Error('se esperaba un error');
}

beforeAll(async () => {
  supabase = await startSupabaseLocal({ clusterUrl: inject('pgUrl') });
  operador = await supabase.crearOperador(OPERADOR.email, OPERADOR.password, { admin: true, nombre: 'Olga' });
  // A user the platform has (signed up, invited) but no administrator made an operator: no profile.
  intruso = await supabase.crearOperador(INTRUSO.email, INTRUSO.password);
  await supabase.sql('delete from public.perfiles where id = $1', [intruso]);
  clienteOperador = await supabase.clienteDe(OPERADOR.email, OPERADOR.password);
  alojado = crearEjecutorSupabase(clienteOperador);
  db = await crearClientePg(supabase.databaseUrl);
  sql = crearEjecutorSql(db, { role: 'authenticated', claims: { sub: operador, role: 'authenticated' } }, await loadCatalog(db));
  campana = Number((await supabase.sql<{ id: string }>(`insert into public.campanas (nombre, minutos) values ('Pagos de noviembre', 60) returning id`))[0]!.id);
  await supabase.sql(
    `insert into public.clientes (nombre, apellido, email, telefono, campana_id)
     select 'Cliente ' || i, 'Prueba', 'c' || i || '@correo.co', '+5730000' || lpad(i::text, 5, '0'), $1
       from generate_series(1, $2::int) as i`,
    [campana, MUCHOS],
  );
});

afterAll(async () => {
  await db?.cerrar();
  await supabase?.close();
});

describe('rpc: la forma de la respuesta', () => {
  it('FORMAS_RPC nombra cada función del esquema cuya respuesta JSON es ambigua, con la forma del catálogo', async () => {
    const filas = await db.query<FunctionRow & { ejecutable: boolean }>(
      `select p.proname::text as name, p.proretset as returns_set, p.pronargdefaults::int as n_defaults,
              coalesce(p.proargnames::text[], '{}'::text[]) as arg_names, coalesce(p.proargmodes::text[], '{}'::text[]) as arg_modes,
              array(select coalesce(bt.typname, t.typname)::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(typ, ord)
                      join pg_type t on t.oid = u.typ left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype order by u.ord) as arg_types,
              format_type(p.prorettype, null) as return_type,
              coalesce(rbt.typname, rt.typname)::text as return_base, coalesce(rbt.typtype, rt.typtype)::text as return_typtype,
              has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute') as ejecutable
         from pg_proc p join pg_type rt on rt.oid = p.prorettype left join pg_type rbt on rt.typtype = 'd' and rbt.oid = rt.typbasetype
        where p.pronamespace = 'public'::regnamespace and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    );
    const ambiguas: Record<string, FunctionShape> = {};
    for (const fila of filas.rows) {
      const fn = functionFromRow('public', fila);
      if (fila.ejecutable && formaAmbigua(fn.shape, fila.return_base)) ambiguas[fn.name] = fn.shape;
    }
    expect(ambiguas).toHaveProperty('llamadas_claves_existentes_columnas', 'scalar');
    expect(ambiguas).toEqual(FORMAS_RPC);
  });

  it('cada forma (escalar, jsonb arreglo u objeto, arreglo, conjunto de escalares o de json, filas, una fila, void): lo mismo que el ejecutor SQL', async () => {
    await supabase.sql(`
      create type public.prueba_par as (id integer, nombre text);
      create function public.prueba_jsonb_arreglo(p_n integer) returns jsonb language sql stable as $$ select jsonb_build_array(jsonb_build_array('a@x.co', '1'), p_n) $$;
      create function public.prueba_jsonb_objeto() returns jsonb language sql stable as $$ select '{"total": 3, "por_dia": [1, 2]}'::jsonb $$;
      create function public.prueba_jsonb_nulo() returns jsonb language sql stable as $$ select null::jsonb $$;
      create function public.prueba_texto() returns text language sql stable as $$ select 'Hola' $$;
      create function public.prueba_entero() returns integer language sql stable as $$ select 42 $$;
      create function public.prueba_lista_texto() returns text[] language sql stable as $$ select array['a', 'b'] $$;
      create function public.prueba_valores() returns setof integer language sql stable as $$ values (1), (2), (3) $$;
      create function public.prueba_valores_json() returns setof jsonb language sql stable as $$ values ('{"a": 1}'::jsonb), ('{"a": 2}') $$;
      create function public.prueba_filas() returns table (id integer, nombre text) language sql stable as $$ values (1, 'Ana'), (2, 'Luis') $$;
      create function public.prueba_sin_filas() returns table (id integer, nombre text) language sql stable as $$ select 1, 'x' where false $$;
      create function public.prueba_fila() returns public.prueba_par language sql stable as $$ select (7, 'Eva')::public.prueba_par $$;
      create function public.prueba_vacia() returns void language sql volatile as $$ select $$;
    `);
    // Read as the catalogue says, which is how FORMAS_RPC is made: the shapes of the functions above.
    const catalogo = await loadCatalog(db);
    const nombres = ['prueba_jsonb_arreglo', 'prueba_jsonb_objeto', 'prueba_jsonb_nulo', 'prueba_texto', 'prueba_entero', 'prueba_lista_texto',
      'prueba_valores', 'prueba_valores_json', 'prueba_filas', 'prueba_sin_filas', 'prueba_fila', 'prueba_vacia'];
    const formas = Object.fromEntries(nombres.map((n) => [n, catalogo.functions(n)[0]!.shape]));
    expect(formas).toMatchObject({ prueba_jsonb_arreglo: 'scalar', prueba_valores: 'values', prueba_filas: 'rows', prueba_fila: 'row', prueba_vacia: 'void' });
    const conFormas = crearEjecutorSupabase(clienteOperador, { rpcShapes: formas });
    const sqlNuevo = crearEjecutorSql(db, { role: 'authenticated', claims: { sub: operador, role: 'authenticated' } }, catalogo);
    const esperado: Record<string, unknown[]> = {
      prueba_jsonb_arreglo: [{ value: [['a@x.co', '1'], 5] }],
      prueba_jsonb_objeto: [{ value: { total: 3, por_dia: [1, 2] } }],
      prueba_jsonb_nulo: [{ value: null }],
      prueba_texto: [{ value: 'Hola' }],
      prueba_entero: [{ value: 42 }],
      prueba_lista_texto: [{ value: ['a', 'b'] }],
      prueba_valores: [{ value: 1 }, { value: 2 }, { value: 3 }],
      prueba_valores_json: [{ value: { a: 1 } }, { value: { a: 2 } }],
      prueba_filas: [{ id: 1, nombre: 'Ana' }, { id: 2, nombre: 'Luis' }],
      prueba_sin_filas: [],
      prueba_fila: [{ id: 7, nombre: 'Eva' }],
      prueba_vacia: [{ value: null }],
    };
    for (const fn of nombres) {
      const q: DataQuery = { kind: 'rpc', fn, args: fn === 'prueba_jsonb_arreglo' ? { p_n: 5 } : {} };
      // The functions were made after PostgREST started: the executor waits for its schema cache to reload.
      expect((await conFormas.run(q)).rows, fn).toEqual(esperado[fn]);
      expect((await sqlNuevo.run(q)).rows, fn).toEqual(esperado[fn]);
    }
  });

  it('llamadas_claves_existentes_columnas (duplicados de la importación) llega como el arreglo que es, no como filas', async () => {
    const q: DataQuery = {
      kind: 'rpc',
      fn: 'llamadas_claves_existentes_columnas',
      args: { p_campana: campana, p_columnas: { email: ['c1@correo.co', 'nadie@correo.co', 'c2@correo.co'], telefono: ['+573000000001', '+573000000009', '+573000000002'] } },
    };
    const esperado = [{ value: [['c1@correo.co', '+573000000001'], ['c2@correo.co', '+573000000002']] }];
    expect((await alojado.run(q)).rows).toEqual(esperado);
    expect((await sql.run(q)).rows).toEqual(esperado);
  });
});

describe('lecturas largas: "Max rows" (db-max-rows 1000) y Content-Range', () => {
  const columnas = ['email'];
  const filtro = () => [{ column: 'campana_id', op: 'eq' as const, value: campana }];
  const orden = [{ column: 'id' }];

  it('el servidor corta en 1000 filas sin error; el ejecutor lee todas por páginas, como el SQL', async () => {
    // The cut is real: one plain request gets one page.
    const directo = await clienteOperador.from('clientes').select('email').eq('campana_id', campana);
    expect(directo.error).toBeNull();
    expect(directo.data).toHaveLength(FILAS_POR_PAGINA);

    const q: DataQuery = { kind: 'select', table: 'clientes', columns: columnas, filters: filtro(), order: orden };
    const todas = await alojado.run<{ email: string }>(q);
    expect(todas.rows).toHaveLength(MUCHOS);
    expect(todas.rows).toEqual((await sql.run(q)).rows);
    expect(new Set(todas.rows.map((r) => r.email)).size).toBe(MUCHOS);

    const limite: DataQuery = { ...q, limit: 1500 };
    expect((await alojado.run(limite)).rows).toEqual((await sql.run(limite)).rows);
    expect((await alojado.run(limite)).rows).toHaveLength(1500);
  });

  it('count=exact da el total aunque la página sea corta; una página más allá del final da [] y el total (416)', async () => {
    const pagina: DataQuery = { kind: 'select', table: 'clientes', columns: columnas, filters: filtro(), order: orden, range: { from: 2000, to: 2499 }, count: true };
    const r = await alojado.run(pagina);
    expect(r.count).toBe(MUCHOS);
    expect(r.rows).toHaveLength(MUCHOS - 2000);
    expect(r).toEqual(await sql.run(pagina));

    const fuera: DataQuery = { ...pagina, range: { from: MUCHOS + 10, to: MUCHOS + 59 } };
    expect(await alojado.run(fuera)).toEqual({ rows: [], count: MUCHOS });
    expect(await sql.run(fuera)).toEqual({ rows: [], count: MUCHOS });
  });

  it('escrituras que devuelven más de 1000 filas las devuelven todas (el tope es de lecturas)', async () => {
    const r = await alojado.run<{ id: number }>({
      kind: 'update',
      table: 'clientes',
      values: { cargo: 'Gerente' },
      filters: filtro(),
      returning: ['id'],
    });
    expect(r.rows).toHaveLength(MUCHOS);
  });
});

describe('permisos y errores, como los contesta el servidor real', () => {
  it('anon no lee tablas (401, 42501) y el ejecutor da el mismo error que el SQL', async () => {
    const anonAlojado = crearEjecutorSupabase(supabase.cliente());
    const anonSql = crearEjecutorSql(db, { role: 'anon', claims: null }, await loadCatalog(db));
    const q: DataQuery = { kind: 'select', table: 'clientes', columns: ['id'], limit: 1 };
    const directo = await supabase.cliente().from('clientes').select('id').limit(1);
    expect({ status: directo.status, code: directo.error?.code }).toEqual({ status: 401, code: '42501' });
    const a = await fallo(anonAlojado.run(q));
    expect(a).toEqual(await fallo(anonSql.run(q)));
    expect(a).toEqual({ code: 'forbidden', message: es.errores.sinPermiso });
  });

  it('un usuario sin perfil de operador: RLS no le muestra nada y le niega escribir (403)', async () => {
    const cliente = await supabase.clienteDe(INTRUSO.email, INTRUSO.password);
    const suyo = crearEjecutorSupabase(cliente);
    const suyoSql = crearEjecutorSql(db, { role: 'authenticated', claims: { sub: intruso, role: 'authenticated' } }, await loadCatalog(db));
    const leer: DataQuery = { kind: 'select', table: 'clientes', columns: ['email'], filters: [{ column: 'campana_id', op: 'eq', value: campana }] };
    expect(await suyo.run(leer)).toEqual({ rows: [] });
    expect(await suyoSql.run(leer)).toEqual({ rows: [] });
    const directo = await cliente.from('campanas').insert({ nombre: 'Ajena' });
    expect({ status: directo.status, code: directo.error?.code }).toEqual({ status: 403, code: '42501' });
    const escribir: DataQuery = { kind: 'insert', table: 'campanas', rows: [{ nombre: 'Ajena' }] };
    const e = await fallo(suyo.run(escribir));
    expect(e).toEqual(await fallo(suyoSql.run(escribir)));
    expect(e.code).toBe('forbidden');
  });

  it('duplicado (409 23505), regla de la base (P0001) y función desconocida (PGRST202): el mismo AppError en ambos', async () => {
    const dup: DataQuery = { kind: 'insert', table: 'clientes', rows: [{ nombre: 'Otra', apellido: 'Vez', email: 'c1@correo.co', telefono: '+573000000001', campana_id: campana }] };
    const d = await fallo(alojado.run(dup));
    expect(d).toEqual(await fallo(sql.run(dup)));
    expect(d).toEqual({ code: 'conflict', message: es.errores.registroDuplicado });

    // llamadas_exigir_operador raises P0001/42501 for a non-operator; an operator passes. A function that
    // raises on purpose gives its own Spanish message on both.
    await supabase.sql(`create function public.prueba_regla() returns void language plpgsql as $$ begin raise exception 'El monto debe ser mayor que cero.'; end $$`);
    const regla: DataQuery = { kind: 'rpc', fn: 'prueba_regla' };
    const r = await fallo(alojado.run(regla));
    expect(r).toEqual({ code: 'validation', message: 'El monto debe ser mayor que cero.' });

    const nada: DataQuery = { kind: 'rpc', fn: 'no_existe_esta_funcion' };
    expect(await fallo(alojado.run(nada))).toEqual({ code: 'validation', message: es.errores.funcionDesconocida('no_existe_esta_funcion') });
  });

  it('un token vencido: 401 PGRST301 → la sesión expiró', async () => {
    // By the clock PostgREST checks tokens with (the same as this process's but under faketime).
    const ahora = Math.floor(supabase.relojMs() / 1000);
    const vencido = firmarJwt({ sub: operador, role: 'authenticated', aud: 'authenticated', iat: ahora - 7200, exp: ahora - 3600 }, supabase.jwtSecret);
    const res = await fetch(`${supabase.url}/rest/v1/campanas?select=id`, { headers: { apikey: supabase.anonKey, Authorization: `Bearer ${vencido}` } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST301');
    const conVencido = crearEjecutorSupabase(
      createClient(supabase.url, supabase.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { Authorization: `Bearer ${vencido}` } },
        realtime: { transport: class { constructor() { throw new Error('sin realtime'); } } as never },
      }),
    );
    expect(await fallo(conVencido.run({ kind: 'select', table: 'campanas', columns: ['id'] }))).toEqual({ code: 'unauthenticated', message: es.login.sesionExpirada });
  });
});

describe('la caché de esquema de PostgREST después de DDL', () => {
  it('una tabla de mensajes recién creada con create_message_table se lee y escribe en seguida', async () => {
    const tabla = 'faro_prueba_registro_whatsapp';
    expect((await alojado.run({ kind: 'rpc', fn: 'create_message_table', args: { nombre: tabla } })).rows).toHaveLength(1);
    const fila = { session_id: '573001112233', message: { type: 'human', content: 'Hola' } };
    await alojado.run({ kind: 'insert', table: tabla, rows: [fila] });
    const leidas = await alojado.run({ kind: 'select', table: tabla, columns: ['session_id', 'message'] });
    expect(leidas.rows).toEqual([fila]);
  });
});
