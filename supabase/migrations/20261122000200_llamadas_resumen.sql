-- Resumen: group calls by the Bogotá date and the raw status first (cheap per row), and only then format the
-- day and lower-case the status on the few groups. Same answer as 20261122000100, faster on 200,000 calls.
-- Index for the per-campaign scans of the Resumen and the stat tiles.
create index if not exists registro_escrito_llamada_campana_created_status_idx
  on public.registro_escrito_llamada (campana, created_at) include (status, duration_call_seg, costo);

create or replace function public.llamadas_resumen(
  p_campana bigint,
  p_desde timestamptz default null,
  p_hasta timestamptz default null
) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
begin
  perform public.llamadas_exigir_operador();
  return (
  with tot as (
    select count(*) as total,
           count(*) filter (where lower(r.status) = 'done') as done,
           count(*) filter (where r.created_at is not null
                              and (p_desde is null or r.created_at >= p_desde)
                              and (p_hasta is null or r.created_at <= p_hasta)) as en_rango,
           min(r.created_at) as primera,
           max(r.created_at) as ultima
      from public.registro_escrito_llamada r
     where r.campana = p_campana
  ), crudos as (
    select (r.created_at at time zone 'America/Bogota')::date as dia, r.status, count(*) as total
      from public.registro_escrito_llamada r
     where r.campana = p_campana
       and r.created_at is not null
       and (p_desde is null or r.created_at >= p_desde)
       and (p_hasta is null or r.created_at <= p_hasta)
     group by 1, 2
  ), grupos as (
    select to_char(c.dia, 'YYYY-MM-DD') as dia, lower(nullif(btrim(c.status), '')) as estado, sum(c.total)::bigint as total
      from crudos c
     group by 1, 2
  )
  select jsonb_build_object(
           'total_clientes', (select count(*) from public.clientes c where c.campana_id = p_campana),
           'total_llamadas', tot.total,
           'llamadas_done', tot.done,
           'en_rango', tot.en_rango,
           'primera', tot.primera,
           'ultima', tot.ultima,
           'grupos', coalesce((select jsonb_agg(jsonb_build_object('dia', g.dia, 'estado', g.estado, 'total', g.total)
                                                order by g.dia, g.estado) from grupos g), '[]'::jsonb))
    from tot);
end
$$;
