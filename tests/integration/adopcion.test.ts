/**
 * Issue 14, part 1: adopting a hosted project that already runs the ORIGINAL system, on PGlite and on
 * PostgreSQL 15. The project is the platform stand-ins (supabase/embedded), then the original schema and its
 * rows (tests/fixtures/sistema-original), then every migration, as `supabase db push` applies them:
 * 20261121000000_adopcion_apartar moves the original tables aside, our schema is built, and
 * 20261128000900_adopcion_incorporar copies the rows back and drops what it moved. docs/ADOPTAR-PROYECTO.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { Dispatch } from '../../src/main/dispatch';
import { findSupabaseDir, migrate } from '../../src/main/motores/embebido/migrate';
import { BACKENDS } from '../support/databases';
import { Caller, embeddedApi, migrated } from '../support/operators';

const SUPABASE = findSupabaseDir();
const FIXTURE = join(SUPABASE, '..', 'tests', 'fixtures', 'sistema-original');

type Envelope = Awaited<ReturnType<Dispatch>>;
const APARTAR = 'migrations/20261121000000_adopcion_apartar.sql';
const INCORPORAR = 'migrations/20261128000900_adopcion_incorporar.sql';

/** The original system's tables (all of them are in the fixture). */
const TABLAS = [
  'campanas', 'clientes', 'registro_escrito_llamada', 'registro_audio_llamadas', 'configuracion_campana', 'empresas', 'planes',
  'servicios_disponibles', 'proyectos', 'servicios_instancias', 'historial_estados', 'metricas_proyectos', 'empresas_wordpress_bots',
  'empresas_shopify_bots', 'empresas_bot_duda', 'empresas_whatsapp', 'planes_empresas_wordpress', 'agente_marketing',
];
/** The bot companies' message tables that exist in the fixture (a fourth one is registered but was never created). */
const MENSAJES = ['tienda_aurora_registro_bot_wordpress', 'moda_viva_registro_bot_shopify', 'ferreteria_central_registro_whatsapp'];

/** The fixture's plain-text portal credentials: company id, user name as it will be after adoption, password. */
const PORTAL = [
  { empresaId: 'e0000000-0000-4000-8000-000000000001', usuario: 'usuario_ferretería_central', contrasena: 'Ferre2025!' },
  { empresaId: 'e0000000-0000-4000-8000-000000000002', usuario: 'usuario_clínica_del_sol', contrasena: 'x7Kp2mQa' },
  // The second company with the same generated user name gets '_2'.
  { empresaId: 'e0000000-0000-4000-8000-000000000003', usuario: 'usuario_ferretería_central_2', contrasena: 'Sucursal9' },
];

const sqlDe = (carpeta: string) =>
  readdirSync(carpeta).filter((f) => f.endsWith('.sql')).sort().map((f) => readFileSync(join(carpeta, f), 'utf8'));

async function contar(db: SqlClient, tabla: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(`select count(*) as n from public."${tabla}"`);
  return Number(rows[0]!.n);
}

/** Every table of public with its row count and a digest of its rows: "changes nothing" means equal. */
async function instantanea(db: SqlClient): Promise<Record<string, string>> {
  const { rows: tablas } = await db.query<{ t: string }>(
    `select c.relname as t from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`);
  const out: Record<string, string> = {};
  for (const { t } of tablas) {
    const { rows } = await db.query<{ n: string | number; h: string | null }>(
      `select count(*) as n, md5(string_agg(x::text, '|' order by x::text)) as h from public."${t}" x`);
    out[t] = `${rows[0]!.n}:${rows[0]!.h ?? ''}`;
  }
  const { rows: perfiles } = await db.query<{ n: string | number }>('select count(*) as n from auth.users');
  out['auth.users'] = String(perfiles[0]!.n);
  return out;
}

function datos<T>(respuesta: Envelope): T {
  if (!respuesta.ok) throw new Error(`${respuesta.error.code}: ${respuesta.error.message}`);
  return respuesta.data as T;
}

describe.each(BACKENDS)('adoptar un proyecto del sistema original en %s', (_name, fresh) => {
  let db: SqlClient;
  let aplicadas: string[];
  const antes: Record<string, number> = {};
  let api: Awaited<ReturnType<typeof embeddedApi>>;

  beforeAll(async () => {
    db = await fresh();
    // The hosted project as it is: the platform, then the original system's schema and rows.
    for (const sql of sqlDe(join(SUPABASE, 'embedded'))) await db.transaction((tx) => tx.exec(sql));
    for (const sql of sqlDe(FIXTURE)) await db.transaction((tx) => tx.exec(sql));
    for (const t of [...TABLAS, ...MENSAJES]) antes[t] = await contar(db, t);
    aplicadas = await migrate(db, { supabaseDir: SUPABASE, embedded: true });
    api = await embeddedApi(db);
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('el sistema original del fixture es el de la especificación, con sus filas raras', async () => {
    expect(antes).toMatchObject({ campanas: 3, clientes: 8, registro_escrito_llamada: 9, empresas: 5, proyectos: 3, servicios_instancias: 3 });
    expect(antes.tienda_aurora_registro_bot_wordpress).toBe(4);
    expect(aplicadas).toContain(APARTAR);
    expect(aplicadas).toContain(INCORPORAR);
    expect(aplicadas.filter((f) => f.startsWith('migrations/'))).toEqual(
      readdirSync(join(SUPABASE, 'migrations')).filter((f) => f.endsWith('.sql')).sort().map((f) => `migrations/${f}`));
  });

  it('conserva cada fila: mismas cuentas por tabla (más la campaña de los clientes sin campaña y la instancia que solo estaba en el JSON del proyecto)', async () => {
    const despues: Record<string, number> = {};
    for (const t of [...TABLAS, ...MENSAJES]) despues[t] = await contar(db, t);
    expect(despues).toEqual({ ...antes, campanas: antes.campanas! + 1, servicios_instancias: antes.servicios_instancias! + 1 });

    const { rows: campana } = await db.query<{ nombre: string; clientes: string | number }>(
      `select k.nombre, (select count(*) from public.clientes c where c.campana_id = k.id) as clientes
         from public.campanas k where k.id not in (1, 2, 3)`);
    expect(campana.map((r) => [r.nombre, Number(r.clientes)])).toEqual([['Clientes sin campaña (adopción)', 1]]);
    // Ids are kept; new ones start after every id the original handed out (campaign 4 had been deleted).
    const { rows: nueva } = await db.query<{ id: string | number }>(`insert into public.campanas (nombre) values ('Nueva') returning id`);
    expect(Number(nueva[0]!.id)).toBe(6);
    await db.query('delete from public.campanas where id = $1', [nueva[0]!.id]);
    const { rows: recuperada } = await db.query('select proyecto_id, tipo_servicio, estado from public.servicios_instancias where id = $1',
      ['llamadas_1722600000000_ef34gh']);
    expect(recuperada).toEqual([{ proyecto_id: 'a0000000-0000-4000-8000-000000000001', tipo_servicio: 'llamadas', estado: 'en_proceso' }]);
    // Copying is not a change of status: the history has the original's rows only.
    expect(await contar(db, 'historial_estados')).toBe(3);
  });

  it('status y resultado quedan como estaban; las transcripciones que no son JSON siguen legibles', async () => {
    const { rows } = await db.query<{ id: string | number; status: string | null; resultado: string | null; campana: string | number | null; conversation_id: string | null; transcript: unknown }>(
      'select id, status, resultado, campana, conversation_id, transcript from public.registro_escrito_llamada order by id');
    const por = new Map(rows.map((r) => [Number(r.id), r]));
    expect(por.get(2)).toMatchObject({ status: null, resultado: 'No contesta' });
    expect(por.get(3)).toMatchObject({ status: null, resultado: null, transcript: '[{"role": "agent", "message": "Buenos días, le habla Sofía de' });
    expect(por.get(5)).toMatchObject({ campana: null, transcript: 'Transcripción no disponible' });
    expect(por.get(6)!.status).toBe('DONE ');
    expect(por.get(1)!.transcript).toEqual([
      { role: 'agent', message: 'Buenos días, le habla Sofía de Seguros Andinos.' }, { role: 'user', message: 'Hola, sí, dígame.' }]);
    expect(por.get(8)!.conversation_id).toBe('conv_001 (duplicado 8)');
  });

  it('cifra en su sitio cada contraseña del portal y el portal entra con la contraseña de antes', async () => {
    const { rows } = await db.query<{ id: string; usuario_cliente: string | null; contrasena_cliente: string | null }>(
      'select id, usuario_cliente, contrasena_cliente from public.empresas order by id');
    expect(rows.filter((r) => r.contrasena_cliente !== null).map((r) => r.contrasena_cliente)).toEqual(
      rows.filter((r) => r.contrasena_cliente !== null).map(() => expect.stringMatching(/^\$2[aby]\$10\$[./A-Za-z0-9]{53}$/)));
    expect(rows.filter((r) => r.contrasena_cliente !== null)).toHaveLength(3);

    for (const credenciales of PORTAL) {
      const sesion = datos<{ empresa: { id: string } }>(await api.dispatch('portal', 'iniciarSesion', credenciales, new Caller()));
      expect(sesion.empresa.id).toBe(credenciales.empresaId);
    }
    const mal = await api.dispatch('portal', 'iniciarSesion', { ...PORTAL[0]!, contrasena: 'Ferre2024!' }, new Caller());
    expect(mal.ok).toBe(false);
  });

  it('exec_sql ya no existe, ni el esquema apartado; las tablas de mensajes tienen RLS y no se abren a anon', async () => {
    expect((await db.query(`select 1 from pg_proc where proname = 'exec_sql'`)).rows).toEqual([]);
    expect((await db.query(`select 1 from pg_namespace where nspname = 'adopcion'`)).rows).toEqual([]);
    const { rows } = await db.query<{ t: string; rls: boolean; anon: boolean; tipo: string }>(
      `select c.relname as t, c.relrowsecurity as rls, has_table_privilege('anon', c.oid, 'SELECT') as anon,
              format_type(a.atttypid, a.atttypmod) as tipo
         from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'message'
        where c.relnamespace = 'public'::regnamespace and c.relname = any ($1) order by 1`, [MENSAJES]);
    expect(rows).toEqual([...MENSAJES].sort().map((t) => ({ t, rls: true, anon: false, tipo: 'jsonb' })));
  });

  it('los usuarios de Auth del sistema original no son operadores; el dueño designa al primer administrador por SQL', async () => {
    expect(await contar(db, 'perfiles')).toBe(0);
    const ana = { email: 'ana.torres@agencia.co', password: 'Ana-Agencia-2025' };
    expect((await api.dispatch('auth', 'iniciarSesion', ana, new Caller())).ok).toBe(false);

    // Nobody becomes administrator by signing up first in a project that already has users.
    const registrado = await db.transaction(async (tx) => {
      await tx.query('set local role supabase_auth_admin');
      const { rows } = await tx.query<{ id: string }>(`insert into auth.users (email) values ('curioso@correo.example') returning id`);
      return rows[0]!.id;
    });
    expect((await db.query('select 1 from public.perfiles where id = $1', [registrado])).rows).toEqual([]);

    // Only the project's owner may designate: not anon, not a signed-in user.
    for (const rol of ['anon', 'authenticated']) {
      const error = await db.transaction(async (tx) => {
        await tx.query(`set local role ${rol}`);
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: registrado, role: rol })]);
        await tx.query(`select public.designar_administrador('curioso@correo.example')`);
      }).then(() => null, (e: { code?: string }) => e.code);
      expect(error, rol).toBe('42501');
    }
    await expect(db.query(`select public.designar_administrador('nadie@agencia.co')`)).rejects.toThrow(/No hay ningún usuario/);

    await db.query(`select public.designar_administrador('  Ana.Torres@Agencia.co ')`);
    expect((await db.query('select nombre, email, es_admin from public.perfiles')).rows).toEqual([
      { nombre: 'Ana Torres', email: 'ana.torres@agencia.co', es_admin: true }]);
    // She signs in with the password she had in the original system (GoTrue's bcrypt).
    const caller = new Caller();
    expect(datos<{ email: string }>(await api.dispatch('auth', 'iniciarSesion', ana, caller)).email).toBe('ana.torres@agencia.co');
    // Carlos stays without a profile until an administrator adds him.
    expect((await api.dispatch('auth', 'iniciarSesion', { email: 'carlos.mejia@agencia.co', password: 'Carlos-Agencia-2025' }, new Caller())).ok).toBe(false);
  });

  it('la api lee los datos adoptados como los propios: clientes, llamadas, proyectos, empresas y mensajes', async () => {
    const caller = new Caller();
    datos(await api.dispatch('auth', 'iniciarSesion', { email: 'ana.torres@agencia.co', password: 'Ana-Agencia-2025' }, caller));
    const llamar = async <T>(area: string, op: string, input: unknown) => datos<T>(await api.dispatch(area, op, input, caller));

    const campanas = await llamar<Array<{ id: number }>>('llamadas', 'listarCampanas', {});
    expect(campanas).toHaveLength(antes.campanas! + 1);
    let clientes = 0;
    for (const c of campanas) clientes += (await llamar<{ total: number }>('llamadas', 'clientesPagina', { campanaId: c.id })).total;
    expect(clientes).toBe(antes.clientes);

    // Every call with a phone, through each phone's history (the one read of calls by phone).
    const { rows: telefonos } = await db.query<{ phone: string }>(
      'select distinct phone from public.registro_escrito_llamada where phone is not null');
    const vistas = new Set<number>();
    for (const { phone } of telefonos) {
      for (const llamada of await llamar<Array<{ id: number }>>('llamadas', 'historial', { telefono: phone })) vistas.add(Number(llamada.id));
    }
    const { rows: conTelefono } = await db.query<{ n: string | number }>(
      'select count(*) as n from public.registro_escrito_llamada where phone is not null');
    expect(vistas.size).toBe(Number(conTelefono[0]!.n));
    expect(vistas.size).toBe(antes.registro_escrito_llamada! - 1); // n8n's error row has no phone

    const proyectos = await llamar<unknown[]>('proyectos', 'listar', {});
    expect(proyectos).toHaveLength(antes.proyectos!);
    expect(await llamar<unknown[]>('empresas', 'listar', {})).toHaveLength(antes.empresas!);
    const bots: Record<string, number> = {};
    for (const canal of ['wordpress', 'shopify', 'duda', 'whatsapp']) bots[canal] = (await llamar<unknown[]>('bots', 'listarEmpresas', { canal })).length;
    expect(bots).toEqual({
      wordpress: antes.empresas_wordpress_bots, shopify: antes.empresas_shopify_bots, duda: antes.empresas_bot_duda, whatsapp: antes.empresas_whatsapp,
    });

    for (const tabla of MENSAJES) {
      expect((await llamar<{ totalMensajes: number }>('mensajes', 'estadisticas', { tabla })).totalMensajes, tabla).toBe(antes[tabla]);
    }
    const conversacion = await llamar<Array<{ message: unknown }>>('mensajes', 'conversacion', { tabla: 'tienda_aurora_registro_bot_wordpress', sessionId: 'wp_sess_001' });
    expect(conversacion.map((m) => m.message)).toEqual([
      expect.objectContaining({ type: 'human', content: 'Hola, ¿tienen envíos a Medellín?' }),
      expect.objectContaining({ type: 'ai' }),
      'Gracias por escribirnos',
    ]);
  });

  it('otra pasada no aplica nada, y aunque se volvieran a ejecutar los dos archivos no cambiarían nada', async () => {
    const foto = await instantanea(db);
    expect(await migrate(db, { supabaseDir: SUPABASE, embedded: true })).toEqual([]);
    for (const archivo of [APARTAR, INCORPORAR]) await db.transaction((tx) => tx.exec(readFileSync(join(SUPABASE, archivo), 'utf8')));
    expect(await instantanea(db)).toEqual(foto);
  });
});

describe.each(BACKENDS)('las migraciones de adopción donde no hay nada que adoptar, en %s', (_name, fresh) => {
  let vacia: SqlClient;
  let instalada: SqlClient;
  let copia: string;
  afterAll(async () => {
    await vacia?.cerrar();
    await instalada?.cerrar();
    if (copia) rmSync(copia, { recursive: true, force: true });
  });

  it('un proyecto vacío recibe el esquema como siempre', async () => {
    vacia = await migrated(await fresh());
    expect((await vacia.query(`select 1 from pg_namespace where nspname = 'adopcion'`)).rows).toEqual([]);
    for (const t of TABLAS) expect(await contar(vacia, t), t).toBe(0);
    expect(await contar(vacia, 'perfiles')).toBe(0);
    // The first user of a new project is still its administrator.
    const { rows } = await vacia.query<{ id: string }>(`insert into auth.users (email) values ('primera@agencia.co') returning id`);
    expect((await vacia.query('select es_admin from public.perfiles where id = $1', [rows[0]!.id])).rows).toEqual([{ es_admin: true }]);
  });

  it('una instalación que ya tenía nuestro esquema aplica solo los dos archivos nuevos y no cambia nada', async () => {
    copia = mkdtempSync(join(tmpdir(), 'consola-supabase-'));
    cpSync(SUPABASE, copia, { recursive: true });
    for (const archivo of [APARTAR, INCORPORAR]) rmSync(join(copia, archivo));
    instalada = await fresh();
    await migrate(instalada, { supabaseDir: copia, embedded: true });
    await instalada.query(`insert into auth.users (email) values ('admin@agencia.co')`);
    await instalada.query(`insert into public.campanas (nombre, minutos) values ('Campaña propia', 10)`);
    await instalada.query(`insert into public.empresas (nombre, usuario_cliente, contrasena_cliente) values ('Propia', 'usuario_propia', 'Clave-Propia-1')`);
    await instalada.query(`insert into public.empresas_whatsapp (name, table_supabase) values ('Propia', 'propia_registro_whatsapp')`);
    await instalada.query(`select public.create_message_table('propia_registro_whatsapp')`);
    await instalada.query(`insert into public.propia_registro_whatsapp (session_id, message) values ('s1', '"hola"')`);
    const foto = await instantanea(instalada);

    expect(await migrate(instalada, { supabaseDir: SUPABASE, embedded: true })).toEqual([APARTAR, INCORPORAR]);
    expect(await instantanea(instalada)).toEqual(foto);
  });
});
