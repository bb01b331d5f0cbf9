-- Projects, service instances, catalogue, client companies, plans and metrics (part 2).
-- Views for the joined reads, SQL functions for the aggregates and for the writes that must succeed together.

-- ===================================================================================================
-- Client-portal passwords are stored only as bcrypt hashes: whatever plain value is written is hashed here,
-- so no path (api, seed, a manual insert) can keep it in clear. The portal verifies with crypt().
create or replace function public.cifrar_contrasena_empresa() returns trigger
language plpgsql security definer set search_path = public, extensions, pg_temp
as $$
begin
  if new.contrasena_cliente is not null then
    if btrim(new.contrasena_cliente) = '' then
      new.contrasena_cliente := null;
    elsif new.contrasena_cliente !~ '^\$2[abxy]\$[0-9]{2}\$[./A-Za-z0-9]{53}$' then
      new.contrasena_cliente := crypt(new.contrasena_cliente, gen_salt('bf', 10));
    end if;
  end if;
  return new;
end
$$;

create trigger empresas_cifrar_contrasena
  before insert or update of contrasena_cliente on public.empresas
  for each row execute function public.cifrar_contrasena_empresa();

-- Existing deployments kept plain passwords: hash them now (the trigger does it).
update public.empresas set contrasena_cliente = contrasena_cliente where contrasena_cliente is not null;

-- What the admin screens read: never the hash.
create view public.empresas_vista with (security_invoker = true) as
select e.id, e.nombre, e.descripcion, e.ruc, e.direccion, e.telefono, e.email, e.website, e.logo_url, e.activo,
       e.usuario_cliente, (e.contrasena_cliente is not null) as tiene_contrasena, e.created_at
from public.empresas e;

-- ===================================================================================================
-- proyectos.servicios_instancias (JSON text, as the original stores it) mirrors the servicios_instancias
-- table, which is the source of truth. Kept by a trigger so every writer keeps it in step.
create or replace function public.sincronizar_servicios_proyecto() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_id uuid;
begin
  foreach v_id in array coalesce((
    select array_agg(distinct x)
      from unnest(array[
        case when tg_op <> 'INSERT' then old.proyecto_id end,
        case when tg_op <> 'DELETE' then new.proyecto_id end]) as x
     where x is not null), '{}'::uuid[]) loop
    update public.proyectos p
       set servicios_instancias = coalesce((
             select jsonb_agg(jsonb_build_object(
                      'id', s.id, 'tipo_servicio', s.tipo_servicio, 'nombre_instancia', s.nombre_instancia,
                      'estado', s.estado, 'categoria', s.categoria, 'configuracion', s.configuracion,
                      'created_at', s.created_at) order by s.created_at, s.id)::text
               from public.servicios_instancias s
              where s.proyecto_id = v_id), '[]')
     where p.id = v_id;
  end loop;
  return null;
end
$$;

create trigger servicios_instancias_espejo_proyecto
  after insert or update or delete on public.servicios_instancias
  for each row execute function public.sincronizar_servicios_proyecto();

-- ===================================================================================================
-- Reads with their joins.
create view public.proyectos_vista with (security_invoker = true) as
select p.id, p.nombre, p.descripcion, p.plan_id, p.empresa_id, p.estado, p.fecha_inicio, p.fecha_fin,
       p.created_at, p.updated_at,
       pl.title as plan_title, pl.description as plan_description, pl.cost as plan_cost,
       e.nombre as empresa_nombre,
       coalesce((
         select jsonb_agg(to_jsonb(s) order by s.created_at, s.id)
           from public.servicios_instancias s
          where s.proyecto_id = p.id), '[]'::jsonb) as instancias
from public.proyectos p
left join public.planes pl on pl.id = p.plan_id
left join public.empresas e on e.id = p.empresa_id;

create view public.planes_vista with (security_invoker = true) as
select pl.id, pl.title, pl.description, pl.cost, pl.created_at,
       (select count(*) from public.planes_empresas_wordpress l where l.plan_id = pl.id)::integer as empresas_asociadas
from public.planes pl;

create view public.planes_empresas_vista with (security_invoker = true) as
select l.id, l.plan_id, l.empresa_wordpress_uuid, l.created_at, w.name, w.table_supabase, w.status
from public.planes_empresas_wordpress l
join public.empresas_wordpress_bots w on w.uuid = l.empresa_wordpress_uuid;

-- ===================================================================================================
-- Estimated progress (part 2 §4): completado 100, cancelado 0, else the rounded average of the services
-- weighted completado 100, en_proceso 75, activo 50, others 0; 0 without services.
create or replace function public.progreso_estimado(p_estado text, p_total bigint, p_peso numeric) returns integer
language sql immutable set search_path = public, pg_temp
as $$
  select case
           when p_estado = 'completado' then 100
           when p_estado = 'cancelado' then 0
           when coalesce(p_total, 0) = 0 then 0
           else round(coalesce(p_peso, 0) / p_total)::integer
         end
$$;

create or replace function public.peso_estado_servicio(p_estado text) returns integer
language sql immutable set search_path = public, pg_temp
as $$
  select case p_estado when 'completado' then 100 when 'en_proceso' then 75 when 'activo' then 50 else 0 end
$$;

-- ===================================================================================================
-- The report aggregate of one project (part 2 §3): services by status and category, the status history
-- (newest first, with the operator's name), lifetime in days, estimated progress, upcoming milestones.
create or replace function public.reporte_proyecto(p_proyecto uuid, p_ahora timestamptz default now()) returns jsonb
language sql stable security invoker set search_path = public, pg_temp
as $$
  with p as (
    select * from public.proyectos where id = p_proyecto
  ), s as (
    select si.* from public.servicios_instancias si where si.proyecto_id = p_proyecto
  )
  select jsonb_build_object(
    'proyecto_id', p.id,
    'servicios_por_estado', coalesce((select jsonb_object_agg(estado, n) from (select estado, count(*) as n from s group by estado) x), '{}'::jsonb),
    'servicios_por_categoria', coalesce((
      select jsonb_object_agg(categoria, n)
        from (select coalesce(nullif(btrim(categoria), ''), 'Sin especificar') as categoria, count(*) as n from s group by 1) x), '{}'::jsonb),
    'historial', coalesce((
      select jsonb_agg(jsonb_build_object(
               'fecha', h.created_at, 'estado_anterior', h.estado_anterior, 'estado_nuevo', h.estado_nuevo,
               'usuario_id', h.usuario_id, 'usuario', pf.nombre) order by h.created_at desc, h.id desc)
        from public.historial_estados h
        left join public.perfiles pf on pf.id = h.usuario_id
       where h.entidad_tipo = 'proyecto' and h.entidad_id = p.id::text), '[]'::jsonb),
    'dias_vida', greatest(0, floor(extract(epoch from (p_ahora - p.created_at)) / 86400))::integer,
    'progreso', public.progreso_estimado(p.estado, (select count(*) from s), (select sum(public.peso_estado_servicio(estado)) from s)),
    'hitos', coalesce((
      select jsonb_agg(jsonb_build_object('fecha', fecha, 'descripcion', descripcion, 'tipo', tipo) order by fecha, descripcion)
        from (
          select (s.created_at + interval '7 days') as fecha, s.nombre_instancia as descripcion, 'review'::text as tipo
            from s
           where s.estado = 'en_proceso' and s.created_at + interval '7 days' >= p_ahora
          union all
          select (p.fecha_fin::timestamp at time zone 'America/Bogota') + interval '1 day' - interval '1 second', null, 'deadline'
           where p.fecha_fin is not null and p.fecha_fin >= (p_ahora at time zone 'America/Bogota')::date
        ) m), '[]'::jsonb)
  )
  from p
$$;

-- ===================================================================================================
-- Per-project figures used by the dashboard, the CSV and the snapshot.
create or replace function public.metricas_por_proyecto(p_ahora timestamptz default now())
returns table (
  id uuid, nombre text, estado text, created_at timestamptz, progreso integer, total_servicios integer,
  servicios_activos integer, servicios_completados integer, dias_activo integer, ultima_actividad timestamptz
)
language sql stable security invoker set search_path = public, pg_temp
as $$
  with serv as (
    select si.proyecto_id,
           count(*) as total,
           count(*) filter (where si.estado = 'activo') as activos,
           count(*) filter (where si.estado = 'completado') as completados,
           sum(public.peso_estado_servicio(si.estado)) as peso,
           max(si.updated_at) as ultima
      from public.servicios_instancias si
     group by si.proyecto_id
  )
  select p.id, p.nombre, p.estado, p.created_at,
         public.progreso_estimado(p.estado, coalesce(s.total, 0), s.peso),
         coalesce(s.total, 0)::integer, coalesce(s.activos, 0)::integer, coalesce(s.completados, 0)::integer,
         greatest(0, floor(extract(epoch from (p_ahora - p.created_at)) / 86400))::integer,
         greatest(p.updated_at, coalesce(s.ultima, p.updated_at))
    from public.proyectos p
    left join serv s on s.proyecto_id = p.id
$$;

-- The dashboard (part 2 §2, §9) for projects created in [p_desde, p_hasta]; the trend covers six months and
-- the alerts look at every project, both relative to p_ahora.
create or replace function public.metricas_dashboard(p_desde timestamptz, p_hasta timestamptz, p_ahora timestamptz default now())
returns jsonb
language sql stable security invoker set search_path = public, pg_temp
as $$
  with todos as (
    select * from public.metricas_por_proyecto(p_ahora)
  ), periodo as (
    select * from todos where created_at >= p_desde and created_at <= p_hasta
  ), serv as (
    select si.estado, si.categoria, si.created_at
      from public.servicios_instancias si
      join periodo p on p.id = si.proyecto_id
  ), meses as (
    select generate_series(
             date_trunc('month', (p_ahora at time zone 'America/Bogota')) - interval '5 months',
             date_trunc('month', (p_ahora at time zone 'America/Bogota')),
             interval '1 month') as mes
  ), top as (
    select * from periodo order by progreso desc, total_servicios desc, created_at desc, id limit 10
  )
  select jsonb_build_object(
    'desde', p_desde,
    'hasta', p_hasta,
    'tarjetas', jsonb_build_object(
      'total_proyectos', (select count(*) from periodo),
      'proyectos_activos', (select count(*) from periodo where estado = 'activo'),
      'proyectos_completados', (select count(*) from periodo where estado = 'completado'),
      'total_servicios', (select count(*) from serv),
      'servicios_activos', (select count(*) from serv where estado = 'activo'),
      'progreso_promedio', coalesce((select round(avg(progreso))::integer from periodo), 0),
      'crecimiento_mensual', (select count(*) from todos where created_at >= p_ahora - interval '30 days'),
      'servicios_recientes', (select count(*) from serv where created_at >= p_ahora - interval '30 days')
    ),
    'estados_proyectos', (
      select jsonb_object_agg(e, (select count(*) from periodo where estado = e))
        from unnest(array['activo', 'inactivo', 'en_proceso', 'completado', 'cancelado', 'pausado']) as e),
    'servicios_por_estado', (
      select jsonb_object_agg(e, (select count(*) from serv where estado = e)) || '{"eliminados": 0}'::jsonb
        from unnest(array['activo', 'inactivo', 'en_proceso', 'completado', 'error']) as e),
    'servicios_por_categoria', coalesce((
      select jsonb_agg(jsonb_build_object('categoria', categoria, 'total', n) order by n desc, categoria)
        from (select coalesce(nullif(btrim(categoria), ''), 'Sin especificar') as categoria, count(*) as n from serv group by 1) x), '[]'::jsonb),
    'tendencia', (
      select jsonb_agg(jsonb_build_object(
               'mes', to_char(m.mes, 'YYYY-MM'),
               'proyectos', (select count(*) from public.proyectos p
                              where p.created_at >= (m.mes at time zone 'America/Bogota')
                                and p.created_at < ((m.mes + interval '1 month') at time zone 'America/Bogota')),
               'servicios', (select count(*) from public.servicios_instancias si
                              where si.created_at >= (m.mes at time zone 'America/Bogota')
                                and si.created_at < ((m.mes + interval '1 month') at time zone 'America/Bogota')))
             order by m.mes)
        from meses m),
    'top', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', t.id, 'nombre', t.nombre, 'estado', t.estado, 'progreso', t.progreso,
               'total_servicios', t.total_servicios, 'servicios_activos', t.servicios_activos,
               'servicios_completados', t.servicios_completados, 'dias_activo', t.dias_activo,
               'ultima_actividad', t.ultima_actividad)
             order by t.progreso desc, t.total_servicios desc, t.created_at desc, t.id)
        from top t), '[]'::jsonb),
    'alertas', jsonb_build_object(
      'proyectos_largos', (select count(*) from todos where estado = 'en_proceso' and created_at < p_ahora - interval '30 days'),
      'sin_nuevos', not exists (select 1 from todos where created_at >= p_ahora - interval '30 days'),
      'sin_servicios', (select count(*) from todos where total_servicios = 0),
      'servicios_error', (select count(*) from public.servicios_instancias where estado = 'error')
    )
  )
$$;

-- 'Actualizar' stores today's snapshot of every project (upsert on proyecto_id + fecha, merged into what
-- the day already holds). Returns the number of projects written.
create or replace function public.registrar_metricas_proyectos(p_ahora timestamptz default now()) returns integer
language plpgsql security invoker set search_path = public, pg_temp
as $$
declare
  v_n integer;
begin
  insert into public.metricas_proyectos as m (proyecto_id, fecha, metricas)
  select x.id, (p_ahora at time zone 'America/Bogota')::date,
         jsonb_build_object(
           'estado', x.estado, 'progreso', x.progreso, 'total_servicios', x.total_servicios,
           'servicios_activos', x.servicios_activos, 'servicios_completados', x.servicios_completados,
           'dias_activo', x.dias_activo, 'ultima_actividad', x.ultima_actividad)
    from public.metricas_por_proyecto(p_ahora) x
  on conflict (proyecto_id, fecha) do update set metricas = m.metricas || excluded.metricas;
  get diagnostics v_n = row_count;
  return v_n;
end
$$;

-- ===================================================================================================
-- Deleting a service from a project (part 2 §8), in one transaction: the instance goes; its bot company is
-- deactivated (status false) only when no other instance of the same type uses it; a calls campaign is
-- never deleted. Answers null when the instance does not exist.
create or replace function public.eliminar_servicio_instancia(p_id text) returns jsonb
language plpgsql security invoker set search_path = public, pg_temp
as $$
declare
  v public.servicios_instancias;
  v_uuid text;
  v_desactivada boolean := false;
begin
  select * into v from public.servicios_instancias where id = p_id for update;
  if not found then
    return null;
  end if;
  delete from public.servicios_instancias where id = p_id;
  v_uuid := nullif(v.configuracion ->> 'empresa_uuid', '');
  if v_uuid is not null and v.tipo_servicio in ('bot_wordpress', 'bot_shopify', 'bot_duda', 'whatsapp')
     and not exists (
       select 1 from public.servicios_instancias o
        where o.tipo_servicio = v.tipo_servicio and o.configuracion ->> 'empresa_uuid' = v_uuid) then
    if v.tipo_servicio = 'bot_wordpress' then
      update public.empresas_wordpress_bots set status = false where uuid::text = v_uuid;
    elsif v.tipo_servicio = 'bot_shopify' then
      update public.empresas_shopify_bots set status = false where uuid::text = v_uuid;
    elsif v.tipo_servicio = 'bot_duda' then
      update public.empresas_bot_duda set status = false where uuid::text = v_uuid;
    else
      update public.empresas_whatsapp set status = false where uuid::text = v_uuid;
    end if;
    v_desactivada := found;
  end if;
  return jsonb_build_object(
    'id', v.id, 'proyecto_id', v.proyecto_id, 'tipo_servicio', v.tipo_servicio, 'empresa_uuid', v_uuid,
    'empresa_desactivada', v_desactivada);
end
$$;

-- ===================================================================================================
-- Grants: the views and functions are for operators (RLS of the base tables still decides).
revoke all on public.empresas_vista, public.proyectos_vista, public.planes_vista, public.planes_empresas_vista from anon;
grant select on public.empresas_vista, public.proyectos_vista, public.planes_vista, public.planes_empresas_vista
  to authenticated, service_role;

revoke execute on function
  public.cifrar_contrasena_empresa(),
  public.sincronizar_servicios_proyecto(),
  public.progreso_estimado(text, bigint, numeric),
  public.peso_estado_servicio(text),
  public.reporte_proyecto(uuid, timestamptz),
  public.metricas_por_proyecto(timestamptz),
  public.metricas_dashboard(timestamptz, timestamptz, timestamptz),
  public.registrar_metricas_proyectos(timestamptz),
  public.eliminar_servicio_instancia(text)
from public, anon;

grant execute on function
  public.progreso_estimado(text, bigint, numeric),
  public.peso_estado_servicio(text),
  public.reporte_proyecto(uuid, timestamptz),
  public.metricas_por_proyecto(timestamptz),
  public.metricas_dashboard(timestamptz, timestamptz, timestamptz),
  public.registrar_metricas_proyectos(timestamptz),
  public.eliminar_servicio_instancia(text)
to authenticated, service_role;
