-- The header's 'Llamadas fallidas' counts what the one vocabulary of call outcomes (20261129000200) calls a
-- failure (class 'fallida': failed, FAILED, Fallida, error, failure…), not three hard-coded words: a platform
-- that writes 'Failure' or 'Fallida' is counted like one that writes 'failed'. Not the badge 'Fallido', which
-- also covers no-answer and busy: those are a campaign's ordinary outcomes, not something to be warned about.
-- Same signature and answers otherwise (security invoker: the vocabulary is readable by every operator).
create or replace function public.notificaciones_pendientes()
returns table (clave text, tipo text, referencia text, nombre text, detalle jsonb, fecha timestamptz, leida boolean)
language sql stable security invoker set search_path = public, pg_temp
as $$
  with hechos as (
    select case when c.estado_tope = 'excedido' then 'campana_excedida:' else 'campana_cerca:' end || c.campana_id as clave,
           case when c.estado_tope = 'excedido' then 'campana_excedida' else 'campana_cerca' end as tipo,
           c.campana_id::text as referencia,
           c.nombre,
           jsonb_build_object('consumidos', c.minutos_consumidos, 'tope', c.minutos) as detalle,
           coalesce((select max(r.created_at) from public.registro_escrito_llamada r where r.campana = c.campana_id),
                    (select k.created_at from public.campanas k where k.id = c.campana_id)) as fecha
    from public.consumo_campanas c
    where c.estado_tope in ('cerca', 'excedido')
    union all
    select 'llamadas_fallidas:' || to_char(public.ahora() at time zone 'UTC', 'YYYY-MM-DD'),
           'llamadas_fallidas',
           null::text,
           'Llamadas fallidas',
           jsonb_build_object('cantidad', f.cantidad),
           f.ultima
    from (
      select count(*) as cantidad, max(r.created_at) as ultima
      from public.registro_escrito_llamada r
      where r.created_at >= public.ahora() - interval '24 hours'
        and exists (select 1 from public.llamadas_vocabulario v
                    where v.palabra = public.llamadas_palabra(r.status) and v.clase = 'fallida')
    ) f
    where f.cantidad > 0
    union all
    select 'servicio_error:' || s.id,
           'servicio_error',
           s.id,
           s.nombre_instancia,
           jsonb_build_object('proyecto', p.nombre, 'proyecto_id', s.proyecto_id, 'tipo_servicio', s.tipo_servicio),
           coalesce(s.updated_at, s.created_at)
    from public.servicios_instancias s
    left join public.proyectos p on p.id = s.proyecto_id
    where s.estado = 'error'
  )
  select h.clave, h.tipo, h.referencia, h.nombre, h.detalle, h.fecha, coalesce(e.leida, false) as leida
  from hechos h
  left join public.notificaciones_estado e on e.operador_id = auth.uid() and e.clave = h.clave
  where not coalesce(e.eliminada, false)
  order by h.fecha desc nulls last, h.clave
$$;
