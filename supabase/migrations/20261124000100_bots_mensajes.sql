-- Chat-bot message tables: sessions, stats, conversation, WhatsApp summary and full-text search, all in SQL
-- (part 3 §2.3, §2.4, §3, §9). A message table is reached only through these functions: they take its
-- name, check it belongs to a registered bot company (the four company tables' table_supabase), check it
-- has the shape of a message table, and quote it with format('%I').
--
-- Speed: a per-session and a per-day (Bogotá) summary, kept up to date by statement-level triggers on each
-- message table. The triggers, a created_at index and a Spanish full-text index are installed the first time
-- a table is read (bots_preparar_tabla), so tables created by any path (create_message_table, the old
-- exec_sql, n8n) are covered, and the existing rows are summarised once. The triggers are ENABLE ALWAYS, so
-- they also fire for bulk loads with session_replication_role = replica.
--
-- Stored timestamps are UTC without a zone; "today" is the America/Bogota day; active = last message within
-- the past 24 hours.

-- ---------------------------------------------------------------------------------------------------
-- Pure helpers.

-- The text of a message: a JSON string as is; an object's "content" (a string as is, anything else as JSON
-- text); any other value as its JSON text. Never fails.
create or replace function public.mensaje_texto(m jsonb) returns text
language sql immutable parallel safe
as $$
  select case jsonb_typeof(m)
    when 'string' then m #>> '{}'
    when 'null' then ''
    when 'object' then case
      when m ? 'content' then case jsonb_typeof(m -> 'content')
        when 'string' then m ->> 'content'
        when 'null' then ''
        else (m -> 'content')::text end
      else m::text end
    else coalesce(m::text, '') end
$$;

-- A message is the person's ("human") only when it is an object whose type is 'human'; everything else is
-- shown on the AI side (§2.3) and counted as AI.
create or replace function public.mensaje_es_humano(m jsonb) returns boolean
language sql immutable parallel safe
as $$
  select jsonb_typeof(m) = 'object' and lower(coalesce(m ->> 'type', '')) = 'human'
$$;

-- The Bogotá calendar day of a stored (UTC, zoneless) timestamp.
create or replace function public.bots_dia_bogota(ts timestamp) returns date
language sql immutable parallel safe
as $$
  select ((ts at time zone 'UTC') at time zone 'America/Bogota')::date
$$;

-- The stored (UTC, zoneless) instant at which a Bogotá day starts.
create or replace function public.bots_inicio_dia_utc(d date) returns timestamp
language sql immutable parallel safe
as $$
  select (d::timestamp at time zone 'America/Bogota') at time zone 'UTC'
$$;

-- ISO text for a stored UTC timestamp ('2026-11-21T15:00:00.000Z') and the raw text PostgREST would send.
create or replace function public.bots_iso(ts timestamp) returns text
language sql immutable parallel safe
as $$
  select case when ts is null then null else to_char(ts, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end
$$;
create or replace function public.bots_crudo(ts timestamp) returns text
language sql immutable parallel safe
as $$
  select to_json(ts) #>> '{}'
$$;

-- ---------------------------------------------------------------------------------------------------
-- Summary tables (internal: read only through the functions below).
create table public.mensajes_resumen_sesiones (
  tabla text not null,
  session_id varchar(255) not null,
  mensajes integer not null default 0,
  humanos integer not null default 0,
  primer_mensaje timestamp,
  ultimo_mensaje timestamp,
  ultimo_id bigint,
  ultimo_texto text,
  primary key (tabla, session_id)
);
create index mensajes_resumen_sesiones_ultimo_idx
  on public.mensajes_resumen_sesiones (tabla, ultimo_mensaje desc nulls last, session_id);

create table public.mensajes_resumen_dias (
  tabla text not null,
  dia date not null,
  mensajes integer not null default 0,
  humanos integer not null default 0,
  primary key (tabla, dia)
);

alter table public.mensajes_resumen_sesiones enable row level security;
alter table public.mensajes_resumen_dias enable row level security;
revoke all on public.mensajes_resumen_sesiones, public.mensajes_resumen_dias from public, anon, authenticated;
grant all on public.mensajes_resumen_sesiones, public.mensajes_resumen_dias to service_role;

-- ---------------------------------------------------------------------------------------------------
-- Who may read message tables: an operator, or a privileged caller (the owner, a superuser, a role that
-- bypasses row-level security such as service_role).
create or replace function public.bots_puede_leer() returns boolean
language sql stable security definer set search_path = public, pg_temp
as $$
  select public.es_operador() or coalesce((
    select r.rolname = current_user or r.rolsuper or r.rolbypassrls
      from pg_roles r
     where r.rolname = coalesce(nullif(current_setting('role', true), 'none'), session_user)
  ), false)
$$;

-- Raises unless p_tabla is a registered bot company's table. Answers the table's oid, or null when the
-- registered table does not exist (yet): a company whose flow has not created it has no messages.
create or replace function public.bots_verificar_tabla(p_tabla text) returns regclass
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_rel regclass;
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
    raise exception using errcode = 'P0001', message = 'La tabla no pertenece a ninguna empresa registrada';
  end if;
  v_rel := to_regclass(format('public.%I', p_tabla));
  if v_rel is null then
    return null;
  end if;
  if (select count(*) from pg_attribute a
       where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
         and a.attname in ('id', 'session_id', 'message', 'created_at')) <> 4
     or (select c.relkind from pg_class c where c.oid = v_rel) <> 'r' then
    raise exception using errcode = 'P0001', message = format('La tabla %s no tiene la estructura de una tabla de mensajes', p_tabla);
  end if;
  return v_rel;
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Recompute the summary of some sessions and some days of one table from its rows (after update/delete,
-- and to build it the first time when both arrays are null = everything).
create or replace function public.bots_resumen_recalcular(p_tabla text, p_sesiones text[], p_dias date[])
returns void
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  if p_sesiones is null then
    delete from public.mensajes_resumen_sesiones where tabla = p_tabla;
  else
    delete from public.mensajes_resumen_sesiones where tabla = p_tabla and session_id = any (p_sesiones);
  end if;
  execute format($q$
    insert into public.mensajes_resumen_sesiones
      (tabla, session_id, mensajes, humanos, primer_mensaje, ultimo_mensaje, ultimo_id, ultimo_texto)
    select $1, u.session_id, c.mensajes, c.humanos, c.primer, u.created_at, u.id, public.mensaje_texto(u.message::jsonb)
      from (select m.session_id, count(*)::integer as mensajes,
                   (count(*) filter (where public.mensaje_es_humano(m.message::jsonb)))::integer as humanos,
                   min(m.created_at) as primer
              from public.%1$I m
             where $2::text[] is null or m.session_id = any ($2)
             group by m.session_id) c
      join (select distinct on (m.session_id) m.session_id, m.created_at, m.id, m.message
              from public.%1$I m
             where $2::text[] is null or m.session_id = any ($2)
             order by m.session_id, m.created_at desc nulls last, m.id desc) u using (session_id)
  $q$, p_tabla) using p_tabla, p_sesiones;

  if p_dias is null then
    delete from public.mensajes_resumen_dias where tabla = p_tabla;
    execute format($q$
      insert into public.mensajes_resumen_dias (tabla, dia, mensajes, humanos)
      select $1, public.bots_dia_bogota(m.created_at), count(*),
             count(*) filter (where public.mensaje_es_humano(m.message::jsonb))
        from public.%I m where m.created_at is not null group by 2
    $q$, p_tabla) using p_tabla;
  elsif cardinality(p_dias) > 0 then
    delete from public.mensajes_resumen_dias where tabla = p_tabla and dia = any (p_dias);
    execute format($q$
      insert into public.mensajes_resumen_dias (tabla, dia, mensajes, humanos)
      select $1, public.bots_dia_bogota(m.created_at), count(*),
             count(*) filter (where public.mensaje_es_humano(m.message::jsonb))
        from public.%I m
       where m.created_at >= (select public.bots_inicio_dia_utc(min(d)) from unnest($2::date[]) d)
         and m.created_at < (select public.bots_inicio_dia_utc(max(d) + 1) from unnest($2::date[]) d)
         and public.bots_dia_bogota(m.created_at) = any ($2)
       group by 2
    $q$, p_tabla) using p_tabla, p_dias;
  end if;
end
$$;

-- Statement-level triggers (transition tables "nuevos" / "viejos").
create or replace function public.bots_resumen_tr_insertar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.mensajes_resumen_sesiones as r
    (tabla, session_id, mensajes, humanos, primer_mensaje, ultimo_mensaje, ultimo_id, ultimo_texto)
  select TG_TABLE_NAME, c.session_id, c.mensajes, c.humanos, c.primer, u.created_at, u.id, public.mensaje_texto(u.message::jsonb)
    from (select n.session_id, count(*)::integer as mensajes,
                 (count(*) filter (where public.mensaje_es_humano(n.message::jsonb)))::integer as humanos,
                 min(n.created_at) as primer
            from nuevos n group by n.session_id) c
    join (select distinct on (n.session_id) n.session_id, n.created_at, n.id, n.message
            from nuevos n order by n.session_id, n.created_at desc nulls last, n.id desc) u using (session_id)
  on conflict (tabla, session_id) do update set
    mensajes = r.mensajes + excluded.mensajes,
    humanos = r.humanos + excluded.humanos,
    primer_mensaje = least(r.primer_mensaje, excluded.primer_mensaje),
    ultimo_mensaje = case when r.ultimo_id is null
        or (coalesce(excluded.ultimo_mensaje, '-infinity'), excluded.ultimo_id) >= (coalesce(r.ultimo_mensaje, '-infinity'), r.ultimo_id)
      then excluded.ultimo_mensaje else r.ultimo_mensaje end,
    ultimo_texto = case when r.ultimo_id is null
        or (coalesce(excluded.ultimo_mensaje, '-infinity'), excluded.ultimo_id) >= (coalesce(r.ultimo_mensaje, '-infinity'), r.ultimo_id)
      then excluded.ultimo_texto else r.ultimo_texto end,
    ultimo_id = case when r.ultimo_id is null
        or (coalesce(excluded.ultimo_mensaje, '-infinity'), excluded.ultimo_id) >= (coalesce(r.ultimo_mensaje, '-infinity'), r.ultimo_id)
      then excluded.ultimo_id else r.ultimo_id end;

  insert into public.mensajes_resumen_dias as d (tabla, dia, mensajes, humanos)
  select TG_TABLE_NAME, public.bots_dia_bogota(n.created_at), count(*),
         count(*) filter (where public.mensaje_es_humano(n.message::jsonb))
    from nuevos n where n.created_at is not null group by 2
  on conflict (tabla, dia) do update set
    mensajes = d.mensajes + excluded.mensajes,
    humanos = d.humanos + excluded.humanos;
  return null;
end
$$;

create or replace function public.bots_resumen_tr_borrar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_sesiones text[];
  v_dias date[];
begin
  select coalesce(array_agg(distinct v.session_id::text), '{}'),
         coalesce(array_agg(distinct public.bots_dia_bogota(v.created_at)) filter (where v.created_at is not null), '{}')
    into v_sesiones, v_dias
    from viejos v;
  perform public.bots_resumen_recalcular(TG_TABLE_NAME, v_sesiones, v_dias);
  return null;
end
$$;

create or replace function public.bots_resumen_tr_actualizar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_sesiones text[];
  v_dias date[];
begin
  select coalesce(array_agg(distinct x.session_id::text), '{}'),
         coalesce(array_agg(distinct public.bots_dia_bogota(x.created_at)) filter (where x.created_at is not null), '{}')
    into v_sesiones, v_dias
    from (select session_id, created_at from viejos union all select session_id, created_at from nuevos) x;
  perform public.bots_resumen_recalcular(TG_TABLE_NAME, v_sesiones, v_dias);
  return null;
end
$$;

create or replace function public.bots_resumen_tr_vaciar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  delete from public.mensajes_resumen_sesiones where tabla = TG_TABLE_NAME;
  delete from public.mensajes_resumen_dias where tabla = TG_TABLE_NAME;
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Installs the triggers and indexes on a registered message table and summarises its rows, once.
-- Answers false when the registered table does not exist.
create or replace function public.bots_preparar_tabla(p_tabla text) returns boolean
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_rel regclass := public.bots_verificar_tabla(p_tabla);
  v_prefijo text;
begin
  if v_rel is null then
    return false;
  end if;
  if exists (select 1 from pg_trigger where tgrelid = v_rel and tgname = 'bots_resumen_insertar') then
    return true;
  end if;
  -- One preparer per table; writers wait while the existing rows are summarised.
  perform pg_advisory_xact_lock(hashtext('bots_preparar_tabla:' || p_tabla));
  if exists (select 1 from pg_trigger where tgrelid = v_rel and tgname = 'bots_resumen_insertar') then
    return true;
  end if;
  execute format('lock table public.%I in share row exclusive mode', p_tabla);

  v_prefijo := left(p_tabla, 40) || '_' || left(md5(p_tabla), 8);
  execute format('create index if not exists %I on public.%I (created_at)', v_prefijo || '_fecha_idx', p_tabla);
  execute format('create index if not exists %I on public.%I (session_id, created_at)', v_prefijo || '_sesion_idx', p_tabla);
  execute format(
    'create index if not exists %I on public.%I using gin (to_tsvector(''spanish''::regconfig, public.mensaje_texto(message::jsonb)))',
    v_prefijo || '_texto_idx', p_tabla);

  execute format('create trigger bots_resumen_insertar after insert on public.%I referencing new table as nuevos
                    for each statement execute function public.bots_resumen_tr_insertar()', p_tabla);
  execute format('create trigger bots_resumen_borrar after delete on public.%I referencing old table as viejos
                    for each statement execute function public.bots_resumen_tr_borrar()', p_tabla);
  execute format('create trigger bots_resumen_actualizar after update on public.%I referencing old table as viejos new table as nuevos
                    for each statement execute function public.bots_resumen_tr_actualizar()', p_tabla);
  execute format('create trigger bots_resumen_vaciar after truncate on public.%I
                    for each statement execute function public.bots_resumen_tr_vaciar()', p_tabla);
  execute format('alter table public.%I enable always trigger bots_resumen_insertar', p_tabla);
  execute format('alter table public.%I enable always trigger bots_resumen_borrar', p_tabla);
  execute format('alter table public.%I enable always trigger bots_resumen_actualizar', p_tabla);
  execute format('alter table public.%I enable always trigger bots_resumen_vaciar', p_tabla);

  perform public.bots_resumen_recalcular(p_tabla, null, null);
  return true;
end
$$;

-- '%' and '_' typed by a person are literal characters of a LIKE pattern.
create or replace function public.bots_patron(q text) returns text
language sql immutable parallel safe
as $$
  select '%' || replace(replace(replace(btrim(coalesce(q, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

-- ---------------------------------------------------------------------------------------------------
-- Sessions of a message table, latest message first. p_busqueda matches session_id (case-insensitive);
-- with p_en_mensajes also the text of the messages (Spanish full-text search). total = matching sessions.
create or replace function public.bots_sesiones(
  p_tabla text,
  p_busqueda text default '',
  p_en_mensajes boolean default false,
  p_desde integer default 0,
  p_limite integer default 10
)
returns table (
  session_id text,
  mensajes integer,
  humanos integer,
  primer_mensaje text,
  ultimo_mensaje text,
  ultimo_mensaje_crudo text,
  ultimo_texto text,
  total bigint
)
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
#variable_conflict use_column
declare
  v_q text := btrim(coalesce(p_busqueda, ''));
  v_desde integer := greatest(coalesce(p_desde, 0), 0);
  v_limite integer := least(greatest(coalesce(p_limite, 10), 0), 100000);
begin
  if not public.bots_preparar_tabla(p_tabla) then
    return;
  end if;
  if v_q = '' then
    return query
      select r.session_id::text, r.mensajes, r.humanos, public.bots_iso(r.primer_mensaje), public.bots_iso(r.ultimo_mensaje),
             public.bots_crudo(r.ultimo_mensaje), r.ultimo_texto,
             (select count(*) from public.mensajes_resumen_sesiones c where c.tabla = p_tabla)
        from public.mensajes_resumen_sesiones r
       where r.tabla = p_tabla
       order by r.ultimo_mensaje desc nulls last, r.session_id
      offset v_desde limit v_limite;
  elsif not coalesce(p_en_mensajes, false) then
    return query
      select r.session_id::text, r.mensajes, r.humanos, public.bots_iso(r.primer_mensaje), public.bots_iso(r.ultimo_mensaje),
             public.bots_crudo(r.ultimo_mensaje), r.ultimo_texto, count(*) over ()
        from public.mensajes_resumen_sesiones r
       where r.tabla = p_tabla and r.session_id ilike public.bots_patron(v_q)
       order by r.ultimo_mensaje desc nulls last, r.session_id
      offset v_desde limit v_limite;
  else
    return query execute format($q$
      with en_texto as (
        select distinct m.session_id
          from public.%I m
         where to_tsvector('spanish'::regconfig, public.mensaje_texto(m.message::jsonb)) @@ websearch_to_tsquery('spanish'::regconfig, $2)
      )
      select r.session_id::text, r.mensajes, r.humanos, public.bots_iso(r.primer_mensaje), public.bots_iso(r.ultimo_mensaje),
             public.bots_crudo(r.ultimo_mensaje), r.ultimo_texto, count(*) over ()
        from public.mensajes_resumen_sesiones r
       where r.tabla = $1
         and (r.session_id ilike public.bots_patron($2) or r.session_id in (select e.session_id from en_texto e))
       order by r.ultimo_mensaje desc nulls last, r.session_id
      offset $3 limit $4
    $q$, p_tabla) using p_tabla, v_q, v_desde, v_limite;
  end if;
end
$$;

-- The four stat cards (§2.3, §9) of a whole message table at the instant p_ahora.
create or replace function public.bots_estadisticas(p_tabla text, p_ahora timestamptz default now())
returns table (total_mensajes bigint, total_sesiones bigint, mensajes_hoy bigint, sesiones_activas bigint)
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
#variable_conflict use_column
declare
  v_ahora timestamp := coalesce(p_ahora, now()) at time zone 'UTC';
begin
  if not public.bots_preparar_tabla(p_tabla) then
    return query select 0::bigint, 0::bigint, 0::bigint, 0::bigint;
    return;
  end if;
  return query
    select coalesce(sum(r.mensajes), 0)::bigint,
           count(*)::bigint,
           coalesce((select d.mensajes from public.mensajes_resumen_dias d
                      where d.tabla = p_tabla and d.dia = public.bots_dia_bogota(v_ahora)), 0)::bigint,
           (count(*) filter (where r.ultimo_mensaje >= v_ahora - interval '24 hours'))::bigint
      from public.mensajes_resumen_sesiones r
     where r.tabla = p_tabla;
end
$$;

-- The messages of one session, oldest first (at most 5 000).
create or replace function public.bots_conversacion(p_tabla text, p_sesion text)
returns table (id bigint, message jsonb, created_at text, created_at_crudo text)
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
#variable_conflict use_column
begin
  if public.bots_verificar_tabla(p_tabla) is null then
    return;
  end if;
  return query execute format($q$
    select m.id::bigint, m.message::jsonb, public.bots_iso(m.created_at), public.bots_crudo(m.created_at)
      from public.%I m
     where m.session_id = $1
     order by m.created_at asc nulls first, m.id asc
     limit 5000
  $q$, p_tabla) using p_sesion;
end
$$;

-- The WhatsApp summary (§2.4): the four cards, human and AI counts, and messages per Bogotá day for the last
-- 7 days (today included). With p_busqueda, only the sessions whose id matches.
create or replace function public.bots_resumen(p_tabla text, p_busqueda text default '', p_ahora timestamptz default now())
returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_ahora timestamp := coalesce(p_ahora, now()) at time zone 'UTC';
  v_hoy date := public.bots_dia_bogota(coalesce(p_ahora, now()) at time zone 'UTC');
  v_q text := btrim(coalesce(p_busqueda, ''));
  v_totales jsonb;
  v_dias jsonb;
  v_hoy_mensajes bigint;
begin
  if not public.bots_preparar_tabla(p_tabla) then
    return jsonb_build_object('totalMensajes', 0, 'totalSesiones', 0, 'mensajesHoy', 0, 'sesionesActivas', 0,
      'humanos', 0, 'ia', 0,
      'dias', (select jsonb_agg(jsonb_build_object('dia', (v_hoy - k)::text, 'mensajes', 0, 'humanos', 0, 'ia', 0) order by k desc)
                 from generate_series(0, 6) k));
  end if;

  select jsonb_build_object(
           'totalMensajes', coalesce(sum(r.mensajes), 0),
           'totalSesiones', count(*),
           'sesionesActivas', count(*) filter (where r.ultimo_mensaje >= v_ahora - interval '24 hours'),
           'humanos', coalesce(sum(r.humanos), 0),
           'ia', coalesce(sum(r.mensajes - r.humanos), 0))
    into v_totales
    from public.mensajes_resumen_sesiones r
   where r.tabla = p_tabla and (v_q = '' or r.session_id ilike public.bots_patron(v_q));

  if v_q = '' then
    select jsonb_agg(jsonb_build_object('dia', g.d::text, 'mensajes', coalesce(d.mensajes, 0),
                                        'humanos', coalesce(d.humanos, 0), 'ia', coalesce(d.mensajes - d.humanos, 0)) order by g.d)
      into v_dias
      from (select (v_hoy - k) as d from generate_series(0, 6) k) g
      left join public.mensajes_resumen_dias d on d.tabla = p_tabla and d.dia = g.d;
  else
    execute format($q$
      select jsonb_agg(jsonb_build_object('dia', g.d::text, 'mensajes', coalesce(x.mensajes, 0),
                                          'humanos', coalesce(x.humanos, 0), 'ia', coalesce(x.mensajes - x.humanos, 0)) order by g.d)
        from (select ($1::date - k) as d from generate_series(0, 6) k) g
        left join (
          select public.bots_dia_bogota(m.created_at) as dia, count(*) as mensajes,
                 count(*) filter (where public.mensaje_es_humano(m.message::jsonb)) as humanos
            from public.%I m
           where m.session_id in (select r.session_id from public.mensajes_resumen_sesiones r
                                   where r.tabla = $2 and r.session_id ilike public.bots_patron($3))
             and m.created_at >= public.bots_inicio_dia_utc($1::date - 6)
           group by 1
        ) x on x.dia = g.d
    $q$, p_tabla) into v_dias using v_hoy, p_tabla, v_q;
  end if;

  select coalesce((e -> 'mensajes')::bigint, 0) into v_hoy_mensajes
    from jsonb_array_elements(v_dias) e where e ->> 'dia' = v_hoy::text;

  return v_totales || jsonb_build_object('mensajesHoy', coalesce(v_hoy_mensajes, 0), 'dias', v_dias);
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Grants: the helpers and the readers only; the summary plumbing stays with the owner.
revoke execute on function
  public.mensaje_texto(jsonb),
  public.mensaje_es_humano(jsonb),
  public.bots_dia_bogota(timestamp),
  public.bots_inicio_dia_utc(date),
  public.bots_iso(timestamp),
  public.bots_crudo(timestamp),
  public.bots_patron(text),
  public.bots_puede_leer(),
  public.bots_verificar_tabla(text),
  public.bots_resumen_recalcular(text, text[], date[]),
  public.bots_resumen_tr_insertar(),
  public.bots_resumen_tr_borrar(),
  public.bots_resumen_tr_actualizar(),
  public.bots_resumen_tr_vaciar(),
  public.bots_preparar_tabla(text),
  public.bots_sesiones(text, text, boolean, integer, integer),
  public.bots_estadisticas(text, timestamptz),
  public.bots_conversacion(text, text),
  public.bots_resumen(text, text, timestamptz)
from public, anon;

-- The immutable helpers are used by the full-text index expression: whoever writes a message table
-- (operators, service_role for n8n) must be able to evaluate them.
grant execute on function
  public.mensaje_texto(jsonb),
  public.mensaje_es_humano(jsonb),
  public.bots_dia_bogota(timestamp),
  public.bots_preparar_tabla(text),
  public.bots_sesiones(text, text, boolean, integer, integer),
  public.bots_estadisticas(text, timestamptz),
  public.bots_conversacion(text, text),
  public.bots_resumen(text, text, timestamptz)
to authenticated, service_role;
