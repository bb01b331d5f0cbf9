/**
 * Issue 11, findings 1, 9 and 4, on PGlite and on PostgreSQL 15, with Supabase's default privileges emulated
 * (supabase/embedded/01_privilegios_supabase.sql):
 *  - a user created the way sign-up creates one (as GoTrue's role, after the first administrator exists) gets
 *    no operator profile, reads no row of any table or view of public and gets nothing from any function;
 *  - every function of public that anon or authenticated may execute is in an explicit list, and each is
 *    called as that user;
 *  - the demo companies' portal passwords differ per install and none is the one the seeded PRNG derives.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlClient, SqlQueryable } from '../../src/shared/ports/sql';
import { findSupabaseDir, migrate } from '../../src/main/motores/embebido/migrate';
import { crearEjecutorSql } from '../../src/shared/consultas/sql-executor';
import { loadCatalog } from '../../src/shared/consultas/catalog';
import { Rng, seedDemoData } from '../../src/main/motores/embebido/seed';
import { BACKENDS, MIGRATED_BACKENDS } from '../support/databases';
import { TEST_EPOCH, migrated } from '../support/operators';
import { codigoDeError, como } from '../support/como-usuario';

type Row = Record<string, unknown>;


/** Creates an auth user as GoTrue does on sign-up, invitation or the dashboard's "add user". */
async function registrar(db: SqlClient, email: string, nombre?: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('set local role supabase_auth_admin');
    const { rows } = await tx.query<{ id: string }>(
      'insert into auth.users (email, raw_user_meta_data) values ($1, $2::jsonb) returning id',
      [email, JSON.stringify(nombre ? { full_name: nombre } : {})],
    );
    return rows[0]!.id;
  });
}

/** Functions of public (the extensions' own members aside) and who may execute them. */
async function funciones(db: SqlClient) {
  const { rows } = await db.query<{ firma: string; definer: boolean; volatilidad: string; anon: boolean; autenticado: boolean }>(
    `select format('%s(%s)', p.proname, oidvectortypes(p.proargtypes)) as firma, p.prosecdef as definer,
            p.provolatile as volatilidad,
            has_function_privilege('anon', p.oid, 'execute') as anon,
            has_function_privilege('authenticated', p.oid, 'execute') as autenticado
       from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`,
  );
  return rows;
}

const PORTAL = [
  'portal_iniciar_sesion(text, text, text)',
  'portal_sesion(text)',
  'portal_cerrar_sesion(text)',
  'portal_servicios(text)',
  'portal_campana(text, bigint, text, integer, integer)',
  'portal_whatsapp_tablas(text)',
  'portal_whatsapp_sesiones(text, text, text, integer, integer)',
  'portal_whatsapp_estadisticas(text, text)',
  'portal_whatsapp_conversacion(text, text, text)',
];

/**
 * What anon may execute: the portal's entry points (a token or the company's password decides), the clock, and
 * the schema version 'Probar conexión' asks (20261129000100_consola_version_esquema: it reveals a timestamp), and
 * the hosted console's report of a refused sign-in (20261208000100_cuentas_mfa_alojado: an operator's e-mail only,
 * capped, and it answers nothing).
 */
const ANON = ['ahora()', 'auditar_inicio_rechazado(text, text)', 'consola_version_esquema()', ...PORTAL].sort();

interface Llamada {
  sql: string;
  args?: (d: Datos) => unknown[];
  /**
   * What a signed-up non-operator gets: 'rechaza' = permission error 42501; 'rechaza o nulo' = that error or a
   * null answer (a function whose own check was added later); else a check of the rows.
   */
  intruso: 'rechaza' | 'rechaza o nulo' | ((rows: Row[], d: Datos) => void);
  /** For the reads: what the administrator gets, to show the call would have revealed something. */
  admin?: (rows: Row[]) => void;
}

interface Datos {
  campana: number;
  proyecto: string;
  instancia: string;
  tabla: string;
  empresa: string;
  ahora: string;
}

const vacio = (rows: Row[]) => expect(rows).toEqual([]);
const hayFilas = (rows: Row[]) => expect(rows.length).toBeGreaterThan(0);
const valor = (esperado: unknown) => (rows: Row[]) => expect(rows).toEqual([{ v: esperado }]);
const nulo = valor(null);

/**
 * Functions that decide on their caller. SECURITY DEFINER ones check it themselves (es_operador /
 * llamador_privilegiado, the calls' and the bots' access checks, a portal token or password); the
 * SECURITY INVOKER ones run with the caller's own rights, so row-level security answers for them.
 */
const VERIFICAN: Record<string, Llamada> = {
  'es_operador()': { sql: 'select public.es_operador() as v', intruso: valor(false), admin: valor(true) },
  'es_admin()': { sql: 'select public.es_admin() as v', intruso: valor(false), admin: valor(true) },
  // SECURITY DEFINER to read the migration records; it answers only the newest migration's timestamp.
  'consola_version_esquema()': {
    sql: 'select public.consola_version_esquema() as v',
    intruso: (rows) => expect(rows).toEqual([{ v: expect.stringMatching(/^\d{14}$/) }]),
  },
  'buscar_clientes(text, integer)': { sql: `select * from public.buscar_clientes('a', 5)`, intruso: vacio, admin: hayFilas },
  'buscar_campanas(text, integer)': { sql: `select * from public.buscar_campanas('a', 5)`, intruso: vacio, admin: hayFilas },
  'buscar_llamadas(text, integer)': { sql: `select * from public.buscar_llamadas('3', 5)`, intruso: vacio, admin: hayFilas },
  'create_message_table(text)': { sql: `select public.create_message_table('intruso_registro_whatsapp')`, intruso: 'rechaza' },
  'llamadas_exigir_operador()': { sql: 'select public.llamadas_exigir_operador()', intruso: 'rechaza' },
  'llamadas_estadisticas(bigint)': { sql: 'select public.llamadas_estadisticas($1) as v', args: (d) => [d.campana], intruso: 'rechaza' },
  'llamadas_historial(text, text, integer)': { sql: `select * from public.llamadas_historial('+573001234567', null, 10)`, intruso: 'rechaza' },
  'llamadas_resumen(bigint, timestamp with time zone, timestamp with time zone)': {
    sql: 'select public.llamadas_resumen($1, null, null) as v', args: (d) => [d.campana], intruso: 'rechaza',
  },
  'llamadas_clientes_pagina(bigint, text, text, text, text, integer, integer)': {
    sql: 'select public.llamadas_clientes_pagina($1) as v', args: (d) => [d.campana], intruso: 'rechaza',
  },
  'llamadas_claves_existentes_columnas(bigint, jsonb)': {
    sql: `select public.llamadas_claves_existentes_columnas($1, '{"email": [], "telefono": []}') as v`, args: (d) => [d.campana], intruso: 'rechaza',
  },
  'llamadas_importar_clientes(bigint, jsonb)': {
    sql: `select public.llamadas_importar_clientes($1, '[{"nombre": "Ana", "apellido": "Ruiz", "email": "ana@correo.co", "telefono": "+573000000001", "empresa": "", "cargo": ""}]') as v`,
    args: (d) => [d.campana],
    intruso: 'rechaza',
  },
  'bots_preparar_tabla(text)': { sql: 'select public.bots_preparar_tabla($1) as v', args: (d) => [d.tabla], intruso: 'rechaza' },
  'bots_sesiones(text, text, boolean, integer, integer)': { sql: 'select * from public.bots_sesiones($1)', args: (d) => [d.tabla], intruso: 'rechaza' },
  'bots_estadisticas(text, timestamp with time zone)': { sql: 'select * from public.bots_estadisticas($1)', args: (d) => [d.tabla], intruso: 'rechaza' },
  'bots_conversacion(text, text)': { sql: `select * from public.bots_conversacion($1, 'x')`, args: (d) => [d.tabla], intruso: 'rechaza' },
  'bots_resumen(text, text, timestamp with time zone)': { sql: 'select public.bots_resumen($1) as v', args: (d) => [d.tabla], intruso: 'rechaza' },
  // SECURITY INVOKER: RLS hides every row from a non-operator.
  'notificaciones_pendientes()': { sql: 'select * from public.notificaciones_pendientes()', intruso: vacio, admin: hayFilas },
  'reporte_proyecto(uuid, timestamp with time zone)': {
    sql: 'select public.reporte_proyecto($1, $2) as v', args: (d) => [d.proyecto, d.ahora], intruso: nulo,
    admin: (rows) => expect(rows[0]!.v).not.toBeNull(),
  },
  'metricas_por_proyecto(timestamp with time zone)': {
    sql: 'select * from public.metricas_por_proyecto($1)', args: (d) => [d.ahora], intruso: vacio, admin: hayFilas,
  },
  'metricas_dashboard(timestamp with time zone, timestamp with time zone, timestamp with time zone)': {
    sql: `select public.metricas_dashboard('2000-01-01', '2100-01-01', $1) as v`,
    args: (d) => [d.ahora],
    intruso: (rows) => {
      const v = rows[0]!.v as { tarjetas: Record<string, number>; top: unknown[]; alertas: Record<string, unknown>; tendencia: Array<Record<string, unknown>> };
      expect(Object.values(v.tarjetas).every((n) => Number(n) === 0)).toBe(true);
      expect(v.top).toEqual([]);
      expect(v.alertas).toMatchObject({ proyectos_largos: 0, sin_servicios: 0, servicios_error: 0 });
      expect(v.tendencia.every((m) => Number(m.proyectos) === 0 && Number(m.servicios) === 0)).toBe(true);
    },
    admin: (rows) => expect(Number((rows[0]!.v as { tarjetas: Record<string, number> }).tarjetas.total_proyectos)).toBeGreaterThan(0),
  },
  'registrar_metricas_proyectos(timestamp with time zone)': {
    sql: 'select public.registrar_metricas_proyectos($1) as v', args: (d) => [d.ahora], intruso: valor(0),
  },
  'eliminar_servicio_instancia(text)': {
    sql: 'select public.eliminar_servicio_instancia($1) as v', args: (d) => [d.instancia], intruso: 'rechaza o nulo',
  },
  // Issue 12 (20261128000400_integridad_bots): each starts with llamadas_exigir_operador or bots_puede_leer.
  'verificar_tabla_mensajes(text)': { sql: `select public.verificar_tabla_mensajes('nueva_registro_whatsapp') as v`, intruso: 'rechaza' },
  'bots_tabla_tiene_mensajes(text)': { sql: 'select public.bots_tabla_tiene_mensajes($1) as v', args: (d) => [d.tabla], intruso: 'rechaza' },
  'empresa_bot_sin_otro_uso(text, text, text[])': {
    sql: `select public.empresa_bot_sin_otro_uso('whatsapp', gen_random_uuid()::text, '{}') as v`, intruso: 'rechaza',
  },
  'eliminar_proyecto(uuid)': { sql: 'select public.eliminar_proyecto($1) as v', args: (d) => [d.proyecto], intruso: 'rechaza' },
  'dependencias_eliminacion(text, uuid)': {
    sql: `select public.dependencias_eliminacion('proyecto', $1) as v`, args: (d) => [d.proyecto], intruso: 'rechaza',
  },
  // Issue 15 (20261128001100_lotes): the batch runner's steps, each starts with llamadas_exigir_operador.
  'llamadas_lote_crear(bigint, jsonb, jsonb, timestamp with time zone, integer, integer, text, jsonb)': {
    sql: `select public.llamadas_lote_crear($1, '[]', '{}', null, 1, null, 'x', null) as v`, args: (d) => [d.campana], intruso: 'rechaza',
  },
  'llamadas_lote_reclamar(uuid, text, integer, text)': { sql: `select * from public.llamadas_lote_reclamar(gen_random_uuid(), 'x', 1, 'x')`, intruso: 'rechaza' },
  'llamadas_lote_resultado(uuid, bigint, text, text, integer, uuid)': {
    sql: `select public.llamadas_lote_resultado(gen_random_uuid(), 1, 'exitosa', null, null, null) as v`, intruso: 'rechaza',
  },
  'llamadas_lote_siguiente(uuid, text, integer, text, bigint, text, text, integer, uuid)': {
    sql: `select * from public.llamadas_lote_siguiente(gen_random_uuid(), 'x', 1, 'x', null, null, null, null, null)`, intruso: 'rechaza',
  },
  'llamadas_lote_terminar(uuid, timestamp with time zone)': { sql: `select public.llamadas_lote_terminar(gen_random_uuid(), null) as v`, intruso: 'rechaza' },
  'llamadas_lotes_recuperar(text, text, uuid)': { sql: `select public.llamadas_lotes_recuperar('x', 'x', null) as v`, intruso: 'rechaza' },
  'llamadas_lote_estimar(bigint, jsonb)': { sql: `select public.llamadas_lote_estimar($1, '[]') as v`, args: (d) => [d.campana], intruso: 'rechaza' },
  'llamadas_no_llamar_importar(jsonb)': { sql: `select public.llamadas_no_llamar_importar('[["3001112233", "300 111 2233"]]') as v`, intruso: 'rechaza' },
  // Issue 14 (20261128000700_roles_operadores): administrators only, each starts with exigir_admin.
  'exigir_admin()': { sql: 'select public.exigir_admin()', intruso: 'rechaza' },
  'operadores_listar()': { sql: 'select * from public.operadores_listar()', intruso: 'rechaza' },
  'operadores_agregar(text, text, boolean)': { sql: `select public.operadores_agregar('curioso@correo.example', 'Curioso', true) as v`, intruso: 'rechaza' },
  'operadores_cancelar_invitacion(text)': { sql: `select public.operadores_cancelar_invitacion('x@correo.example') as v`, intruso: 'rechaza' },
  'operadores_cambiar_rol(uuid, boolean)': { sql: 'select public.operadores_cambiar_rol(gen_random_uuid(), true)', intruso: 'rechaza' },
  'operadores_cambiar_activo(uuid, boolean)': { sql: 'select public.operadores_cambiar_activo(gen_random_uuid(), true)', intruso: 'rechaza' },
  'operadores_verificar_restablecer(uuid)': { sql: 'select public.operadores_verificar_restablecer(gen_random_uuid()) as v', intruso: 'rechaza' },
  // Issue 27 (20261129000600_cuentas_auditoria_sesiones): the audit trail, the agency's rule and sessions.
  'auditar(text, text, jsonb)': { sql: `select public.auditar('intruso.prueba', null, '{}')`, intruso: 'rechaza' },
  'auditoria_buscar(text, text, timestamp with time zone, timestamp with time zone, integer, integer)': {
    sql: 'select * from public.auditoria_buscar()', intruso: 'rechaza',
  },
  'seguridad_cambiar_exigir_2fa(boolean)': { sql: 'select public.seguridad_cambiar_exigir_2fa(false)', intruso: 'rechaza' },
  'sesiones_listar(uuid)': { sql: 'select * from public.sesiones_listar()', intruso: 'rechaza' },
  'sesiones_cerrar(uuid)': { sql: 'select public.sesiones_cerrar(gen_random_uuid())', intruso: 'rechaza' },
  'sesiones_cerrar_otras()': { sql: 'select public.sesiones_cerrar_otras()', intruso: 'rechaza' },
  'seguridad_restablecer_dos_pasos(uuid)': { sql: 'select public.seguridad_restablecer_dos_pasos(gen_random_uuid())', intruso: 'rechaza' },
  // Callable by anon (the hosted console reports a refused sign-in): writes only for an operator's e-mail.
  'auditar_inicio_rechazado(text, text)': {
    sql: `select public.auditar_inicio_rechazado('nadie@correo.example', 'credenciales')::text as v`,
    // void: it answers nothing whatever the e-mail (and wrote nothing: the e-mail is nobody's).
    intruso: valor(''),
  },
  // The portal: a live token or the company's password decides, whoever the role.
  'portal_iniciar_sesion(text, text, text)': {
    sql: `select public.portal_iniciar_sesion($1, 'usuario_desconocido', 'adivinada') ->> 'ok' as v`, args: (d) => [d.empresa], intruso: valor('false'),
  },
  'portal_sesion(text)': { sql: `select public.portal_sesion(repeat('f', 64)) as v`, intruso: nulo },
  'portal_cerrar_sesion(text)': { sql: `select public.portal_cerrar_sesion(repeat('f', 64)) as v`, intruso: valor(false) },
  'portal_servicios(text)': { sql: `select public.portal_servicios(repeat('f', 64)) as v`, intruso: nulo },
  'portal_campana(text, bigint, text, integer, integer)': {
    sql: `select public.portal_campana(repeat('f', 64), $1) as v`, args: (d) => [d.campana], intruso: nulo,
  },
  'portal_whatsapp_tablas(text)': { sql: `select public.portal_whatsapp_tablas(repeat('f', 64)) as v`, intruso: nulo },
  'portal_whatsapp_sesiones(text, text, text, integer, integer)': {
    sql: `select public.portal_whatsapp_sesiones(repeat('f', 64), $1) as v`, args: (d) => [d.tabla], intruso: nulo,
  },
  'portal_whatsapp_estadisticas(text, text)': {
    sql: `select public.portal_whatsapp_estadisticas(repeat('f', 64), $1) as v`, args: (d) => [d.tabla], intruso: nulo,
  },
  'portal_whatsapp_conversacion(text, text, text)': {
    sql: `select public.portal_whatsapp_conversacion(repeat('f', 64), $1, 'x') as v`, args: (d) => [d.tabla], intruso: nulo,
  },
};

/**
 * Pure helpers: no table read, the answer follows from the arguments (or the clock). Needed by column
 * defaults (ahora), the invoker functions above and the message tables' full-text index expression.
 */
const PURAS: Record<string, Llamada> = {
  'ahora()': { sql: 'select public.ahora() = now() as v', intruso: valor(true) },
  // Reads only the caller's own claim.
  'sesion_aal()': { sql: 'select public.sesion_aal() as v', intruso: valor('aal1') },
  'patron_busqueda(text)': { sql: `select public.patron_busqueda('a_b%') as v`, intruso: valor('%a\\_b\\%%') },
  'progreso_estimado(text, bigint, numeric)': { sql: `select public.progreso_estimado('activo', 2, 150) as v`, intruso: valor(75) },
  'peso_estado_servicio(text)': { sql: `select public.peso_estado_servicio('en_proceso') as v`, intruso: valor(75) },
  'mensaje_texto(jsonb)': { sql: `select public.mensaje_texto('{"content": "hola"}') as v`, intruso: valor('hola') },
  'mensaje_es_humano(jsonb)': { sql: `select public.mensaje_es_humano('{"type": "human"}') as v`, intruso: valor(true) },
  'telefono_normalizado(text)': { sql: `select public.telefono_normalizado('+57 (300) 111-2233') as v`, intruso: valor('573001112233') },
  'telefono_canonico(text)': { sql: `select public.telefono_canonico('+57 (300) 111-2233') as v`, intruso: valor('+573001112233') },
  'llamadas_palabra(text)': { sql: `select public.llamadas_palabra('No_Answer') as v`, intruso: valor('no answer') },
  'bots_dia_bogota(timestamp without time zone)': {
    sql: `select public.bots_dia_bogota('2026-01-01 03:00') = date '2025-12-31' as v`, intruso: valor(true),
  },
};

describe.each(MIGRATED_BACKENDS)('operadores y permisos del esquema en %s', (_name, fresh) => {
  let db: SqlClient;
  let admin: string;
  let intruso: string;
  let datos: Datos;

  beforeAll(async () => {
    db = await fresh();
    await seedDemoData(db, { now: TEST_EPOCH, scale: { clientes: 40, llamadas: 120, mensajes: 60 }, audioDir: null });
    admin = await registrar(db, 'ana.admin@agencia.co', 'Ana Administradora');
    intruso = await registrar(db, 'curioso@correo.example');
    const uno = async (sql: string) => (await db.query<{ v: unknown }>(sql)).rows[0]!.v;
    datos = {
      campana: Number(await uno('select min(id) as v from public.campanas')),
      proyecto: String(await uno('select min(id::text) as v from public.proyectos')),
      instancia: String(await uno('select min(id) as v from public.servicios_instancias')),
      tabla: String(await uno('select min(table_supabase) as v from public.empresas_whatsapp')),
      empresa: String(await uno('select min(id::text) as v from public.empresas')),
      ahora: TEST_EPOCH.toISOString(),
    };
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  describe('quién es operador (hallazgo 1)', () => {
    it('quien se registra primero es el administrador; quien se registra después no recibe perfil', async () => {
      const { rows } = await db.query<{ id: string; es_admin: boolean; nombre: string }>('select id, es_admin, nombre from public.perfiles');
      expect(rows).toEqual([{ id: admin, es_admin: true, nombre: 'Ana Administradora' }]);
    });

    it('quien se registró sin autorización no lee ni una fila de ninguna tabla o vista de public', async () => {
      const { rows: relaciones } = await db.query<{ nombre: string }>(
        `select c.relname as nombre from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm') order by 1`,
      );
      expect(relaciones.length).toBeGreaterThan(25);
      const contar = (sub: string, tabla: string) =>
        como(db, sub, async (tx) => Number((await tx.query<{ n: number | string }>(`select count(*) as n from public."${tabla}"`)).rows[0]!.n)).catch(
          (error: { code?: string }) => {
            // No privilege at all is also "no row".
            if (error.code === '42501') return 0;
            throw error;
          },
        );
      const conFilasParaAdmin: string[] = [];
      for (const { nombre } of relaciones) {
        expect(await contar(intruso, nombre), nombre).toBe(0);
        if ((await contar(admin, nombre)) > 0) conFilasParaAdmin.push(nombre);
      }
      // The check above means something: the administrator, with the same role, reads most of them.
      expect(conFilasParaAdmin.length).toBeGreaterThanOrEqual(15);
      expect(conFilasParaAdmin).toEqual(expect.arrayContaining(['clientes', 'empresas', 'perfiles', 'registro_escrito_llamada', datos.tabla]));
    });

    it('un administrador autoriza un e-mail: esa persona recibe perfil de operador (una vez); nadie más puede autorizar', async () => {
      expect(await codigoDeError(como(db, intruso, (tx) => tx.query(`insert into public.operadores_autorizados (email) values ('curioso@correo.example')`)))).toBe('42501');
      expect(await codigoDeError(db.transaction(async (tx) => {
        await tx.query('set local role anon');
        await tx.query(`insert into public.operadores_autorizados (email) values ('x@correo.example')`);
      }))).toBe('42501');

      await como(db, admin, (tx) => tx.query(`insert into public.operadores_autorizados (email) values ('luis.ops@agencia.co')`));
      expect((await como(db, admin, (tx) => tx.query('select email, autorizado_por from public.operadores_autorizados'))).rows).toEqual([
        { email: 'luis.ops@agencia.co', autorizado_por: admin },
      ]);
      expect((await como(db, intruso, (tx) => tx.query('select email from public.operadores_autorizados'))).rows).toEqual([]);

      const luis = await registrar(db, 'Luis.Ops@Agencia.co');
      const perfil = await db.query('select es_admin, nombre from public.perfiles where id = $1', [luis]);
      expect(perfil.rows).toEqual([{ es_admin: false, nombre: 'Luis.Ops' }]);
      expect((await db.query('select 1 from public.operadores_autorizados')).rows).toEqual([]);
      expect(await como(db, luis, async (tx) => Number((await tx.query<{ n: string | number }>('select count(*) as n from public.clientes')).rows[0]!.n)))
        .toBeGreaterThan(0);

      // The authorisation was used up (the table is empty again); another e-mail signing up gets nothing.
      const otro = await registrar(db, 'otro.curioso@correo.example');
      expect((await db.query('select 1 from public.perfiles where id = $1', [otro])).rows).toEqual([]);
    });

    it('un rol privilegiado (el SQL de quien administra la base) sí crea operadores, como podía escribir perfiles', async () => {
      const { rows } = await db.query<{ id: string }>(`insert into auth.users (email) values ('pedro@agencia.co') returning id`);
      const perfil = await db.query('select es_admin from public.perfiles where id = $1', [rows[0]!.id]);
      expect(perfil.rows).toEqual([{ es_admin: false }]);
    });
  });

  describe('quién ejecuta cada función (hallazgo 9)', () => {
    it('anon solo ejecuta las funciones del portal (y el reloj)', async () => {
      const lista = await funciones(db);
      expect(lista.filter((f) => f.anon).map((f) => f.firma)).toEqual(ANON);
    });

    it('authenticated solo ejecuta funciones de la lista: cada una verifica a quien llama o no lee tablas', async () => {
      const lista = await funciones(db);
      const ejecutables = lista.filter((f) => f.autenticado);
      const fueraDeLista = ejecutables.map((f) => f.firma).filter((firma) => !(firma in VERIFICAN) && !(firma in PURAS));
      expect(fueraDeLista).toEqual([]);
      // The api's own calls are still allowed (a revoke too many would break the screens).
      for (const firma of ['buscar_clientes(text, integer)', 'bots_sesiones(text, text, boolean, integer, integer)', 'llamadas_resumen(bigint, timestamp with time zone, timestamp with time zone)',
        'metricas_dashboard(timestamp with time zone, timestamp with time zone, timestamp with time zone)', 'create_message_table(text)', 'es_operador()', 'ahora()', ...PORTAL]) {
        expect(ejecutables.map((f) => f.firma), firma).toContain(firma);
      }
      for (const f of ejecutables) {
        if (f.firma in PURAS) {
          // A pure helper runs with the caller's rights and cannot change anything.
          expect(f.definer, f.firma).toBe(false);
          expect(f.volatilidad, f.firma).not.toBe('v');
        }
      }
      // The function of the finding: SECURITY DEFINER without a check of its caller.
      expect(lista.find((f) => f.firma === 'bots_resumen_recalcular(text, text[], date[])')).toMatchObject({ anon: false, autenticado: false });
      // The owner's designation of an adopted project's first administrator (20261128000900_adopcion_incorporar).
      expect(lista.find((f) => f.firma === 'designar_administrador(text)')).toMatchObject({ anon: false, autenticado: false });
      expect(lista.find((f) => f.firma === 'perfiles_primer_administrador()')).toMatchObject({ anon: false, autenticado: false });
      // The inbound results endpoint's writers (20261128001200_entrada_resultados): service_role only.
      for (const firma of ['entrada_anotar(text, text, text)', 'entrada_registrar_llamada(text, text, jsonb)', 'entrada_registrar_mensaje(text, text, text, text, jsonb)']) {
        expect(lista.find((f) => f.firma === firma), firma).toMatchObject({ anon: false, autenticado: false });
      }
    });

    it('llamadas como quien se registró sin autorización: cada función que puede ejecutar rechaza o no da nada', async () => {
      const ejecutables = (await funciones(db)).filter((f) => f.autenticado).map((f) => f.firma);
      expect(ejecutables.length).toBeGreaterThan(30);
      for (const firma of ejecutables) {
        const llamada = VERIFICAN[firma] ?? PURAS[firma];
        if (!llamada) throw new Error(`${firma} no está en la lista de funciones permitidas`);
        const correr = (sub: string) => como(db, sub, (tx) => tx.query<Row>(llamada.sql, llamada.args?.(datos) ?? []));
        if (llamada.intruso === 'rechaza') {
          expect(await codigoDeError(correr(intruso)), firma).toBe('42501');
        } else if (llamada.intruso === 'rechaza o nulo') {
          const r = await correr(intruso).catch((error: { code?: string }) => error);
          if ('rows' in r) expect(r.rows, firma).toEqual([{ v: null }]);
          else expect(r.code, firma).toBe('42501');
        } else {
          llamada.intruso((await correr(intruso)).rows, datos);
        }
        if (llamada.admin) llamada.admin((await correr(admin)).rows);
      }
      // The writes changed nothing.
      expect((await db.query('select 1 from public.servicios_instancias where id = $1', [datos.instancia])).rows).toHaveLength(1);
      expect((await db.query(`select 1 from pg_class where relname = 'intruso_registro_whatsapp'`)).rows).toHaveLength(0);
      expect((await db.query(`select 1 from public.clientes where email = 'ana@correo.co'`)).rows).toHaveLength(0);
    });

    it('toda tabla de public tiene RLS o ningún privilegio para anon y authenticated; toda vista es security_invoker', async () => {
      const { rows } = await db.query<{ nombre: string; tipo: string; rls: boolean; invocadora: boolean; anon: boolean; autenticado: boolean }>(
        `select c.relname as nombre, c.relkind::text as tipo, c.relrowsecurity as rls,
                coalesce('security_invoker=true' = any (c.reloptions), false) as invocadora,
                has_table_privilege('anon', c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER') as anon,
                has_table_privilege('authenticated', c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER') as autenticado
           from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
          order by 1`,
      );
      const abiertas = rows.filter((r) => (r.anon || r.autenticado) && (r.tipo === 'v' || r.tipo === 'm' ? !r.invocadora : !r.rls));
      expect(abiertas.map((r) => r.nombre)).toEqual([]);
      expect(rows.filter((r) => r.tipo === 'v').length).toBeGreaterThan(0);
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// An install migrated before the platform stand-in emulated Supabase's default privileges.

/** Who may use what: every function and every table or view of public, for anon and authenticated. */
async function permisos(db: SqlClient) {
  const { rows } = await db.query<{ objeto: string; anon: boolean; autenticado: boolean }>(
    `select 'tabla ' || c.relname as objeto,
            has_table_privilege('anon', c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER') as anon,
            has_table_privilege('authenticated', c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER') as autenticado
       from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
     union all
     select 'función ' || format('%s(%s)', p.proname, oidvectortypes(p.proargtypes)),
            has_function_privilege('anon', p.oid, 'execute'), has_function_privilege('authenticated', p.oid, 'execute')
       from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`,
  );
  return rows;
}

describe.each(BACKENDS)('una instalación anterior a estos permisos en %s', (_name, fresh) => {
  const SUPABASE = findSupabaseDir();
  let copia: string;
  let nueva: SqlClient;
  let anterior: SqlClient;

  beforeAll(async () => {
    // The schema as an install had it before this issue: no 01_privilegios_supabase, no migration from
    // 20261128000200 on. Then it starts with the current files.
    copia = mkdtempSync(join(tmpdir(), 'consola-supabase-'));
    cpSync(SUPABASE, copia, { recursive: true });
    rmSync(join(copia, 'embedded', '01_privilegios_supabase.sql'));
    for (const f of readdirSync(join(copia, 'migrations'))) if (f >= '20261128000200') rmSync(join(copia, 'migrations', f));
    anterior = await fresh();
    await migrate(anterior, { supabaseDir: copia, embedded: true });
    const aplicadas = await migrate(anterior, { supabaseDir: SUPABASE, embedded: true });
    expect(aplicadas).toContain('embedded/01_privilegios_supabase.sql');
    expect(aplicadas).toContain('migrations/20261128000200_operadores_y_permisos.sql');
    nueva = await migrated(await fresh());
  });
  afterAll(async () => {
    await anterior?.cerrar();
    await nueva?.cerrar();
    if (copia) rmSync(copia, { recursive: true, force: true });
  });

  it('termina con los mismos permisos de anon y authenticated que una instalación nueva', async () => {
    const a = await permisos(anterior);
    expect(a.length).toBeGreaterThan(80);
    expect(a).toEqual(await permisos(nueva));
  });
});

// ---------------------------------------------------------------------------------------------------
// Finding 4: demo portal passwords.

/** A SqlClient that records the parameters of every statement (to read the plain passwords the seed sends). */
function grabando(db: SqlClient, params: unknown[][]): SqlClient {
  const envolver = (q: SqlQueryable): SqlQueryable => ({
    query: (sql, p) => {
      params.push([...(p ?? [])]);
      return q.query(sql, p);
    },
    exec: (sql) => q.exec(sql),
  });
  return { ...envolver(db), transaction: (fn) => db.transaction((tx) => fn(envolver(tx))), cerrar: () => db.cerrar() };
}

describe.each(MIGRATED_BACKENDS)('contraseñas del portal de los datos de demostración en %s', (_name, fresh) => {
  const instalaciones: Array<{ db: SqlClient; claves: Map<string, string>; derivadas: string[] }> = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const db = await fresh();
      const params: unknown[][] = [];
      const espia = vi.spyOn(Rng.prototype, 'password');
      await seedDemoData(grabando(db, params), { now: TEST_EPOCH, scale: { clientes: 3, llamadas: 0, mensajes: 0 }, audioDir: null });
      const derivadas = espia.mock.results.map((r) => String(r.value));
      espia.mockRestore();
      // The companies' insert sends one JSON array with usuario_cliente and the plain contrasena_cliente.
      const json = params.flat().find((p) => typeof p === 'string' && p.includes('"usuario_cliente"')) as string;
      const empresas = JSON.parse(json) as Array<{ id: string; usuario_cliente: string; contrasena_cliente: string }>;
      instalaciones.push({ db, claves: new Map(empresas.map((e) => [e.usuario_cliente, e.contrasena_cliente])), derivadas });
    }
  });
  afterAll(async () => {
    for (const { db } of instalaciones) await db.cerrar();
  });

  async function entra(db: SqlClient, usuario: string, clave: string, direccion: string): Promise<boolean> {
    const anon = crearEjecutorSql(db, { role: 'anon', claims: null, requestHeaders: { 'x-forwarded-for': direccion } }, await loadCatalog(db));
    const { rows: empresa } = await db.query<{ id: string }>('select id from public.empresas where usuario_cliente = $1', [usuario]);
    const { rows } = await anon.run<{ value: { ok: boolean } }>({
      kind: 'rpc', fn: 'portal_iniciar_sesion', args: { p_empresa: empresa[0]!.id, p_usuario: usuario, p_contrasena: clave },
    });
    return rows[0]!.value.ok === true;
  }

  it('cada instalación tiene las suyas, aleatorias; ni la otra instalación ni la derivada del generador entran', async () => {
    const [a, b] = instalaciones as [(typeof instalaciones)[0], (typeof instalaciones)[0]];
    expect([...a.claves.keys()]).toEqual([...b.claves.keys()]);
    expect(a.claves.size).toBeGreaterThanOrEqual(5);
    // Everything else the seeded generator drew is the same on both installs.
    expect(a.derivadas).toEqual(b.derivadas);
    expect(a.derivadas).toHaveLength(a.claves.size);

    let n = 0;
    for (const [k, [usuario, claveA]] of [...a.claves].entries()) {
      const claveB = b.claves.get(usuario)!;
      // What the seeded generator drew for this company: its password before the fix, on every install.
      const derivada = a.derivadas[k]!;
      expect(claveA).not.toBe(claveB);
      expect(claveA.length).toBeGreaterThanOrEqual(20);
      const activa = (await a.db.query<{ activo: boolean }>('select activo from public.empresas where usuario_cliente = $1', [usuario])).rows[0]!.activo;
      if (!activa) continue;
      // Each address tries at most twice: no lock gets in the way of the answers.
      expect(await entra(a.db, usuario, claveA, `198.51.100.${++n}`)).toBe(true);
      expect(await entra(a.db, usuario, claveB, `198.51.100.${++n}`)).toBe(false);
      expect(await entra(b.db, usuario, claveB, `198.51.100.${++n}`)).toBe(true);
      const direccion = `198.51.100.${++n}`;
      expect(await entra(a.db, usuario, derivada, direccion), `${usuario} con ${derivada}`).toBe(false);
      expect(await entra(b.db, usuario, derivada, direccion), `${usuario} con ${derivada}`).toBe(false);
    }
    expect(n).toBeGreaterThan(0);
  });
});
