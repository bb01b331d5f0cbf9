-- Live screens at scale (issue 15 §2): the two reads every live refresh of the calls screens repeats no longer
-- scan the calls. On the benchmark data (one campaign, 50,000 clients, 200,000 calls) llamadas_estadisticas
-- probed the calls twice per client and consumo_campanas summed every call of every campaign; during a burst
-- of outcomes each refetch kept the embedded database's single thread busy.
--
--  * llamadas_telefonos_campana: calls per (campaign, phone), and how many of them are lower(status) = 'done'.
--    A client "has calls" / "was answered" when its campaign and exact phone have a row here (with done > 0):
--    the same exact-phone match the EXISTS probes of 20261122000100 made.
--  * llamadas_uso_campana: per campaign, the number of calls, the 'done' ones, and the sums of
--    duration_call_seg and costo (nulls ignored, as sum() does; costo kept unrounded, so the numeric(14, 4)
--    cast of the readers rounds the same total as before).
--
-- Both follow 20261122000300_llamadas_resumenes.sql: statement-level triggers with transition tables for
-- insert, update (a row whose campaign, phone, status, duration or cost changes leaves its old group and joins
-- its new one) and delete, a truncate trigger, ENABLE ALWAYS (the demo's bulk load runs with
-- session_replication_role = replica), rows that reach zero calls deleted, backfilled here.
--
-- Who reads them: llamadas_telefonos_campana only llamadas_estadisticas (security definer, after its own
-- check): RLS on, no policy, no grant. llamadas_uso_campana is read by the view consumo_campanas, which is
-- security_invoker: operators read it through the same policy `operadores` as the calls it sums (select
-- only), so the view answers exactly what it answered before: every campaign's usage to an operator, nothing to
-- anyone else (campanas is hidden from them too). Nobody writes either table but the trigger functions.

-- ===================================================================================================
-- Calls per campaign and phone.
create table public.llamadas_telefonos_campana (
  campana bigint not null,
  phone text not null,
  llamadas bigint not null,
  done bigint not null,
  primary key (campana, phone)
);
-- Rows that reach zero are deleted right away (found through this index, which is empty between statements).
create index llamadas_telefonos_campana_cero_idx on public.llamadas_telefonos_campana (campana) where llamadas <= 0;
alter table public.llamadas_telefonos_campana enable row level security;
revoke all on public.llamadas_telefonos_campana from public, anon, authenticated;
grant all on public.llamadas_telefonos_campana to service_role;

create or replace function public.llamadas_telefonos_campana_ins() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_telefonos_campana as s (campana, phone, llamadas, done)
  select w.campana, w.phone, count(*), count(*) filter (where lower(w.status) = 'done')
    from nuevas w
   where w.campana is not null and w.phone is not null
   group by 1, 2
  on conflict (campana, phone) do update set llamadas = s.llamadas + excluded.llamadas, done = s.done + excluded.done;
  return null;
end
$$;

create or replace function public.llamadas_telefonos_campana_del() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.llamadas_telefonos_campana s
     set llamadas = s.llamadas - c.n, done = s.done - c.d
    from (
      select v.campana, v.phone, count(*) as n, count(*) filter (where lower(v.status) = 'done') as d
        from viejas v
       where v.campana is not null and v.phone is not null
       group by 1, 2
    ) c
   where s.campana = c.campana and s.phone = c.phone;
  -- A separate statement: within one statement the rows just written are not visible to a delete.
  delete from public.llamadas_telefonos_campana where llamadas <= 0;
  return null;
end
$$;

-- Updates: old rows out, new rows in, in one grouped upsert (an update that changes none of the three
-- columns nets to zero and writes nothing).
create or replace function public.llamadas_telefonos_campana_upd() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_telefonos_campana as s (campana, phone, llamadas, done)
  select x.campana, x.phone, sum(x.n)::bigint, sum(x.d)::bigint
    from (
      select v.campana, v.phone, -1 as n, case when lower(v.status) = 'done' then -1 else 0 end as d
        from viejas v
       where v.campana is not null and v.phone is not null
      union all
      select w.campana, w.phone, 1, case when lower(w.status) = 'done' then 1 else 0 end
        from nuevas w
       where w.campana is not null and w.phone is not null
    ) x
   group by 1, 2
  having sum(x.n) <> 0 or sum(x.d) <> 0
  on conflict (campana, phone) do update set llamadas = s.llamadas + excluded.llamadas, done = s.done + excluded.done;
  delete from public.llamadas_telefonos_campana where llamadas <= 0;
  return null;
end
$$;

create or replace function public.llamadas_telefonos_campana_vaciar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  delete from public.llamadas_telefonos_campana;
  return null;
end
$$;

create trigger llamadas_telefonos_campana_ins after insert on public.registro_escrito_llamada
  referencing new table as nuevas for each statement execute function public.llamadas_telefonos_campana_ins();
create trigger llamadas_telefonos_campana_upd after update on public.registro_escrito_llamada
  referencing old table as viejas new table as nuevas for each statement execute function public.llamadas_telefonos_campana_upd();
create trigger llamadas_telefonos_campana_del after delete on public.registro_escrito_llamada
  referencing old table as viejas for each statement execute function public.llamadas_telefonos_campana_del();
create trigger llamadas_telefonos_campana_vaciar after truncate on public.registro_escrito_llamada
  for each statement execute function public.llamadas_telefonos_campana_vaciar();
alter table public.registro_escrito_llamada enable always trigger llamadas_telefonos_campana_ins;
alter table public.registro_escrito_llamada enable always trigger llamadas_telefonos_campana_upd;
alter table public.registro_escrito_llamada enable always trigger llamadas_telefonos_campana_del;
alter table public.registro_escrito_llamada enable always trigger llamadas_telefonos_campana_vaciar;

-- Backfill (the table is locked by the triggers' creation above until this migration commits).
insert into public.llamadas_telefonos_campana (campana, phone, llamadas, done)
select r.campana, r.phone, count(*), count(*) filter (where lower(r.status) = 'done')
  from public.registro_escrito_llamada r
 where r.campana is not null and r.phone is not null
 group by 1, 2;

-- ===================================================================================================
-- Usage per campaign.
create table public.llamadas_uso_campana (
  campana bigint primary key,
  llamadas bigint not null,
  done bigint not null,
  segundos bigint not null,
  costo numeric not null
);
alter table public.llamadas_uso_campana enable row level security;
create policy operadores on public.llamadas_uso_campana for select to authenticated
  using ((select public.es_operador()));
revoke all on public.llamadas_uso_campana from public, anon, authenticated;
grant select on public.llamadas_uso_campana to authenticated;
grant all on public.llamadas_uso_campana to service_role;

create or replace function public.llamadas_uso_campana_ins() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_uso_campana as s (campana, llamadas, done, segundos, costo)
  select w.campana, count(*), count(*) filter (where lower(w.status) = 'done'),
         coalesce(sum(w.duration_call_seg), 0), coalesce(sum(w.costo), 0)
    from nuevas w
   where w.campana is not null
   group by 1
  on conflict (campana) do update
    set llamadas = s.llamadas + excluded.llamadas, done = s.done + excluded.done,
        segundos = s.segundos + excluded.segundos, costo = s.costo + excluded.costo;
  return null;
end
$$;

create or replace function public.llamadas_uso_campana_del() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.llamadas_uso_campana s
     set llamadas = s.llamadas - c.n, done = s.done - c.d, segundos = s.segundos - c.seg, costo = s.costo - c.costo
    from (
      select v.campana, count(*) as n, count(*) filter (where lower(v.status) = 'done') as d,
             coalesce(sum(v.duration_call_seg), 0) as seg, coalesce(sum(v.costo), 0) as costo
        from viejas v
       where v.campana is not null
       group by 1
    ) c
   where s.campana = c.campana;
  delete from public.llamadas_uso_campana where llamadas <= 0;
  return null;
end
$$;

create or replace function public.llamadas_uso_campana_upd() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_uso_campana as s (campana, llamadas, done, segundos, costo)
  select x.campana, sum(x.n)::bigint, sum(x.d)::bigint, sum(x.seg)::bigint, sum(x.costo)
    from (
      select v.campana, -1 as n, case when lower(v.status) = 'done' then -1 else 0 end as d,
             -coalesce(v.duration_call_seg, 0)::bigint as seg, -coalesce(v.costo, 0)::numeric as costo
        from viejas v
       where v.campana is not null
      union all
      select w.campana, 1, case when lower(w.status) = 'done' then 1 else 0 end,
             coalesce(w.duration_call_seg, 0)::bigint, coalesce(w.costo, 0)::numeric
        from nuevas w
       where w.campana is not null
    ) x
   group by 1
  having sum(x.n) <> 0 or sum(x.d) <> 0 or sum(x.seg) <> 0 or sum(x.costo) <> 0
  on conflict (campana) do update
    set llamadas = s.llamadas + excluded.llamadas, done = s.done + excluded.done,
        segundos = s.segundos + excluded.segundos, costo = s.costo + excluded.costo;
  delete from public.llamadas_uso_campana where llamadas <= 0;
  return null;
end
$$;

create or replace function public.llamadas_uso_campana_vaciar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  delete from public.llamadas_uso_campana;
  return null;
end
$$;

create trigger llamadas_uso_campana_ins after insert on public.registro_escrito_llamada
  referencing new table as nuevas for each statement execute function public.llamadas_uso_campana_ins();
create trigger llamadas_uso_campana_upd after update on public.registro_escrito_llamada
  referencing old table as viejas new table as nuevas for each statement execute function public.llamadas_uso_campana_upd();
create trigger llamadas_uso_campana_del after delete on public.registro_escrito_llamada
  referencing old table as viejas for each statement execute function public.llamadas_uso_campana_del();
create trigger llamadas_uso_campana_vaciar after truncate on public.registro_escrito_llamada
  for each statement execute function public.llamadas_uso_campana_vaciar();
alter table public.registro_escrito_llamada enable always trigger llamadas_uso_campana_ins;
alter table public.registro_escrito_llamada enable always trigger llamadas_uso_campana_upd;
alter table public.registro_escrito_llamada enable always trigger llamadas_uso_campana_del;
alter table public.registro_escrito_llamada enable always trigger llamadas_uso_campana_vaciar;

insert into public.llamadas_uso_campana (campana, llamadas, done, segundos, costo)
select r.campana, count(*), count(*) filter (where lower(r.status) = 'done'),
       coalesce(sum(r.duration_call_seg), 0), coalesce(sum(r.costo), 0)
  from public.registro_escrito_llamada r
 where r.campana is not null
 group by 1;

revoke execute on function
  public.llamadas_telefonos_campana_ins(), public.llamadas_telefonos_campana_upd(), public.llamadas_telefonos_campana_del(),
  public.llamadas_telefonos_campana_vaciar(), public.llamadas_uso_campana_ins(), public.llamadas_uso_campana_upd(),
  public.llamadas_uso_campana_del(), public.llamadas_uso_campana_vaciar()
from public, anon, authenticated;

-- ===================================================================================================
-- Minutes consumed per campaign against its cap (part 1 §4, §9): the same columns, types and answers as
-- 20261121000200, from the usage summary.
create or replace view public.consumo_campanas with (security_invoker = true) as
with base as (
  select c.id as campana_id, c.nombre, c.minutos,
         coalesce(u.segundos, 0)::bigint as segundos,
         round(coalesce(u.segundos, 0) / 60.0)::integer as minutos_consumidos,
         coalesce(u.costo, 0)::numeric(14, 4) as costo_total
  from public.campanas c
  left join public.llamadas_uso_campana u on u.campana = c.id
)
select campana_id, nombre, minutos, segundos, minutos_consumidos, costo_total,
       case
         when minutos > 0 and minutos_consumidos >= minutos then 'excedido'
         when minutos > 0 and minutos_consumidos >= 0.8 * minutos then 'cerca'
         else 'ok'
       end::text as estado_tope
from base;

-- ===================================================================================================
-- Stat tiles and consumption of one campaign (part 1 §2.7, §4, §9): the same keys and answers as
-- 20261122000100, from the summaries. One pass over the campaign's clients, each matched to its phone's row.
create or replace function public.llamadas_estadisticas(p_campana bigint) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
begin
  perform public.llamadas_exigir_operador();
  return (
  with camp as (
    select k.id, k.minutos from public.campanas k where k.id = p_campana
  ), uso as (
    select coalesce(sum(u.llamadas), 0)::bigint as llamadas,
           coalesce(sum(u.done), 0)::bigint as llamadas_done,
           coalesce(sum(u.segundos), 0)::bigint as segundos,
           coalesce(sum(u.costo), 0)::numeric(14, 4) as costo
      from public.llamadas_uso_campana u
     where u.campana = p_campana
  ), cli as (
    select count(*) as total,
           count(*) filter (where s.done > 0) as atendidos,
           count(s.campana) as con_llamadas,
           count(*) filter (where c.no_llamar) as no_llamar
      from public.clientes c
      left join public.llamadas_telefonos_campana s on s.campana = c.campana_id and s.phone = c.telefono
     where c.campana_id = p_campana
  )
  select jsonb_build_object(
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
    from camp, uso, cli);
end
$$;
