-- Company portal (part 3 §2.10, §3, §6; part 2 §6): the login check and every read of /accesoempresas run
-- here, as security-definer functions callable by anon, so the same code serves the Node host (HTTP) and a
-- static web build talking to hosted Supabase directly with the anon key.
--
-- * Login: the company (its uuid, from the access link), usuario_cliente and the password, verified against
--   the bcrypt hash in empresas.contrasena_cliente (20261123000100_gestion hashes every value written, and
--   hashed the rows that existed before). A value that is not a bcrypt hash is never accepted.
-- * Failed logins are counted per company: 5 in a row lock the company's portal login for 5 minutes.
-- * Success issues a random token (32 bytes from gen_random_bytes, hex). Only its sha256 is stored, with a
--   24-hour expiry. The token is answered once, to the caller.
-- * Every read takes the token, derives the company from it (live, not expired, company active) and answers
--   only that company's data, whatever else the caller sends. A null answer means "no valid session".

-- ===================================================================================================
-- Tables (internal: no grants to anon or authenticated; read only through the functions below).
create table public.portal_sesiones (
  token_hash text primary key,
  empresa_id uuid not null references public.empresas (id) on delete cascade,
  created_at timestamptz not null default now(),
  expira_at timestamptz not null
);
create index portal_sesiones_empresa_idx on public.portal_sesiones (empresa_id, expira_at);

create table public.portal_intentos (
  empresa_id uuid primary key references public.empresas (id) on delete cascade,
  fallos integer not null default 0,
  bloqueada_hasta timestamptz,
  ultimo_fallo timestamptz
);

alter table public.portal_sesiones enable row level security;
alter table public.portal_intentos enable row level security;
revoke all on public.portal_sesiones, public.portal_intentos from public, anon, authenticated;
grant all on public.portal_sesiones, public.portal_intentos to service_role;

-- ===================================================================================================
-- Helpers (not callable by anon or authenticated).

create or replace function public.portal_hash(p_token text) returns text
language sql immutable parallel safe
as $$
  select encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
$$;

-- The company of a live token, or null (unknown, expired, or the company was deactivated or deleted).
create or replace function public.portal_empresa_de_token(p_token text) returns uuid
language sql stable security definer set search_path = public, pg_temp
as $$
  select s.empresa_id
    from public.portal_sesiones s
    join public.empresas e on e.id = s.empresa_id and e.activo
   where p_token is not null
     and p_token ~ '^[0-9a-f]{64}$'
     and s.token_hash = public.portal_hash(p_token)
     and s.expira_at > now()
$$;

-- The service instances assigned to a company: those of its projects, and those assigned to it directly.
create or replace function public.portal_servicios_de(p_empresa uuid)
returns setof public.servicios_instancias
language sql stable security definer set search_path = public, pg_temp
as $$
  select s.*
    from public.servicios_instancias s
    left join public.proyectos p on p.id = s.proyecto_id
   where p.empresa_id = p_empresa or s.empresa_id = p_empresa
$$;

-- A WhatsApp message table of the company (one of its own empresas_whatsapp rows) that exists and has the
-- shape of a message table; null otherwise. The caller quotes the name with format('%I').
create or replace function public.portal_tabla_de(p_empresa uuid, p_tabla text) returns regclass
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_rel regclass;
begin
  if p_empresa is null or p_tabla is null or p_tabla !~ '^[a-z0-9_]{1,63}$' then
    return null;
  end if;
  if not exists (select 1 from public.empresas_whatsapp w where w.empresa_id = p_empresa and w.table_supabase = p_tabla) then
    return null;
  end if;
  v_rel := to_regclass(format('public.%I', p_tabla));
  if v_rel is null
     or (select c.relkind from pg_class c where c.oid = v_rel) <> 'r'
     or (select count(*) from pg_attribute a
          where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
            and a.attname in ('id', 'session_id', 'message', 'created_at')) <> 4 then
    return null;
  end if;
  return v_rel;
end
$$;

-- ===================================================================================================
-- Login. Answers {ok: true, token, expira_at, empresa: {id, nombre}} or {ok: false, motivo} with motivo
-- 'credenciales' (unknown company, wrong user or password: one answer for all), 'bloqueada' (with
-- bloqueada_hasta) or 'inactiva' (right credentials, deactivated company). Never raises for a wrong login,
-- so the failure count it writes is kept.
create or replace function public.portal_iniciar_sesion(p_empresa text, p_usuario text, p_contrasena text)
returns jsonb
language plpgsql volatile security definer set search_path = public, extensions, pg_temp
as $$
declare
  -- A fixed bcrypt hash, compared against when the company is unknown, so both paths cost the same.
  c_hash_vacio constant text := '$2a$10$1hefXu0cJ0/GIItwdv0vD.F6TALKtf8FDzu0FzTABlNKwV1Kn9V4.';
  c_max_fallos constant integer := 5;
  c_bloqueo constant interval := interval '5 minutes';
  c_vida constant interval := interval '24 hours';
  v_id uuid;
  v_emp public.empresas%rowtype;
  v_int public.portal_intentos%rowtype;
  v_ok boolean;
  v_token text;
  v_expira timestamptz;
begin
  if p_empresa ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_id := p_empresa::uuid;
    select * into v_emp from public.empresas e where e.id = v_id;
  end if;
  if v_emp.id is null then
    perform crypt(coalesce(p_contrasena, ''), c_hash_vacio);
    return jsonb_build_object('ok', false, 'motivo', 'credenciales');
  end if;

  -- One login check per company at a time, so concurrent guesses cannot outrun the counter.
  perform pg_advisory_xact_lock(hashtext('portal_iniciar_sesion:' || v_emp.id::text));
  select * into v_int from public.portal_intentos i where i.empresa_id = v_emp.id;
  if v_int.bloqueada_hasta is not null and v_int.bloqueada_hasta > now() then
    return jsonb_build_object('ok', false, 'motivo', 'bloqueada', 'bloqueada_hasta', v_int.bloqueada_hasta);
  end if;

  v_ok := v_emp.usuario_cliente is not null
      and v_emp.contrasena_cliente ~ '^\$2[abxy]\$[0-9]{2}\$[./A-Za-z0-9]{53}$'
      and btrim(coalesce(p_usuario, '')) = v_emp.usuario_cliente
      and crypt(coalesce(p_contrasena, ''), v_emp.contrasena_cliente) = v_emp.contrasena_cliente;

  if not v_ok then
    if v_emp.contrasena_cliente is null then
      perform crypt(coalesce(p_contrasena, ''), c_hash_vacio);
    end if;
    insert into public.portal_intentos as i (empresa_id, fallos, bloqueada_hasta, ultimo_fallo)
    values (v_emp.id, 1, null, now())
    on conflict (empresa_id) do update set
      -- After a lock has run out the count starts again.
      fallos = case when i.bloqueada_hasta is not null and i.bloqueada_hasta <= now() then 1 else i.fallos + 1 end,
      bloqueada_hasta = case
        when i.bloqueada_hasta is not null and i.bloqueada_hasta <= now() then null
        when i.fallos + 1 >= c_max_fallos then now() + c_bloqueo
        else null end,
      ultimo_fallo = now()
    returning * into v_int;
    if v_int.bloqueada_hasta is not null then
      return jsonb_build_object('ok', false, 'motivo', 'bloqueada', 'bloqueada_hasta', v_int.bloqueada_hasta);
    end if;
    return jsonb_build_object('ok', false, 'motivo', 'credenciales', 'intentos_restantes', c_max_fallos - v_int.fallos);
  end if;

  delete from public.portal_intentos i where i.empresa_id = v_emp.id;
  if not v_emp.activo then
    return jsonb_build_object('ok', false, 'motivo', 'inactiva');
  end if;

  delete from public.portal_sesiones s where s.empresa_id = v_emp.id and s.expira_at <= now();
  v_token := encode(gen_random_bytes(32), 'hex');
  v_expira := now() + c_vida;
  insert into public.portal_sesiones (token_hash, empresa_id, expira_at)
  values (public.portal_hash(v_token), v_emp.id, v_expira);
  return jsonb_build_object(
    'ok', true,
    'token', v_token,
    'expira_at', v_expira,
    'empresa', jsonb_build_object('id', v_emp.id, 'nombre', v_emp.nombre));
end
$$;

-- The live session of a token: {empresa: {id, nombre}, expira_at}, or null.
create or replace function public.portal_sesion(p_token text) returns jsonb
language sql stable security definer set search_path = public, pg_temp
as $$
  select jsonb_build_object('empresa', jsonb_build_object('id', e.id, 'nombre', e.nombre), 'expira_at', s.expira_at)
    from public.portal_sesiones s
    join public.empresas e on e.id = s.empresa_id
   where e.id = public.portal_empresa_de_token(p_token)
     and s.token_hash = public.portal_hash(p_token)
$$;

create or replace function public.portal_cerrar_sesion(p_token text) returns boolean
language sql volatile security definer set search_path = public, pg_temp
as $$
  with borrada as (
    delete from public.portal_sesiones s where s.token_hash = public.portal_hash(p_token) returning 1
  )
  select exists (select 1 from borrada)
$$;

-- ===================================================================================================
-- Reads. Each answers null without a valid session, else an object with the token's empresa_id (the caller
-- checks it is the company of the address it shows).

-- /servicios: the company's service instances with status and type (no webhooks or other configuration).
create or replace function public.portal_servicios(p_token text) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_empresa uuid := public.portal_empresa_de_token(p_token);
begin
  if v_empresa is null then
    return null;
  end if;
  return jsonb_build_object('empresa_id', v_empresa, 'servicios', coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', s.id,
             'tipo_servicio', s.tipo_servicio,
             'nombre_instancia', s.nombre_instancia,
             'estado', s.estado,
             'categoria', s.categoria,
             'created_at', s.created_at,
             'proyecto', p.nombre,
             'servicio', d.nombre,
             'campana_id', case when s.configuracion ->> 'campana_id' ~ '^[0-9]{1,18}$'
                                and exists (select 1 from public.campanas k where k.id = (s.configuracion ->> 'campana_id')::bigint)
                           then (s.configuracion ->> 'campana_id')::bigint end,
             'campana_nombre', k.nombre,
             'tabla_whatsapp', case when s.configuracion ->> 'table_supabase' is not null
                                     and exists (select 1 from public.empresas_whatsapp w
                                                  where w.empresa_id = v_empresa and w.table_supabase = s.configuracion ->> 'table_supabase')
                                    then s.configuracion ->> 'table_supabase' end)
           order by s.created_at desc, s.id)
      from public.portal_servicios_de(v_empresa) s
      left join public.proyectos p on p.id = s.proyecto_id
      left join public.servicios_disponibles d on d.tipo = s.tipo_servicio
      left join public.campanas k on s.configuracion ->> 'campana_id' ~ '^[0-9]{1,18}$'
                                 and k.id = (s.configuracion ->> 'campana_id')::bigint
  ), '[]'::jsonb));
end
$$;

-- /equipo/{campanaId}: a calls campaign the company owns (one of its service instances names it in
-- configuracion.campana_id): the campaign, its minute consumption against the cap, calls per status, and a
-- page of its clients with the status of each one's latest call. {campana: null} when not the company's.
create or replace function public.portal_campana(
  p_token text,
  p_campana bigint,
  p_busqueda text default '',
  p_desde integer default 0,
  p_limite integer default 10
) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_empresa uuid := public.portal_empresa_de_token(p_token);
  v_q text := nullif(btrim(coalesce(p_busqueda, '')), '');
  v_desde integer := greatest(coalesce(p_desde, 0), 0);
  v_limite integer := least(greatest(coalesce(p_limite, 10), 1), 100);
  v_tope integer;
  v_campana jsonb;
  v_consumo jsonb;
  v_estados jsonb;
  v_total bigint;
  v_clientes jsonb;
begin
  if v_empresa is null then
    return null;
  end if;
  if p_campana is null or not exists (
    select 1 from public.portal_servicios_de(v_empresa) s
     where s.configuracion ->> 'campana_id' = p_campana::text
  ) then
    return jsonb_build_object('empresa_id', v_empresa, 'campana', null);
  end if;

  select max(case when s.configuracion ->> 'minutos_tope' ~ '^[0-9]{1,9}$' then (s.configuracion ->> 'minutos_tope')::integer end)
    into v_tope
    from public.portal_servicios_de(v_empresa) s
   where s.configuracion ->> 'campana_id' = p_campana::text;

  select jsonb_build_object('id', k.id, 'nombre', k.nombre, 'minutos', k.minutos, 'created_at', k.created_at)
    into v_campana
    from public.campanas k where k.id = p_campana;
  if v_campana is null then
    return jsonb_build_object('empresa_id', v_empresa, 'campana', null);
  end if;

  select jsonb_build_object(
           'total_llamadas', count(*),
           'segundos', coalesce(sum(r.duration_call_seg), 0),
           'minutos_consumidos', round(coalesce(sum(r.duration_call_seg), 0) / 60.0)::integer,
           'minutos_tope', coalesce(nullif((v_campana ->> 'minutos')::integer, 0), v_tope, 0))
    into v_consumo
    from public.registro_escrito_llamada r
   where r.campana = p_campana;

  select coalesce(jsonb_agg(jsonb_build_object('estado', x.estado, 'llamadas', x.n) order by x.n desc, x.estado), '[]'::jsonb)
    into v_estados
    from (select coalesce(nullif(lower(btrim(coalesce(r.status, r.resultado))), ''), 'sin estado') as estado, count(*) as n
            from public.registro_escrito_llamada r
           where r.campana = p_campana
           group by 1) x;

  select count(*) into v_total
    from public.clientes c
   where c.campana_id = p_campana
     and (v_q is null or (c.nombre || ' ' || c.apellido || ' ' || c.telefono || ' ' || c.email) ilike public.patron_busqueda(v_q));

  select coalesce(jsonb_agg(to_jsonb(x) order by x.orden), '[]'::jsonb) into v_clientes
    from (
      select p.id, p.nombre, p.apellido, p.email, p.telefono, p.empresa, p.cargo,
             u.estado as ultimo_estado, u.created_at as ultima_llamada, u.duracion as ultima_duracion_seg,
             (select count(*) from public.registro_escrito_llamada r2
               where r2.phone = p.telefono and r2.campana = p.campana_id) as llamadas,
             p.orden
        from (
          select c.*, row_number() over (order by c.nombre, c.apellido, c.id) as orden
            from public.clientes c
           where c.campana_id = p_campana
             and (v_q is null or (c.nombre || ' ' || c.apellido || ' ' || c.telefono || ' ' || c.email) ilike public.patron_busqueda(v_q))
           order by c.nombre, c.apellido, c.id
          offset v_desde limit v_limite
        ) p
        left join lateral (
          select coalesce(nullif(btrim(r.status), ''), r.resultado) as estado, r.created_at, r.duration_call_seg as duracion
            from public.registro_escrito_llamada r
           where r.phone = p.telefono and r.campana = p.campana_id
           order by r.created_at desc nulls last, r.id desc
           limit 1
        ) u on true
    ) x;

  return jsonb_build_object('empresa_id', v_empresa, 'campana', v_campana, 'consumo', v_consumo, 'estados', v_estados,
                            'total', v_total, 'clientes', v_clientes);
end
$$;

-- /conversaciones: the company's WhatsApp companies and their message tables.
create or replace function public.portal_whatsapp_tablas(p_token text) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_empresa uuid := public.portal_empresa_de_token(p_token);
begin
  if v_empresa is null then
    return null;
  end if;
  return jsonb_build_object('empresa_id', v_empresa, 'tablas', coalesce((
    select jsonb_agg(jsonb_build_object('id', w.id, 'nombre', w.name, 'tabla', w.table_supabase, 'activa', w.status)
             order by w.name, w.id)
      from public.empresas_whatsapp w
     where w.empresa_id = v_empresa), '[]'::jsonb));
end
$$;

-- Sessions of one of the company's tables, latest message first; p_busqueda matches session_id
-- (case-insensitive). {total: 0, sesiones: []} for a table that is not the company's.
create or replace function public.portal_whatsapp_sesiones(
  p_token text,
  p_tabla text,
  p_busqueda text default '',
  p_desde integer default 0,
  p_limite integer default 10
) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_empresa uuid := public.portal_empresa_de_token(p_token);
  v_rel regclass;
  v_q text := btrim(coalesce(p_busqueda, ''));
  v_desde integer := greatest(coalesce(p_desde, 0), 0);
  v_limite integer := least(greatest(coalesce(p_limite, 10), 1), 100);
  v_res jsonb;
begin
  if v_empresa is null then
    return null;
  end if;
  v_rel := public.portal_tabla_de(v_empresa, p_tabla);
  if v_rel is null then
    return jsonb_build_object('empresa_id', v_empresa, 'permitida', false, 'total', 0, 'sesiones', '[]'::jsonb);
  end if;
  execute format($q$
    with s as (
      select m.session_id::text as session_id, count(*)::integer as mensajes,
             (count(*) filter (where public.mensaje_es_humano(m.message::jsonb)))::integer as humanos,
             max(m.created_at) as ultimo
        from public.%I m
       where $1 = '' or m.session_id ilike public.bots_patron($1)
       group by m.session_id
    ), pagina as (
      select * from s order by s.ultimo desc nulls last, s.session_id offset $2 limit $3
    )
    select jsonb_build_object(
             'total', (select count(*) from s),
             'sesiones', coalesce((
               select jsonb_agg(jsonb_build_object(
                        'session_id', p.session_id, 'mensajes', p.mensajes, 'humanos', p.humanos,
                        'ultimo_mensaje', public.bots_iso(p.ultimo), 'ultimo_mensaje_crudo', public.bots_crudo(p.ultimo),
                        'ultimo_texto', u.texto)
                      order by p.ultimo desc nulls last, p.session_id)
                 from pagina p
                 left join lateral (
                   select public.mensaje_texto(m.message::jsonb) as texto
                     from public.%I m
                    where m.session_id = p.session_id
                    order by m.created_at desc nulls last, m.id desc
                    limit 1
                 ) u on true), '[]'::jsonb))
  $q$, p_tabla, p_tabla) into v_res using v_q, v_desde, v_limite;
  return v_res || jsonb_build_object('empresa_id', v_empresa, 'permitida', true);
end
$$;

-- The four stat cards of one of the company's tables (today in Bogotá; active = last message within 24 h).
create or replace function public.portal_whatsapp_estadisticas(p_token text, p_tabla text) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_empresa uuid := public.portal_empresa_de_token(p_token);
  v_rel regclass;
  v_ahora timestamp := now() at time zone 'UTC';
  v_res jsonb;
begin
  if v_empresa is null then
    return null;
  end if;
  v_rel := public.portal_tabla_de(v_empresa, p_tabla);
  if v_rel is null then
    return jsonb_build_object('empresa_id', v_empresa, 'permitida', false, 'totalMensajes', 0, 'totalSesiones', 0, 'mensajesHoy', 0, 'sesionesActivas', 0);
  end if;
  execute format($q$
    select jsonb_build_object(
             'totalMensajes', (select count(*) from public.%1$I),
             'totalSesiones', (select count(distinct session_id) from public.%1$I),
             'mensajesHoy', (select count(*) from public.%1$I m
                              where m.created_at >= public.bots_inicio_dia_utc(public.bots_dia_bogota($1))
                                and m.created_at < public.bots_inicio_dia_utc(public.bots_dia_bogota($1) + 1)),
             'sesionesActivas', (select count(distinct session_id) from public.%1$I m
                                  where m.created_at >= $1 - interval '24 hours'))
  $q$, p_tabla) into v_res using v_ahora;
  return v_res || jsonb_build_object('empresa_id', v_empresa, 'permitida', true);
end
$$;

-- The messages of one session of one of the company's tables, oldest first (at most 5 000).
create or replace function public.portal_whatsapp_conversacion(p_token text, p_tabla text, p_sesion text) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_empresa uuid := public.portal_empresa_de_token(p_token);
  v_rel regclass;
  v_res jsonb;
begin
  if v_empresa is null then
    return null;
  end if;
  v_rel := public.portal_tabla_de(v_empresa, p_tabla);
  if v_rel is null then
    return jsonb_build_object('empresa_id', v_empresa, 'permitida', false, 'mensajes', '[]'::jsonb);
  end if;
  execute format($q$
    select jsonb_build_object('mensajes', coalesce(jsonb_agg(jsonb_build_object(
             'id', x.id, 'message', x.message, 'created_at', public.bots_iso(x.created_at),
             'created_at_crudo', public.bots_crudo(x.created_at)) order by x.created_at asc nulls first, x.id asc), '[]'::jsonb))
      from (select m.id::bigint as id, m.message::jsonb as message, m.created_at
              from public.%I m
             where m.session_id = $1
             order by m.created_at asc nulls first, m.id asc
             limit 5000) x
  $q$, p_tabla) into v_res using p_sesion;
  return v_res || jsonb_build_object('empresa_id', v_empresa, 'permitida', true);
end
$$;

-- ===================================================================================================
-- Grants: only the entry points, to anon (the portal needs no operator) and the other API roles.
revoke execute on function
  public.portal_hash(text),
  public.portal_empresa_de_token(text),
  public.portal_servicios_de(uuid),
  public.portal_tabla_de(uuid, text),
  public.portal_iniciar_sesion(text, text, text),
  public.portal_sesion(text),
  public.portal_cerrar_sesion(text),
  public.portal_servicios(text),
  public.portal_campana(text, bigint, text, integer, integer),
  public.portal_whatsapp_tablas(text),
  public.portal_whatsapp_sesiones(text, text, text, integer, integer),
  public.portal_whatsapp_estadisticas(text, text),
  public.portal_whatsapp_conversacion(text, text, text)
from public, anon, authenticated;

grant usage on schema public to anon;
grant execute on function
  public.portal_iniciar_sesion(text, text, text),
  public.portal_sesion(text),
  public.portal_cerrar_sesion(text),
  public.portal_servicios(text),
  public.portal_campana(text, bigint, text, integer, integer),
  public.portal_whatsapp_tablas(text),
  public.portal_whatsapp_sesiones(text, text, text, integer, integer),
  public.portal_whatsapp_estadisticas(text, text),
  public.portal_whatsapp_conversacion(text, text, text)
to anon, authenticated, service_role;
