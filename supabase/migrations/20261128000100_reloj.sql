-- One clock for the rows and the rules (issue 11).
--
-- Rows used to take the database's now() while the rules that read them (the metrics window, the 24-hour
-- notifications, portal expiry) were asked with the application's clock: in a test with an injected clock the
-- two disagreed as soon as the real day moved on. public.ahora() is the one "now" of the schema: the
-- application's clock when the caller set it for the transaction (the SQL executor does, from the backend's
-- clock: `consola.ahora`), else now(). On hosted Supabase nothing sets it, so it is plain now(); a client
-- that could set it could only move the time of its own transaction, which needs arbitrary SQL anyway.
create or replace function public.ahora() returns timestamptz
language sql stable parallel safe
as $$
  select coalesce(nullif(current_setting('consola.ahora', true), '')::timestamptz, now())
$$;

-- Every "default now()" of the product's own tables becomes "default public.ahora()" (columns only; message
-- tables keep the shape the automation platform writes).
do $$
declare
  c record;
begin
  for c in
    select a.attrelid::regclass as tabla, a.attname as columna
      from pg_attribute a
      join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      join pg_class k on k.oid = a.attrelid
     where k.relnamespace = 'public'::regnamespace
       and k.relkind = 'r'
       and not a.attisdropped
       and pg_get_expr(d.adbin, d.adrelid) = 'now()'
  loop
    execute format('alter table %s alter column %I set default public.ahora()', c.tabla, c.columna);
  end loop;
end
$$;

create or replace function public.set_updated_at() returns trigger
language plpgsql set search_path = public, pg_temp
as $$
begin
  new.updated_at := public.ahora();
  return new;
end
$$;

create or replace function public.sincronizar_email_perfil() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.perfiles set email = new.email, updated_at = public.ahora() where id = new.id;
  return new;
end
$$;

grant execute on function public.ahora() to anon, authenticated, service_role;

-- The 24-hour window of failed calls reads the same clock as the rows it counts.
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
        and lower(r.status) in ('failed', 'fallido', 'error')
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
