-- Data integrity of the bot companies, the service instances and the deletions (issue 12).
--
-- 1. A company's message table is either new (create_message_table creates it with the message shape) or an
--    existing table that already has that shape and is neither one of the console's own tables nor a system
--    name. The rule lives here, in one function, and is checked by a trigger on the table column of the four
--    bot-company tables and by create_message_table, so no path (api, seed, a manual insert, PostgREST)
--    registers 'clientes', 'planes' or 'pg_authid' as a chat table any more.
-- 2. A service instance whose provisioning failed is in estado 'error' until it is completed (a trigger reads
--    the provisioning state the api saves, so the metrics alert and the projects table see it).
-- 3. Deleting a service and deleting a project share one rule for the bot companies (deactivated only when no
--    other instance of the same type uses them): empresa_bot_sin_otro_uso. eliminar_proyecto deletes the
--    project's services through eliminar_servicio_instancia, and dependencias_eliminacion tells the confirm
--    dialog what depends on a plan, a client company or a project and what will happen to it.

-- ===================================================================================================
-- 1. The message-table rule.

-- Null when p_tabla may be a company's message table; otherwise the Spanish reason, for people.
create or replace function public.problema_tabla_mensajes(p_tabla text) returns text
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_rel oid;
  v_tipo "char";
begin
  if p_tabla is null or p_tabla !~ '^[a-z0-9_]{1,63}$' then
    return 'El nombre de la tabla solo puede contener letras, números y guiones bajos';
  end if;
  if p_tabla !~ '^[a-z]' then
    return 'El nombre de la tabla debe empezar con una letra';
  end if;
  -- System names: PostgreSQL reserves pg_*, and a name that exists in another schema (pg_catalog,
  -- information_schema, auth, storage…) would be read as that relation by an unqualified query.
  if p_tabla like 'pg\_%' or exists (
    select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relname = p_tabla and n.nspname <> 'public'
  ) then
    return format('El nombre %s está reservado por el sistema de base de datos: elige otro nombre para la tabla de mensajes', p_tabla);
  end if;
  if p_tabla = any (array[
    'perfiles', 'notificaciones_estado', 'operadores_autorizados', 'clientes', 'campanas', 'registro_escrito_llamada',
    'registro_audio_llamadas', 'configuracion_campana', 'intentos_llamada', 'llamadas_clientes_campana',
    'llamadas_resumen_horas', 'proyectos', 'servicios_instancias', 'servicios_disponibles', 'empresas', 'planes',
    'planes_empresas_wordpress', 'historial_estados', 'metricas_proyectos', 'empresas_wordpress_bots',
    'empresas_whatsapp', 'empresas_shopify_bots', 'empresas_bot_duda', 'agente_marketing',
    'mensajes_resumen_sesiones', 'mensajes_resumen_dias', 'portal_sesiones', 'portal_intentos'
  ]) then
    return format('La tabla %s es una tabla propia de la consola y no puede usarse como tabla de mensajes', p_tabla);
  end if;
  select c.oid, c.relkind into v_rel, v_tipo
    from pg_class c
   where c.relnamespace = 'public'::regnamespace and c.relname = p_tabla;
  if not found then
    return null; -- a new table: create_message_table gives it the message shape
  end if;
  -- An existing table must already be a message table: an ordinary table with the four columns of part 3 §3.
  if v_tipo <> 'r' or (
    select count(*) from pg_attribute a
     where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
       and ((a.attname = 'id' and a.atttypid in ('int4'::regtype, 'int8'::regtype))
         or (a.attname = 'session_id' and a.atttypid in ('varchar'::regtype, 'text'::regtype))
         or (a.attname = 'message' and a.atttypid = 'jsonb'::regtype)
         or (a.attname = 'created_at' and a.atttypid = 'timestamp'::regtype))
  ) <> 4 then
    return format('La tabla %s ya existe y no tiene la estructura de una tabla de mensajes (id, session_id, message, created_at): elige otro nombre', p_tabla);
  end if;
  return null;
end
$$;

-- For the api before it creates anything (a company registered before this rule, a flow about to be
-- created): raises the reason, answers true when the table is acceptable.
create or replace function public.verificar_tabla_mensajes(p_tabla text) returns boolean
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_problema text;
begin
  perform public.llamadas_exigir_operador();
  v_problema := public.problema_tabla_mensajes(p_tabla);
  if v_problema is not null then
    raise exception using errcode = 'P0001', message = v_problema;
  end if;
  return true;
end
$$;

-- The check on every write of a company's table name (insert, or an update that changes it).
create or replace function public.verificar_tabla_empresa_bot() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_problema text;
begin
  if tg_op = 'UPDATE' and new.table_supabase is not distinct from old.table_supabase then
    return new;
  end if;
  if new.table_supabase is null or new.table_supabase !~ '^[a-z0-9_]{1,63}$' then
    return new; -- the column's own check constraint refuses a malformed name (23514), as it always did
  end if;
  v_problema := public.problema_tabla_mensajes(new.table_supabase);
  if v_problema is not null then
    raise exception using errcode = 'P0001', message = v_problema;
  end if;
  return new;
end
$$;

create trigger empresas_wordpress_bots_tabla_mensajes before insert or update of table_supabase on public.empresas_wordpress_bots
  for each row execute function public.verificar_tabla_empresa_bot();
create trigger empresas_shopify_bots_tabla_mensajes before insert or update of table_supabase on public.empresas_shopify_bots
  for each row execute function public.verificar_tabla_empresa_bot();
create trigger empresas_bot_duda_tabla_mensajes before insert or update of table_supabase on public.empresas_bot_duda
  for each row execute function public.verificar_tabla_empresa_bot();
create trigger empresas_whatsapp_tabla_mensajes before insert or update of table_supabase on public.empresas_whatsapp
  for each row execute function public.verificar_tabla_empresa_bot();

-- create_message_table: the same strict name (a channel suffix), then the rule: an existing table without the
-- message shape is refused instead of being silently "created" by "if not exists".
create or replace function public.create_message_table(nombre text) returns text
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  -- Inside a security-definer function current_user is the owner; the "role" setting still tells who
  -- called (set role authenticated), and without one the session user is the caller.
  v_rol text := coalesce(nullif(current_setting('role', true), 'none'), session_user);
  v_indice text;
  v_secuencia text;
  v_problema text;
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

  v_problema := public.problema_tabla_mensajes(nombre);
  if v_problema is not null then
    raise exception using errcode = 'P0001', message = v_problema;
  end if;

  execute format(
    'create table if not exists public.%I (
       id serial primary key,
       session_id varchar(255) not null,
       message jsonb not null,
       created_at timestamp default public.ahora()
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
    execute format('revoke all on sequence %s from anon', v_secuencia);
    execute format('grant usage, select on sequence %s to authenticated, service_role', v_secuencia);
  end if;

  return nombre;
end
$$;

-- Whether a registered company's table holds any message (changing the table of such a company needs an
-- explicit confirmation). False when the table does not exist (yet).
create or replace function public.bots_tabla_tiene_mensajes(p_tabla text) returns boolean
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_rel regclass;
  v_hay boolean;
begin
  if not public.bots_puede_leer() then
    raise exception using errcode = '42501', message = 'No tienes permiso para leer los mensajes';
  end if;
  if p_tabla is null or p_tabla !~ '^[a-z0-9_]{1,63}$' or not exists (
    select 1 from public.empresas_wordpress_bots where table_supabase = p_tabla
    union all select 1 from public.empresas_shopify_bots where table_supabase = p_tabla
    union all select 1 from public.empresas_bot_duda where table_supabase = p_tabla
    union all select 1 from public.empresas_whatsapp where table_supabase = p_tabla
  ) then
    return false;
  end if;
  v_rel := to_regclass(format('public.%I', p_tabla));
  if v_rel is null then
    return false;
  end if;
  execute format('select exists (select 1 from %s)', v_rel) into v_hay;
  return v_hay;
end
$$;

-- ===================================================================================================
-- 2. A failed provisioning is an error state until it is completed.
create or replace function public.servicio_estado_por_aprovisionamiento() returns trigger
language plpgsql security invoker set search_path = public, pg_temp
as $$
declare
  v_antes text := case when tg_op = 'UPDATE' then old.configuracion ->> 'aprovisionamiento' end;
  v_ahora text := new.configuracion ->> 'aprovisionamiento';
begin
  if v_ahora = 'incompleto' and v_antes is distinct from 'incompleto' then
    new.estado := 'error';
  elsif v_ahora = 'completo' and v_antes is distinct from 'completo' and new.estado = 'error' then
    new.estado := 'activo';
  end if;
  return new;
end
$$;

create trigger servicios_instancias_estado_aprovisionamiento
  before insert or update of configuracion on public.servicios_instancias
  for each row execute function public.servicio_estado_por_aprovisionamiento();

-- Instances left incomplete before this migration are errors too.
update public.servicios_instancias
   set estado = 'error'
 where configuracion ->> 'aprovisionamiento' = 'incompleto' and estado = 'activo';

-- ===================================================================================================
-- 3. Deleting what is in use.

-- Every bot company of the four channels, with its channel and the service type that provisions it.
create view public.empresas_bot_todas with (security_invoker = true) as
select 'wordpress'::text as canal, 'bot_wordpress'::text as tipo_servicio, w.uuid::text as uuid, w.name, w.table_supabase,
       w.webhook_n8n, w.status, w.empresa_id
  from public.empresas_wordpress_bots w
union all
select 'shopify', 'bot_shopify', s.uuid::text, s.name, s.table_supabase, s.webhook_n8n, s.status, s.empresa_id
  from public.empresas_shopify_bots s
union all
select 'duda', 'bot_duda', d.uuid::text, d.name, d.table_supabase, d.webhook_n8n, d.status, d.empresa_id
  from public.empresas_bot_duda d
union all
select 'whatsapp', 'whatsapp', wa.uuid::text, wa.name, wa.table_supabase, wa.webhook_n8n, wa.status, wa.empresa_id
  from public.empresas_whatsapp wa
 where wa.uuid is not null;

revoke all on public.empresas_bot_todas from public, anon;
grant select on public.empresas_bot_todas to authenticated, service_role;

-- Part 2 §8: a bot company is deactivated only when no instance of the same type, other than the ones being
-- deleted (p_excluidas), uses it. The one place of this rule in SQL: deleting a service, deleting a project and
-- the confirm dialog of a project all ask here.
create or replace function public.empresa_bot_sin_otro_uso(p_tipo text, p_uuid text, p_excluidas text[]) returns boolean
language plpgsql stable security invoker set search_path = public, pg_temp
as $$
begin
  perform public.llamadas_exigir_operador();
  return p_uuid is not null
     and p_tipo in ('bot_wordpress', 'bot_shopify', 'bot_duda', 'whatsapp')
     and not exists (
       select 1 from public.servicios_instancias o
        where o.tipo_servicio = p_tipo
          and o.configuracion ->> 'empresa_uuid' = p_uuid
          and o.id <> all (coalesce(p_excluidas, '{}'::text[])));
end
$$;

-- Deleting a service from a project (part 2 §8), in one transaction: the instance goes; its bot company is
-- deactivated (status false) when the rule above says so; a calls campaign is never deleted. Answers null
-- when the instance does not exist.
create or replace function public.eliminar_servicio_instancia(p_id text) returns jsonb
language plpgsql security invoker set search_path = public, pg_temp
as $$
declare
  v public.servicios_instancias;
  v_uuid text;
  v_desactivada boolean := false;
begin
  perform public.llamadas_exigir_operador();
  select * into v from public.servicios_instancias where id = p_id for update;
  if not found then
    return null;
  end if;
  delete from public.servicios_instancias where id = p_id;
  v_uuid := nullif(v.configuracion ->> 'empresa_uuid', '');
  if public.empresa_bot_sin_otro_uso(v.tipo_servicio, v_uuid, array[v.id]) then
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

-- Deleting a project: each of its services as 'Eliminar servicio' deletes it (so the bot companies only this
-- project used are deactivated), then the project. Answers null when the project does not exist.
create or replace function public.eliminar_proyecto(p_id uuid) returns jsonb
language plpgsql security invoker set search_path = public, pg_temp
as $$
declare
  v_servicio record;
  v_r jsonb;
  v_desactivadas jsonb := '[]'::jsonb;
begin
  perform public.llamadas_exigir_operador();
  perform 1 from public.proyectos where id = p_id for update;
  if not found then
    return null;
  end if;
  for v_servicio in
    select s.id from public.servicios_instancias s where s.proyecto_id = p_id order by s.created_at, s.id
  loop
    v_r := public.eliminar_servicio_instancia(v_servicio.id);
    if coalesce((v_r ->> 'empresa_desactivada')::boolean, false) then
      v_desactivadas := v_desactivadas || jsonb_build_array(
        jsonb_build_object('tipo_servicio', v_r ->> 'tipo_servicio', 'empresa_uuid', v_r ->> 'empresa_uuid'));
    end if;
  end loop;
  delete from public.proyectos where id = p_id;
  return jsonb_build_object('id', p_id, 'empresas_desactivadas', v_desactivadas);
end
$$;

-- What depends on a plan, a client company or a project, for the confirm dialog. Null when it does not exist.
create or replace function public.dependencias_eliminacion(p_tipo text, p_id uuid) returns jsonb
language plpgsql stable security invoker set search_path = public, pg_temp
as $$
declare
  v jsonb;
begin
  perform public.llamadas_exigir_operador();
  if p_tipo = 'plan' then
    select jsonb_build_object(
             'tipo', 'plan',
             'nombre', pl.title,
             'proyectos', coalesce((
               select jsonb_agg(jsonb_build_object('id', p.id, 'nombre', p.nombre) order by lower(p.nombre), p.id)
                 from public.proyectos p where p.plan_id = pl.id), '[]'::jsonb),
             'empresas_wordpress', coalesce((
               select jsonb_agg(jsonb_build_object('uuid', w.uuid, 'name', w.name, 'table_supabase', w.table_supabase)
                                order by lower(w.name), w.uuid)
                 from public.planes_empresas_wordpress l
                 join public.empresas_wordpress_bots w on w.uuid = l.empresa_wordpress_uuid
                where l.plan_id = pl.id), '[]'::jsonb))
      into v
      from public.planes pl where pl.id = p_id;
  elsif p_tipo = 'empresa' then
    select jsonb_build_object(
             'tipo', 'empresa',
             'nombre', e.nombre,
             'portal', e.usuario_cliente is not null and e.contrasena_cliente is not null,
             'proyectos', coalesce((
               select jsonb_agg(jsonb_build_object('id', p.id, 'nombre', p.nombre) order by lower(p.nombre), p.id)
                 from public.proyectos p where p.empresa_id = e.id), '[]'::jsonb),
             'empresas_bot', coalesce((
               select jsonb_agg(jsonb_build_object(
                        'canal', b.canal, 'uuid', b.uuid, 'name', b.name, 'table_supabase', b.table_supabase,
                        'status', b.status, 'webhook', b.webhook_n8n is not null, 'desactivar', false)
                      order by b.canal, lower(b.name), b.uuid)
                 from public.empresas_bot_todas b where b.empresa_id = e.id), '[]'::jsonb))
      into v
      from public.empresas e where e.id = p_id;
  elsif p_tipo = 'proyecto' then
    with servicios as (
      select s.id, s.nombre_instancia, s.tipo_servicio, s.configuracion, s.created_at
        from public.servicios_instancias s where s.proyecto_id = p_id
    ), ids as (
      select coalesce(array_agg(id), '{}'::text[]) as todas from servicios
    )
    select jsonb_build_object(
             'tipo', 'proyecto',
             'nombre', p.nombre,
             'servicios', coalesce((
               select jsonb_agg(jsonb_build_object('id', s.id, 'nombre_instancia', s.nombre_instancia, 'tipo_servicio', s.tipo_servicio)
                                order by s.created_at, s.id)
                 from servicios s), '[]'::jsonb),
             'empresas_bot', coalesce((
               select jsonb_agg(jsonb_build_object(
                        'canal', b.canal, 'uuid', b.uuid, 'name', b.name, 'table_supabase', b.table_supabase,
                        'status', b.status, 'webhook', b.webhook_n8n is not null,
                        'desactivar', public.empresa_bot_sin_otro_uso(b.tipo_servicio, b.uuid, (select todas from ids)))
                      order by b.canal, lower(b.name), b.uuid)
                 from public.empresas_bot_todas b
                where exists (select 1 from servicios s
                               where s.tipo_servicio = b.tipo_servicio and s.configuracion ->> 'empresa_uuid' = b.uuid)), '[]'::jsonb),
             'campanas', coalesce((
               select jsonb_agg(jsonb_build_object('id', c.id, 'nombre', c.nombre) order by lower(c.nombre), c.id)
                 from public.campanas c
                where exists (select 1 from servicios s
                               where s.tipo_servicio = 'llamadas' and s.configuracion ->> 'campana_id' = c.id::text)), '[]'::jsonb))
      into v
      from public.proyectos p where p.id = p_id;
  else
    raise exception using errcode = '22023', message = 'Tipo de registro desconocido';
  end if;
  return v;
end
$$;

-- ===================================================================================================
-- EXECUTE: the api-facing functions check their caller (llamadas_exigir_operador / bots_puede_leer /
-- es_operador); the rule itself and the trigger functions are for the owner only.
revoke execute on function
  public.problema_tabla_mensajes(text),
  public.verificar_tabla_empresa_bot(),
  public.servicio_estado_por_aprovisionamiento(),
  public.verificar_tabla_mensajes(text),
  public.bots_tabla_tiene_mensajes(text),
  public.empresa_bot_sin_otro_uso(text, text, text[]),
  public.eliminar_servicio_instancia(text),
  public.eliminar_proyecto(uuid),
  public.dependencias_eliminacion(text, uuid),
  public.create_message_table(text)
from public, anon, authenticated;

grant execute on function
  public.verificar_tabla_mensajes(text),
  public.bots_tabla_tiene_mensajes(text),
  public.empresa_bot_sin_otro_uso(text, text, text[]),
  public.eliminar_servicio_instancia(text),
  public.eliminar_proyecto(uuid),
  public.dependencias_eliminacion(text, uuid),
  public.create_message_table(text)
to authenticated, service_role;

grant execute on function
  public.problema_tabla_mensajes(text),
  public.verificar_tabla_empresa_bot(),
  public.servicio_estado_por_aprovisionamiento()
to service_role;
