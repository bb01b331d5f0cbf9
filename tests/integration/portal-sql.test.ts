/**
 * Company portal on PGlite and PostgreSQL 15: the SQL functions called as anon (what the static web build
 * does with the anon key), and the same operations through the api as the HTTP host and a desktop window
 * carry them. Right and wrong credentials, lockout, expiry, deactivation, and a token of company A asking
 * for company B's campaign or message table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { DataPort } from '../../src/shared/ports/consultas';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { crearEjecutorSql } from '../../src/shared/consultas/sql-executor';
import { loadCatalog } from '../../src/shared/consultas/catalog';
import { portal as t } from '../../src/shared/areas/portal/texts';
import type { PortalCampana, PortalServicio, PortalSesion } from '../../src/shared/areas/portal/contract';
import type { PaginaSesiones, MensajeConversacion } from '../../src/shared/areas/mensajes/formas';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const CLAVE_A = 'Xk9pQ2wz';
const CLAVE_B = 'Bb7nM4tr';
const CLAVE_C = 'Cc5vL8qs';

interface Datos {
  campanaA: number;
  campanaB: number;
}

async function sembrar(db: SqlClient): Promise<Datos> {
  await db.query(
    `insert into public.empresas (id, nombre, usuario_cliente, contrasena_cliente, activo) values
       ($1, 'Panadería Aurora', 'usuario_panaderia_aurora', $2, true),
       ($3, 'Ferretería Tornillo', 'usuario_ferreteria_tornillo', $4, true),
       ($5, 'Café Dormido', 'usuario_cafe_dormido', $6, false)`,
    [A, CLAVE_A, B, CLAVE_B, C, CLAVE_C],
  );
  const campana = async (nombre: string, minutos: number) =>
    Number((await db.query<{ id: number }>('insert into public.campanas (nombre, minutos) values ($1, $2) returning id', [nombre, minutos])).rows[0]!.id);
  const campanaA = await campana('Aurora Navidad', 100);
  const campanaB = await campana('Tornillo Clientes', 50);
  for (const [campana, n] of [[campanaA, 3], [campanaB, 2]] as const) {
    for (let i = 0; i < n; i++) {
      const tel = `+57300${campana}${i}`;
      await db.query(
        'insert into public.clientes (nombre, apellido, email, telefono, campana_id) values ($1, $2, $3, $4, $5)',
        [`Cliente${i}`, `C${campana}`, `c${i}_${campana}@correo.co`, tel, campana],
      );
      if (i < 2) {
        await db.query(
          `insert into public.registro_escrito_llamada (phone, campana, status, duration_call_seg, created_at)
           values ($1, $2, $3, $4, now() - interval '1 hour')`,
          [tel, campana, i === 0 ? 'done' : 'failed', 90],
        );
      }
    }
  }
  const proyecto = async (empresa: string, nombre: string) =>
    String((await db.query<{ id: string }>('insert into public.proyectos (nombre, empresa_id) values ($1, $2) returning id', [nombre, empresa])).rows[0]!.id);
  const pA = await proyecto(A, 'Proyecto Aurora');
  const pB = await proyecto(B, 'Proyecto Tornillo');
  const servicio = (id: string, p: string, tipo: string, nombre: string, cfg: object) =>
    db.query(
      `insert into public.servicios_instancias (id, proyecto_id, tipo_servicio, nombre_instancia, categoria, configuracion)
       values ($1, $2, $3, $4, 'Comunicación', $5::jsonb)`,
      [id, p, tipo, nombre, JSON.stringify(cfg)],
    );
  await servicio('llamadas_a', pA, 'llamadas', 'Llamadas Aurora', { campana_id: campanaA, webhook_n8n: 'https://secreto.example/a' });
  await servicio('whatsapp_a', pA, 'whatsapp', 'WhatsApp Aurora', { table_supabase: 'aurora_registro_whatsapp' });
  await servicio('llamadas_b', pB, 'llamadas', 'Llamadas Tornillo', { campana_id: campanaB });
  await servicio('whatsapp_b', pB, 'whatsapp', 'WhatsApp Tornillo', { table_supabase: 'tornillo_registro_whatsapp' });

  for (const [empresa, tabla] of [[A, 'aurora_registro_whatsapp'], [B, 'tornillo_registro_whatsapp']] as const) {
    await db.query('insert into public.empresas_whatsapp (name, table_supabase, empresa_id) values ($1, $2, $3)', [tabla, tabla, empresa]);
    await db.query(`create table public.${tabla} (id serial primary key, session_id varchar(255) not null, message jsonb not null, created_at timestamp default now())`);
    await db.query(
      `insert into public.${tabla} (session_id, message, created_at) values
         ($1, '{"type":"human","content":"Hola"}', (now() at time zone 'UTC') - interval '2 hours'),
         ($1, '{"type":"ai","content":"¿En qué te ayudo?"}', (now() at time zone 'UTC') - interval '119 minutes'),
         ($2, '"mensaje suelto"', (now() at time zone 'UTC') - interval '3 days')`,
      [`${tabla}-s1`, `${tabla}-s2`],
    );
  }
  return { campanaA, campanaB };
}

describe.each(MIGRATED_BACKENDS)('portal de empresas en %s', (_name, fresh) => {
  let db: SqlClient;
  let anon: DataPort;
  let datos: Datos;
  let api: Awaited<ReturnType<typeof embeddedApi>>;

  const rpc = async (fn: string, args: Record<string, unknown>) =>
    (await anon.run<{ value: unknown }>({ kind: 'rpc', fn, args })).rows[0]?.value as Record<string, unknown> | null;
  const login = (empresa: string, usuario: string, clave: string) =>
    rpc('portal_iniciar_sesion', { p_empresa: empresa, p_usuario: usuario, p_contrasena: clave });
  const tokenDe = async (empresa: string, usuario: string, clave: string) => {
    const r = await login(empresa, usuario, clave);
    expect(r).toMatchObject({ ok: true });
    return String(r!.token);
  };

  beforeAll(async () => {
    db = await fresh();
    datos = await sembrar(db);
    anon = crearEjecutorSql(db, { role: 'anon', claims: null }, await loadCatalog(db));
    api = await embeddedApi(db);
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('guarda la contraseña como hash bcrypt y acepta las credenciales correctas con un token aleatorio guardado con hash', async () => {
    const { rows } = await db.query<{ contrasena_cliente: string }>('select contrasena_cliente from public.empresas where id = $1', [A]);
    expect(rows[0]!.contrasena_cliente).toMatch(/^\$2[abxy]\$/);

    const r = await login(A, 'usuario_panaderia_aurora', CLAVE_A);
    expect(r).toMatchObject({ ok: true, empresa: { id: A, nombre: 'Panadería Aurora' } });
    const token = String(r!.token);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const expira = new Date(String(r!.expira_at)).getTime();
    expect(Math.abs(expira - Date.now() - 24 * 3600_000)).toBeLessThan(5 * 60_000);

    const guardadas = await db.query<{ token_hash: string }>('select token_hash from public.portal_sesiones where empresa_id = $1', [A]);
    expect(guardadas.rows.map((x) => x.token_hash)).not.toContain(token);
    const esperado = (await db.query<{ h: string }>("select encode(sha256(convert_to($1, 'UTF8')), 'hex') as h", [token])).rows[0]!.h;
    expect(guardadas.rows.map((x) => x.token_hash)).toContain(esperado);

    expect(await rpc('portal_sesion', { p_token: token })).toMatchObject({ empresa: { id: A, nombre: 'Panadería Aurora' } });
    const otro = await tokenDe(A, 'usuario_panaderia_aurora', CLAVE_A);
    expect(otro).not.toBe(token);
  });

  it('rechaza credenciales equivocadas con una sola respuesta, sin revelar si la empresa existe', async () => {
    for (const [empresa, usuario, clave] of [
      [A, 'usuario_panaderia_aurora', 'otraClave1'],
      [A, 'usuario_ferreteria_tornillo', CLAVE_B],
      [A, '', CLAVE_A],
      ['44444444-4444-4444-8444-444444444444', 'usuario_panaderia_aurora', CLAVE_A],
      ['no-es-un-uuid', 'x', 'y'],
    ]) {
      expect(await login(empresa!, usuario!, clave!)).toMatchObject({ ok: false, motivo: 'credenciales' });
    }
    // Right answer clears the count of A's failures above.
    await tokenDe(A, 'usuario_panaderia_aurora', CLAVE_A);
    expect((await db.query('select 1 from public.portal_intentos where empresa_id = $1', [A])).rows).toHaveLength(0);
  });

  it('bloquea el acceso de una empresa tras 5 fallos seguidos, también con la contraseña correcta, y lo libera al vencer', async () => {
    for (let i = 1; i <= 4; i++) {
      expect(await login(B, 'usuario_ferreteria_tornillo', 'mala')).toMatchObject({ ok: false, motivo: 'credenciales', intentos_restantes: 5 - i });
    }
    const quinto = await login(B, 'usuario_ferreteria_tornillo', 'mala');
    expect(quinto).toMatchObject({ ok: false, motivo: 'bloqueada' });
    const hasta = new Date(String(quinto!.bloqueada_hasta)).getTime();
    expect(Math.abs(hasta - Date.now() - 5 * 60_000)).toBeLessThan(60_000);
    expect(await login(B, 'usuario_ferreteria_tornillo', CLAVE_B)).toMatchObject({ ok: false, motivo: 'bloqueada' });
    // Another company is not affected.
    await tokenDe(A, 'usuario_panaderia_aurora', CLAVE_A);

    await db.query("update public.portal_intentos set bloqueada_hasta = now() - interval '1 second' where empresa_id = $1", [B]);
    await tokenDe(B, 'usuario_ferreteria_tornillo', CLAVE_B);
  });

  it('rechaza una empresa inactiva y deja sin efecto los tokens de una empresa que se desactiva', async () => {
    expect(await login(C, 'usuario_cafe_dormido', CLAVE_C)).toMatchObject({ ok: false, motivo: 'inactiva' });
    expect(await login(C, 'usuario_cafe_dormido', 'mala')).toMatchObject({ ok: false, motivo: 'credenciales' });

    const token = await tokenDe(B, 'usuario_ferreteria_tornillo', CLAVE_B);
    expect(await rpc('portal_servicios', { p_token: token })).not.toBeNull();
    await db.query('update public.empresas set activo = false where id = $1', [B]);
    expect(await rpc('portal_servicios', { p_token: token })).toBeNull();
    expect(await rpc('portal_sesion', { p_token: token })).toBeNull();
    await db.query('update public.empresas set activo = true where id = $1', [B]);
  });

  it('nunca acepta una contraseña guardada en claro (solo hashes bcrypt)', async () => {
    await db.query('alter table public.empresas disable trigger empresas_cifrar_contrasena');
    await db.query("update public.empresas set contrasena_cliente = 'Plano123' where id = $1", [C]);
    await db.query('alter table public.empresas enable trigger empresas_cifrar_contrasena');
    await db.query('update public.empresas set activo = true where id = $1', [C]);
    expect(await login(C, 'usuario_cafe_dormido', 'Plano123')).toMatchObject({ ok: false, motivo: 'credenciales' });
    await db.query('update public.empresas set activo = false, contrasena_cliente = $2 where id = $1', [C, CLAVE_C]);
    await db.query('delete from public.portal_intentos where empresa_id = $1', [C]);
  });

  it('un token vencido no lee nada', async () => {
    const token = await tokenDe(A, 'usuario_panaderia_aurora', CLAVE_A);
    expect(await rpc('portal_servicios', { p_token: token })).not.toBeNull();
    await db.query(
      "update public.portal_sesiones set expira_at = now() - interval '1 second' where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [token],
    );
    for (const [fn, args] of [
      ['portal_sesion', {}],
      ['portal_servicios', {}],
      ['portal_campana', { p_campana: datos.campanaA }],
      ['portal_whatsapp_tablas', {}],
      ['portal_whatsapp_sesiones', { p_tabla: 'aurora_registro_whatsapp' }],
      ['portal_whatsapp_estadisticas', { p_tabla: 'aurora_registro_whatsapp' }],
      ['portal_whatsapp_conversacion', { p_tabla: 'aurora_registro_whatsapp', p_sesion: 'aurora_registro_whatsapp-s1' }],
    ] as const) {
      expect(await rpc(fn, { p_token: token, ...args }), fn).toBeNull();
    }
    expect(await rpc('portal_servicios', { p_token: 'f'.repeat(64) })).toBeNull();
    expect(await rpc('portal_servicios', { p_token: null })).toBeNull();
  });

  it('cada empresa ve solo sus servicios, su campaña y su tabla; la empresa A no obtiene nada de B', async () => {
    const token = await tokenDe(A, 'usuario_panaderia_aurora', CLAVE_A);

    const servicios = await rpc('portal_servicios', { p_token: token });
    expect(servicios!.empresa_id).toBe(A);
    const lista = servicios!.servicios as Array<Record<string, unknown>>;
    expect(lista.map((s) => s.id).sort()).toEqual(['llamadas_a', 'whatsapp_a']);
    expect(JSON.stringify(lista)).not.toContain('secreto.example');
    expect(lista.find((s) => s.id === 'llamadas_a')).toMatchObject({ campana_id: datos.campanaA, campana_nombre: 'Aurora Navidad', estado: 'activo' });
    expect(lista.find((s) => s.id === 'whatsapp_a')).toMatchObject({ tabla_whatsapp: 'aurora_registro_whatsapp' });

    const propia = await rpc('portal_campana', { p_token: token, p_campana: datos.campanaA });
    expect(propia).toMatchObject({ campana: { id: datos.campanaA, nombre: 'Aurora Navidad', minutos: 100 }, total: 3 });
    expect(propia!.consumo).toMatchObject({ total_llamadas: 2, segundos: 180, minutos_consumidos: 3, minutos_tope: 100 });
    expect(propia!.estados).toEqual(expect.arrayContaining([{ estado: 'done', llamadas: 1 }, { estado: 'failed', llamadas: 1 }]));
    const clientes = propia!.clientes as Array<Record<string, unknown>>;
    expect(clientes).toHaveLength(3);
    expect(clientes.filter((c) => c.ultimo_estado !== null)).toHaveLength(2);
    const buscada = await rpc('portal_campana', { p_token: token, p_campana: datos.campanaA, p_busqueda: 'cliente2' });
    expect(buscada!.total).toBe(1);
    const pagina = await rpc('portal_campana', { p_token: token, p_campana: datos.campanaA, p_desde: 2, p_limite: 2 });
    expect((pagina!.clientes as unknown[]).length).toBe(1);

    // B's campaign, and one that does not exist: nothing.
    expect(await rpc('portal_campana', { p_token: token, p_campana: datos.campanaB })).toEqual({ empresa_id: A, campana: null });
    expect(await rpc('portal_campana', { p_token: token, p_campana: 999999 })).toEqual({ empresa_id: A, campana: null });

    const tablas = await rpc('portal_whatsapp_tablas', { p_token: token });
    expect((tablas!.tablas as Array<Record<string, unknown>>).map((x) => x.tabla)).toEqual(['aurora_registro_whatsapp']);

    const sesiones = await rpc('portal_whatsapp_sesiones', { p_token: token, p_tabla: 'aurora_registro_whatsapp' });
    expect(sesiones).toMatchObject({ permitida: true, total: 2 });
    expect((sesiones!.sesiones as Array<Record<string, unknown>>)[0]).toMatchObject({
      session_id: 'aurora_registro_whatsapp-s1',
      mensajes: 2,
      humanos: 1,
      ultimo_texto: '¿En qué te ayudo?',
    });
    const filtradas = await rpc('portal_whatsapp_sesiones', { p_token: token, p_tabla: 'aurora_registro_whatsapp', p_busqueda: 'S2' });
    expect(filtradas).toMatchObject({ total: 1 });
    const stats = await rpc('portal_whatsapp_estadisticas', { p_token: token, p_tabla: 'aurora_registro_whatsapp' });
    expect(stats).toMatchObject({ permitida: true, totalMensajes: 3, totalSesiones: 2, sesionesActivas: 1 });
    const conv = await rpc('portal_whatsapp_conversacion', { p_token: token, p_tabla: 'aurora_registro_whatsapp', p_sesion: 'aurora_registro_whatsapp-s1' });
    expect((conv!.mensajes as unknown[]).length).toBe(2);

    for (const [fn, args] of [
      ['portal_whatsapp_sesiones', { p_tabla: 'tornillo_registro_whatsapp' }],
      ['portal_whatsapp_estadisticas', { p_tabla: 'tornillo_registro_whatsapp' }],
      ['portal_whatsapp_conversacion', { p_tabla: 'tornillo_registro_whatsapp', p_sesion: 'tornillo_registro_whatsapp-s1' }],
      ['portal_whatsapp_sesiones', { p_tabla: 'empresas' }],
      ['portal_whatsapp_sesiones', { p_tabla: 'aurora_registro_whatsapp"; drop table public.empresas; --' }],
    ] as const) {
      const r = await rpc(fn, { p_token: token, ...args });
      expect(r, `${fn} ${args.p_tabla}`).toMatchObject({ empresa_id: A, permitida: false });
      expect(JSON.stringify(r)).not.toContain('tornillo_registro_whatsapp-s');
    }
  });

  it('anon no lee tablas ni funciones internas directamente', async () => {
    await expect(anon.run({ kind: 'select', table: 'empresas' })).rejects.toThrow();
    await expect(anon.run({ kind: 'select', table: 'portal_sesiones' })).rejects.toThrow();
    await expect(anon.run({ kind: 'rpc', fn: 'portal_empresa_de_token', args: { p_token: 'x' } })).rejects.toThrow();
    await expect(anon.run({ kind: 'rpc', fn: 'bots_sesiones', args: { p_tabla: 'aurora_registro_whatsapp' } })).rejects.toThrow();
  });

  // ------------------------------------------------------------------------------------ through the api
  describe('a través del api', () => {
    async function call<T>(op: string, input: unknown, ctx: Caller): Promise<T> {
      const r = await api.dispatch('portal', op, input, ctx);
      if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
      return r.data as T;
    }
    async function fail(op: string, input: unknown, ctx: Caller) {
      const r = await api.dispatch('portal', op, input, ctx);
      expect(r.ok, `portal.${op} debía fallar`).toBe(false);
      return (r as { error: { code: string; message: string } }).error;
    }
    /** What serve.ts hands the api for /api/portal/*: the portal's own HttpOnly cookie. */
    const cookie = () => Object.assign(new Caller(), { portalCookie: true });

    it('HTTP: el token queda en la cookie del portal y no viaja en la respuesta; mensajes en español', async () => {
      const ctx = cookie();
      expect(await fail('iniciarSesion', { empresaId: A, usuario: 'usuario_panaderia_aurora', contrasena: 'mala' }, ctx)).toMatchObject({
        code: 'unauthenticated',
        message: t.credencialesInvalidas,
      });
      expect(await fail('iniciarSesion', { empresaId: C, usuario: 'usuario_cafe_dormido', contrasena: CLAVE_C }, ctx)).toMatchObject({
        code: 'forbidden',
        message: t.inactiva,
      });
      expect(await fail('iniciarSesion', { empresaId: 'x', usuario: 'u', contrasena: 'c' }, ctx)).toMatchObject({ code: 'validation', message: t.enlaceInvalido });
      expect(await fail('servicios', { empresaId: A }, ctx)).toMatchObject({ code: 'unauthenticated', message: t.sinSesion });

      const s = await call<PortalSesion>('iniciarSesion', { empresaId: A, usuario: 'usuario_panaderia_aurora', contrasena: CLAVE_A }, ctx);
      expect(s).toMatchObject({ empresa: { id: A, nombre: 'Panadería Aurora' }, token: null });
      expect(ctx.token).toMatch(/^[0-9a-f]{64}$/);
      expect(await call('sesion', { empresaId: A }, ctx)).toMatchObject({ empresa: { id: A } });

      const servicios = await call<PortalServicio[]>('servicios', { empresaId: A }, ctx);
      expect(servicios.map((x) => x.id).sort()).toEqual(['llamadas_a', 'whatsapp_a']);
      const camp = await call<PortalCampana>('campana', { empresaId: A, campanaId: datos.campanaA }, ctx);
      expect(camp.consumo.minutosConsumidos).toBe(3);
      expect(await fail('campana', { empresaId: A, campanaId: datos.campanaB }, ctx)).toMatchObject({ code: 'not_found', message: t.campanaNoEncontrada });
      const pag = await call<PaginaSesiones>('sesiones', { empresaId: A, tabla: 'aurora_registro_whatsapp' }, ctx);
      expect(pag.total).toBe(2);
      expect(await fail('sesiones', { empresaId: A, tabla: 'tornillo_registro_whatsapp' }, ctx)).toMatchObject({ code: 'not_found', message: t.tablaNoEncontrada });
      const conv = await call<MensajeConversacion[]>('conversacion', { empresaId: A, tabla: 'aurora_registro_whatsapp', sessionId: 'aurora_registro_whatsapp-s1' }, ctx);
      expect(conv).toHaveLength(2);

      // The address of another company with A's session: nothing, and no session for that address.
      expect(await call('sesion', { empresaId: B }, ctx)).toBeNull();
      expect(await fail('servicios', { empresaId: B }, ctx)).toMatchObject({ code: 'unauthenticated' });

      await call('cerrarSesion', {}, ctx);
      expect(ctx.token).toBeNull();
      expect(await call('sesion', { empresaId: A }, ctx)).toBeNull();
    });

    it('escritorio: el token viaja en la entrada y la sesión del operador de la ventana no se toca', async () => {
      const ventana = new Caller();
      const creado = await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, ventana);
      if (!creado.ok || !ventana.token) await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, ventana);
      const operador = ventana.token;
      expect(operador).toBeTruthy();
      const s = await call<PortalSesion>('iniciarSesion', { empresaId: A, usuario: 'usuario_panaderia_aurora', contrasena: CLAVE_A }, ventana);
      expect(s.token).toMatch(/^[0-9a-f]{64}$/);
      expect(ventana.token).toBe(operador);
      expect(await call<PortalServicio[]>('servicios', { empresaId: A, token: s.token }, ventana)).toHaveLength(2);
      expect(await fail('servicios', { empresaId: A }, ventana)).toMatchObject({ code: 'unauthenticated' });
      await call('cerrarSesion', { token: s.token }, ventana);
      expect(await fail('servicios', { empresaId: A, token: s.token }, ventana)).toMatchObject({ code: 'unauthenticated', message: t.sesionExpirada });
    });
  });
});
