-- Functions and views the screens use: status history, minute consumption, notifications, global search
-- and the creation of per-company message tables (replaces the original exec_sql).

-- ===================================================================================================
-- Status history: every estado change of a project (and of a service instance) is recorded.
create or replace function public.registrar_cambio_estado() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_tipo text := tg_argv[0];
begin
  if tg_op = 'INSERT' then
    insert into public.historial_estados (entidad_tipo, entidad_id, estado_anterior, estado_nuevo, usuario_id)
    values (v_tipo, new.id::text, null, new.estado, auth.uid());
  elsif new.estado is distinct from old.estado then
    insert into public.historial_estados (entidad_tipo, entidad_id, estado_anterior, estado_nuevo, usuario_id)
    values (v_tipo, new.id::text, old.estado, new.estado, auth.uid());
  end if;
  return new;
end
$$;

create trigger proyectos_historial_estados
  after insert or update of estado on public.proyectos
  for each row execute function public.registrar_cambio_estado('proyecto');

create trigger servicios_instancias_historial_estados
  after insert or update of estado on public.servicios_instancias
  for each row execute function public.registrar_cambio_estado('servicio');

-- ===================================================================================================
-- Minutes consumed per campaign against its cap (part 1 §4, §9).
create view public.consumo_campanas with (security_invoker = true) as
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
select campana_id, nombre, minutos, segundos, minutos_consumidos, costo_total,
       case
         when minutos > 0 and minutos_consumidos >= minutos then 'excedido'
         when minutos > 0 and minutos_consumidos >= 0.8 * minutos then 'cerca'
         else 'ok'
       end::text as estado_tope
from base;

-- ===================================================================================================
-- Notifications derived from the data; the read/deleted state is kept per operator.
create table public.notificaciones_estado (
  operador_id uuid not null default auth.uid() references public.perfiles (id) on delete cascade,
  clave text not null check (btrim(clave) <> ''),
  leida boolean not null default false,
  eliminada boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (operador_id, clave)
);
create trigger notificaciones_estado_updated_at before update on public.notificaciones_estado
  for each row execute function public.set_updated_at();

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
    select 'llamadas_fallidas:' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD'),
           'llamadas_fallidas',
           null::text,
           'Llamadas fallidas',
           jsonb_build_object('cantidad', f.cantidad),
           f.ultima
    from (
      select count(*) as cantidad, max(r.created_at) as ultima
      from public.registro_escrito_llamada r
      where r.created_at >= now() - interval '24 hours'
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

-- ===================================================================================================
-- Global search (part 1 §2.4, §5, §9): case-insensitive substring, q's % and _ taken literally.
create or replace function public.patron_busqueda(q text) returns text
language sql immutable set search_path = public, pg_temp
as $$
  select '%' || replace(replace(replace(btrim(coalesce(q, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

-- The global search must use the trigram indexes. Under row-level security PostgreSQL cannot use an index
-- for a non-leakproof operator such as ILIKE (the policy has to be checked first), so as security-invoker
-- functions the searches were sequential scans (~1 s on 200 000 calls). They now run as the owner and make
-- the access decision themselves: an operator, or a privileged caller (the owner, a superuser, a role that
-- bypasses RLS such as service_role). Anyone else gets no rows, exactly as the policies would answer.

-- True when whoever called into the current security-definer function is privileged. Inside such a function
-- current_user is the owner; the "role" setting still holds the caller's SET ROLE, else the session user.
create or replace function public.llamador_privilegiado() returns boolean
language sql stable security definer set search_path = pg_catalog, pg_temp
as $$
  select coalesce((
    select r.rolname = current_user or r.rolsuper or r.rolbypassrls
      from pg_roles r
     where r.rolname = coalesce(nullif(current_setting('role', true), 'none'), session_user)
  ), false)
$$;
revoke execute on function public.llamador_privilegiado() from public, anon;

create or replace function public.buscar_clientes(q text, limite integer default 5)
returns table (id bigint, nombre text, apellido text, email text, telefono text, empresa text, campana_id bigint)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_patron text := public.patron_busqueda(q);
begin
  if btrim(coalesce(q, '')) = '' or not (public.es_operador() or public.llamador_privilegiado()) then
    return;
  end if;
  return query
    select c.id, c.nombre, c.apellido, c.email, c.telefono, c.empresa, c.campana_id
    from public.clientes c
    where c.nombre ilike v_patron or c.telefono ilike v_patron or c.email ilike v_patron
    order by lower(c.nombre), c.nombre, lower(c.apellido), c.id
    limit least(greatest(coalesce(limite, 5), 0), 100);
end
$$;

create or replace function public.buscar_campanas(q text, limite integer default 3)
returns table (id bigint, nombre text, minutos integer, created_at timestamptz)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_patron text := public.patron_busqueda(q);
begin
  if btrim(coalesce(q, '')) = '' or not (public.es_operador() or public.llamador_privilegiado()) then
    return;
  end if;
  return query
    select c.id, c.nombre, c.minutos, c.created_at
    from public.campanas c
    where c.nombre ilike v_patron
    order by lower(c.nombre), c.nombre, c.id
    limit least(greatest(coalesce(limite, 3), 0), 100);
end
$$;

create or replace function public.buscar_llamadas(q text, limite integer default 5)
returns table (id bigint, phone text, conversation_id text, status text, campana bigint, created_at timestamptz)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_patron text := public.patron_busqueda(q);
begin
  if btrim(coalesce(q, '')) = '' or not (public.es_operador() or public.llamador_privilegiado()) then
    return;
  end if;
  return query
    select r.id, r.phone, r.conversation_id, r.status, r.campana, r.created_at
    from public.registro_escrito_llamada r
    where r.phone ilike v_patron or r.conversation_id ilike v_patron or r.status ilike v_patron
    order by r.created_at desc nulls last, r.id desc
    limit least(greatest(coalesce(limite, 5), 0), 100);
end
$$;

-- ===================================================================================================
-- Per-company message tables (replaces exec_sql). Strict name, quoted with %I, idempotent.
create or replace function public.create_message_table(nombre text) returns text
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  -- Inside a security-definer function current_user is the owner; the "role" setting still tells who
  -- called (set role authenticated), and without one the session user is the caller.
  v_rol text := coalesce(nullif(current_setting('role', true), 'none'), session_user);
  v_indice text;
  v_secuencia text;
begin
  if not (
    public.es_operador()
    or v_rol = current_user
    or exists (select 1 from pg_roles where rolname = v_rol and (rolsuper or rolbypassrls))
  ) then
    raise exception using errcode = '42501', message = 'Solo un operador puede crear tablas de mensajes';
  end if;

  if nombre is null
     or nombre !~ '^[a-z][a-z0-9_]{0,62}$'
     or nombre !~ '_(registro_bot_wordpress|registro_whatsapp|registro_bot_shopify|registro_bot_duda)$' then
    raise exception using errcode = '22023',
      message = 'El nombre de la tabla solo puede contener letras, números y guiones bajos';
  end if;

  execute format(
    'create table if not exists public.%I (
       id serial primary key,
       session_id varchar(255) not null,
       message jsonb not null,
       created_at timestamp default now()
     )', nombre);

  v_indice := left(nombre, 40) || '_' || left(md5(nombre), 8) || '_sesion_idx';
  execute format('create index if not exists %I on public.%I (session_id, created_at)', v_indice, nombre);

  execute format('alter table public.%I enable row level security', nombre);
  execute format('drop policy if exists operadores on public.%I', nombre);
  execute format(
    'create policy operadores on public.%I for all to authenticated
       using ((select public.es_operador())) with check ((select public.es_operador()))', nombre);

  execute format('revoke all on public.%I from anon', nombre);
  execute format('grant select, insert, update, delete on public.%I to authenticated', nombre);
  execute format('grant all on public.%I to service_role', nombre);
  v_secuencia := pg_get_serial_sequence(format('public.%I', nombre), 'id');
  if v_secuencia is not null then
    execute format('grant usage, select on sequence %s to authenticated, service_role', v_secuencia);
  end if;

  return nombre;
end
$$;
