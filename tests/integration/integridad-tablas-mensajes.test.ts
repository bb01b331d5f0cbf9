/**
 * Issue 12, on PGlite and PostgreSQL 15 through the real api and straight SQL: a bot company's message table
 * is a new table or an existing message table, never one of the console's own tables or a system name (the
 * rule lives in SQL, so the api, the data port and a manual insert all meet it); renaming a company does not
 * move its table, and changing the table of a connected company or one with messages needs an explicit
 * confirmation; a deactivated company gets no flow; no flow is created for a table registered before the rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server';
import { es } from '../../src/shared/i18n/es';
import { sugerirNombreTabla } from '../../src/shared/domain/bot-tablas';
import type { EmpresaBot } from '../../src/shared/areas/bots/contract';

type Api = Awaited<ReturnType<typeof embeddedApi>>;
const CANALES = ['duda', 'shopify', 'wordpress', 'whatsapp'] as const;
const TABLAS_EMPRESAS = ['empresas_bot_duda', 'empresas_shopify_bots', 'empresas_wordpress_bots', 'empresas_whatsapp'] as const;

// The rule's messages (SQL, public.problema_tabla_mensajes).
const propia = (t: string) => `La tabla ${t} es una tabla propia de la consola y no puede usarse como tabla de mensajes`;
const reservada = (t: string) => `El nombre ${t} está reservado por el sistema de base de datos: elige otro nombre para la tabla de mensajes`;
const sinForma = (t: string) =>
  `La tabla ${t} ya existe y no tiene la estructura de una tabla de mensajes (id, session_id, message, created_at): elige otro nombre`;

describe.each(MIGRATED_BACKENDS)('integridad de las tablas de mensajes en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Api;
  let hooks: WebhookServer;
  const caller = new Caller();

  async function call<T = unknown>(area: string, op: string, input: unknown): Promise<T> {
    const r = await api.dispatch(area as never, op as never, input as never, caller);
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.data as T;
  }
  async function fail(area: string, op: string, input: unknown) {
    const r = await api.dispatch(area as never, op as never, input as never, caller);
    expect(r.ok, `${area}.${op} debía fallar`).toBe(false);
    return (r as { error: { code: string; message: string; details?: unknown } }).error;
  }
  const registradas = async () =>
    (await db.query<{ t: string }>(TABLAS_EMPRESAS.map((t) => `select table_supabase as t from public.${t}`).join(' union all '))).rows.map((r) => r.t);
  const sqlError = (p: Promise<unknown>) => p.then(() => ({ code: 'ok', message: '' }), (e: { code?: string; message?: string }) => ({ code: e.code ?? '', message: e.message ?? '' }));

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db);
    hooks = await startWebhookServer();
    await call('auth', 'crearPrimerAdmin', ADMIN);
    await call('conexion', 'guardarWebhook', { name: 'flujoBots', url: `${hooks.url}/webhook/crear-flujo`, auth: 'ninguna' });
    await call('conexion', 'guardarWebhook', { name: 'flujoWhatsapp', url: `${hooks.url}/webhook/crear-flujo-wa`, auth: 'ninguna' });
    await call('conexion', 'guardarWebhook', { name: 'agentesBase', url: `${hooks.url}/webhook`, auth: 'ninguna' });
  });
  afterAll(async () => {
    await hooks?.close();
    await db?.cerrar();
  });

  it('rechaza las tablas de la consola y los nombres del sistema en los cuatro canales, con un mensaje claro', async () => {
    const casos: Array<[string, string]> = [
      ['clientes', propia('clientes')],
      ['campanas', propia('campanas')],
      ['planes', propia('planes')],
      ['portal_sesiones', propia('portal_sesiones')],
      ['empresas_whatsapp', propia('empresas_whatsapp')],
      ['Clientes', propia('clientes')], // the api lowercases what it stores
      ['pg_authid', reservada('pg_authid')],
      ['pg_class', reservada('pg_class')],
      ['pg_nueva_tabla', reservada('pg_nueva_tabla')], // pg_ is PostgreSQL's
      ['users', reservada('users')], // auth.users
      ['tables', reservada('tables')], // information_schema.tables
    ];
    for (const canal of CANALES) {
      for (const [tabla, mensaje] of casos) {
        expect(await fail('bots', 'guardarEmpresa', { canal, name: `Hostil ${tabla}`, tableSupabase: tabla }), `${canal} ${tabla}`).toMatchObject({ code: 'validation', message: mensaje });
      }
    }
    // Hostile text never reaches SQL as a name; a long name is refused before it could be cut to 63 bytes.
    for (const hostil of ['x"; drop table perfiles; --', "o'brien_registro_bot_duda", 'a;b', 'tabla\u0000nula']) {
      expect(await fail('bots', 'guardarEmpresa', { canal: 'duda', name: 'Hostil', tableSupabase: hostil })).toMatchObject({ code: 'validation', message: es.bots.tablaSoloLetras });
    }
    expect(await fail('bots', 'guardarEmpresa', { canal: 'duda', name: 'Larga', tableSupabase: `${'a'.repeat(60)}_registro_bot_duda` })).toMatchObject({
      code: 'validation',
      message: 'El nombre de la tabla puede tener como máximo 63 caracteres',
    });
    expect(await registradas()).toEqual([]);
    expect((await db.query(`select to_regclass('public.perfiles') as t`)).rows[0]).toEqual({ t: 'perfiles' });
  });

  it('la regla está en SQL: ni el puerto de datos como operador ni un INSERT directo la saltan', async () => {
    const session = (await api.backend.auth.getSession(caller.token!))!;
    const data = api.backend.dataFor(session);
    for (const [tabla, mensaje] of [['planes', propia('planes')], ['pg_authid', reservada('pg_authid')]] as const) {
      const e = await data.run({ kind: 'insert', table: 'empresas_wordpress_bots', rows: [{ name: 'Directa', table_supabase: tabla }] }).then(
        () => null,
        (err: { code?: string; message?: string }) => err,
      );
      expect(e).toMatchObject({ code: 'validation', message: mensaje });
    }
    // As the database owner: the rule (P0001, its message) for well-formed names; hostile spellings are left
    // to the column's check constraint (23514), which refused them before this rule existed.
    const casos: Array<[string, string, string | null]> = [
      ['clientes', 'P0001', propia('clientes')],
      ['pg_class', 'P0001', reservada('pg_class')],
      ['1_registro_whatsapp', 'P0001', 'El nombre de la tabla debe empezar con una letra'],
      ['Clientes', '23514', null],
      ['x"; drop table perfiles; --', '23514', null],
      ['a'.repeat(64), '23514', null],
    ];
    for (const [tabla, code, mensaje] of casos) {
      for (const t of TABLAS_EMPRESAS) {
        const e = await sqlError(db.query(`insert into public.${t} (name, table_supabase) values ('Directa', $1)`, [tabla]));
        expect(e.code, `${t} ${tabla}`).toBe(code);
        if (mensaje) expect(e.message).toBe(mensaje);
      }
    }
    // Changing an existing company's table to one of them: the same rule.
    await db.query(`insert into public.empresas_bot_duda (name, table_supabase) values ('Legítima', 'legitima_registro_bot_duda')`);
    expect(await sqlError(db.query(`update public.empresas_bot_duda set table_supabase = 'proyectos' where name = 'Legítima'`))).toEqual({ code: 'P0001', message: propia('proyectos') });
    // Other columns of a row change freely.
    await db.query(`update public.empresas_bot_duda set name = 'Legítima 2' where name = 'Legítima'`);
    expect(await registradas()).toEqual(['legitima_registro_bot_duda']);
  });

  it('acepta una tabla nueva o una existente con forma de mensajes; una existente sin esa forma, no', async () => {
    // An existing message table from the original deployment (exec_sql or n8n), without a channel suffix.
    await db.query(`create table public.chat_legado (id serial primary key, session_id varchar(255) not null, message jsonb not null, created_at timestamp default now())`);
    await db.query(`insert into public.chat_legado (session_id, message, created_at) values ('s1', '{"type":"human","content":"Hola"}', '2026-11-20 10:00:00')`);
    // Tables that are not message tables, with and without a suffix.
    await db.query(`create table public.ventas_2024 (id serial primary key, total numeric)`);
    await db.query(`create table public.trampa_registro_whatsapp (id integer, session_id text, message text, created_at timestamp)`);
    await db.query(`create view public.vista_registro_bot_duda as select 1 as id`);

    const legado = await call<EmpresaBot>('bots', 'guardarEmpresa', { canal: 'wordpress', name: 'Legado', tableSupabase: 'chat_legado' });
    expect(legado).toMatchObject({ tableSupabase: 'chat_legado', status: true });
    expect(await call('mensajes', 'estadisticas', { tabla: 'chat_legado' })).toMatchObject({ totalMensajes: 1, totalSesiones: 1 });
    const nueva = await call<EmpresaBot>('bots', 'guardarEmpresa', { canal: 'whatsapp', name: 'Nueva', tableSupabase: 'nueva_registro_whatsapp' });
    expect(nueva.tableSupabase).toBe('nueva_registro_whatsapp');

    for (const t of ['ventas_2024', 'trampa_registro_whatsapp', 'vista_registro_bot_duda']) {
      expect(await fail('bots', 'guardarEmpresa', { canal: 'whatsapp', name: `Sin forma ${t}`, tableSupabase: t })).toMatchObject({ code: 'validation', message: sinForma(t) });
    }
    // create_message_table refuses an existing table without the shape instead of "creating" it silently…
    expect(await sqlError(db.query(`select public.create_message_table('trampa_registro_whatsapp')`))).toEqual({ code: 'P0001', message: sinForma('trampa_registro_whatsapp') });
    // …and still refuses any name outside the strict pattern with its old message.
    expect(await sqlError(db.query(`select public.create_message_table('clientes')`))).toMatchObject({ code: '22023' });
    // An existing message table is fine (idempotent).
    await db.query(`select public.create_message_table('nueva_registro_whatsapp')`);
    expect((await db.query(`select public.create_message_table('nueva_registro_whatsapp') as t`)).rows[0]).toEqual({ t: 'nueva_registro_whatsapp' });
  });

  it('Crear flujo N8N no nombra nunca una tabla que no es de mensajes, aunque la empresa se registrara antes de la regla', async () => {
    // A row of a deployment upgraded from the original, written before the rule (triggers off).
    await db.transaction(async (tx) => {
      await tx.query("set local session_replication_role = 'replica'");
      await tx.query(`insert into public.empresas_wordpress_bots (name, table_supabase) values ('Planes Legado', 'planes')`);
    });
    const fila = (await call<EmpresaBot[]>('bots', 'listarEmpresas', { canal: 'wordpress' })).find((e) => e.name === 'Planes Legado')!;
    hooks.requests.length = 0;
    expect(await fail('bots', 'crearFlujo', { canal: 'wordpress', clave: fila.clave })).toMatchObject({ code: 'validation', message: propia('planes') });
    expect(hooks.requests).toEqual([]);
    expect((await call<EmpresaBot[]>('bots', 'listarEmpresas', { canal: 'wordpress' })).find((e) => e.clave === fila.clave)?.webhook).toBeNull();
  });

  it('renombrar no mueve la tabla; cambiarla con flujo o mensajes pide confirmación explícita', async () => {
    // 'Renombre X' on WordPress, connected.
    const tabla = sugerirNombreTabla('Renombre X', 'wordpress');
    expect(tabla).toBe('renombre_x_registro_bot_wordpress');
    const wp = await call<EmpresaBot>('bots', 'guardarEmpresa', { canal: 'wordpress', name: 'Renombre X', tableSupabase: tabla });
    await call('bots', 'crearFlujo', { canal: 'wordpress', clave: wp.clave });

    // The rename the screen now sends: the same table.
    const renombrada = await call<EmpresaBot>('bots', 'guardarEmpresa', { canal: 'wordpress', clave: wp.clave, name: 'Renombre X SAS', tableSupabase: tabla });
    expect(renombrada).toMatchObject({ name: 'Renombre X SAS', tableSupabase: tabla });
    expect(renombrada.webhook).toBe(`${hooks.url}/webhook/${wp.uuid}`);

    // Moving the table of a connected company without confirmation: refused, nothing changes.
    const nueva = sugerirNombreTabla('Renombre X SAS', 'wordpress');
    const rechazo = await fail('bots', 'guardarEmpresa', { canal: 'wordpress', clave: wp.clave, name: 'Renombre X SAS', tableSupabase: nueva });
    expect(rechazo).toMatchObject({
      code: 'conflict',
      message: es.bots.cambioTabla.requiereConfirmacion(tabla, nueva),
      details: { confirmarCambioTabla: { anterior: tabla, nueva, webhook: true, mensajes: false } },
    });
    expect((await db.query<{ t: string }>('select table_supabase as t from public.empresas_wordpress_bots where uuid = $1', [wp.uuid])).rows[0]!.t).toBe(tabla);
    // With the explicit confirmation it changes (the operator was told what happens).
    const movida = await call<EmpresaBot>('bots', 'guardarEmpresa', { canal: 'wordpress', clave: wp.clave, name: 'Renombre X SAS', tableSupabase: nueva, confirmarCambioTabla: true });
    expect(movida.tableSupabase).toBe(nueva);

    // A company without a flow but with messages in its table: the same confirmation.
    const duda = await call<EmpresaBot>('bots', 'guardarEmpresa', { canal: 'duda', name: 'Con Mensajes', tableSupabase: 'con_mensajes_registro_bot_duda' });
    await db.query(`select public.create_message_table('con_mensajes_registro_bot_duda')`);
    await db.query(`insert into public.con_mensajes_registro_bot_duda (session_id, message) values ('s', '"hola"')`);
    expect(await fail('bots', 'guardarEmpresa', { canal: 'duda', clave: duda.clave, name: 'Con Mensajes', tableSupabase: 'otra_registro_bot_duda' })).toMatchObject({
      code: 'conflict',
      details: { confirmarCambioTabla: { anterior: 'con_mensajes_registro_bot_duda', nueva: 'otra_registro_bot_duda', webhook: false, mensajes: true } },
    });
    // A company with neither (table not created yet): no question.
    const vacia = await call<EmpresaBot>('bots', 'guardarEmpresa', { canal: 'duda', name: 'Vacía', tableSupabase: 'vacia_registro_bot_duda' });
    expect((await call<EmpresaBot>('bots', 'guardarEmpresa', { canal: 'duda', clave: vacia.clave, name: 'Vacía', tableSupabase: 'vacia_2_registro_bot_duda' })).tableSupabase).toBe('vacia_2_registro_bot_duda');
    // The confirmation does not open the rule: a console table stays refused.
    expect(await fail('bots', 'guardarEmpresa', { canal: 'duda', clave: duda.clave, name: 'Con Mensajes', tableSupabase: 'proyectos', confirmarCambioTabla: true })).toMatchObject({ code: 'validation', message: propia('proyectos') });
  });

  it('una empresa desactivada no recibe flujo', async () => {
    const e = await call<EmpresaBot>('bots', 'guardarEmpresa', { canal: 'shopify', name: 'Apagada', tableSupabase: 'apagada_registro_bot_shopify' });
    await call('bots', 'eliminarEmpresa', { canal: 'shopify', clave: e.clave });
    hooks.requests.length = 0;
    expect(await fail('bots', 'crearFlujo', { canal: 'shopify', clave: e.clave })).toMatchObject({ code: 'conflict', message: es.bots.flujo.empresaInactiva });
    expect(hooks.requests).toEqual([]);
    expect((await db.query(`select to_regclass('public.apagada_registro_bot_shopify') as t`)).rows[0]).toEqual({ t: null });
  });

  it('las funciones nuevas rechazan a quien no es operador', async () => {
    const sub = '00000000-0000-4000-8000-0000000000aa';
    const como = (rol: 'anon' | 'authenticated', sql: string) =>
      sqlError(
        db.transaction(async (tx) => {
          await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(rol === 'anon' ? { role: 'anon' } : { sub, role: 'authenticated' })]);
          await tx.query(`set local role ${rol}`);
          await tx.query(sql);
        }),
      );
    for (const rol of ['anon', 'authenticated'] as const) {
      for (const sql of [
        `select public.verificar_tabla_mensajes('x_registro_whatsapp')`,
        `select public.bots_tabla_tiene_mensajes('nueva_registro_whatsapp')`,
        `select public.problema_tabla_mensajes('x')`,
      ]) {
        expect((await como(rol, sql)).code, `${rol}: ${sql}`).toBe('42501');
      }
    }
  });
});
