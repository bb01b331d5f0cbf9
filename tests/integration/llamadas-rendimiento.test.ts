/**
 * The call-campaign summaries of 20261122000300 on PGlite and PostgreSQL 15: calls per (campaign, UTC hour,
 * Bogotá day, status) and clients per campaign, kept by statement-level triggers, always equal to a direct
 * count after inserts, updates, deletes, cascades, bulk loads (the demo seed runs with
 * session_replication_role = replica) and truncates; and the Resumen and the client list built on them give
 * the same answer as counting the raw rows (the previous functions' queries, kept here as the reference).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient, SqlQueryable } from '../../src/shared/ports/sql';
import { findSupabaseDir, migrate } from '../../src/main/motores/embebido/migrate';
import { seedDemoData } from '../../src/main/motores/embebido/seed';
import { BACKENDS } from '../support/databases';
import { paginaContada, type FiltrosClientes } from '../support/clientes-contados';

type Row = Record<string, unknown>;

const BIN = `date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')`;

/** The summary as stored, and as it must be (a direct count of the calls), in the same text form. */
async function horas(db: SqlClient) {
  const guardado = await db.query<Row>(
    `select campana::text as campana, hora::text as hora, dia::text as dia, status, total::text as total
       from public.llamadas_resumen_horas order by 1, 2, 3, 4`);
  const contado = await db.query<Row>(
    `select campana::text as campana, ${BIN}::text as hora, (created_at at time zone 'America/Bogota')::date::text as dia,
            status, count(*)::text as total
       from public.registro_escrito_llamada where campana is not null
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return { guardado: guardado.rows, contado: contado.rows };
}

async function clientesPorCampana(db: SqlClient) {
  const guardado = await db.query<Row>(`select campana_id::text as c, total::text as n from public.llamadas_clientes_campana order by 1`);
  const contado = await db.query<Row>(`select campana_id::text as c, count(*)::text as n from public.clientes group by 1 order by 1`);
  return { guardado: guardado.rows, contado: contado.rows };
}

/** The import function as the repository calls it: the rows as one jsonb array of objects keyed by column. */
async function importar(db: SqlClient | SqlQueryable, campana: number, filas: unknown) {
  const r = await db.query<{ v: { insertados: number; omitidos: number } }>(
    `select public.llamadas_importar_clientes($1, $2::jsonb) as v`, [campana, JSON.stringify(filas)]);
  return r.rows[0]!.v;
}

/** Rows from one list per column (the tests below write them column by column). */
function filas(columnas: Record<string, string[]>): Array<Record<string, string>> {
  const n = Math.max(...Object.values(columnas).map((v) => v.length));
  return Array.from({ length: n }, (_, i) => Object.fromEntries(Object.entries(columnas).map(([k, v]) => [k, v[i]!])));
}

async function expectSummariesRight(db: SqlClient) {
  const h = await horas(db);
  expect(h.guardado).toEqual(h.contado);
  const c = await clientesPorCampana(db);
  expect(c.guardado).toEqual(c.contado);
}

/** The Resumen as 20261122000200 computed it: straight from the calls. */
const RESUMEN_DIRECTO = `
  with tot as (
    select count(*) as total,
           count(*) filter (where lower(r.status) = 'done') as done,
           count(*) filter (where r.created_at is not null
                              and ($2::timestamptz is null or r.created_at >= $2::timestamptz)
                              and ($3::timestamptz is null or r.created_at <= $3::timestamptz)) as en_rango,
           min(r.created_at) as primera,
           max(r.created_at) as ultima
      from public.registro_escrito_llamada r
     where r.campana = $1
  ), grupos as (
    select to_char(r.created_at at time zone 'America/Bogota', 'YYYY-MM-DD') as dia,
           lower(nullif(btrim(r.status), '')) as estado,
           count(*) as total
      from public.registro_escrito_llamada r
     where r.campana = $1
       and r.created_at is not null
       and ($2::timestamptz is null or r.created_at >= $2::timestamptz)
       and ($3::timestamptz is null or r.created_at <= $3::timestamptz)
     group by 1, 2
  )
  select jsonb_build_object(
           'total_clientes', (select count(*) from public.clientes c where c.campana_id = $1),
           'total_llamadas', tot.total,
           'llamadas_done', tot.done,
           'en_rango', tot.en_rango,
           'primera', tot.primera,
           'ultima', tot.ultima,
           'grupos', coalesce((select jsonb_agg(jsonb_build_object('dia', g.dia, 'estado', g.estado, 'total', g.total)
                                                order by g.dia, g.estado) from grupos g), '[]'::jsonb))::text as v
    from tot`;

async function expectResumenIgual(db: SqlClient, campana: number, desde: string | null, hasta: string | null) {
  const nuevo = await db.query<{ v: string }>(`select public.llamadas_resumen($1, $2, $3)::text as v`, [campana, desde, hasta]);
  const directo = await db.query<{ v: string }>(RESUMEN_DIRECTO, [campana, desde, hasta]);
  expect(JSON.parse(nuevo.rows[0]!.v), `resumen ${campana} ${desde} ${hasta}`).toEqual(JSON.parse(directo.rows[0]!.v));
}

/** Ranges around the data: open, whole days, minute precision inside one hour, across hours, empty. */
function rangos(base: number): Array<[string | null, string | null]> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const H = 3_600_000;
  return [
    [null, null],
    [iso(base - 40 * 86_400_000), null],
    [null, iso(base - 3 * 86_400_000)],
    [iso(base - 10 * 86_400_000 + 17 * 60_000), iso(base - 2 * 86_400_000 + 43 * 60_000)],
    [iso(base - 5 * 86_400_000 + 5 * 60_000), iso(base - 5 * 86_400_000 + 50 * 60_000)], // inside one hour
    [iso(base - 6 * 86_400_000), iso(base - 6 * 86_400_000 + H - 1)], // exactly one hour, hasta inclusive
    [iso(base - 7 * 86_400_000 + 59 * 60_000), iso(base - 7 * 86_400_000 + H + 60_000)], // two partial hours only
    [iso(base - 3 * 86_400_000), iso(base - 3 * 86_400_000)], // one instant
    [iso(base + 400 * 86_400_000), null], // after everything
  ];
}

/** The client list's total and page as 20261122000100 computed them. */
async function expectPaginaIgual(db: SqlClient, campana: number, f: FiltrosClientes, desde: number) {
  const nueva = await db.query<{ v: string }>(
    `select public.llamadas_clientes_pagina($1, $2, $3, $4, $5, $6, 10)::text as v`,
    [campana, f.n ?? null, f.e ?? null, f.t ?? null, f.m ?? null, desde]);
  const contada = await paginaContada(db, campana, f, desde);
  const v = JSON.parse(nueva.rows[0]!.v) as { total: number; filas: Array<{ id: number; orden: number }> };
  expect(v.total, JSON.stringify(f)).toBe(contada.total);
  expect(v.filas.map((x) => String(x.id))).toEqual(contada.ids);
  expect(v.filas.map((x) => x.orden)).toEqual(contada.ids.map((_, i) => desde + i + 1));
}

describe.each(BACKENDS)('resúmenes de llamadas en %s', (_name, fresh) => {
  let db: SqlClient;
  const now = new Date('2026-11-20T15:30:00Z');
  let campanas: number[] = [];

  beforeAll(async () => {
    db = await fresh();
    await migrate(db, { supabaseDir: findSupabaseDir(), embedded: true });
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('la carga masiva de la demo (session_replication_role = replica) deja los resúmenes al día', async () => {
    const s = await seedDemoData(db, { now, audioDir: null });
    expect(s.counts.registro_escrito_llamada).toBeGreaterThan(1000);
    const { rows } = await db.query<{ id: number | string }>('select id from public.campanas order by id');
    campanas = rows.map((r) => Number(r.id));
    expect((await db.query('select 1 from public.llamadas_resumen_horas')).rows.length).toBeGreaterThan(0);
    await expectSummariesRight(db);
  });

  it('inserciones fila a fila y por lotes, con estados raros, sin fecha y sin campaña', async () => {
    const [a, b] = campanas;
    const ins = `insert into public.registro_escrito_llamada (phone, campana, status, created_at) values ($1, $2, $3, $4)`;
    await db.query(ins, ['+573000000001', a, 'DONE', '2026-11-10T04:59:59.999Z']); // Bogotá 2026-11-09 23:59
    await db.query(ins, ['+573000000001', a, ' Done ', '2026-11-10T05:00:00Z']); // Bogotá 2026-11-10 00:00
    await db.query(ins, ['+573000000002', a, null, '2026-11-10T05:30:00Z']);
    await db.query(ins, ['+573000000002', a, '', null]);
    await db.query(ins, ['+573000000003', null, 'done', '2026-11-10T06:00:00Z']);
    await db.query(ins, ['+573000000003', b, 'failed', '1990-01-01T00:00:00Z']);
    await db.query(
      `insert into public.registro_escrito_llamada (phone, campana, status, created_at)
       select '+5731' || lpad(g::text, 8, '0'), case when g % 3 = 0 then $1::bigint else $2::bigint end,
              (array['done', 'failed', 'in-progress', null, 'Done'])[1 + g % 5],
              timestamptz '2026-11-01T00:00:00Z' + (g * interval '7 minutes 13 seconds')
         from generate_series(1, 4000) g`,
      [a, b],
    );
    await expectSummariesRight(db);
  });

  it('actualizaciones de estado, fecha y campaña, y borrados, en una fila o en muchas', async () => {
    const [a, b, c] = campanas;
    await db.query(`update public.registro_escrito_llamada set status = 'done' where phone = '+573000000002'`);
    await db.query(`update public.registro_escrito_llamada set created_at = created_at + interval '3 hours 7 minutes' where id % 7 = 0`);
    await db.query(`update public.registro_escrito_llamada set campana = $1 where id % 11 = 0 and campana = $2`, [c, a]);
    await db.query(`update public.registro_escrito_llamada set campana = null where id % 13 = 0`);
    await db.query(`update public.registro_escrito_llamada set created_at = null where id % 17 = 0`);
    await db.query(`update public.registro_escrito_llamada set summary = 'sin cambio en el resumen' where id % 5 = 0`);
    await db.query(`update public.registro_escrito_llamada set status = 'failed' where id = -1`); // no rows
    await expectSummariesRight(db);
    await db.query(`delete from public.registro_escrito_llamada where id % 19 = 0`);
    await db.query(`delete from public.registro_escrito_llamada where phone = '+573000000001'`);
    await db.query(`delete from public.registro_escrito_llamada where campana = $1 and status = 'in-progress'`, [b]);
    await expectSummariesRight(db);
    // Everything of one hour goes: its summary rows go too (no zero rows left behind).
    await db.query(`delete from public.registro_escrito_llamada where campana = $1 and ${BIN} = timestamptz '2026-11-01T05:00:00Z'`, [b]);
    const ceros = await db.query(`select 1 from public.llamadas_resumen_horas where total <= 0`);
    expect(ceros.rows).toEqual([]);
    await expectSummariesRight(db);
  });

  it('clientes: altas, importación, cambio de campaña, bajas y la cascada al borrar una campaña', async () => {
    const [a, b] = campanas;
    const extra = await db.query<{ id: number | string }>(`insert into public.campanas (nombre, minutos) values ('Temporal', 10) returning id`);
    const tmp = Number(extra.rows[0]!.id);
    await db.query(
      `insert into public.clientes (nombre, apellido, email, telefono, campana_id)
       select 'N' || g, 'A', 'c' || g || '@x.co', '+57' || g, $1 from generate_series(1, 300) g`, [tmp]);
    const imp = await importar(db, a!, filas({ nombre: ['X', 'Y', 'Z'], apellido: ['1', '2', '3'], email: ['x@i.co', 'x@i.co', 'z@i.co'], telefono: ['1', '1', ''], empresa: ['', 'E', ''], cargo: ['', '', ''] }));
    expect(imp).toEqual({ insertados: 1, omitidos: 2 });
    await expectSummariesRight(db);
    await db.query(`update public.clientes set campana_id = $1 where campana_id = $2 and id % 4 = 0`, [b, tmp]);
    await db.query(`update public.clientes set no_llamar = true where campana_id = $1`, [tmp]);
    await db.query(`delete from public.clientes where campana_id = $1 and id % 3 = 0`, [tmp]);
    await expectSummariesRight(db);
    // Calls of the campaign lose it (on delete set null); its clients go (on delete cascade).
    await db.query(`insert into public.registro_escrito_llamada (phone, campana, status, created_at) values ('+57999', $1, 'done', now())`, [tmp]);
    await db.query(`delete from public.campanas where id = $1`, [tmp]);
    expect((await db.query(`select 1 from public.llamadas_clientes_campana where campana_id = $1`, [tmp])).rows).toEqual([]);
    await expectSummariesRight(db);
  });

  it('la importación: valores vacíos, filas que no son una lista, campaña inexistente, y deja el modo de réplica como estaba', async () => {
    const [a] = campanas;
    // One row whose values are all empty but email and phone: '' must stay one value, not none.
    expect(await importar(db, a!, filas({ nombre: [''], apellido: [''], email: ['solo@i.co'], telefono: ['7'], empresa: [''], cargo: [''] })))
      .toEqual({ insertados: 1, omitidos: 0 });
    const fila = await db.query<Row>(`select nombre, apellido, empresa, cargo from public.clientes where email = 'solo@i.co'`);
    expect(fila.rows).toEqual([{ nombre: '', apellido: '', empresa: null, cargo: null }]);
    // A column a row leaves out: NOT NULL ones become '', nullable ones null; keys that name no column are ignored.
    expect(await importar(db, a!, [{ email: 'corta@i.co', telefono: '71', busqueda: 'x', id: 'no-es-un-id', campana_id: 5 }]))
      .toEqual({ insertados: 1, omitidos: 0 });
    const corta = await db.query<Row>(`select nombre, apellido, empresa, cargo, campana_id::text as c from public.clientes where email = 'corta@i.co'`);
    expect(corta.rows).toEqual([{ nombre: '', apellido: '', empresa: null, cargo: null, c: String(a) }]);
    await expect(importar(db, a!, { nombre: ['X', 'Y'], email: ['p@i.co', 'q@i.co'], telefono: ['1', '2'] }))
      .rejects.toThrow('Las filas de la importación no son una lista.');
    await expect(importar(db, a!, [{ nombre: 'X', email: 'p@i.co', telefono: '1' }, 'q@i.co']))
      .rejects.toThrow('must be an array of objects');
    await expect(importar(db, 987654, filas({ nombre: ['X'], apellido: ['1'], email: ['p@i.co'], telefono: ['1'], empresa: [''], cargo: [''] })))
      .rejects.toThrow('La campaña no existe.');
    expect((await db.query(`select 1 from public.clientes where email in ('p@i.co', 'q@i.co')`)).rows).toEqual([]);
    const modo = await db.transaction(async (tx) => {
      await importar(tx, a!, filas({ nombre: ['M'], apellido: [''], email: ['modo@i.co'], telefono: ['8'], empresa: [''], cargo: [''] }));
      return (await tx.query<{ m: string }>(`select current_setting('session_replication_role') as m`)).rows[0]!.m;
    });
    expect(modo).toBe('origin');
    await expectSummariesRight(db);
  });

  it('la importación sin permiso para saltarse las comprobaciones (dueño sin superusuario) comprueba fila a fila', async () => {
    const [a] = campanas;
    const rol = `importador_${Date.now()}`;
    const r = await db.transaction(async (tx) => {
      // The owner of a hosted project is not a superuser: session_replication_role is refused to it.
      await tx.query(`create role ${rol} nologin bypassrls`);
      await tx.query(`grant usage on schema public to ${rol}`);
      await tx.query(`grant select, insert on public.clientes to ${rol}`);
      await tx.query(`grant select, update on public.campanas to ${rol}`);
      await tx.query(`grant execute on function public.llamadas_exigir_operador(), public.es_operador(), public.llamador_privilegiado() to ${rol}`);
      await tx.query(`alter function public.llamadas_importar_clientes(bigint, jsonb) owner to ${rol}`);
      const v = await importar(tx, a!, filas({ nombre: ['Sin', 'Su'], apellido: ['', ''], email: ['sinsu@i.co', 'sinsu2@i.co'], telefono: ['9', '9'], empresa: ['', ''], cargo: ['', ''] }));
      const n = (await tx.query<{ n: string | number }>(`select count(*) as n from public.clientes where email like 'sinsu%'`)).rows[0]!.n;
      throw Object.assign(new Error('deshacer'), { resultado: { v, n: Number(n) } });
    }).catch((e: { resultado?: unknown; message?: string }) => e.resultado ?? e.message);
    expect(r).toEqual({ v: { insertados: 2, omitidos: 0 }, n: 2 });
  });

  it('el resumen es el mismo que contando las llamadas, con y sin rango, horas enteras y parciales', async () => {
    for (const c of [...campanas, 987654]) {
      for (const [desde, hasta] of rangos(now.getTime())) await expectResumenIgual(db, c, desde, hasta);
    }
    await expectResumenIgual(db, campanas[0]!, '2026-11-10T04:59:59.999Z', '2026-11-10T05:00:00Z');
    await expectResumenIgual(db, campanas[1]!, '1989-12-31T00:00:00Z', '1990-01-02T00:00:00Z');
  });

  it('la página de clientes da el mismo total y las mismas filas que contando los clientes', async () => {
    const c = campanas[0]!;
    const filtros = [{}, { n: 'mar' }, { e: 'GMAIL' }, { t: '31' }, { m: 's.a.s' }, { n: 'ana', m: 'a' }, { n: 'zz-nada' }, { n: 'ía Ro' }, { m: '%' }, { n: '_' }];
    for (const f of filtros) for (const desde of [0, 10, 30, 100000]) await expectPaginaIgual(db, c, f, desde);
  });

  it('la carga masiva en modo réplica y el vaciado (truncate) también mantienen los resúmenes', async () => {
    const [a] = campanas;
    const su = await db.query<{ su: boolean }>('select rolsuper as su from pg_roles where rolname = current_user');
    await db.transaction(async (tx) => {
      if (su.rows[0]?.su) await tx.query('set local session_replication_role = replica');
      await tx.query(
        `insert into public.registro_escrito_llamada (phone, campana, status, created_at)
         select '+5732' || g, $1, 'done', timestamptz '2026-10-01T00:00:00Z' + g * interval '1 minute' from generate_series(1, 500) g`, [a]);
      await tx.query(`insert into public.clientes (nombre, apellido, email, telefono, campana_id)
                      select 'R' || g, 'R', 'r' || g || '@x.co', '+58' || g, $1 from generate_series(1, 50) g`, [a]);
    });
    await expectSummariesRight(db);
    await db.query('truncate public.registro_escrito_llamada');
    expect((await db.query('select 1 from public.llamadas_resumen_horas')).rows).toEqual([]);
    await db.query('truncate public.clientes cascade');
    expect((await db.query('select 1 from public.llamadas_clientes_campana')).rows).toEqual([]);
    await db.query(`insert into public.registro_escrito_llamada (phone, campana, status, created_at) values ('+571', $1, 'done', now())`, [a]);
    await expectSummariesRight(db);
    await expectResumenIgual(db, a!, null, null);
  });

  it('nadie lee los resúmenes directamente: RLS sin políticas y sin permisos para authenticated ni anon', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class where oid in ('public.llamadas_resumen_horas'::regclass, 'public.llamadas_clientes_campana'::regclass) order by 1`);
    expect(rows.map((r) => r.relrowsecurity)).toEqual([true, true]);
    const grants = await db.query(
      `select 1 from information_schema.role_table_grants
        where table_name in ('llamadas_resumen_horas', 'llamadas_clientes_campana') and grantee in ('anon', 'authenticated')`);
    expect(grants.rows).toEqual([]);
    // ENABLE ALWAYS: they fire under session_replication_role = replica too.
    const triggers = await db.query<{ tgenabled: string }>(
      `select tgenabled from pg_trigger where tgname like 'llamadas\\_resumen\\_horas\\_%' or tgname like 'llamadas\\_clientes\\_campana\\_%'`);
    expect(triggers.rows.map((r) => r.tgenabled)).toEqual(Array(8).fill('A'));
  });
});
