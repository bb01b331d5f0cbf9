/**
 * The demo-data generator on PGlite and on PostgreSQL 15: realistic volumes, dates relative to `now`,
 * valid transcripts, real MP3 recordings, notification-worthy facts, and no second seeding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import { findDemoAudioDir, seedDemoData, type SeedSummary } from '../../src/main/motores/embebido/seed';
import { MIGRATED_BACKENDS, migratedPglite } from '../support/databases';

const DAY = 86_400_000;

async function count(db: SqlClient, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

const ms = (value: unknown) => new Date(value as string | Date).getTime();

describe.each(MIGRATED_BACKENDS)('datos de demostración en %s', (_name, fresh) => {
  let db: SqlClient;
  let summary: SeedSummary;
  const now = new Date();

  beforeAll(async () => {
    db = await fresh();
    summary = await seedDemoData(db, { now });
  });

  afterAll(async () => {
    await db?.cerrar();
  });

  it('carga volúmenes realistas en todas las tablas', async () => {
    expect(summary.skipped).toBe(false);
    const c = summary.counts;
    expect(c.campanas).toBe(3);
    expect(c.clientes).toBeGreaterThanOrEqual(250);
    expect(c.clientes).toBeLessThanOrEqual(400);
    expect(c.registro_escrito_llamada).toBeGreaterThanOrEqual(2500);
    expect(c.registro_escrito_llamada).toBeLessThanOrEqual(4000);
    expect(c.registro_audio_llamadas).toBeGreaterThanOrEqual(3);
    expect(c.registro_audio_llamadas).toBeLessThanOrEqual(12);
    expect(c.configuracion_campana).toBe(2);
    expect(c.empresas).toBeGreaterThanOrEqual(4);
    expect(c.planes).toBeGreaterThanOrEqual(2);
    expect(c.servicios_disponibles).toBe(5);
    expect(c.proyectos).toBeGreaterThanOrEqual(5);
    expect(c.servicios_instancias).toBeGreaterThanOrEqual(4);
    expect(c.planes_empresas_wordpress).toBeGreaterThanOrEqual(1);
    for (const t of ['empresas_wordpress_bots', 'empresas_shopify_bots', 'empresas_bot_duda', 'empresas_whatsapp']) {
      expect(c[t], t).toBeGreaterThanOrEqual(1);
    }
    expect(c.mensajes).toBeGreaterThanOrEqual(1000);
    expect(c.mensajes).toBeLessThanOrEqual(6000);
    // The summary agrees with the database.
    expect(await count(db, 'select count(*) as n from clientes')).toBe(c.clientes);
    expect(await count(db, 'select count(*) as n from registro_escrito_llamada')).toBe(c.registro_escrito_llamada);
    expect(await count(db, `select count(*) as n from servicios_disponibles
                             where tipo in ('bot_wordpress', 'bot_shopify', 'bot_duda', 'llamadas', 'whatsapp')`)).toBe(5);
  });

  it('reparte los clientes entre las campañas, con teléfonos +57 y sin referencias rotas', async () => {
    const { rows } = await db.query<{ campana_id: number | string; n: number | string }>(
      'select campana_id, count(*) as n from clientes group by campana_id');
    expect(rows.length).toBe(3);
    for (const r of rows) expect(Number(r.n)).toBeGreaterThan(20);
    expect(await count(db, `select count(*) as n from clientes where telefono !~ '^\\+573[0-9]{9}$'`)).toBe(0);
    expect(await count(db, `select count(*) as n from clientes where email !~ '^[a-z0-9._]+@[a-z0-9.]+$'`)).toBe(0);
    expect(await count(db, `select count(*) as n from clientes c left join campanas k on k.id = c.campana_id where k.id is null`)).toBe(0);
    expect(await count(db, `select count(*) as n from registro_escrito_llamada r
                             left join campanas k on k.id = r.campana where r.campana is not null and k.id is null`)).toBe(0);
    // Every call is to a client of its campaign.
    expect(await count(db, `select count(*) as n from registro_escrito_llamada r
                             where not exists (select 1 from clientes c where c.telefono = r.phone and c.campana_id = r.campana)`)).toBe(0);
  });

  it('las llamadas caen en los últimos 60 días, con estados variados', async () => {
    const { rows } = await db.query<{ min: unknown; max: unknown; sin_fecha: number | string }>(
      'select min(created_at) as min, max(created_at) as max, count(*) filter (where created_at is null) as sin_fecha from registro_escrito_llamada');
    const r = rows[0]!;
    expect(Number(r.sin_fecha)).toBe(0);
    expect(ms(r.min)).toBeGreaterThan(now.getTime() - 60 * DAY);
    expect(ms(r.max)).toBeLessThanOrEqual(now.getTime());
    const estados = await db.query<{ status: string; n: number | string }>(
      'select status, count(*) as n from registro_escrito_llamada group by status');
    const by = new Map(estados.rows.map((e) => [e.status, Number(e.n)]));
    const total = [...by.values()].reduce((a, b) => a + b, 0);
    expect(by.get('done')! / total).toBeGreaterThan(0.6);
    expect(by.get('failed')).toBeGreaterThan(0);
    expect(by.get('pending')).toBeGreaterThan(0);
    expect([...by.keys()].some((s) => !['done', 'failed', 'pending'].includes(s))).toBe(true);
    expect(await count(db, `select count(*) as n from registro_escrito_llamada where status = 'done'
                             and (duration_call_seg is null or duration_call_seg <= 0 or costo is null or summary is null)`)).toBe(0);
  });

  it('las transcripciones son arreglos JSON de {role, message}', async () => {
    expect(await count(db, `select count(*) as n from registro_escrito_llamada where status = 'done' and transcript is null`)).toBe(0);
    expect(await count(db, `select count(*) as n from registro_escrito_llamada
                             where transcript is not null and jsonb_typeof(transcript) <> 'array'`)).toBe(0);
    expect(await count(db, `select count(*) as n from registro_escrito_llamada r, jsonb_array_elements(r.transcript) e
                             where not (e ->> 'role' in ('agent', 'user') and jsonb_typeof(e -> 'message') = 'string')`)).toBe(0);
    const { rows } = await db.query<{ transcript: unknown; summary: string }>(
      `select transcript, summary from registro_escrito_llamada where status = 'done' order by id limit 1`);
    const transcript = typeof rows[0]!.transcript === 'string' ? JSON.parse(rows[0]!.transcript) : rows[0]!.transcript;
    expect(Array.isArray(transcript)).toBe(true);
    expect((transcript as { message: string }[]).length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(transcript)).not.toContain('{nombre}');
    expect(rows[0]!.summary).not.toContain('{nombre}');
  });

  it('guarda grabaciones MP3 reales en base64 para llamadas existentes', async () => {
    expect(findDemoAudioDir()).not.toBeNull();
    const { rows } = await db.query<{ conversation_id: string; audio: string }>(
      'select a.conversation_id, a.audio from registro_audio_llamadas a order by a.conversation_id');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const bytes = Buffer.from(row.audio, 'base64');
      expect(bytes.length).toBeGreaterThan(1000);
      expect(bytes.length).toBeLessThan(30_000);
      const id3 = bytes.subarray(0, 3).toString('latin1') === 'ID3';
      const frame = bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
      expect(id3 || frame).toBe(true);
    }
    expect(await count(db, `select count(*) as n from registro_audio_llamadas a
                             where not exists (select 1 from registro_escrito_llamada r where r.conversation_id = a.conversation_id)`)).toBe(0);
  });

  it('deja una campaña ok, una cerca y una excedida, y avisos que mostrar', async () => {
    const { rows } = await db.query<{ estado_tope: string }>('select estado_tope from consumo_campanas order by nombre');
    expect(rows.map((r) => r.estado_tope).sort()).toEqual(['cerca', 'excedido', 'ok']);
    expect(rows[0]!.estado_tope).toBe('ok'); // the campaign shown first can still call

    const notif = await db.query<{ tipo: string }>('select tipo from notificaciones_pendientes()');
    const tipos = new Set(notif.rows.map((r) => r.tipo));
    for (const t of ['campana_cerca', 'campana_excedida', 'llamadas_fallidas', 'servicio_error']) expect(tipos).toContain(t);
  });

  it('crea las tablas de mensajes de los cuatro canales con sesiones humano/IA de los últimos 30 días', async () => {
    expect(summary.messageTables.length).toBe(4);
    const sufijos = ['_registro_bot_wordpress', '_registro_bot_shopify', '_registro_bot_duda', '_registro_whatsapp'];
    for (const s of sufijos) expect(summary.messageTables.some((t) => t.endsWith(s)), s).toBe(true);
    let total = 0;
    for (const tabla of summary.messageTables) {
      const rls = await db.query<{ relrowsecurity: boolean }>(
        'select relrowsecurity from pg_class where oid = to_regclass($1)', [`public.${tabla}`]);
      expect(rls.rows[0]?.relrowsecurity).toBe(true);
      const registrada = await count(db,
        `select (select count(*) from empresas_wordpress_bots where table_supabase = $1)
              + (select count(*) from empresas_shopify_bots where table_supabase = $1)
              + (select count(*) from empresas_bot_duda where table_supabase = $1)
              + (select count(*) from empresas_whatsapp where table_supabase = $1) as n`, [tabla]);
      expect(registrada).toBe(1);
      const stats = await db.query<{ n: number | string; sesiones: number | string; min_len: number | string; max_len: number | string; oldest: unknown; newest: unknown }>(
        `with s as (select session_id, count(*) as len from ${tabla} group by session_id)
         select (select count(*) from ${tabla}) as n, count(*) as sesiones, min(len) as min_len, max(len) as max_len,
                (select min(created_at) from ${tabla}) as oldest, (select max(created_at) from ${tabla}) as newest
           from s`);
      const st = stats.rows[0]!;
      total += Number(st.n);
      expect(Number(st.sesiones)).toBeGreaterThan(5);
      expect(Number(st.max_len)).toBeLessThanOrEqual(20);
      // timestamp without time zone, stored in UTC.
      const utc = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(`${String(v).replace(' ', 'T')}Z`));
      expect(utc(st.oldest)).toBeGreaterThan(now.getTime() - 31 * DAY);
      expect(utc(st.newest)).toBeLessThanOrEqual(now.getTime() + 1000);
      const malos = await count(db,
        `select count(*) as n from ${tabla}
          where not (jsonb_typeof(message) = 'string'
                     or (message ->> 'type' in ('human', 'ai') and jsonb_typeof(message -> 'content') = 'string'))`);
      expect(malos).toBe(0);
    }
    expect(total).toBe(summary.counts.mensajes);
    const union = summary.messageTables.map((t) => `select message, created_at from ${t}`).join(' union all ');
    expect(await count(db, `select count(*) as n from (${union}) m where jsonb_typeof(message) = 'string'`)).toBeGreaterThan(0);
    expect(await count(db, `select count(*) as n from (${union}) m where message ->> 'type' = 'human'`)).toBeGreaterThan(0);
    expect(await count(db, `select count(*) as n from (${union}) m where message ->> 'type' = 'ai'`)).toBeGreaterThan(0);
    expect(await count(db,
      `select count(*) as n from (${union}) m where created_at >= ($1::timestamptz - interval '6 hours') at time zone 'UTC'`,
      [now.toISOString()])).toBeGreaterThan(0);
  });

  it('crea proyectos en varios estados con servicios, uno en error, historial y métricas', async () => {
    const estados = await db.query<{ estado: string }>('select distinct estado from proyectos');
    expect(estados.rows.length).toBeGreaterThanOrEqual(4);
    expect(await count(db, `select count(*) as n from servicios_instancias where estado = 'error'`)).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query<{ id: string; servicios_instancias: string }>('select id, servicios_instancias from proyectos');
    for (const p of rows) {
      const lista = JSON.parse(p.servicios_instancias) as { id: string }[];
      expect(Array.isArray(lista)).toBe(true);
      expect(await count(db, 'select count(*) as n from servicios_instancias where proyecto_id = $1', [p.id])).toBe(lista.length);
    }
    expect(await count(db, `select count(*) as n from historial_estados where entidad_tipo = 'proyecto'`)).toBeGreaterThanOrEqual(rows.length);
    expect(await count(db, 'select count(*) as n from metricas_proyectos')).toBeGreaterThan(0);
    // The portal password is generated and kept only as a bcrypt hash.
    expect(await count(db, `select count(*) as n from empresas where usuario_cliente like 'usuario\\_%' and contrasena_cliente ~ '^\\$2[abxy]\\$'`))
      .toBe(summary.counts.empresas);
  });

  it('reconstruye los índices de búsqueda y un operador ve los datos por RLS', async () => {
    const idx = await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = 'public' and tablename in ('clientes', 'registro_escrito_llamada')`);
    const names = idx.rows.map((r) => r.indexname);
    for (const n of ['clientes_campana_nombre_idx', 'clientes_campana_email_telefono_key', 'registro_escrito_llamada_conversation_trgm_idx',
      'registro_escrito_llamada_phone_created_idx']) expect(names).toContain(n);

    const user = await db.query<{ id: string }>(`insert into auth.users (email) values ('demo@consola.test') returning id`);
    const sub = user.rows[0]!.id;
    const visto = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub, role: 'authenticated' })]);
      await tx.query('set local role authenticated');
      const r = await tx.query<{ n: number | string }>('select count(*) as n from clientes');
      const b = await tx.query<{ id: number | string }>(`select id from buscar_clientes($1)`, ['a']);
      return { clientes: Number(r.rows[0]!.n), busqueda: b.rows.length };
    });
    expect(visto).toEqual({ clientes: summary.counts.clientes, busqueda: 5 });
  });

  it('no vuelve a sembrar una base que ya tiene campañas', async () => {
    const again = await seedDemoData(db, { now });
    expect(again.skipped).toBe(true);
    expect(await count(db, 'select count(*) as n from campanas')).toBe(3);
    expect(await count(db, 'select count(*) as n from clientes')).toBe(summary.counts.clientes);
  });
});

describe.each(MIGRATED_BACKENDS)('escala y audio opcionales en %s', (_name, fresh) => {
  let db: SqlClient;

  beforeAll(async () => {
    db = await fresh();
  });

  afterAll(async () => {
    await db?.cerrar();
  });

  it('respeta la escala pedida y sin carpeta de audio no guarda grabaciones', async () => {
    const s = await seedDemoData(db, { scale: { clientes: 40, llamadas: 120, mensajes: 80 }, audioDir: null });
    expect(s.skipped).toBe(false);
    expect(s.counts.clientes).toBe(40);
    expect(s.counts.registro_escrito_llamada).toBe(120);
    expect(s.counts.mensajes).toBe(80);
    expect(s.counts.registro_audio_llamadas).toBe(0);
  });
});

/**
 * The seed's promise, checked by seeding twice: the same `now` gives the same rows in every table, except the
 * client companies' portal passwords, which are crypto-random per install (seguridad-sql.test.ts proves none
 * comes from the seeded PRNG), and the ids the database itself draws with gen_random_uuid. Whole rows are
 * compared as text, table by table.
 */
describe('dos instalaciones sembradas con el mismo instante', () => {
  const now = new Date('2026-11-21T15:00:00Z');
  const escala = { clientes: 40, llamadas: 120, mensajes: 80 };
  let a: SqlClient;
  let b: SqlClient;

  beforeAll(async () => {
    [a, b] = await Promise.all([migratedPglite(), migratedPglite()]);
    for (const db of [a, b]) {
      // Columns left to their default take the schema's clock (public.ahora()): pinned to the same instant.
      await db.query(`select set_config('consola.ahora', $1, false)`, [now.toISOString()]);
      await seedDemoData(db, { now, scale: escala, audioDir: null });
    }
  });

  afterAll(async () => {
    await Promise.all([a?.cerrar(), b?.cerrar()]);
  });

  /** Every row of a table as JSON text, sorted, without the columns the database or node:crypto draw at random. */
  async function filas(db: SqlClient, tabla: string): Promise<string[]> {
    const cols = await db.query<{ nombre: string; aleatoria: boolean }>(
      `select a.attname as nombre, coalesce(pg_get_expr(d.adbin, d.adrelid) like '%random%', false) as aleatoria
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [`public.${tabla}`],
    );
    const fijas = cols.rows.filter((c) => !c.aleatoria && !(tabla === 'empresas' && c.nombre === 'contrasena_cliente'));
    const { rows } = await db.query<{ j: string }>(
      `select row_to_json(x)::text as j from (select ${fijas.map((c) => `"${c.nombre}"`).join(', ')} from public."${tabla}") x order by 1`,
    );
    return rows.map((r) => r.j);
  }

  it('escribe las mismas filas en cada tabla, salvo las contraseñas del portal', async () => {
    const { rows } = await a.query<{ t: string }>(
      `select relname as t from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`);
    const tablas = rows.map((r) => r.t);
    expect(tablas).toContain('cafe_origen_registro_whatsapp');
    let total = 0;
    for (const tabla of tablas) {
      const [fa, fb] = await Promise.all([filas(a, tabla), filas(b, tabla)]);
      expect(fb, tabla).toEqual(fa);
      total += fa.length;
    }
    expect(total).toBeGreaterThan(escala.clientes + escala.llamadas + escala.mensajes);
  });
});
