/**
 * The usage summaries of 20261128001300 on PGlite and PostgreSQL 15: calls per (campaign, phone) and usage per
 * campaign, kept by statement-level triggers. After inserts, updates (status, phone, campaign, duration and
 * cost), deletes, multi-row statements, a bulk load in replica mode and a truncate, llamadas_estadisticas and
 * the view consumo_campanas (and notificaciones_pendientes, which reads it) answer exactly what the previous
 * definitions answer straight from registro_escrito_llamada and clientes (kept here as the reference), with
 * "attended" read from the vocabulary of call outcomes since 20261129000200 (issue 23: ' Done ', 'completed' and
 * 'exitosa' count as 'done' does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { como } from '../support/como-usuario';

type Row = Record<string, unknown>;

/** llamadas_estadisticas as 20261122000100 computed it: two probes into the calls per client. */
const ESTADISTICAS_DIRECTO = `
  with camp as (
    select k.id, k.minutos from public.campanas k where k.id = $1
  ), uso as (
    select count(*) as llamadas,
           count(*) filter (where public.llamadas_es_atendida(r.status)) as llamadas_done,
           coalesce(sum(r.duration_call_seg), 0)::bigint as segundos,
           coalesce(sum(r.costo), 0)::numeric(14, 4) as costo
      from public.registro_escrito_llamada r
     where r.campana = $1
  ), cli as (
    select count(*) as total,
           count(*) filter (where exists (
             select 1 from public.registro_escrito_llamada r
              where r.phone = c.telefono and r.campana = c.campana_id and public.llamadas_es_atendida(r.status))) as atendidos,
           count(*) filter (where exists (
             select 1 from public.registro_escrito_llamada r
              where r.phone = c.telefono and r.campana = c.campana_id)) as con_llamadas,
           count(*) filter (where c.no_llamar) as no_llamar
      from public.clientes c
     where c.campana_id = $1
  )
  select (select jsonb_build_object(
           'campana_id', camp.id,
           'minutos', camp.minutos,
           'total_clientes', cli.total,
           'atendidos', cli.atendidos,
           'pendientes', cli.total - cli.atendidos,
           'con_llamadas', cli.con_llamadas,
           'no_llamar', cli.no_llamar,
           'total_llamadas', uso.llamadas,
           'llamadas_done', uso.llamadas_done,
           'segundos', uso.segundos,
           'minutos_consumidos', round(uso.segundos / 60.0)::integer,
           'costo_total', uso.costo,
           'estado_tope', case
             when camp.minutos > 0 and round(uso.segundos / 60.0) >= camp.minutos then 'excedido'
             when camp.minutos > 0 and round(uso.segundos / 60.0) >= 0.8 * camp.minutos then 'cerca'
             else 'ok'
           end)
    from camp, uso, cli)::text as v`;

/** consumo_campanas as 20261121000200 defined it: every call of every campaign summed. */
const CONSUMO_DIRECTO = `
  with uso as (
    select r.campana, sum(r.duration_call_seg)::bigint as segundos, sum(r.costo) as costo
    from public.registro_escrito_llamada r
    where r.campana is not null
    group by r.campana
  ), base as (
    select c.id as campana_id, c.nombre, c.minutos,
           coalesce(u.segundos, 0)::bigint as segundos,
           round(coalesce(u.segundos, 0) / 60.0)::integer as minutos_consumidos,
           coalesce(u.costo, 0)::numeric(14, 4) as costo_total
    from public.campanas c
    left join uso u on u.campana = c.id
  )
  select campana_id::text as campana_id, nombre, minutos, segundos::text as segundos, minutos_consumidos,
         costo_total::text as costo_total,
         case
           when minutos > 0 and minutos_consumidos >= minutos then 'excedido'
           when minutos > 0 and minutos_consumidos >= 0.8 * minutos then 'cerca'
           else 'ok'
         end::text as estado_tope
  from base order by campana_id`;

const CONSUMO_VISTA = `
  select campana_id::text as campana_id, nombre, minutos, segundos::text as segundos, minutos_consumidos,
         costo_total::text as costo_total, estado_tope
    from public.consumo_campanas order by campana_id`;

/** The summaries as stored, and as a direct count of the calls gives them, in the same text form. */
const TELEFONOS_GUARDADO = `select campana::text as c, phone, llamadas::text as n, done::text as d
  from public.llamadas_telefonos_campana order by 1, 2`;
const TELEFONOS_CONTADO = `select campana::text as c, phone, count(*)::text as n, count(*) filter (where public.llamadas_es_atendida(status))::text as d
  from public.registro_escrito_llamada where campana is not null and phone is not null group by 1, 2 order by 1, 2`;
const USO_GUARDADO = `select campana::text as c, llamadas::text as n, done::text as d, segundos::text as s, costo::text as k
  from public.llamadas_uso_campana order by 1`;
const USO_CONTADO = `select campana::text as c, count(*)::text as n, count(*) filter (where public.llamadas_es_atendida(status))::text as d,
    coalesce(sum(duration_call_seg), 0)::text as s, coalesce(sum(costo), 0)::text as k
  from public.registro_escrito_llamada where campana is not null group by 1 order by 1`;

describe.each(MIGRATED_BACKENDS)('consumo y estadísticas de llamadas resumidos en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  const caller = new Caller();
  let operador: string;
  let intruso: string;
  let campanas: number[] = [];

  async function llamar<T>(op: string, input: unknown): Promise<T> {
    const r = await api.dispatch('llamadas', op, input, caller);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.data as T;
  }

  /** Every campaign (and one that does not exist): the new answers equal the reference ones. */
  async function expectIguales(paso: string) {
    const ids = [...(await db.query<{ id: number | string }>('select id from public.campanas order by id')).rows.map((r) => Number(r.id)), 987654];
    for (const id of ids) {
      const nuevo = await db.query<{ v: string | null }>('select public.llamadas_estadisticas($1)::text as v', [id]);
      const directo = await db.query<{ v: string | null }>(ESTADISTICAS_DIRECTO, [id]);
      const a = nuevo.rows[0]!.v === null ? null : JSON.parse(nuevo.rows[0]!.v);
      const b = directo.rows[0]!.v === null ? null : JSON.parse(directo.rows[0]!.v);
      expect(a, `${paso}: estadísticas de ${id}`).toEqual(b);
    }
    const vista = (await db.query<Row>(CONSUMO_VISTA)).rows;
    const referencia = (await db.query<Row>(CONSUMO_DIRECTO)).rows;
    expect(vista, `${paso}: consumo_campanas`).toEqual(referencia);
    // Read as an operator (security_invoker: the usage summary's policy answers), the same rows.
    expect((await como(db, operador, (tx) => tx.query<Row>(CONSUMO_VISTA))).rows, `${paso}: consumo como operador`).toEqual(referencia);
    expect((await db.query<Row>(TELEFONOS_GUARDADO)).rows, `${paso}: por teléfono`).toEqual((await db.query<Row>(TELEFONOS_CONTADO)).rows);
    expect((await db.query<Row>(USO_GUARDADO)).rows, `${paso}: por campaña`).toEqual((await db.query<Row>(USO_CONTADO)).rows);
  }

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db);
    const creado = await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, caller);
    if (!creado.ok) throw new Error(creado.error.message);
    operador = String((await db.query<{ id: string }>('select id from public.perfiles where es_admin')).rows[0]!.id);
    intruso = await db.transaction(async (tx) => {
      // A sign-up after the first administrator: an auth user without an operator profile.
      await tx.query('set local role supabase_auth_admin');
      return (await tx.query<{ id: string }>(`insert into auth.users (email) values ('curioso@correo.example') returning id`)).rows[0]!.id;
    });
    const { rows } = await db.query<{ id: number | string }>(
      `insert into public.campanas (nombre, minutos) values ('Uno', 30), ('Dos', 0), ('Tres', 2) returning id`);
    campanas = rows.map((r) => Number(r.id));
    const [a, b, c] = campanas;
    // Clients: shared phones across campaigns, two clients of one campaign with the same phone, one flagged.
    await db.query(
      `insert into public.clientes (nombre, apellido, email, telefono, campana_id, no_llamar)
       select 'N' || g, 'A', 'c' || g || '@x.co', '+5730' || lpad((g % 40)::text, 4, '0'),
              (array[$1::bigint, $2::bigint, $3::bigint])[1 + g % 3], g % 17 = 0
         from generate_series(1, 120) g`, [a, b, c]);
    await db.query(`insert into public.clientes (nombre, apellido, email, telefono, campana_id) values ('Gemelo', 'B', 'gemelo@x.co', '+5730' || lpad('3', 4, '0'), $1)`, [a]);
  });
  afterAll(async () => {
    await api?.cerrar?.();
    await db?.cerrar();
  });

  it('vacío, y tras inserciones de muchas filas y de una: estados raros, sin teléfono, sin campaña, sin duración ni costo', async () => {
    await expectIguales('vacío');
    const [a, b, c] = campanas;
    await db.query(
      `insert into public.registro_escrito_llamada (phone, campana, status, duration_call_seg, costo, created_at)
       select '+5730' || lpad((g % 55)::text, 4, '0'), (array[$1::bigint, $2::bigint, $3::bigint, null])[1 + g % 4],
              (array['done', 'DONE', ' Done ', 'failed', null, 'in-progress'])[1 + g % 6],
              case when g % 9 = 0 then null else (g * 37) % 400 end,
              case when g % 7 = 0 then null else ((g * 13) % 1000) / 1000.0 + 0.0001 end,
              timestamptz '2026-11-01T00:00:00Z' + g * interval '11 minutes'
         from generate_series(1, 600) g`,
      [a, b, c],
    );
    const ins = `insert into public.registro_escrito_llamada (phone, campana, status, duration_call_seg, costo, created_at) values ($1, $2, $3, $4, $5, $6)`;
    await db.query(ins, ['+57300003', a, 'done', 125, '0.5000', '2026-11-10T05:00:00Z']);
    await db.query(ins, [null, a, 'done', 60, '0.2500', '2026-11-10T05:01:00Z']);
    await db.query(ins, ['+57300009', null, 'done', 60, '0.2500', '2026-11-10T05:02:00Z']);
    await db.query(ins, ['+5799999', b, 'Done', null, null, '2026-11-10T05:03:00Z']); // a phone no client has
    await db.query(ins, ['+57300000', c, 'failed', 0, '0.0000', null]);
    await expectIguales('inserciones');
  });

  it('actualizaciones de estado, teléfono, campaña, duración y costo, de una fila y de muchas, y sin cambios', async () => {
    const [a, b, c] = campanas;
    await db.query(`update public.registro_escrito_llamada set status = 'failed' where id = (select min(id) from public.registro_escrito_llamada where public.llamadas_es_atendida(status) and campana = $1)`, [a]);
    await db.query(`update public.registro_escrito_llamada set status = 'done' where status is null and id % 2 = 0`);
    await db.query(`update public.registro_escrito_llamada set phone = '+57300011' where id % 10 = 3`);
    await db.query(`update public.registro_escrito_llamada set phone = null where id % 23 = 0`);
    await db.query(`update public.registro_escrito_llamada set phone = '+5730' || lpad((id % 40)::text, 4, '0') where phone is null and id % 2 = 1`);
    await expectIguales('estado y teléfono');
    await db.query(`update public.registro_escrito_llamada set campana = $1 where campana = $2 and id % 5 = 0`, [c, a]);
    await db.query(`update public.registro_escrito_llamada set campana = null where campana = $1 and id % 11 = 0`, [b]);
    await db.query(`update public.registro_escrito_llamada set campana = $1 where campana is null and id % 3 = 0`, [b]);
    // Everything of one row at once: campaign, phone, status, duration and cost.
    await db.query(`update public.registro_escrito_llamada set campana = $1, phone = '+57300001', status = 'DONE', duration_call_seg = 3000, costo = 9.9999
                     where id = (select max(id) from public.registro_escrito_llamada where campana = $2)`, [a, c]);
    await expectIguales('campaña');
    await db.query(`update public.registro_escrito_llamada set duration_call_seg = duration_call_seg + 61 where campana = $1`, [c]);
    await db.query(`update public.registro_escrito_llamada set costo = null where id % 8 = 1`);
    await db.query(`update public.registro_escrito_llamada set duration_call_seg = null where id % 12 = 5`);
    await db.query(`update public.registro_escrito_llamada set costo = coalesce(costo, 0) + 0.0003, duration_call_seg = 1 where id % 13 = 2`);
    await db.query(`update public.registro_escrito_llamada set summary = 'sin cambio en los resúmenes' where id % 4 = 0`);
    await db.query(`update public.registro_escrito_llamada set status = status, phone = phone`);
    await db.query(`update public.registro_escrito_llamada set status = 'failed' where id = -1`); // no rows
    await expectIguales('duración y costo');
    // The inbound endpoint's upsert by conversation_id: one statement that inserts some rows and updates others.
    await db.query(`update public.registro_escrito_llamada set conversation_id = 'conv-' || id where id % 3 = 0`);
    await db.query(
      `insert into public.registro_escrito_llamada as r (conversation_id, phone, campana, status, duration_call_seg, costo, created_at)
       select 'conv-' || g, '+5730' || lpad((g % 40)::text, 4, '0'), $1::bigint, case when g % 2 = 0 then 'done' else 'no-answer' end, g % 300, 0.0101,
              timestamptz '2026-11-09T00:00:00Z' + g * interval '1 minute'
         from generate_series(1, 900, 7) g
       on conflict (conversation_id) do update set status = excluded.status, duration_call_seg = excluded.duration_call_seg,
              costo = coalesce(r.costo, 0) + excluded.costo`, [a]);
    await expectIguales('insertar o actualizar');
    // Clients change too: the match is by campaign and exact phone, read at the time of the question.
    await db.query(`update public.clientes set telefono = '+57300011' where id % 9 = 0`);
    await db.query(`update public.clientes set no_llamar = true where id % 5 = 0`);
    await db.query(`delete from public.clientes where id % 31 = 0`);
    await expectIguales('clientes');
  });

  it('borrados de una fila y de muchas; los grupos que quedan sin llamadas desaparecen; borrar una campaña', async () => {
    const [a, b, c] = campanas;
    await db.query(`delete from public.registro_escrito_llamada where id = (select min(id) from public.registro_escrito_llamada where campana = $1)`, [a]);
    await db.query(`delete from public.registro_escrito_llamada where id % 6 = 0`);
    await db.query(`delete from public.registro_escrito_llamada where phone = '+57300011'`);
    await expectIguales('borrados');
    expect((await db.query(`select 1 from public.llamadas_telefonos_campana where phone = '+57300011'`)).rows).toEqual([]);
    // Every call of a campaign goes: its usage row goes too (the view still shows the campaign, at zero).
    await db.query(`delete from public.registro_escrito_llamada where campana = $1`, [c]);
    expect((await db.query(`select 1 from public.llamadas_uso_campana where campana = $1`, [c])).rows).toEqual([]);
    expect((await db.query(`select 1 from public.llamadas_telefonos_campana where campana = $1`, [c])).rows).toEqual([]);
    expect((await db.query('select 1 from public.llamadas_telefonos_campana where llamadas <= 0 or done < 0')).rows).toEqual([]);
    await expectIguales('campaña sin llamadas');
    // Deleting a campaign sets its calls' campaign to null (an update of many rows) and removes its clients.
    await db.query(`insert into public.registro_escrito_llamada (phone, campana, status, duration_call_seg, costo, created_at)
                    values ('+57300002', $1, 'done', 90, 1.5, '2026-11-11T00:00:00Z')`, [b]);
    await db.query('delete from public.campanas where id = $1', [b]);
    expect((await db.query(`select 1 from public.llamadas_uso_campana where campana = $1`, [b])).rows).toEqual([]);
    await expectIguales('campaña borrada');
  });

  it('el tope: cerca y excedido en la vista, en las estadísticas y en las notificaciones; el api lee lo mismo', async () => {
    const [a, , c] = campanas;
    // Campaign Tres (2 minutes): 100 s round to 2 minutes → excedido. Uno's cap is set just above what it used
    // (used ≥ 80 % of it) → cerca.
    await db.query(`insert into public.registro_escrito_llamada (phone, campana, status, duration_call_seg, costo, created_at)
                    values ('+57300002', $1, 'done', 100, 0.1, '2026-11-12T00:00:00Z')`, [c]);
    await db.query(`update public.campanas k set minutos = ceil(u.minutos_consumidos / 0.9)::integer
                      from public.consumo_campanas u where u.campana_id = k.id and k.id = $1`, [a]);
    await expectIguales('tope');
    const topes = (await db.query<{ campana_id: string; estado_tope: string }>(CONSUMO_DIRECTO)).rows;
    expect(topes.find((t) => t.campana_id === String(c))?.estado_tope).toBe('excedido');
    expect(topes.find((t) => t.campana_id === String(a))?.estado_tope).toBe('cerca');

    const avisos = await como(db, operador, (tx) => tx.query<{ clave: string }>('select clave from public.notificaciones_pendientes()'));
    const esperados = topes.filter((t) => t.estado_tope !== 'ok')
      .map((t) => `${t.estado_tope === 'excedido' ? 'campana_excedida' : 'campana_cerca'}:${t.campana_id}`);
    expect(avisos.rows.map((r) => r.clave).filter((k) => k.startsWith('campana_')).sort()).toEqual(esperados.sort());

    // The screens' path: the api on the operator's data port (role authenticated, RLS applies).
    const lista = await llamar<Array<{ id: number; minutosConsumidos: number; costoTotal: number; estadoTope: string }>>('listarCampanas', {});
    expect(lista.map((x) => [x.id, x.minutosConsumidos, x.costoTotal, x.estadoTope]).sort((x, y) => Number(x[0]) - Number(y[0])))
      .toEqual(topes.map((t) => {
        const r = (t as unknown as { minutos_consumidos: number; costo_total: string });
        return [Number(t.campana_id), Number(r.minutos_consumidos), Number(r.costo_total), t.estado_tope];
      }));
    const est = await llamar<{ totalLlamadas: number; atendidos: number; conLlamadas: number; llamadasDone: number }>('estadisticas', { campanaId: a });
    const ref = JSON.parse((await db.query<{ v: string }>(ESTADISTICAS_DIRECTO, [a])).rows[0]!.v) as Record<string, number>;
    expect(est).toMatchObject({ totalLlamadas: ref.total_llamadas, atendidos: ref.atendidos, conLlamadas: ref.con_llamadas, llamadasDone: ref.llamadas_done });
    expect(ref.total_llamadas).toBeGreaterThan(0);
  });

  it('la carga masiva en modo réplica y el vaciado (truncate) también mantienen los resúmenes', async () => {
    const [a, , c] = campanas;
    const su = await db.query<{ su: boolean }>('select rolsuper as su from pg_roles where rolname = current_user');
    await db.transaction(async (tx) => {
      if (su.rows[0]?.su) await tx.query('set local session_replication_role = replica');
      await tx.query(
        `insert into public.registro_escrito_llamada (phone, campana, status, duration_call_seg, costo, created_at)
         select '+5730' || lpad((g % 40)::text, 4, '0'), case when g % 2 = 0 then $1::bigint else $2::bigint end,
                case when g % 3 = 0 then 'done' else 'failed' end, g, g / 100.0, timestamptz '2026-10-01T00:00:00Z' + g * interval '1 minute'
           from generate_series(1, 500) g`, [a, c]);
    });
    await expectIguales('carga en modo réplica');
    await db.query('truncate public.registro_escrito_llamada');
    expect((await db.query('select 1 from public.llamadas_telefonos_campana')).rows).toEqual([]);
    expect((await db.query('select 1 from public.llamadas_uso_campana')).rows).toEqual([]);
    await expectIguales('vaciado');
    await db.query(`insert into public.registro_escrito_llamada (phone, campana, status, duration_call_seg, costo, created_at)
                    values ('+57300001', $1, 'done', 30, 0.3, '2026-11-13T00:00:00Z'), ('+57300001', $1, 'failed', null, null, '2026-11-13T00:01:00Z')`, [a]);
    await expectIguales('después del vaciado');
  });

  it('quien no es operador no lee los resúmenes; el de teléfonos no se abre a nadie; los disparadores son ENABLE ALWAYS', async () => {
    for (const tabla of ['llamadas_uso_campana', 'consumo_campanas']) {
      const n = await como(db, intruso, async (tx) => Number((await tx.query<{ n: string | number }>(`select count(*) as n from public.${tabla}`)).rows[0]!.n));
      expect(n, tabla).toBe(0);
      const m = await como(db, operador, async (tx) => Number((await tx.query<{ n: string | number }>(`select count(*) as n from public.${tabla}`)).rows[0]!.n));
      expect(m, tabla).toBeGreaterThan(0);
    }
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
        where oid in ('public.llamadas_telefonos_campana'::regclass, 'public.llamadas_uso_campana'::regclass) order by 1`);
    expect(rows.map((r) => r.relrowsecurity)).toEqual([true, true]);
    const grants = await db.query<{ table_name: string; grantee: string; privilege_type: string }>(
      `select table_name, grantee, privilege_type from information_schema.role_table_grants
        where table_name in ('llamadas_telefonos_campana', 'llamadas_uso_campana') and grantee in ('anon', 'authenticated')
        order by 1, 2, 3`);
    expect(grants.rows).toEqual([{ table_name: 'llamadas_uso_campana', grantee: 'authenticated', privilege_type: 'SELECT' }]);
    const triggers = await db.query<{ tgenabled: string }>(
      `select tgenabled from pg_trigger where tgname like 'llamadas\\_telefonos\\_campana\\_%' or tgname like 'llamadas\\_uso\\_campana\\_%'`);
    expect(triggers.rows.map((r) => r.tgenabled)).toEqual(Array(8).fill('A'));
  });
});
