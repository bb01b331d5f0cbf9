-- Adopting a project that already runs the ORIGINAL system, second half (issue 14, part 1;
-- docs/ADOPTAR-PROYECTO.md). 20261121000000_adopcion_apartar.sql moved the original tables into the schema
-- `adopcion` before our schema was built; here, when that schema is there, their rows come back into our
-- tables, converted, in one transaction:
--
--  * ids are kept (identity columns: OVERRIDING SYSTEM VALUE, then each sequence moves past the copied ids);
--    uuid ids that were not uuids in the original (historial_estados, metricas_proyectos) get new ones;
--  * values are read as text and converted leniently: numbers, dates (a timestamp without a zone is UTC, the
--    project's zone), booleans, uuids; what cannot be converted becomes null, or the column's default where
--    the column is required (an empty name gets a descriptive one);
--  * calls keep status AND resultado as they were; a transcript that is not JSON is kept as a JSON string
--    with its original text (the screens show it as they show any unreadable transcript); a call whose
--    campaign no longer exists keeps its row with campana null; a conversation_id written twice keeps its
--    first row as is and the later ones as '<id> (duplicado <row id>)' (the column is unique here);
--  * clients: required columns null → ''; a client without (an existing) campaign goes to one campaign
--    created for them, 'Clientes sin campaña (adopción)'; a second client with the same campaign, e-mail and
--    phone (unique here: the spec's duplicate rule) keeps its row with '(duplicado <id>)' after the e-mail;
--  * client companies: the plain-text portal passwords are hashed with bcrypt by the trigger every write of
--    empresas goes through (20261123000100_gestion), so the portal login works with the old password and no
--    plain password is left; a portal user name repeated by the original's generator gets '_2', '_3'…;
--  * projects: the original kept a project's instances in its JSON text; instances found there and not in
--    the servicios_instancias table are added to the table (the table is what our screens read), and the
--    text is then rewritten from the table as our trigger keeps it (a text that is not JSON stays as it was);
--    no status-history row is invented for the copied rows;
--  * the message tables of the bot companies stay where they are: message becomes jsonb (a plain JSON string
--    stays a string: the screens show it as the AI's text), created_at stays a timestamp without a zone, and
--    they get the policy and grants create_message_table gives, and the summaries and indexes our reads use;
--  * then every table's count is compared with the original's (plus the added campaign and the recovered
--    instances): any difference, a password left in clear or exec_sql still there raises an exception and
--    the whole file rolls back, with the original rows still in `adopcion` (fix them there and push again);
--  * finally the original tables and the schema `adopcion` are dropped.
--
-- Without the schema `adopcion` (an empty project, an install of this product, an adoption already done)
-- nothing but the two function definitions below changes.
--
-- Supabase Auth users of the original system get NO operator profile: they become operators when an
-- administrator adds them. The first administrator of an adopted project is designated by the project
-- owner in the SQL editor with public.designar_administrador('e-mail') (not executable by anon or
-- authenticated). Until then, the "first user becomes administrator" rule of crear_perfil_operador must not
-- hand the project to whoever signs up first: a profile created as administrator while there is no profile
-- yet but other auth users exist is created only by a privileged caller (trigger below).

-- ===================================================================================================
-- The first administrator of a project whose auth users predate this product.

create or replace function public.designar_administrador(p_email text) returns uuid
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_usuario auth.users%rowtype;
begin
  -- Also refused by the grants; this says why to a privileged role that is not the owner (e.g. a copy).
  if not public.llamador_privilegiado() then
    raise exception using errcode = '42501', message = 'Solo quien administra el proyecto puede designar administradores';
  end if;
  select * into v_usuario from auth.users u where lower(u.email) = v_email order by u.created_at limit 1;
  if v_usuario.id is null then
    raise exception using errcode = 'P0001',
      message = format('No hay ningún usuario de Supabase Auth con el correo %s', v_email),
      hint = 'Créalo o invítalo en Authentication → Users y vuelve a ejecutar esta función.';
  end if;
  insert into public.perfiles (id, nombre, email, es_admin)
  values (
    v_usuario.id,
    coalesce(nullif(btrim(v_usuario.raw_user_meta_data ->> 'full_name'), ''), nullif(split_part(v_usuario.email, '@', 1), ''), 'Usuario'),
    v_usuario.email,
    true)
  on conflict (id) do update set es_admin = true;
  return v_usuario.id;
end
$$;

-- The "first user" of crear_perfil_operador is the first auth user of a new project. In a project whose
-- auth users existed before (an adopted one) nobody is first by signing up.
create or replace function public.perfiles_primer_administrador() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  if new.es_admin
     and not exists (select 1 from public.perfiles)
     and exists (select 1 from auth.users u where u.id <> new.id)
     and not public.llamador_privilegiado() then
    return null; -- no profile: the user exists and sees nothing, like any other sign-up
  end if;
  return new;
end
$$;

drop trigger if exists perfiles_primer_administrador on public.perfiles;
create trigger perfiles_primer_administrador before insert on public.perfiles
  for each row execute function public.perfiles_primer_administrador();

revoke execute on function public.designar_administrador(text), public.perfiles_primer_administrador()
  from public, anon, authenticated;
grant execute on function public.designar_administrador(text), public.perfiles_primer_administrador() to service_role;

-- ===================================================================================================
-- Conversions (temporary functions: they exist for this session only). Each takes the text of a value.

create or replace function pg_temp.adopcion_entero(t text) returns bigint
language sql immutable
as $$
  select case when t ~ '^\s*[-+]?[0-9]{1,18}(\.[0-9]*)?\s*$' then round(btrim(t)::numeric)::bigint end
$$;

create or replace function pg_temp.adopcion_numero(t text) returns numeric
language sql immutable
as $$
  select case when t ~ '^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]{1,3})?\s*$' then btrim(t)::numeric end
$$;

create or replace function pg_temp.adopcion_uuid(t text) returns uuid
language sql immutable
as $$
  select case when btrim(t) ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' then btrim(t)::uuid end
$$;

create or replace function pg_temp.adopcion_booleano(t text) returns boolean
language sql immutable
as $$
  select case
    when lower(btrim(t)) in ('true', 't', '1', 'yes', 'y', 'si', 'sí', 'on') then true
    when lower(btrim(t)) in ('false', 'f', '0', 'no', 'n', 'off') then false
  end
$$;

-- Any date or timestamp text; one without a zone is UTC (the session's zone is set to UTC below).
create or replace function pg_temp.adopcion_instante(t text) returns timestamptz
language plpgsql stable
as $$
begin
  return nullif(btrim(t), '')::timestamptz;
exception when others then
  return null;
end
$$;

create or replace function pg_temp.adopcion_dia(t text) returns date
language plpgsql stable
as $$
begin
  return nullif(btrim(t), '')::date;
exception when others then
  return (pg_temp.adopcion_instante(t) at time zone 'America/Bogota')::date;
end
$$;

-- JSON text → jsonb; text that is not JSON → the same text as a JSON string (nothing unreadable is lost).
create or replace function pg_temp.adopcion_json(t text) returns jsonb
language plpgsql immutable
as $$
begin
  if t is null then
    return null;
  end if;
  if left(ltrim(t), 1) not in ('{', '[', '"') and btrim(t) !~ '^(-?[0-9]|true$|false$|null$)' then
    return to_jsonb(t);
  end if;
  return t::jsonb;
exception when others then
  return to_jsonb(t);
end
$$;

-- Moves the identity sequence of public.<p_tabla>.id past the copied ids and past every id the original
-- sequence already handed out (a deleted row's id may still be named somewhere, e.g. in n8n's logs).
create or replace function pg_temp.adopcion_secuencia(p_tabla text) returns void
language plpgsql
as $$
declare
  v_original text := case when to_regclass(format('adopcion.%I', p_tabla)) is not null
                          then pg_get_serial_sequence(format('adopcion.%I', p_tabla), 'id') end;
  v_ultimo bigint := 0;
  v_maximo bigint;
begin
  if v_original is not null then
    execute format('select case when is_called then last_value else last_value - 1 end from %s', v_original) into v_ultimo;
  end if;
  execute format('select max(id) from public.%I', p_tabla) into v_maximo;
  perform setval(pg_get_serial_sequence(format('public.%I', p_tabla), 'id'), greatest(coalesce(v_maximo, 0), v_ultimo, 0) + 1, false);
end
$$;

-- Every column an adopted table may have, as text (null when the original table lacks it): the copies below
-- read these views, so a missing column or another type in the original changes nothing in them.
create or replace function pg_temp.adopcion_vista(p_tabla text, p_columnas text[]) returns void
language plpgsql
as $$
declare
  v_rel regclass := to_regclass(format('adopcion.%I', p_tabla));
  v_lista text;
begin
  select string_agg(
           case when exists (select 1 from pg_attribute a
                              where a.attrelid = v_rel and a.attname = c and a.attnum > 0 and not a.attisdropped)
                then format('o.%I::text as %I', c, c)
                else format('null::text as %I', c) end,
           ', ' order by n)
    into v_lista
    from unnest(p_columnas) with ordinality as x(c, n);
  if v_rel is null then
    execute format('create temp view %I as select %s from (select 1) o where false', 'o_' || p_tabla, v_lista);
  else
    execute format('create temp view %I as select %s from adopcion.%I o', 'o_' || p_tabla, v_lista, p_tabla);
  end if;
end
$$;

-- ===================================================================================================
do $$
declare
  c_tablas constant text[] := array[
    'campanas', 'clientes', 'registro_escrito_llamada', 'registro_audio_llamadas', 'configuracion_campana',
    'empresas', 'planes', 'servicios_disponibles', 'proyectos', 'servicios_instancias', 'historial_estados',
    'metricas_proyectos', 'empresas_wordpress_bots', 'empresas_shopify_bots', 'empresas_bot_duda',
    'empresas_whatsapp', 'planes_empresas_wordpress', 'agente_marketing'];
  c_bcrypt constant text := '^\$2[abxy]\$[0-9]{2}\$[./A-Za-z0-9]{53}$';
  c_iconos constant text[] := array[
    'shopping_cart', 'store', 'wordpress', 'chat_bubble', 'phone', 'whatsapp', 'settings', 'integration',
    'analytics', 'campaign', 'support', 'automation', 'webhook', 'database', 'api', 'cloud', 'mobile',
    'desktop', 'security', 'payment'];
  c_categorias constant text[] := array[
    'E-commerce', 'Atención al Cliente', 'Comunicación', 'Marketing', 'Analytics', 'Integración',
    'Automatización', 'Soporte Técnico'];
  c_estados_proyecto constant text[] := array['activo', 'inactivo', 'en_proceso', 'completado', 'cancelado', 'pausado'];
  c_estados_servicio constant text[] := array['activo', 'inactivo', 'en_proceso', 'completado', 'mantenimiento', 'error'];
  v_originales jsonb := '{}'::jsonb;
  v_n bigint;
  v_m bigint;
  v_tabla text;
  v_sin_campana bigint;
  v_campanas_extra integer := 0;
  v_recuperadas bigint := 0;
  v_sin_proyecto bigint;
  v_mensajes text[];
  v_mensajes_antes jsonb := '{}'::jsonb;
  v_tipo text;
  v_secuencia text;
  v_apagados text[] := '{}';
  v_sentencia text;
  v_trigger record;
  v_restriccion record;
  v_diferencias text[] := '{}';
  v_sobrantes text;
begin
  if to_regnamespace('adopcion') is null
     or coalesce(obj_description(to_regnamespace('adopcion'), 'pg_namespace'), '') not like 'Consola de Automatización:%' then
    return; -- nothing was set aside: an empty project, an install of this product, or an adoption already done
  end if;

  perform set_config('TimeZone', 'UTC', true);
  perform set_config('DateStyle', 'ISO, YMD', true);

  foreach v_tabla in array c_tablas loop
    if to_regclass(format('adopcion.%I', v_tabla)) is not null then
      execute format('select count(*) from adopcion.%I', v_tabla) into v_n;
    else
      v_n := 0;
    end if;
    v_originales := v_originales || jsonb_build_object(v_tabla, v_n);
  end loop;

  perform pg_temp.adopcion_vista('campanas', array['id', 'nombre', 'minutos', 'created_at']);
  perform pg_temp.adopcion_vista('clientes', array['id', 'nombre', 'apellido', 'email', 'telefono', 'empresa', 'cargo', 'campana_id', 'created_at']);
  perform pg_temp.adopcion_vista('registro_escrito_llamada', array['id', 'created_at', 'agent_id', 'phone', 'campana', 'conversation_id',
    'status', 'resultado', 'summary', 'costo', 'duration_call_seg', 'transcript']);
  perform pg_temp.adopcion_vista('registro_audio_llamadas', array['conversation_id', 'audio', 'created_at']);
  perform pg_temp.adopcion_vista('configuracion_campana', array['id', 'campana_id', 'agentid', 'agentphonenumberid', 'prompt', 'created_at', 'updated_at']);
  perform pg_temp.adopcion_vista('empresas', array['id', 'nombre', 'descripcion', 'ruc', 'direccion', 'telefono', 'email', 'website',
    'logo_url', 'activo', 'usuario_cliente', 'contrasena_cliente', 'created_at']);
  perform pg_temp.adopcion_vista('planes', array['id', 'title', 'description', 'cost', 'created_at']);
  perform pg_temp.adopcion_vista('servicios_disponibles', array['id', 'nombre', 'descripcion', 'tipo', 'icono', 'permite_multiple', 'activo',
    'categoria', 'configuracion_default', 'created_at']);
  perform pg_temp.adopcion_vista('proyectos', array['id', 'nombre', 'descripcion', 'plan_id', 'empresa_id', 'servicios_instancias', 'estado',
    'fecha_inicio', 'fecha_fin', 'created_at', 'updated_at']);
  perform pg_temp.adopcion_vista('servicios_instancias', array['id', 'proyecto_id', 'empresa_id', 'tipo_servicio', 'nombre_instancia',
    'estado', 'categoria', 'configuracion', 'created_at', 'updated_at']);
  perform pg_temp.adopcion_vista('historial_estados', array['id', 'entidad_tipo', 'entidad_id', 'estado_anterior', 'estado_nuevo', 'usuario_id', 'created_at']);
  perform pg_temp.adopcion_vista('metricas_proyectos', array['id', 'proyecto_id', 'fecha', 'metricas', 'created_at']);
  perform pg_temp.adopcion_vista('empresas_wordpress_bots', array['uuid', 'name', 'table_supabase', 'webhook_n8n', 'status', 'empresa_id', 'created_at']);
  perform pg_temp.adopcion_vista('empresas_shopify_bots', array['uuid', 'name', 'table_supabase', 'webhook_n8n', 'shop_domain', 'status', 'empresa_id', 'created_at']);
  perform pg_temp.adopcion_vista('empresas_bot_duda', array['uuid', 'name', 'table_supabase', 'webhook_n8n', 'status', 'empresa_id', 'created_at']);
  perform pg_temp.adopcion_vista('empresas_whatsapp', array['id', 'uuid', 'name', 'table_supabase', 'webhook_n8n', 'numero_telefono', 'status',
    'empresa_id', 'created_at']);
  perform pg_temp.adopcion_vista('planes_empresas_wordpress', array['id', 'plan_id', 'empresa_wordpress_uuid', 'created_at']);
  perform pg_temp.adopcion_vista('agente_marketing', array['id', 'created_at', 'nombre_archivo_url', 'nombre_persona', 'dominio_extraido',
    'contenido', 'archivo_storage_path', 'archivo_original_name']);

  -- What this file cannot decide for the owner stops it here, with a message saying what to fix.
  select count(*) into v_sin_proyecto
    from pg_temp.o_servicios_instancias o
   where not exists (select 1 from pg_temp.o_proyectos p where pg_temp.adopcion_uuid(p.id) = pg_temp.adopcion_uuid(o.proyecto_id));
  if v_sin_proyecto > 0 then
    raise exception using errcode = 'P0001',
      message = format('%s instancias de adopcion.servicios_instancias no pertenecen a ningún proyecto', v_sin_proyecto),
      hint = 'Asígnales un proyecto (proyecto_id) o bórralas en el esquema adopcion y vuelve a ejecutar supabase db push.';
  end if;

  -- The copies are not status changes and must not rewrite the projects' JSON text row by row: these
  -- triggers stay off until the rows are in (the counting and password triggers stay on).
  for v_trigger in
    select t.tgrelid::regclass as tabla, t.tgname
      from pg_trigger t
     where t.tgrelid in ('public.proyectos'::regclass, 'public.servicios_instancias'::regclass)
       and t.tgname in ('proyectos_historial_estados', 'servicios_instancias_historial_estados', 'servicios_instancias_espejo_proyecto')
       and t.tgenabled = 'O'
  loop
    execute format('alter table %s disable trigger %I', v_trigger.tabla, v_trigger.tgname);
    v_apagados := v_apagados || format('alter table %s enable trigger %I', v_trigger.tabla, v_trigger.tgname);
  end loop;

  -- ---------------------------------------------------------------------------------------------------
  -- Part 1: campaigns, clients, calls, audio, call configuration.
  insert into public.campanas (id, nombre, minutos, created_at) overriding system value
  select pg_temp.adopcion_entero(o.id),
         coalesce(nullif(btrim(o.nombre), ''), 'Campaña ' || btrim(o.id)),
         greatest(coalesce(pg_temp.adopcion_entero(o.minutos), 0), 0),
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_campanas o;
  perform pg_temp.adopcion_secuencia('campanas');

  if exists (select 1 from pg_temp.o_clientes o
              where not exists (select 1 from public.campanas k where k.id = pg_temp.adopcion_entero(o.campana_id))) then
    insert into public.campanas (nombre, minutos) values ('Clientes sin campaña (adopción)', 0) returning id into v_sin_campana;
    v_campanas_extra := 1;
  end if;

  insert into public.clientes (id, nombre, apellido, email, telefono, empresa, cargo, campana_id, created_at) overriding system value
  select x.id, x.nombre, x.apellido,
         case when x.repeticion > 1 then x.email || ' (duplicado ' || x.id || ')' else x.email end,
         x.telefono, x.empresa, x.cargo, x.campana_id, x.created_at
    from (
      select y.*, row_number() over (partition by y.campana_id, y.email, y.telefono order by y.id) as repeticion
        from (
          select pg_temp.adopcion_entero(o.id) as id, coalesce(o.nombre, '') as nombre, coalesce(o.apellido, '') as apellido,
                 coalesce(o.email, '') as email, coalesce(o.telefono, '') as telefono, o.empresa, o.cargo,
                 coalesce((select k.id from public.campanas k
                            where k.id = pg_temp.adopcion_entero(o.campana_id) and k.id is distinct from v_sin_campana), v_sin_campana) as campana_id,
                 coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora()) as created_at
            from pg_temp.o_clientes o) y) x;
  perform pg_temp.adopcion_secuencia('clientes');

  insert into public.registro_escrito_llamada
    (id, created_at, agent_id, phone, campana, conversation_id, status, resultado, summary, costo, duration_call_seg, transcript)
    overriding system value
  select x.id, x.created_at, x.agent_id, x.phone, x.campana,
         case when x.repeticion > 1 then x.conversation_id || ' (duplicado ' || x.id || ')' else x.conversation_id end,
         x.status, x.resultado, x.summary, x.costo, x.duracion, x.transcript
    from (
      select y.*, row_number() over (partition by y.conversation_id order by y.id) as repeticion
        from (
          select pg_temp.adopcion_entero(o.id) as id, pg_temp.adopcion_instante(o.created_at) as created_at, o.agent_id, o.phone,
                 (select k.id from public.campanas k
                   where k.id = pg_temp.adopcion_entero(o.campana) and k.id is distinct from v_sin_campana) as campana,
                 o.conversation_id, o.status, o.resultado, o.summary,
                 pg_temp.adopcion_numero(o.costo)::numeric(12, 4) as costo,
                 case when pg_temp.adopcion_entero(o.duration_call_seg) between 0 and 2147483647
                      then pg_temp.adopcion_entero(o.duration_call_seg)::integer end as duracion,
                 pg_temp.adopcion_json(o.transcript) as transcript
            from pg_temp.o_registro_escrito_llamada o) y) x;
  perform pg_temp.adopcion_secuencia('registro_escrito_llamada');

  insert into public.registro_audio_llamadas (conversation_id, audio, created_at)
  select o.conversation_id, coalesce(o.audio, ''), coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_registro_audio_llamadas o;

  insert into public.configuracion_campana (id, campana_id, agentid, agentphonenumberid, prompt, created_at, updated_at) overriding system value
  select pg_temp.adopcion_entero(o.id), pg_temp.adopcion_entero(o.campana_id), o.agentid, o.agentphonenumberid, o.prompt,
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora()),
         coalesce(pg_temp.adopcion_instante(o.updated_at), pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_configuracion_campana o;
  perform pg_temp.adopcion_secuencia('configuracion_campana');

  -- ---------------------------------------------------------------------------------------------------
  -- Part 2: companies (the insert trigger hashes the plain passwords), plans, catalogue, projects.
  insert into public.empresas (id, nombre, descripcion, ruc, direccion, telefono, email, website, logo_url, activo,
                               usuario_cliente, contrasena_cliente, created_at)
  select x.id, x.nombre, x.descripcion, x.ruc, x.direccion, x.telefono, x.email, x.website, x.logo_url, x.activo,
         case when x.repeticion > 1 then x.usuario || '_' || x.repeticion else x.usuario end,
         x.contrasena, x.created_at
    from (
      select pg_temp.adopcion_uuid(o.id) as id, coalesce(nullif(btrim(o.nombre), ''), 'Empresa sin nombre') as nombre,
             o.descripcion, o.ruc, o.direccion, o.telefono, o.email, o.website, o.logo_url,
             coalesce(pg_temp.adopcion_booleano(o.activo), true) as activo,
             nullif(btrim(o.usuario_cliente), '') as usuario, o.contrasena_cliente as contrasena,
             coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora()) as created_at,
             row_number() over (partition by nullif(btrim(o.usuario_cliente), '')
                                order by pg_temp.adopcion_instante(o.created_at) nulls last, o.id) as repeticion
        from pg_temp.o_empresas o) x;

  insert into public.planes (id, title, description, cost, created_at)
  select pg_temp.adopcion_uuid(o.id), coalesce(nullif(btrim(o.title), ''), 'Plan sin nombre'), o.description,
         greatest(coalesce(pg_temp.adopcion_numero(o.cost), 0), 0),
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_planes o;

  insert into public.servicios_disponibles (id, nombre, descripcion, tipo, icono, permite_multiple, activo, categoria,
                                            configuracion_default, created_at)
  select x.id,
         left(case when char_length(x.nombre) >= 3 then x.nombre else x.nombre || ' (servicio)' end, 100),
         case when char_length(x.descripcion) >= 10 then left(x.descripcion, 500)
              else left(concat_ws(': ', nullif(x.descripcion, ''), 'Servicio ' || x.nombre), 500) end,
         x.tipo,
         case when x.icono = any (c_iconos) then x.icono else 'settings' end,
         x.permite_multiple, x.activo,
         case when x.categoria = any (c_categorias) then x.categoria else 'Integración' end,
         case when jsonb_typeof(x.configuracion) = 'object' then x.configuracion else '{}'::jsonb end,
         x.created_at
    from (
      select pg_temp.adopcion_uuid(o.id) as id,
             coalesce(nullif(btrim(o.nombre), ''), nullif(btrim(o.tipo), ''), 'Servicio') as nombre,
             btrim(coalesce(o.descripcion, '')) as descripcion,
             lower(btrim(o.tipo)) as tipo, btrim(o.icono) as icono, btrim(o.categoria) as categoria,
             coalesce(pg_temp.adopcion_booleano(o.permite_multiple), false) as permite_multiple,
             coalesce(pg_temp.adopcion_booleano(o.activo), true) as activo,
             pg_temp.adopcion_json(o.configuracion_default) as configuracion,
             coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora()) as created_at
        from pg_temp.o_servicios_disponibles o) x;

  insert into public.proyectos (id, nombre, descripcion, plan_id, empresa_id, servicios_instancias, estado, fecha_inicio, fecha_fin,
                                created_at, updated_at)
  select pg_temp.adopcion_uuid(o.id), coalesce(nullif(btrim(o.nombre), ''), 'Proyecto sin nombre'), o.descripcion,
         (select p.id from public.planes p where p.id = pg_temp.adopcion_uuid(o.plan_id)),
         (select e.id from public.empresas e where e.id = pg_temp.adopcion_uuid(o.empresa_id)),
         coalesce(o.servicios_instancias, '[]'),
         case when lower(btrim(o.estado)) = any (c_estados_proyecto) then lower(btrim(o.estado)) else 'activo' end,
         pg_temp.adopcion_dia(o.fecha_inicio), pg_temp.adopcion_dia(o.fecha_fin),
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora()),
         coalesce(pg_temp.adopcion_instante(o.updated_at), pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_proyectos o;

  insert into public.servicios_instancias (id, proyecto_id, empresa_id, tipo_servicio, nombre_instancia, estado, categoria,
                                           configuracion, created_at, updated_at)
  select btrim(o.id), pg_temp.adopcion_uuid(o.proyecto_id),
         (select e.id from public.empresas e where e.id = pg_temp.adopcion_uuid(o.empresa_id)),
         coalesce(nullif(btrim(o.tipo_servicio), ''), 'personalizado'),
         coalesce(nullif(btrim(o.nombre_instancia), ''), btrim(o.id)),
         case when lower(btrim(o.estado)) = any (c_estados_servicio) then lower(btrim(o.estado)) else 'activo' end,
         nullif(btrim(o.categoria), ''),
         case when jsonb_typeof(pg_temp.adopcion_json(o.configuracion)) = 'object' then pg_temp.adopcion_json(o.configuracion) else '{}'::jsonb end,
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora()),
         coalesce(pg_temp.adopcion_instante(o.updated_at), pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_servicios_instancias o;

  -- Instances the original kept only in the project's JSON text.
  insert into public.servicios_instancias (id, proyecto_id, tipo_servicio, nombre_instancia, estado, categoria, configuracion,
                                           created_at, updated_at)
  select distinct on (x.id) x.id, x.proyecto_id, x.tipo, coalesce(nullif(btrim(x.e ->> 'nombre_instancia'), ''), x.id),
         case when lower(btrim(x.e ->> 'estado')) = any (c_estados_servicio) then lower(btrim(x.e ->> 'estado')) else 'activo' end,
         nullif(btrim(x.e ->> 'categoria'), ''),
         case when jsonb_typeof(x.e -> 'configuracion') = 'object' then x.e -> 'configuracion' else '{}'::jsonb end,
         x.creada, x.creada
    from (
      select p.id as proyecto_id, e, coalesce(nullif(btrim(e ->> 'tipo_servicio'), ''), 'personalizado') as tipo,
             coalesce(pg_temp.adopcion_instante(e ->> 'created_at'), p.created_at) as creada,
             coalesce(nullif(btrim(e ->> 'id'), ''),
                      coalesce(nullif(btrim(e ->> 'tipo_servicio'), ''), 'servicio') || '_'
                        || (extract(epoch from coalesce(pg_temp.adopcion_instante(e ->> 'created_at'), p.created_at)) * 1000)::bigint
                        || '_' || left(md5(p.id::text || ':' || n), 9)) as id
        from public.proyectos p
        cross join lateral jsonb_array_elements(
          case when jsonb_typeof(pg_temp.adopcion_json(p.servicios_instancias)) = 'array'
               then pg_temp.adopcion_json(p.servicios_instancias) else '[]'::jsonb end) with ordinality as j(e, n)
       where jsonb_typeof(e) = 'object') x
   where not exists (select 1 from public.servicios_instancias s where s.id = x.id)
   order by x.id, x.proyecto_id;
  get diagnostics v_recuperadas = row_count;

  -- The JSON text as our trigger keeps it, now that the table holds every instance (a text that was not
  -- a JSON list is left as it was).
  update public.proyectos p
     set servicios_instancias = coalesce((
           select jsonb_agg(jsonb_build_object(
                    'id', s.id, 'tipo_servicio', s.tipo_servicio, 'nombre_instancia', s.nombre_instancia,
                    'estado', s.estado, 'categoria', s.categoria, 'configuracion', s.configuracion,
                    'created_at', s.created_at) order by s.created_at, s.id)::text
             from public.servicios_instancias s
            where s.proyecto_id = p.id), '[]')
   where jsonb_typeof(pg_temp.adopcion_json(p.servicios_instancias)) = 'array';

  insert into public.historial_estados (id, entidad_tipo, entidad_id, estado_anterior, estado_nuevo, usuario_id, created_at)
  select coalesce(pg_temp.adopcion_uuid(o.id), gen_random_uuid()), coalesce(o.entidad_tipo, ''), coalesce(o.entidad_id, ''),
         o.estado_anterior, coalesce(o.estado_nuevo, ''), pg_temp.adopcion_uuid(o.usuario_id),
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_historial_estados o;

  insert into public.metricas_proyectos (id, proyecto_id, fecha, metricas, created_at)
  select coalesce(pg_temp.adopcion_uuid(o.id), gen_random_uuid()), pg_temp.adopcion_uuid(o.proyecto_id),
         coalesce(pg_temp.adopcion_dia(o.fecha), (coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora()) at time zone 'America/Bogota')::date),
         case when jsonb_typeof(pg_temp.adopcion_json(o.metricas)) = 'object' then pg_temp.adopcion_json(o.metricas) else '{}'::jsonb end,
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_metricas_proyectos o;

  foreach v_sentencia in array v_apagados loop
    execute v_sentencia;
  end loop;

  -- ---------------------------------------------------------------------------------------------------
  -- Part 3: the message tables first (a company's table must have the message shape to be registered),
  -- then the four bot-company tables, the plan links and the marketing records.
  select coalesce(array_agg(distinct t), '{}') into v_mensajes
    from (
      select btrim(table_supabase) as t from pg_temp.o_empresas_wordpress_bots
      union all select btrim(table_supabase) from pg_temp.o_empresas_shopify_bots
      union all select btrim(table_supabase) from pg_temp.o_empresas_bot_duda
      union all select btrim(table_supabase) from pg_temp.o_empresas_whatsapp) x
   where t ~ '^[a-z0-9_]{1,63}$' and to_regclass(format('public.%I', t)) is not null;

  foreach v_tabla in array v_mensajes loop
    execute format('select count(*) from public.%I', v_tabla) into v_n;
    v_mensajes_antes := v_mensajes_antes || jsonb_build_object(v_tabla, v_n);

    select format_type(a.atttypid, a.atttypmod) into v_tipo
      from pg_attribute a
     where a.attrelid = format('public.%I', v_tabla)::regclass and a.attname = 'message' and not a.attisdropped;
    if v_tipo = 'json' then
      execute format('alter table public.%I alter column message type jsonb using message::jsonb', v_tabla);
    elsif v_tipo in ('text', 'character varying') or v_tipo like 'character varying(%' then
      execute format('alter table public.%I alter column message type jsonb using pg_temp.adopcion_json(message)', v_tabla);
    end if;

    select format_type(a.atttypid, a.atttypmod) into v_tipo
      from pg_attribute a
     where a.attrelid = format('public.%I', v_tabla)::regclass and a.attname = 'created_at' and not a.attisdropped;
    if v_tipo = 'timestamp with time zone' then
      execute format('alter table public.%I alter column created_at type timestamp using created_at at time zone ''UTC''', v_tabla);
    end if;

    -- What create_message_table gives a table it creates (20261128000400_integridad_bots).
    execute format('alter table public.%I enable row level security', v_tabla);
    execute format('drop policy if exists operadores on public.%I', v_tabla);
    execute format(
      'create policy operadores on public.%I for all to authenticated
         using ((select public.es_operador())) with check ((select public.es_operador()))', v_tabla);
    execute format('revoke all on public.%I from anon', v_tabla);
    execute format('grant select, insert, update, delete on public.%I to authenticated', v_tabla);
    execute format('grant all on public.%I to service_role', v_tabla);
    v_secuencia := pg_get_serial_sequence(format('public.%I', v_tabla), 'id');
    if v_secuencia is not null then
      execute format('revoke all on sequence %s from anon', v_secuencia);
      execute format('grant usage, select on sequence %s to authenticated, service_role', v_secuencia);
    end if;
  end loop;

  insert into public.empresas_wordpress_bots (uuid, name, table_supabase, webhook_n8n, status, empresa_id, created_at)
  select pg_temp.adopcion_uuid(o.uuid), coalesce(nullif(btrim(o.name), ''), btrim(o.table_supabase)), btrim(o.table_supabase), o.webhook_n8n,
         coalesce(pg_temp.adopcion_booleano(o.status), true),
         (select e.id from public.empresas e where e.id = pg_temp.adopcion_uuid(o.empresa_id)),
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_empresas_wordpress_bots o;

  insert into public.empresas_shopify_bots (uuid, name, table_supabase, webhook_n8n, shop_domain, status, empresa_id, created_at)
  select pg_temp.adopcion_uuid(o.uuid), coalesce(nullif(btrim(o.name), ''), btrim(o.table_supabase)), btrim(o.table_supabase), o.webhook_n8n,
         o.shop_domain, coalesce(pg_temp.adopcion_booleano(o.status), true),
         (select e.id from public.empresas e where e.id = pg_temp.adopcion_uuid(o.empresa_id)),
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_empresas_shopify_bots o;

  insert into public.empresas_bot_duda (uuid, name, table_supabase, webhook_n8n, status, empresa_id, created_at)
  select pg_temp.adopcion_uuid(o.uuid), coalesce(nullif(btrim(o.name), ''), btrim(o.table_supabase)), btrim(o.table_supabase), o.webhook_n8n,
         coalesce(pg_temp.adopcion_booleano(o.status), true),
         (select e.id from public.empresas e where e.id = pg_temp.adopcion_uuid(o.empresa_id)),
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_empresas_bot_duda o;

  insert into public.empresas_whatsapp (id, uuid, name, table_supabase, webhook_n8n, numero_telefono, status, empresa_id, created_at)
    overriding system value
  select pg_temp.adopcion_entero(o.id), pg_temp.adopcion_uuid(o.uuid), coalesce(nullif(btrim(o.name), ''), btrim(o.table_supabase)),
         btrim(o.table_supabase), o.webhook_n8n, o.numero_telefono, coalesce(pg_temp.adopcion_booleano(o.status), true),
         (select e.id from public.empresas e where e.id = pg_temp.adopcion_uuid(o.empresa_id)),
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_empresas_whatsapp o;
  perform pg_temp.adopcion_secuencia('empresas_whatsapp');

  -- Registered now: the summaries, indexes and triggers our message reads use (bots_preparar_tabla does it
  -- on the first read anyway; here the first screen that opens them does not pay for it).
  foreach v_tabla in array v_mensajes loop
    perform public.bots_preparar_tabla(v_tabla);
  end loop;

  insert into public.planes_empresas_wordpress (id, plan_id, empresa_wordpress_uuid, created_at)
  select coalesce(pg_temp.adopcion_uuid(o.id), gen_random_uuid()), pg_temp.adopcion_uuid(o.plan_id), pg_temp.adopcion_uuid(o.empresa_wordpress_uuid),
         coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora())
    from pg_temp.o_planes_empresas_wordpress o;

  -- The file paths the original stored ({user}/{timestamp}_{original name}, spaces and accents included)
  -- are kept, as an older install kept them: the path checks apply to new rows only (NOT VALID), so they are
  -- set aside for the copy and put back as they were, validated again when every copied row satisfies them.
  create temp table adopcion_restricciones on commit drop as
    select k.conname::text as nombre, regexp_replace(pg_get_constraintdef(k.oid), '\s+NOT VALID\s*$', '') as definicion, k.convalidated as validada
      from pg_constraint k
     where k.conrelid = 'public.agente_marketing'::regclass and k.contype = 'c';
  for v_restriccion in select * from adopcion_restricciones loop
    execute format('alter table public.agente_marketing drop constraint %I', v_restriccion.nombre);
  end loop;

  insert into public.agente_marketing (id, created_at, nombre_archivo_url, nombre_persona, dominio_extraido, contenido,
                                       archivo_storage_path, archivo_original_name) overriding system value
  select pg_temp.adopcion_entero(o.id), coalesce(pg_temp.adopcion_instante(o.created_at), public.ahora()),
         coalesce(o.nombre_archivo_url, ''), o.nombre_persona, coalesce(nullif(btrim(o.dominio_extraido), ''), 'Sitio sin nombre'),
         o.contenido, o.archivo_storage_path, o.archivo_original_name
    from pg_temp.o_agente_marketing o;
  perform pg_temp.adopcion_secuencia('agente_marketing');

  for v_restriccion in select * from adopcion_restricciones loop
    execute format('alter table public.agente_marketing add constraint %I %s not valid', v_restriccion.nombre, v_restriccion.definicion);
    if v_restriccion.validada then
      begin
        execute format('alter table public.agente_marketing validate constraint %I', v_restriccion.nombre);
      exception when check_violation then
        null; -- an adopted row does not satisfy it: it stays NOT VALID, as on an install that had such rows
      end;
    end if;
  end loop;

  -- ---------------------------------------------------------------------------------------------------
  -- Verification: every row is here, no password in clear, no exec_sql.
  foreach v_tabla in array c_tablas loop
    execute format('select count(*) from public.%I', v_tabla) into v_m;
    v_n := (v_originales ->> v_tabla)::bigint
           + case v_tabla when 'campanas' then v_campanas_extra when 'servicios_instancias' then v_recuperadas else 0 end;
    if v_m <> v_n then
      v_diferencias := v_diferencias || format('%s: %s esperadas, %s copiadas', v_tabla, v_n, v_m);
    end if;
  end loop;
  foreach v_tabla in array v_mensajes loop
    execute format('select count(*) from public.%I', v_tabla) into v_m;
    if v_m <> (v_mensajes_antes ->> v_tabla)::bigint then
      v_diferencias := v_diferencias || format('%s: %s esperadas, %s después', v_tabla, v_mensajes_antes ->> v_tabla, v_m);
    end if;
  end loop;
  select count(*) into v_n from public.empresas where contrasena_cliente is not null and contrasena_cliente !~ c_bcrypt;
  if v_n > 0 then
    v_diferencias := v_diferencias || format('%s contraseñas del portal sin cifrar', v_n);
  end if;
  if exists (select 1 from pg_proc where pronamespace = 'public'::regnamespace and proname = 'exec_sql') then
    v_diferencias := v_diferencias || 'la función exec_sql sigue en public'::text;
  end if;
  if cardinality(v_diferencias) > 0 then
    raise exception using errcode = 'P0001',
      message = 'La adopción no se completó: ' || array_to_string(v_diferencias, '; '),
      hint = 'Nada de este paso quedó aplicado; las filas originales siguen en el esquema adopcion.';
  end if;

  -- ---------------------------------------------------------------------------------------------------
  -- The originals go, and with them the schema (RESTRICT: anything else found there stops the drop).
  drop view if exists pg_temp.o_campanas, pg_temp.o_clientes, pg_temp.o_registro_escrito_llamada, pg_temp.o_registro_audio_llamadas,
    pg_temp.o_configuracion_campana, pg_temp.o_empresas, pg_temp.o_planes, pg_temp.o_servicios_disponibles, pg_temp.o_proyectos,
    pg_temp.o_servicios_instancias, pg_temp.o_historial_estados, pg_temp.o_metricas_proyectos, pg_temp.o_empresas_wordpress_bots,
    pg_temp.o_empresas_shopify_bots, pg_temp.o_empresas_bot_duda, pg_temp.o_empresas_whatsapp, pg_temp.o_planes_empresas_wordpress,
    pg_temp.o_agente_marketing;
  select string_agg(format('adopcion.%I', c.relname), ', ') into v_sobrantes
    from pg_class c where c.relnamespace = 'adopcion'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition;
  if v_sobrantes is not null then
    execute 'drop table ' || v_sobrantes;
  end if;
  select string_agg(format('adopcion.%I', c.relname), ', ') into v_sobrantes
    from pg_class c where c.relnamespace = 'adopcion'::regnamespace and c.relkind = 'S';
  if v_sobrantes is not null then
    execute 'drop sequence ' || v_sobrantes;
  end if;
  drop schema adopcion;
end
$$;
