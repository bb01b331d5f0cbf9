-- Operator accounts a security review signs off (issue 27): the agency's two-step rule for administrators,
-- an append-only audit trail written in SQL, and sessions people can see and close.
--
-- 1. public.ajustes_seguridad (one row): exigir_2fa_admin. When it is on, public.exigir_admin() — the one check
--    every administrator-only function starts with — also demands an aal2 session (auth.jwt() ->> 'aal', as
--    Supabase Auth puts it in the token after a TOTP challenge; the embedded app puts its own session's level
--    in the same claim). The refusal has its own SQLSTATE (C2FA1) and a Spanish message the api shows.
--    exigir_admin() here is a superset of 20261128000700_roles_operadores.sql's: same admin check, same message.
-- 2. public.auditoria: who did what and when. Rows come from triggers (operators, roles, invitations,
--    deletions of plans/companies/projects/campaigns, portal password resets, call batches' start/pause/cancel)
--    and from one function, public.auditar(accion, objeto, detalle), for what only the app knows (sign-ins,
--    MFA changes, restores, moves, secret rotations, Conexión changes, exports). Append-only: no role holds
--    UPDATE, DELETE or TRUNCATE, and triggers raise on any update, delete or truncate (the owner included; a
--    backup's restore and the move load in replica mode, where ordinary triggers are off, as for every table).
--    No secret is stored: detalle is cleaned of any key that names a password, token, key, secret or code.
-- 3. Sessions: sesiones_listar / sesiones_cerrar / sesiones_cerrar_otras read auth.sessions (Supabase's own
--    table on hosted; the embedded stand-in has the same columns, supabase/embedded/02_sesiones_mfa.sql). The
--    caller's session is the claim session_id.
-- "Now" is public.ahora().

-- ===================================================================================================
-- 1. The agency's rule.

create table if not exists public.ajustes_seguridad (
  id boolean primary key default true check (id),
  exigir_2fa_admin boolean not null default false,
  updated_at timestamptz not null default public.ahora()
);
insert into public.ajustes_seguridad (id) values (true) on conflict (id) do nothing;
alter table public.ajustes_seguridad enable row level security;
drop policy if exists operadores_leen on public.ajustes_seguridad;
create policy operadores_leen on public.ajustes_seguridad for select to authenticated using ((select public.es_operador()));
revoke all on public.ajustes_seguridad from public, anon, authenticated;
grant select on public.ajustes_seguridad to authenticated;
grant all on public.ajustes_seguridad to service_role;

-- The caller's authenticator assurance level: 'aal2' after a second factor, else 'aal1'.
create or replace function public.sesion_aal() returns text
language sql stable set search_path = public, pg_temp
as $$
  select case when auth.jwt() ->> 'aal' = 'aal2' then 'aal2' else 'aal1' end
$$;

create or replace function public.exigir_admin() returns void
language plpgsql stable security definer set search_path = public, pg_temp
as $$
begin
  if public.llamador_privilegiado() then
    return;
  end if;
  if not public.es_admin() then
    raise exception using errcode = '42501', message = 'No tienes permiso para esta operación: es solo para administradores.';
  end if;
  if coalesce((select a.exigir_2fa_admin from public.ajustes_seguridad a where a.id), false)
     and public.sesion_aal() <> 'aal2' then
    raise exception using errcode = 'C2FA1',
      message = 'Esta operación exige la verificación en dos pasos: actívala en Configuración → Seguridad y vuelve a iniciar sesión con tu código.';
  end if;
end
$$;

-- ===================================================================================================
-- 2. The audit trail.

create table if not exists public.auditoria (
  id bigint generated always as identity primary key,
  creado_en timestamptz not null default public.ahora(),
  -- No foreign key: a row outlives the operator it names.
  actor_id uuid,
  actor_nombre text,
  actor_email text,
  accion text not null check (accion ~ '^[a-z0-9_]+(\.[a-z0-9_]+)*$'),
  objeto text,
  detalle jsonb not null default '{}'::jsonb,
  direccion text
);
create index if not exists auditoria_creado_idx on public.auditoria (creado_en desc, id desc);
create index if not exists auditoria_actor_idx on public.auditoria (actor_id, creado_en desc);
create index if not exists auditoria_accion_idx on public.auditoria (accion, creado_en desc);

alter table public.auditoria enable row level security;
drop policy if exists administradores_leen on public.auditoria;
create policy administradores_leen on public.auditoria for select to authenticated using ((select public.es_admin()));
revoke all on public.auditoria from public, anon, authenticated, service_role;
grant select on public.auditoria to authenticated, service_role;

create or replace function public.auditoria_inmutable() returns trigger
language plpgsql set search_path = public, pg_temp
as $$
begin
  raise exception using errcode = '42501', message = 'El registro de actividad no se puede modificar ni borrar.';
end
$$;
drop trigger if exists auditoria_inmutable on public.auditoria;
create trigger auditoria_inmutable before update or delete on public.auditoria
  for each row execute function public.auditoria_inmutable();
drop trigger if exists auditoria_inmutable_truncate on public.auditoria;
create trigger auditoria_inmutable_truncate before truncate on public.auditoria
  for each statement execute function public.auditoria_inmutable();

-- Removes every key (at any depth) that could hold a secret: a row never carries a password, token, key,
-- secret, hash or code, whatever a caller passes.
create or replace function public.auditoria_limpiar(p jsonb) returns jsonb
language sql immutable set search_path = public, pg_temp
as $$
  select case jsonb_typeof(p)
    when 'object' then coalesce((
      select jsonb_object_agg(k, public.auditoria_limpiar(v))
        from jsonb_each(p) as e (k, v)
       where k !~* '(contrasen|password|passwd|token|secret|clave|key|codigo|code|hash|cifrad|firma|otp|totp|jwt|bearer|authorization|cookie)'
    ), '{}'::jsonb)
    when 'array' then coalesce((select jsonb_agg(public.auditoria_limpiar(v)) from jsonb_array_elements(p) as e (v)), '[]'::jsonb)
    else p
  end
$$;

-- Writes one row, as whoever calls (the caller's operator from the claims, else the database role).
create or replace function public.auditoria_registrar(p_accion text, p_objeto text, p_detalle jsonb,
                                                      p_actor uuid default null, p_email text default null)
returns void
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_actor uuid := coalesce(p_actor, auth.uid());
  v_nombre text;
  v_email text;
  v_direccion text;
begin
  select p.nombre, p.email into v_nombre, v_email from public.perfiles p where p.id = v_actor;
  v_email := coalesce(v_email, nullif(btrim(p_email), ''), auth.jwt() ->> 'email');
  if v_nombre is null then
    v_nombre := case
      when auth.role() = 'service_role' then 'Automatización (service_role)'
      when v_email is not null then v_email
      else 'Sistema (' || coalesce(nullif(current_setting('role', true), 'none'), session_user) || ')'
    end;
  end if;
  begin
    v_direccion := nullif(btrim(split_part(current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for', ',', 1)), '');
  exception when others then
    v_direccion := null;
  end;
  insert into public.auditoria (actor_id, actor_nombre, actor_email, accion, objeto, detalle, direccion)
  values (v_actor, v_nombre, v_email, p_accion, nullif(btrim(coalesce(p_objeto, '')), ''),
          public.auditoria_limpiar(coalesce(p_detalle, '{}'::jsonb)), v_direccion);
end
$$;

-- What only the app knows (sign-ins, MFA, restores, moves, rotations, Conexión, exports): an operator (or
-- n8n's service_role) records it as himself. Nothing here lets a caller write in another's name.
create or replace function public.auditar(p_accion text, p_objeto text default null, p_detalle jsonb default '{}'::jsonb)
returns void
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
begin
  if not (public.es_operador() or public.llamador_privilegiado()) then
    raise exception using errcode = '42501', message = 'No tienes permiso para esta operación.';
  end if;
  if coalesce(p_accion, '') !~ '^[a-z0-9_]+(\.[a-z0-9_]+)*$' then
    raise exception using errcode = 'P0001', message = 'La acción del registro de actividad no es válida.';
  end if;
  perform public.auditoria_registrar(p_accion, left(p_objeto, 300), p_detalle);
end
$$;

-- Configuración → Actividad: newest first, filtered by person (name or e-mail), action (prefix) and dates.
create or replace function public.auditoria_buscar(p_persona text default null, p_accion text default null,
                                                   p_desde timestamptz default null, p_hasta timestamptz default null,
                                                   p_limite integer default 50, p_desplazamiento integer default 0)
returns table (id bigint, creado_en timestamptz, actor_id uuid, actor_nombre text, actor_email text, accion text,
               objeto text, detalle jsonb, direccion text, total bigint)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_persona text := nullif(btrim(coalesce(p_persona, '')), '');
  v_accion text := nullif(btrim(coalesce(p_accion, '')), '');
begin
  perform public.exigir_admin();
  return query
    with f as (
      select a.* from public.auditoria a
       where (v_persona is null or a.actor_nombre ilike public.patron_busqueda(v_persona)
              or a.actor_email ilike public.patron_busqueda(v_persona))
         and (v_accion is null or a.accion = v_accion or a.accion like v_accion || '.%')
         and (p_desde is null or a.creado_en >= p_desde)
         and (p_hasta is null or a.creado_en < p_hasta)
    )
    select f.id, f.creado_en, f.actor_id, f.actor_nombre, f.actor_email, f.accion, f.objeto, f.detalle, f.direccion,
           count(*) over ()
      from f
     order by f.creado_en desc, f.id desc
     limit greatest(1, least(coalesce(p_limite, 50), 10000)) offset greatest(0, coalesce(p_desplazamiento, 0));
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Triggers: what the database itself sees, whoever writes it (the app, n8n, another app, the SQL editor).

-- Operators: added, removed, role and active changes.
create or replace function public.auditar_perfiles() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  if tg_op = 'INSERT' then
    perform public.auditoria_registrar('operador.agregar', new.nombre,
      jsonb_build_object('operador', new.id, 'email', new.email, 'rol', case when new.es_admin then 'Administrador' else 'Operador' end));
  elsif tg_op = 'DELETE' then
    perform public.auditoria_registrar('operador.eliminar', old.nombre, jsonb_build_object('operador', old.id, 'email', old.email));
  else
    if new.es_admin is distinct from old.es_admin then
      perform public.auditoria_registrar('operador.rol', new.nombre,
        jsonb_build_object('operador', new.id, 'antes', case when old.es_admin then 'Administrador' else 'Operador' end,
                           'despues', case when new.es_admin then 'Administrador' else 'Operador' end));
    end if;
    if new.activo is distinct from old.activo then
      perform public.auditoria_registrar(case when new.activo then 'operador.reactivar' else 'operador.desactivar' end, new.nombre,
        jsonb_build_object('operador', new.id));
    end if;
  end if;
  return null;
end
$$;
drop trigger if exists auditar_perfiles on public.perfiles;
create trigger auditar_perfiles after insert or update of es_admin, activo or delete on public.perfiles
  for each row execute function public.auditar_perfiles();

-- Invitations (an e-mail authorised, or withdrawn before use; consumed on sign-up it becomes operador.agregar).
create or replace function public.auditar_autorizaciones() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  if tg_op = 'INSERT' then
    perform public.auditoria_registrar('operador.invitar', new.email,
      jsonb_build_object('nombre', new.nombre, 'rol', case when new.es_admin then 'Administrador' else 'Operador' end));
  end if;
  return null;
end
$$;
drop trigger if exists auditar_autorizaciones on public.operadores_autorizados;
create trigger auditar_autorizaciones after insert on public.operadores_autorizados
  for each row execute function public.auditar_autorizaciones();

-- Deletions with what they took: the row's name and, for each table whose rows go with it (ON DELETE
-- CASCADE), how many — a summary, never the rows (which may hold a portal password's hash or a token).
create or replace function public.auditar_eliminacion() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_fila jsonb := to_jsonb(old);
  v_arrastra jsonb := '{}'::jsonb;
  v_fk record;
  v_n bigint;
begin
  for v_fk in
    select c.conrelid::regclass as tabla, a.attname as columna, af.attname as referida,
           format_type(af.atttypid, af.atttypmod) as tipo
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
     where c.contype = 'f' and c.confrelid = tg_relid and c.confdeltype = 'c' and array_length(c.conkey, 1) = 1
  loop
    -- The parameter takes the column's type, so the referencing column's index answers.
    execute format('select count(*) from %s where %I = ($1)::%s', v_fk.tabla, v_fk.columna, v_fk.tipo) into v_n using v_fila ->> v_fk.referida;
    if v_n > 0 then
      v_arrastra := v_arrastra || jsonb_build_object(v_fk.tabla::text, v_n);
    end if;
  end loop;
  perform public.auditoria_registrar('eliminar.' || tg_table_name,
    coalesce(v_fila ->> 'nombre', v_fila ->> 'title', v_fila ->> 'titulo', v_fila ->> 'id'),
    jsonb_build_object('tabla', tg_table_name, 'id', v_fila ->> 'id') || case when v_arrastra = '{}'::jsonb then '{}'::jsonb
      else jsonb_build_object('arrastra', v_arrastra) end);
  return old;
end
$$;

do $$
declare
  v_tabla text;
begin
  foreach v_tabla in array array['planes', 'empresas', 'proyectos', 'campanas', 'lotes_llamadas'] loop
    if to_regclass('public.' || v_tabla) is not null then
      execute format('drop trigger if exists auditar_eliminacion on public.%I', v_tabla);
      execute format('create trigger auditar_eliminacion before delete on public.%I for each row execute function public.auditar_eliminacion()', v_tabla);
    end if;
  end loop;
end
$$;

-- A client company's portal password set or reset (the hash never travels; only that it changed).
create or replace function public.auditar_contrasena_portal() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_fila jsonb := to_jsonb(new);
begin
  if new.contrasena_cliente is distinct from old.contrasena_cliente then
    perform public.auditoria_registrar(
      case when new.contrasena_cliente is null then 'portal.quitar_contrasena' else 'portal.restablecer_contrasena' end,
      coalesce(v_fila ->> 'nombre', v_fila ->> 'nombre_empresa', v_fila ->> 'id'),
      jsonb_build_object('empresa', v_fila ->> 'id', 'usuario', v_fila ->> 'usuario_cliente'));
  end if;
  return null;
end
$$;
drop trigger if exists auditar_contrasena_portal on public.empresas;
create trigger auditar_contrasena_portal after update of contrasena_cliente on public.empresas
  for each row execute function public.auditar_contrasena_portal();

-- Call batches: started, paused, resumed, cancelled (the runner's own steps are not news).
create or replace function public.auditar_lotes() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_accion text;
  v_campana text;
begin
  if tg_op = 'INSERT' then
    v_accion := case when new.estado = 'programado' then 'lote.programar' else 'lote.iniciar' end;
  elsif new.estado is distinct from old.estado then
    v_accion := case
      when new.estado = 'pausado' then 'lote.pausar'
      when new.estado = 'cancelado' then 'lote.cancelar'
      when new.estado = 'en_curso' and old.estado in ('pausado', 'programado') then 'lote.reanudar'
      else null
    end;
  end if;
  if v_accion is null then
    return null;
  end if;
  select c.nombre into v_campana from public.campanas c where c.id = new.campana_id;
  perform public.auditoria_registrar(v_accion, coalesce(v_campana, 'Campaña ' || new.campana_id),
    jsonb_build_object('lote', new.id, 'campana', new.campana_id, 'antes', case when tg_op = 'UPDATE' then old.estado end,
                       'despues', new.estado));
  return null;
end
$$;
drop trigger if exists auditar_lotes on public.lotes_llamadas;
create trigger auditar_lotes after insert or update of estado on public.lotes_llamadas
  for each row execute function public.auditar_lotes();

-- The agency's rule itself.
create or replace function public.seguridad_cambiar_exigir_2fa(p_exigir boolean) returns void
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
begin
  perform public.exigir_admin();
  update public.ajustes_seguridad set exigir_2fa_admin = coalesce(p_exigir, false), updated_at = public.ahora() where id;
  perform public.auditoria_registrar('seguridad.exigir_2fa', null, jsonb_build_object('activo', coalesce(p_exigir, false)));
end
$$;

-- ===================================================================================================
-- 3. Sessions. auth.sessions is Supabase's on hosted (not_after, refreshed_at without time zone, ip inet) and
-- the embedded stand-in (expires_at, refreshed_at) here: read through to_jsonb so one text serves both.

create or replace function public.sesiones_de(p_usuario uuid)
returns table (id uuid, user_id uuid, creada timestamptz, ultimo_uso timestamptz, user_agent text, ip text, aal text)
language sql stable security definer set search_path = public, pg_temp
as $$
  select (j ->> 'id')::uuid, (j ->> 'user_id')::uuid, (j ->> 'created_at')::timestamptz,
         coalesce((j ->> 'refreshed_at')::timestamptz, (j ->> 'updated_at')::timestamptz, (j ->> 'created_at')::timestamptz),
         j ->> 'user_agent', j ->> 'ip', coalesce(j ->> 'aal', 'aal1')
    from (select to_jsonb(s) as j from auth.sessions s where p_usuario is null or s.user_id = p_usuario) x
   where coalesce((j ->> 'expires_at')::timestamptz, (j ->> 'not_after')::timestamptz, 'infinity'::timestamptz) > public.ahora()
$$;

-- The caller's own open sessions (actual = the one this request comes from), or, for an administrator who
-- names someone (p_operador), that operator's.
create or replace function public.sesiones_listar(p_operador uuid default null)
returns table (id uuid, operador_id uuid, operador_nombre text, creada timestamptz, ultimo_uso timestamptz,
               user_agent text, ip text, aal text, actual boolean)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_usuario uuid := coalesce(p_operador, auth.uid());
begin
  if not public.es_operador() then
    raise exception using errcode = '42501', message = 'No tienes permiso para esta operación.';
  end if;
  if v_usuario is distinct from auth.uid() then
    perform public.exigir_admin();
  end if;
  return query
    select s.id, s.user_id, p.nombre, s.creada, s.ultimo_uso, s.user_agent, s.ip, s.aal,
           s.id::text = coalesce(auth.jwt() ->> 'session_id', '')
      from public.sesiones_de(v_usuario) s left join public.perfiles p on p.id = s.user_id
     order by s.ultimo_uso desc nulls last, s.creada desc;
end
$$;

-- Closes one session: one's own, or anyone's for an administrator. Answers the closed session's user (null
-- when there was none), so the app can end that session's live streams at once.
create or replace function public.sesiones_cerrar(p_id uuid) returns uuid
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_usuario uuid;
  v_nombre text;
begin
  if not public.es_operador() then
    raise exception using errcode = '42501', message = 'No tienes permiso para esta operación.';
  end if;
  select s.user_id into v_usuario from auth.sessions s where s.id = p_id;
  if v_usuario is null then
    raise exception using errcode = 'P0001', message = 'Esa sesión ya no está abierta.';
  end if;
  if v_usuario <> auth.uid() then
    perform public.exigir_admin();
  end if;
  delete from auth.sessions s where s.id = p_id;
  select p.nombre into v_nombre from public.perfiles p where p.id = v_usuario;
  perform public.auditoria_registrar('sesion.cerrar', v_nombre, jsonb_build_object('sesion', p_id, 'operador', v_usuario));
  return v_usuario;
end
$$;

-- Closes every other session of the caller. Answers how many.
create or replace function public.sesiones_cerrar_otras() returns integer
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_n integer;
begin
  if not public.es_operador() then
    raise exception using errcode = '42501', message = 'No tienes permiso para esta operación.';
  end if;
  delete from auth.sessions s where s.user_id = auth.uid() and s.id::text <> coalesce(auth.jwt() ->> 'session_id', '');
  get diagnostics v_n = row_count;
  if v_n > 0 then
    perform public.auditoria_registrar('sesion.cerrar_otras', null, jsonb_build_object('cerradas', v_n));
  end if;
  return v_n;
end
$$;

-- ===================================================================================================
-- EXECUTE.
revoke execute on function
  public.sesion_aal(),
  public.exigir_admin(),
  public.auditoria_inmutable(),
  public.auditoria_limpiar(jsonb),
  public.auditoria_registrar(text, text, jsonb, uuid, text),
  public.auditar(text, text, jsonb),
  public.auditoria_buscar(text, text, timestamptz, timestamptz, integer, integer),
  public.auditar_perfiles(),
  public.auditar_autorizaciones(),
  public.auditar_eliminacion(),
  public.auditar_contrasena_portal(),
  public.auditar_lotes(),
  public.seguridad_cambiar_exigir_2fa(boolean),
  public.sesiones_de(uuid),
  public.sesiones_listar(uuid),
  public.sesiones_cerrar(uuid),
  public.sesiones_cerrar_otras()
from public, anon, authenticated;

grant execute on function
  public.sesion_aal(),
  public.exigir_admin(),
  public.auditar(text, text, jsonb),
  public.auditoria_buscar(text, text, timestamptz, timestamptz, integer, integer),
  public.seguridad_cambiar_exigir_2fa(boolean),
  public.sesiones_listar(uuid),
  public.sesiones_cerrar(uuid),
  public.sesiones_cerrar_otras()
to authenticated, service_role;
grant execute on function
  public.auditoria_limpiar(jsonb),
  public.auditoria_registrar(text, text, jsonb, uuid, text),
  public.auditoria_inmutable(),
  public.auditar_perfiles(),
  public.auditar_autorizaciones(),
  public.auditar_eliminacion(),
  public.auditar_contrasena_portal(),
  public.auditar_lotes(),
  public.sesiones_de(uuid)
to service_role;
