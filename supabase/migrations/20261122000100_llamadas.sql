-- Outbound call campaigns (issue 3): the aggregates the screens need run here, never by downloading calls.
-- Adds: a 'No llamar' flag per client, the calling window and the concurrency per campaign, the record of
-- every call attempt (bulk runs and single calls), and the SQL functions behind the client list, the stat
-- tiles, the consumption panel, the Resumen cards and charts, the call history and the CSV import.
-- The read functions run as the owner (so ILIKE can use the trigram indexes, see the global search in 20261121000200) and make
-- the access decision themselves: an operator or a privileged caller, else error 42501.

create or replace function public.llamadas_exigir_operador() returns void
language plpgsql stable security definer set search_path = public, pg_temp
as $$
begin
  if not (public.es_operador() or public.llamador_privilegiado()) then
    raise exception using errcode = '42501', message = 'permission denied';
  end if;
end
$$;

-- ===================================================================================================
-- Columns.
alter table public.clientes add column if not exists no_llamar boolean not null default false;

alter table public.configuracion_campana
  add column if not exists hora_inicio time not null default '08:00',
  add column if not exists hora_fin time not null default '20:00',
  add column if not exists zona_horaria text not null default 'America/Bogota',
  add column if not exists max_simultaneas smallint not null default 1;

alter table public.configuracion_campana
  add constraint configuracion_campana_max_simultaneas_check check (max_simultaneas between 1 and 5),
  add constraint configuracion_campana_horario_check check (hora_inicio < hora_fin),
  add constraint configuracion_campana_zona_check check (btrim(zona_horaria) <> '');

-- Client list: per campaign, newest page first, and the company filter.
create index if not exists clientes_campana_nombre_idx on public.clientes (campana_id, nombre, apellido, id);
-- Index for the per-campaign scans of the Resumen and the stat tiles.
create index if not exists registro_escrito_llamada_campana_created_status_idx
  on public.registro_escrito_llamada (campana, created_at) include (status, duration_call_seg, costo);

-- ===================================================================================================
-- Every call attempt made from the console (one row per client per run).
create table public.intentos_llamada (
  id bigint generated always as identity primary key,
  lote uuid,
  campana_id bigint references public.campanas (id) on delete cascade,
  cliente_id bigint references public.clientes (id) on delete set null,
  telefono text,
  nombre text,
  resultado text not null check (resultado in ('exitosa', 'fallida', 'omitida')),
  detalle text,
  http_status integer,
  operador_id uuid default auth.uid(),
  created_at timestamptz not null default now()
);
create index intentos_llamada_lote_idx on public.intentos_llamada (lote, resultado);
create index intentos_llamada_cliente_idx on public.intentos_llamada (cliente_id, created_at desc);

alter table public.intentos_llamada enable row level security;
create policy operadores on public.intentos_llamada for all to authenticated
  using ((select public.es_operador())) with check ((select public.es_operador()));

-- ===================================================================================================
-- Stat tiles and consumption of one campaign (part 1 §2.7, §4, §9). Same cap rule as consumo_campanas.
create or replace function public.llamadas_estadisticas(p_campana bigint) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
begin
  perform public.llamadas_exigir_operador();
  return (
  with camp as (
    select k.id, k.minutos from public.campanas k where k.id = p_campana
  ), uso as (
    select count(*) as llamadas,
           count(*) filter (where lower(r.status) = 'done') as llamadas_done,
           coalesce(sum(r.duration_call_seg), 0)::bigint as segundos,
           coalesce(sum(r.costo), 0)::numeric(14, 4) as costo
      from public.registro_escrito_llamada r
     where r.campana = p_campana
  ), cli as (
    select count(*) as total,
           count(*) filter (where exists (
             select 1 from public.registro_escrito_llamada r
              where r.phone = c.telefono and r.campana = c.campana_id and lower(r.status) = 'done')) as atendidos,
           count(*) filter (where exists (
             select 1 from public.registro_escrito_llamada r
              where r.phone = c.telefono and r.campana = c.campana_id)) as con_llamadas,
           count(*) filter (where c.no_llamar) as no_llamar
      from public.clientes c
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

-- ===================================================================================================
-- Call history of one phone (part 2 §2, §5): search on agent, phone (with or without '+'), campaign (name
-- or id) and status; newest first.
create or replace function public.llamadas_historial(p_telefono text, p_q text default null, p_limite integer default 500)
returns table (
  id bigint, created_at timestamptz, agent_id text, phone text, campana bigint, campana_nombre text,
  conversation_id text, status text, resultado text, summary text, costo numeric, duration_call_seg integer,
  transcript jsonb, tiene_audio boolean
)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_tel text := btrim(coalesce(p_telefono, ''));
  v_sin text := ltrim(btrim(coalesce(p_telefono, '')), '+');
  v_q text := nullif(btrim(coalesce(p_q, '')), '');
  v_patron text;
  v_patron_tel text;
begin
  perform public.llamadas_exigir_operador();
  if v_tel = '' then
    return;
  end if;
  v_patron := public.patron_busqueda(v_q);
  v_patron_tel := public.patron_busqueda(ltrim(coalesce(v_q, ''), '+'));
  return query
    select r.id, r.created_at, r.agent_id, r.phone, r.campana, k.nombre, r.conversation_id, r.status, r.resultado,
           r.summary, r.costo, r.duration_call_seg, r.transcript,
           exists (select 1 from public.registro_audio_llamadas a where a.conversation_id = r.conversation_id)
      from public.registro_escrito_llamada r
      left join public.campanas k on k.id = r.campana
     where r.phone in (v_tel, v_sin, '+' || v_sin)
       and (v_q is null
            or r.agent_id ilike v_patron
            or ltrim(r.phone, '+') ilike v_patron_tel
            or k.nombre ilike v_patron
            or r.campana::text = v_q
            or coalesce(r.status, r.resultado) ilike v_patron)
     order by r.created_at desc nulls last, r.id desc
     limit least(greatest(coalesce(p_limite, 500), 1), 2000);
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Grants (the base migration's "all tables" grant ran before these objects existed).
revoke all on public.intentos_llamada from anon;
grant select, insert, update, delete on public.intentos_llamada to authenticated;
grant all on public.intentos_llamada to service_role;
revoke all on sequence public.intentos_llamada_id_seq from anon;
grant usage, select on sequence public.intentos_llamada_id_seq to authenticated, service_role;

revoke execute on function
  public.llamadas_exigir_operador(),
  public.llamadas_estadisticas(bigint),
  public.llamadas_historial(text, text, integer)
from public, anon;

grant execute on function
  public.llamadas_exigir_operador(),
  public.llamadas_estadisticas(bigint),
  public.llamadas_historial(text, text, integer)
to authenticated, service_role;
