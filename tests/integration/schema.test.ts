/**
 * The one schema (supabase/embedded + supabase/migrations) on PGlite and on a real PostgreSQL 15:
 * the runner and its ledger, row-level security, constraints, triggers, message tables, search and
 * notifications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlClient, SqlQueryable } from '../../src/shared/ports/sql';
import { findSupabaseDir, migrate } from '../../src/main/motores/embebido/migrate';
import { BACKENDS } from '../support/databases';
import { TABLAS_SEMBRADAS_POR_MIGRACIONES } from '../../src/main/traslado/destino';

const SUPABASE_DIR = findSupabaseDir();

const SPEC_TABLES = [
  'clientes', 'campanas', 'registro_escrito_llamada', 'registro_audio_llamadas', 'configuracion_campana',
  'proyectos', 'servicios_instancias', 'servicios_disponibles', 'empresas', 'planes', 'planes_empresas_wordpress',
  'historial_estados', 'metricas_proyectos', 'empresas_wordpress_bots', 'empresas_whatsapp',
  'empresas_shopify_bots', 'empresas_bot_duda', 'agente_marketing',
];

type Who = { sub: string } | 'anon';

/** Runs fn as Supabase would: inside a transaction, with the role and the request claims set. */
async function as<T>(db: SqlClient, who: Who, fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const claims = who === 'anon' ? { role: 'anon' } : { sub: who.sub, role: 'authenticated' };
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await tx.query(who === 'anon' ? 'set local role anon' : 'set local role authenticated');
    return fn(tx);
  });
}

/** Expects the promise to fail with the given SQLSTATE; returns the error message. */
async function pgError(promise: Promise<unknown>, code: string): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    expect(e.code, e.message).toBe(code);
    return e.message ?? '';
  }
  throw new Error(`se esperaba un error ${code}`);
}

async function one<Row = Record<string, unknown>>(q: SqlQueryable, sql: string, params: unknown[] = []): Promise<Row> {
  const { rows } = await q.query<Row>(sql, params);
  if (!rows[0]) throw new Error(`sin filas: ${sql}`);
  return rows[0];
}

async function createUser(db: SqlQueryable, email: string, fullName?: string): Promise<string> {
  const row = await one<{ id: string }>(
    db,
    'insert into auth.users (email, raw_user_meta_data) values ($1, $2::jsonb) returning id',
    [email, JSON.stringify(fullName ? { full_name: fullName } : {})],
  );
  return row.id;
}

async function newCampaign(db: SqlQueryable, nombre: string, minutos = 0): Promise<number> {
  const row = await one<{ id: number | string }>(
    db, 'insert into campanas (nombre, minutos) values ($1, $2) returning id', [nombre, minutos]);
  return Number(row.id);
}

describe.each(BACKENDS)('esquema en %s', (_name, fresh) => {
  let db: SqlClient;
  let applied: string[];
  let admin: string; // first operator
  let operador: string; // second operator
  let intruso: string; // auth user without a profile

  beforeAll(async () => {
    db = await fresh();
    applied = await migrate(db, { supabaseDir: SUPABASE_DIR, embedded: true });
  });

  afterAll(async () => {
    await db?.cerrar();
  });

  describe('runner de migraciones', () => {
    it('aplica las piezas de plataforma y todas las migraciones, en orden', () => {
      const expected = [
        ...readdirSync(join(SUPABASE_DIR, 'embedded')).filter((f) => f.endsWith('.sql')).sort().map((f) => `embedded/${f}`),
        ...readdirSync(join(SUPABASE_DIR, 'migrations')).filter((f) => f.endsWith('.sql')).sort().map((f) => `migrations/${f}`),
      ];
      expect(applied).toEqual(expected);
    });

    it('las migraciones solo escriben filas en las tablas que el traslado sabe sembradas por ellas', async () => {
      // 'Mover a Supabase' refuses a project whose tables hold rows, except these (a fresh project has them).
      const { rows } = await db.query<{ relname: string }>(
        `select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`);
      const conFilas: string[] = [];
      for (const { relname } of rows) {
        const { rows: hay } = await db.query<{ hay: boolean }>(`select exists (select 1 from public."${relname}") as hay`);
        if (hay[0]?.hay) conFilas.push(relname);
      }
      expect(conFilas).toEqual([...TABLAS_SEMBRADAS_POR_MIGRACIONES].sort());
    });

    it('registra cada archivo en el ledger y una segunda pasada no aplica nada', async () => {
      const { rows } = await db.query<{ nombre: string; checksum: string }>(
        'select nombre, checksum from _consola.migraciones order by nombre');
      expect(rows.map((r) => r.nombre).sort()).toEqual([...applied].sort());
      for (const row of rows) expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(await migrate(db, { supabaseDir: SUPABASE_DIR, embedded: true })).toEqual([]);
    });

    it('rechaza una migración aplicada cuyo contenido cambió, y aplica una nueva', async () => {
      const copy = mkdtempSync(join(tmpdir(), 'consola-supabase-'));
      try {
        cpSync(SUPABASE_DIR, copy, { recursive: true });
        const nueva = join(copy, 'migrations', '99991231000000_prueba.sql');
        appendFileSync(nueva, 'create table public.prueba_runner (id int);\n');
        expect(await migrate(db, { supabaseDir: copy, embedded: true })).toEqual(['migrations/99991231000000_prueba.sql']);

        const first = readdirSync(join(copy, 'migrations')).sort()[0]!;
        appendFileSync(join(copy, 'migrations', first), '\n-- cambio posterior\n');
        await expect(migrate(db, { supabaseDir: copy, embedded: true })).rejects.toThrow(/cambió/);
      } finally {
        rmSync(copy, { recursive: true, force: true });
        await db.query('drop table if exists public.prueba_runner');
        await db.query(`delete from _consola.migraciones where nombre = 'migrations/99991231000000_prueba.sql'`);
      }
    });
  });

  describe('tablas y seguridad a nivel de fila', () => {
    it('tiene todas las tablas de la especificación', async () => {
      const { rows } = await db.query<{ relname: string }>(
        `select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`);
      const names = rows.map((r) => r.relname);
      for (const t of [...SPEC_TABLES, 'perfiles', 'notificaciones_estado']) expect(names).toContain(t);
    });

    it('tiene RLS activo en todas las tablas públicas', async () => {
      const { rows } = await db.query<{ relname: string }>(
        `select c.relname from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity`);
      expect(rows.map((r) => r.relname)).toEqual([]);
    });

    it('el primer usuario es administrador, el segundo no; el nombre sale de full_name o del e-mail', async () => {
      admin = await createUser(db, 'ana.admin@consola.test', 'Ana Administradora');
      operador = await createUser(db, 'luis.ops@consola.test');
      intruso = await createUser(db, 'sin.perfil@consola.test');
      await db.query('delete from perfiles where id = $1', [intruso]);

      const a = await one<{ nombre: string; es_admin: boolean }>(db, 'select nombre, es_admin from perfiles where id = $1', [admin]);
      const b = await one<{ nombre: string; es_admin: boolean }>(db, 'select nombre, es_admin from perfiles where id = $1', [operador]);
      expect(a).toEqual({ nombre: 'Ana Administradora', es_admin: true });
      expect(b).toEqual({ nombre: 'luis.ops', es_admin: false });
    });

    it('un operador ve y escribe filas; un usuario sin perfil no ve nada ni escribe; anon no tiene acceso', async () => {
      await newCampaign(db, 'Campaña RLS', 10);

      const visto = await as(db, { sub: operador }, async (tx) => {
        await tx.query(`insert into campanas (nombre, minutos) values ('Creada por operador', 5)`);
        return (await tx.query<{ n: number | string }>('select count(*) as n from campanas')).rows[0]!.n;
      });
      expect(Number(visto)).toBeGreaterThanOrEqual(2);

      const ajeno = await as(db, { sub: intruso }, (tx) => tx.query('select * from campanas'));
      expect(ajeno.rows).toEqual([]);
      await pgError(as(db, { sub: intruso }, (tx) => tx.query(`insert into campanas (nombre) values ('no')`)), '42501');

      await pgError(as(db, 'anon', (tx) => tx.query('select * from campanas')), '42501');
      await pgError(as(db, 'anon', (tx) => tx.query('select * from clientes')), '42501');
    });

    it('perfiles: el operador lee todos, cambia solo su nombre y no puede hacerse administrador', async () => {
      const perfiles = await as(db, { sub: operador }, (tx) => tx.query('select id from perfiles'));
      expect(perfiles.rows.length).toBe(2);

      const propio = await as(db, { sub: operador }, (tx) =>
        tx.query(`update perfiles set nombre = 'Luis Operador' where id = $1`, [operador]));
      expect(propio.affectedRows).toBe(1);
      const ajeno = await as(db, { sub: operador }, (tx) =>
        tx.query(`update perfiles set nombre = 'Hackeado' where id = $1`, [admin]));
      expect(ajeno.affectedRows ?? 0).toBe(0);
      await pgError(as(db, { sub: operador }, (tx) =>
        tx.query('update perfiles set es_admin = true where id = $1', [operador])), '42501');

      const nombres = await db.query<{ nombre: string }>('select nombre from perfiles order by created_at, nombre');
      expect(nombres.rows.map((r) => r.nombre).sort()).toEqual(['Ana Administradora', 'Luis Operador']);
    });

    it('auth.uid(), auth.role() y auth.jwt() leen request.jwt.claims y son seguros sin claims', async () => {
      const sin = await one<{ uid: string | null; role: string | null; jwt: unknown }>(
        db, 'select auth.uid() as uid, auth.role() as role, auth.jwt() as jwt');
      expect(sin).toEqual({ uid: null, role: null, jwt: null });
      const con = await as(db, { sub: operador }, (tx) =>
        one<{ uid: string; role: string; sub: string }>(tx, `select auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'sub' as sub`));
      expect(con).toEqual({ uid: operador, role: 'authenticated', sub: operador });
    });
  });

  describe('restricciones', () => {
    let campana: number;
    let otra: number;

    beforeAll(async () => {
      campana = await newCampaign(db, 'Restricciones A', 100);
      otra = await newCampaign(db, 'Restricciones B', 100);
    });

    it('rechaza nombres de campaña vacíos y minutos negativos', async () => {
      await pgError(db.query(`insert into campanas (nombre) values ('   ')`), '23514');
      await pgError(db.query(`insert into campanas (nombre, minutos) values ('Negativa', -1)`), '23514');
      const c = await one<{ minutos: number }>(db, `insert into campanas (nombre) values ('Sin tope') returning minutos`);
      expect(c.minutos).toBe(0);
    });

    it('rechaza estados desconocidos', async () => {
      await pgError(db.query(`insert into proyectos (nombre, estado) values ('P', 'borrado')`), '23514');
      const p = await one<{ id: string }>(db, `insert into proyectos (nombre) values ('Proyecto válido') returning id`);
      await pgError(db.query(
        `insert into servicios_instancias (id, proyecto_id, tipo_servicio, nombre_instancia, estado)
         values ('x_1', $1, 'whatsapp', 'Bot', 'roto')`, [p.id]), '23514');
      await pgError(db.query(`update proyectos set estado = 'archivado' where id = $1`, [p.id]), '23514');
    });

    it('un mismo email + teléfono solo una vez por campaña, pero sí en otra campaña', async () => {
      const insert = (campanaId: number) => db.query(
        `insert into clientes (nombre, apellido, email, telefono, campana_id)
         values ('Ana', 'Pérez', 'ana@correo.co', '+573001112233', $1)`, [campanaId]);
      await insert(campana);
      await pgError(insert(campana), '23505');
      await insert(otra);
      // Same e-mail with another phone is a different client.
      await db.query(
        `insert into clientes (nombre, apellido, email, telefono, campana_id)
         values ('Ana', 'Pérez', 'ana@correo.co', '+573009998877', $1)`, [campana]);
    });

    it('rechaza referencias a filas inexistentes', async () => {
      await pgError(db.query(
        `insert into clientes (nombre, apellido, email, telefono, campana_id) values ('X', 'Y', 'x@y.co', '1', 987654321)`), '23503');
      await pgError(db.query(`insert into configuracion_campana (campana_id) values (987654321)`), '23503');
      await pgError(db.query(
        `insert into servicios_instancias (id, proyecto_id, tipo_servicio, nombre_instancia)
         values ('x_2', '00000000-0000-0000-0000-000000000000', 'whatsapp', 'Bot')`), '23503');
    });

    it('valida table_supabase de las empresas bot y el catálogo de servicios', async () => {
      await pgError(db.query(`insert into empresas_wordpress_bots (name, table_supabase) values ('A', 'Mala Tabla')`), '23514');
      await pgError(db.query(`insert into empresas_whatsapp (name, table_supabase) values ('A', 'x; drop table clientes')`), '23514');
      const w = await one<{ id: number | string; uuid: string; status: boolean }>(db,
        `insert into empresas_whatsapp (name, table_supabase) values ('Wa', 'wa_registro_whatsapp') returning id, uuid, status`);
      expect(w.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(w.status).toBe(true);
      await pgError(db.query(`insert into empresas_whatsapp (name, table_supabase) values ('Wa2', 'wa_registro_whatsapp')`), '23505');
      await pgError(db.query(
        `insert into servicios_disponibles (nombre, descripcion, tipo, icono, categoria)
         values ('Bo', 'Descripción suficiente', 'bot_x', 'wordpress', 'E-commerce')`), '23514');
      await pgError(db.query(
        `insert into servicios_disponibles (nombre, descripcion, tipo, icono, categoria)
         values ('Bot X', 'Descripción suficiente', 'Bot-X', 'wordpress', 'E-commerce')`), '23514');
      await pgError(db.query(
        `insert into servicios_disponibles (nombre, descripcion, tipo, icono, categoria)
         values ('Bot X', 'Descripción suficiente', 'bot_x', 'wordpress', 'Otra')`), '23514');
      await pgError(db.query(`insert into planes (title, cost) values ('Plan', -1)`), '23514');
    });
  });

  describe('historial de estados', () => {
    it('registra la creación y cada cambio de estado de un proyecto con el usuario', async () => {
      const id = await as(db, { sub: operador }, async (tx) => {
        const p = await one<{ id: string }>(tx, `insert into proyectos (nombre, estado) values ('Con historia', 'en_proceso') returning id`);
        await tx.query(`update proyectos set estado = 'completado' where id = $1`, [p.id]);
        await tx.query(`update proyectos set descripcion = 'sin cambio de estado' where id = $1`, [p.id]);
        return p.id;
      });
      const { rows } = await db.query<{ estado_anterior: string | null; estado_nuevo: string; usuario_id: string }>(
        `select estado_anterior, estado_nuevo, usuario_id from historial_estados
          where entidad_tipo = 'proyecto' and entidad_id = $1 order by created_at, estado_anterior nulls first`, [id]);
      expect(rows).toEqual([
        { estado_anterior: null, estado_nuevo: 'en_proceso', usuario_id: operador },
        { estado_anterior: 'en_proceso', estado_nuevo: 'completado', usuario_id: operador },
      ]);
      // The operator reads the history through RLS.
      const visible = await as(db, { sub: operador }, (tx) =>
        tx.query(`select 1 from historial_estados where entidad_id = $1`, [id]));
      expect(visible.rows.length).toBe(2);
    });
  });

  describe('create_message_table', () => {
    it('crea la tabla de mensajes con su índice, RLS y grants, y es idempotente', async () => {
      const nombre = await as(db, { sub: operador }, (tx) =>
        one<{ t: string }>(tx, `select public.create_message_table('cafe_origen_registro_whatsapp') as t`));
      expect(nombre.t).toBe('cafe_origen_registro_whatsapp');
      await as(db, { sub: operador }, (tx) => tx.query(`select public.create_message_table('cafe_origen_registro_whatsapp')`));

      const cols = await db.query<{ column_name: string; data_type: string; is_nullable: string }>(
        `select column_name, data_type, is_nullable from information_schema.columns
          where table_schema = 'public' and table_name = 'cafe_origen_registro_whatsapp' order by ordinal_position`);
      expect(cols.rows).toEqual([
        { column_name: 'id', data_type: 'integer', is_nullable: 'NO' },
        { column_name: 'session_id', data_type: 'character varying', is_nullable: 'NO' },
        { column_name: 'message', data_type: 'jsonb', is_nullable: 'NO' },
        { column_name: 'created_at', data_type: 'timestamp without time zone', is_nullable: 'YES' },
      ]);
      const rls = await one<{ relrowsecurity: boolean }>(db,
        `select relrowsecurity from pg_class where oid = 'public.cafe_origen_registro_whatsapp'::regclass`);
      expect(rls.relrowsecurity).toBe(true);
      const idx = await db.query(`select 1 from pg_indexes where tablename = 'cafe_origen_registro_whatsapp' and indexdef like '%(session_id, created_at)%'`);
      expect(idx.rows.length).toBe(1);

      // The operator writes and reads it; a user without a profile sees nothing.
      await as(db, { sub: operador }, (tx) => tx.query(
        `insert into cafe_origen_registro_whatsapp (session_id, message) values ('s1', '{"type":"human","content":"Hola"}')`));
      const leidas = await as(db, { sub: operador }, (tx) => tx.query('select * from cafe_origen_registro_whatsapp'));
      expect(leidas.rows.length).toBe(1);
      const ajenas = await as(db, { sub: intruso }, (tx) => tx.query('select * from cafe_origen_registro_whatsapp'));
      expect(ajenas.rows).toEqual([]);
    });

    it('acepta los cuatro sufijos y la llamada del dueño de la base (sin claims)', async () => {
      for (const t of ['a_registro_bot_wordpress', 'b_registro_bot_shopify', 'c2_registro_bot_duda']) {
        const r = await one<{ t: string }>(db, 'select public.create_message_table($1) as t', [t]);
        expect(r.t).toBe(t);
      }
    });

    it.each([
      'x; drop table clientes',
      'Robert"); --',
      'clientes',
      'mensajes_sin_sufijo',
      'Mayusculas_registro_whatsapp',
      '1empieza_registro_whatsapp',
      'con espacio_registro_whatsapp',
      'x'.repeat(50) + '_registro_whatsapp',
      '',
    ])('rechaza el nombre %j', async (bad) => {
      const message = await pgError(
        as(db, { sub: operador }, (tx) => tx.query('select public.create_message_table($1)', [bad])), '22023');
      expect(message).toContain('El nombre de la tabla solo puede contener letras, números y guiones bajos');
      const clientes = await db.query(`select to_regclass('public.clientes') as t`);
      expect(clientes.rows[0]).toEqual({ t: 'clientes' });
    });

    it('rechaza a quien no es operador', async () => {
      await pgError(as(db, { sub: intruso }, (tx) =>
        tx.query(`select public.create_message_table('intruso_registro_whatsapp')`)), '42501');
      await pgError(as(db, 'anon', (tx) =>
        tx.query(`select public.create_message_table('anon_registro_whatsapp')`)), '42501');
      const t = await db.query(`select to_regclass('public.intruso_registro_whatsapp') as t`);
      expect(t.rows[0]).toEqual({ t: null });
    });

    it('no existe exec_sql', async () => {
      const { rows } = await db.query(`select 1 from pg_proc where proname = 'exec_sql'`);
      expect(rows).toEqual([]);
    });
  });

  describe('búsqueda global', () => {
    let campana: number;

    beforeAll(async () => {
      campana = await newCampaign(db, 'Búsqueda 100% Bogotá', 0);
      await newCampaign(db, 'Busqueda_norte', 0);
      await newCampaign(db, 'Búsqueda sur', 0);
      await newCampaign(db, 'Búsqueda oriente', 0);
      const clientes: [string, string, string][] = [
        ['Zoe Ana María', 'zoe1@correo.co', '+573001000001'],
        ['Zoe Ana_Luisa', 'zoe2@correo.co', '+573001000002'],
        ['Zoe Beatriz', 'zoe%3@correo.co', '+573001000003'],
        ...Array.from({ length: 7 }, (_, i): [string, string, string] => [`Zoe Carla ${i}`, `carla${i}@zoe.co`, `+57310555000${i}`]),
      ];
      for (const [nombre, email, telefono] of clientes) {
        await db.query(
          `insert into clientes (nombre, apellido, email, telefono, campana_id) values ($1, 'Zuluaga', $2, $3, $4)`,
          [nombre, email, telefono, campana]);
      }
      for (let i = 0; i < 8; i += 1) {
        await db.query(
          `insert into registro_escrito_llamada (phone, conversation_id, status, campana, created_at)
           values ($1, $2, $3, $4, now() - make_interval(days => $5))`,
          [`+57320777000${i}`, `conv_busqueda_${i}`, i === 0 ? 'zumbido_raro' : 'done', campana, 30 + i]);
      }
    });

    it('busca clientes por nombre, teléfono o email, ordenados por nombre y con límite', async () => {
      const r = await as(db, { sub: operador }, (tx) => tx.query<{ nombre: string }>(`select * from buscar_clientes('zoe')`));
      expect(r.rows.map((x) => x.nombre)).toEqual(['Zoe Ana María', 'Zoe Ana_Luisa', 'Zoe Beatriz', 'Zoe Carla 0', 'Zoe Carla 1']);
      const tel = await as(db, { sub: operador }, (tx) => tx.query<{ nombre: string }>(`select * from buscar_clientes('3001000002')`));
      expect(tel.rows.map((x) => x.nombre)).toEqual(['Zoe Ana_Luisa']);
      const mail = await as(db, { sub: operador }, (tx) => tx.query<{ nombre: string }>(`select * from buscar_clientes('@ZOE.CO', 3)`));
      expect(mail.rows.map((x) => x.nombre)).toEqual(['Zoe Carla 0', 'Zoe Carla 1', 'Zoe Carla 2']);
      const keys = Object.keys((await as(db, { sub: operador }, (tx) => tx.query(`select * from buscar_clientes('zoe', 1)`))).rows[0] ?? {});
      expect(keys.sort()).toEqual(['apellido', 'campana_id', 'email', 'empresa', 'id', 'nombre', 'telefono']);
    });

    it('trata % y _ literalmente, y una consulta vacía no devuelve nada', async () => {
      const guion = await db.query<{ nombre: string }>(`select nombre from buscar_clientes('ana_')`);
      expect(guion.rows.map((x) => x.nombre)).toEqual(['Zoe Ana_Luisa']);
      const pct = await db.query<{ nombre: string }>(`select nombre from buscar_clientes('%')`);
      expect(pct.rows.map((x) => x.nombre)).toEqual(['Zoe Beatriz']);
      const camp = await db.query<{ nombre: string }>(`select nombre from buscar_campanas('100%')`);
      expect(camp.rows.map((x) => x.nombre)).toEqual(['Búsqueda 100% Bogotá']);
      const camp2 = await db.query<{ nombre: string }>(`select nombre from buscar_campanas('_norte')`);
      expect(camp2.rows.map((x) => x.nombre)).toEqual(['Busqueda_norte']);
      expect((await db.query(`select * from buscar_clientes('   ')`)).rows).toEqual([]);
      expect((await db.query(`select * from buscar_llamadas('')`)).rows).toEqual([]);
    });

    it('busca campañas por nombre (3 por defecto) y llamadas por teléfono, conversación o estado, más recientes primero', async () => {
      const camp = await db.query<{ nombre: string }>(`select nombre from buscar_campanas('BÚSQUEDA')`);
      expect(camp.rows.map((x) => x.nombre)).toEqual(['Búsqueda 100% Bogotá', 'Búsqueda oriente', 'Búsqueda sur']);

      const porTel = await db.query<{ conversation_id: string }>(`select conversation_id from buscar_llamadas('320777')`);
      expect(porTel.rows.map((x) => x.conversation_id)).toEqual(
        ['conv_busqueda_0', 'conv_busqueda_1', 'conv_busqueda_2', 'conv_busqueda_3', 'conv_busqueda_4']);
      const porConv = await db.query<{ conversation_id: string }>(`select conversation_id from buscar_llamadas('CONV_BUSQUEDA_7', 10)`);
      expect(porConv.rows.map((x) => x.conversation_id)).toEqual(['conv_busqueda_7']);
      const porEstado = await db.query<{ status: string; campana: number | string }>(`select status, campana from buscar_llamadas('zumbido')`);
      expect(porEstado.rows.map((x) => [x.status, Number(x.campana)])).toEqual([['zumbido_raro', campana]]);
    });

    it('decide el acceso como RLS: quien no es operador no encuentra nada y anon no puede llamarla', async () => {
      const r = await as(db, { sub: intruso }, (tx) => tx.query(`select * from buscar_clientes('zoe')`));
      expect(r.rows).toEqual([]);
      const l = await as(db, { sub: intruso }, (tx) => tx.query(`select * from buscar_llamadas('320777')`));
      expect(l.rows).toEqual([]);
      const c = await as(db, { sub: intruso }, (tx) => tx.query(`select * from buscar_campanas('busqueda')`));
      expect(c.rows).toEqual([]);
      await pgError(as(db, 'anon', (tx) => tx.query(`select * from buscar_clientes('zoe')`)), '42501');
      const privilegio = await as(db, { sub: operador }, (tx) => one<{ p: boolean }>(tx, 'select public.es_operador() as p'));
      expect(privilegio.p).toBe(true);
      await pgError(as(db, { sub: operador }, (tx) => tx.query('select public.llamador_privilegiado()')), '42501');
    });
  });

  describe('consumo y notificaciones', () => {
    let cerca: number;
    let excedida: number;
    let libre: number;
    let sinTope: number;
    let servicioError: string;

    beforeAll(async () => {
      cerca = await newCampaign(db, 'Notif cerca', 100);
      excedida = await newCampaign(db, 'Notif excedida', 10);
      libre = await newCampaign(db, 'Notif libre', 1000);
      sinTope = await newCampaign(db, 'Notif sin tope', 0);
      const call = (campana: number, seg: number, status: string, horas: number, costo = 0.5) => db.query(
        `insert into registro_escrito_llamada (campana, duration_call_seg, status, costo, phone, created_at)
         values ($1, $2, $3, $4, '+573000000000', now() - make_interval(hours => $5))`,
        [campana, seg, status, costo, horas]);
      await call(cerca, 85 * 60, 'done', 48); // 85 of 100 → cerca
      await call(excedida, 6 * 60, 'done', 48);
      await call(excedida, 6 * 60, 'done', 47); // 12 of 10 → excedido
      await call(libre, 10 * 60, 'done', 48);
      await call(sinTope, 5000 * 60, 'done', 48);
      await call(libre, 0, 'FAILED', 2); // failed in the last 24 h
      await call(libre, 0, 'fallido', 3);
      await call(libre, 0, 'failed', 72); // too old
      const p = await one<{ id: string }>(db, `insert into proyectos (nombre) values ('Proyecto con fallo') returning id`);
      servicioError = `whatsapp_${Date.now()}_abc123`;
      await db.query(
        `insert into servicios_instancias (id, proyecto_id, tipo_servicio, nombre_instancia, estado)
         values ($1, $2, 'whatsapp', 'Bot WhatsApp Caído', 'error')`, [servicioError, p.id]);
    });

    it('consumo_campanas deriva minutos consumidos, costo y estado del tope', async () => {
      const { rows } = await db.query<{ campana_id: number | string; minutos_consumidos: number; segundos: number | string; costo_total: string | number; estado_tope: string }>(
        `select campana_id, minutos_consumidos, segundos, costo_total, estado_tope from consumo_campanas where campana_id = any($1::bigint[])`,
        [[cerca, excedida, libre, sinTope]]);
      const by = new Map(rows.map((r) => [Number(r.campana_id), r]));
      expect(by.get(cerca)).toMatchObject({ minutos_consumidos: 85, estado_tope: 'cerca' });
      expect(Number(by.get(cerca)!.segundos)).toBe(85 * 60);
      expect(by.get(excedida)).toMatchObject({ minutos_consumidos: 12, estado_tope: 'excedido' });
      expect(Number(by.get(excedida)!.costo_total)).toBeCloseTo(1.0);
      expect(by.get(libre)).toMatchObject({ minutos_consumidos: 10, estado_tope: 'ok' });
      expect(by.get(sinTope)).toMatchObject({ estado_tope: 'ok' });
    });

    type Notif = { clave: string; tipo: string; referencia: string | null; nombre: string; detalle: Record<string, unknown>; leida: boolean; fecha: unknown };

    it('deriva campañas cerca/excedidas, llamadas fallidas y servicios con error', async () => {
      const { rows } = await as(db, { sub: admin }, (tx) => tx.query<Notif>('select * from notificaciones_pendientes()'));
      const by = new Map(rows.map((r) => [r.clave, r]));
      expect(by.get(`campana_cerca:${cerca}`)).toMatchObject({ tipo: 'campana_cerca', nombre: 'Notif cerca', leida: false, detalle: { consumidos: 85, tope: 100 } });
      expect(by.get(`campana_excedida:${excedida}`)).toMatchObject({ tipo: 'campana_excedida', detalle: { consumidos: 12, tope: 10 } });
      expect(by.has(`campana_cerca:${libre}`) || by.has(`campana_excedida:${libre}`)).toBe(false);
      expect(by.has(`campana_excedida:${sinTope}`)).toBe(false);
      const hoy = await one<{ d: string }>(db, `select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as d`);
      expect(by.get(`llamadas_fallidas:${hoy.d}`)).toMatchObject({ tipo: 'llamadas_fallidas', detalle: { cantidad: 2 } });
      expect(by.get(`servicio_error:${servicioError}`)).toMatchObject({
        tipo: 'servicio_error', referencia: servicioError, nombre: 'Bot WhatsApp Caído', detalle: { proyecto: 'Proyecto con fallo' },
      });
      const fechas = rows.map((r) => new Date(r.fecha as string).getTime());
      expect([...fechas].sort((a, b) => b - a)).toEqual(fechas);
    });

    it('respeta leída y eliminada por operador', async () => {
      await as(db, { sub: admin }, async (tx) => {
        await tx.query(`insert into notificaciones_estado (clave, leida) values ($1, true)`, [`campana_cerca:${cerca}`]);
        await tx.query(`insert into notificaciones_estado (clave, eliminada) values ($1, true)`, [`servicio_error:${servicioError}`]);
      });
      const delAdmin = await as(db, { sub: admin }, (tx) => tx.query<Notif>('select * from notificaciones_pendientes()'));
      const mapAdmin = new Map(delAdmin.rows.map((r) => [r.clave, r]));
      expect(mapAdmin.get(`campana_cerca:${cerca}`)?.leida).toBe(true);
      expect(mapAdmin.has(`servicio_error:${servicioError}`)).toBe(false);

      const delOperador = await as(db, { sub: operador }, (tx) => tx.query<Notif>('select * from notificaciones_pendientes()'));
      const mapOp = new Map(delOperador.rows.map((r) => [r.clave, r]));
      expect(mapOp.get(`campana_cerca:${cerca}`)?.leida).toBe(false);
      expect(mapOp.has(`servicio_error:${servicioError}`)).toBe(true);

      // Each operator sees only his own read state, and cannot write another's.
      const estados = await as(db, { sub: operador }, (tx) => tx.query('select * from notificaciones_estado'));
      expect(estados.rows).toEqual([]);
      await pgError(as(db, { sub: operador }, (tx) =>
        tx.query(`insert into notificaciones_estado (operador_id, clave) values ($1, 'x')`, [admin])), '42501');

      const ajeno = await as(db, { sub: intruso }, (tx) => tx.query('select * from notificaciones_pendientes()'));
      expect(ajeno.rows).toEqual([]);
    });
  });
});
