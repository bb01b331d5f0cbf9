-- Operators: a team, not one person (issue 14, part 2).
--
-- Two roles, and the source of truth stays the one flag every part of the schema already reads:
-- public.perfiles.es_admin (true = Administrador, false = Operador). Added here:
--   * perfiles.activo: a deactivated operator keeps his profile (his name stays on the history) but
--     es_operador() and es_admin() answer false for him, so row-level security shows him nothing and every
--     operator function refuses him from his very next request;
--   * what an administrator authorises for an e-mail now also carries the name and the role the person gets
--     when his auth user is created (crear_perfil_operador consumes it);
--   * the operators' management, administrators only, each function checking its caller (exigir_admin,
--     SQLSTATE 42501, which the api answers with es.errores.sinPermiso);
--   * deleting a plan, a client company or a project is for administrators only (a trigger on each table, so
--     the plain deletes of the api and eliminar_proyecto are both covered);
--   * the last active administrator can be neither demoted, nor deactivated, nor removed (a trigger under an
--     advisory lock, so two administrators demoting each other at the same time cannot both win).
-- Auth users without a profile (an adopted project's staff, a sign-up) stay outside until an administrator
-- adds them (operadores_agregar gives an existing auth user his profile).
-- "Now" is public.ahora() (20261128000100_reloj.sql).

alter table public.perfiles add column if not exists activo boolean not null default true;
alter table public.operadores_autorizados
  add column if not exists nombre text check (nombre is null or btrim(nombre) <> ''),
  add column if not exists es_admin boolean not null default false;

-- ===================================================================================================
-- Who is an operator, who is an administrator: only active profiles count.

create or replace function public.es_operador() returns boolean
language sql stable security definer set search_path = public, pg_temp
as $$
  select exists (select 1 from public.perfiles where id = auth.uid() and activo)
$$;

create or replace function public.es_admin() returns boolean
language sql stable security definer set search_path = public, pg_temp
as $$
  select exists (select 1 from public.perfiles where id = auth.uid() and es_admin and activo)
$$;

-- Raises the permission error (42501) unless the caller is an active administrator or a privileged role
-- (the owner's SQL, service_role).
create or replace function public.exigir_admin() returns void
language plpgsql stable security definer set search_path = public, pg_temp
as $$
begin
  if not (public.es_admin() or public.llamador_privilegiado()) then
    raise exception using errcode = '42501', message = 'No tienes permiso para esta operación: es solo para administradores.';
  end if;
end
$$;

-- Profiles: operators read every profile; anyone reads his own (so a deactivated operator's sign-in can say
-- why it is refused); only an active operator updates his own name.
drop policy if exists perfiles_lectura on public.perfiles;
create policy perfiles_lectura on public.perfiles for select to authenticated
  using ((select public.es_operador()) or id = (select auth.uid()));
drop policy if exists perfiles_propio on public.perfiles;
create policy perfiles_propio on public.perfiles for update to authenticated
  using (id = (select auth.uid()) and (select public.es_operador()))
  with check (id = (select auth.uid()) and (select public.es_operador()));

-- ===================================================================================================
-- The profile of a new auth user: as before (first user, an authorised e-mail, a privileged insert), with
-- the name and role the administrator gave when he authorised the e-mail.

create or replace function public.crear_perfil_operador() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_primero boolean;
  v_autorizado boolean := false;
  v_nombre text;
  v_es_admin boolean := false;
begin
  -- Serialise concurrent sign-ups so only one of them can be "the first".
  lock table public.perfiles in share row exclusive mode;
  v_primero := not exists (select 1 from public.perfiles);
  if new.email is not null then
    delete from public.operadores_autorizados a where a.email = lower(btrim(new.email))
      returning a.nombre, a.es_admin into v_nombre, v_es_admin;
    v_autorizado := found;
  end if;
  if not (v_primero or v_autorizado or public.llamador_privilegiado()) then
    return new;
  end if;
  insert into public.perfiles (id, nombre, email, es_admin)
  values (
    new.id,
    coalesce(nullif(btrim(v_nombre), ''), nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), nullif(split_part(new.email, '@', 1), ''), 'Usuario'),
    new.email,
    v_primero or coalesce(v_es_admin, false)
  )
  on conflict (id) do nothing;
  return new;
end
$$;

-- ===================================================================================================
-- The last active administrator stays. Every change that takes an active administrator away (demotion,
-- deactivation, deletion, also by the owner's SQL or a cascade from auth.users) waits for the others under
-- one transaction-level advisory lock, then counts the remaining ones with a fresh snapshot: of two
-- concurrent demotions of the last two administrators, the second sees the first and is refused.

create or replace function public.perfiles_conservar_administrador() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_quita boolean := old.es_admin and old.activo;
begin
  if v_quita and tg_op = 'UPDATE' then
    v_quita := not (new.es_admin and new.activo);
  end if;
  if v_quita then
    perform pg_advisory_xact_lock(1400200700);
    if not exists (select 1 from public.perfiles p where p.id <> old.id and p.es_admin and p.activo) then
      raise exception using errcode = 'P0001',
        message = 'Debe quedar al menos un administrador activo: designa otro administrador antes de quitar este.';
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

drop trigger if exists perfiles_conservar_administrador on public.perfiles;
create trigger perfiles_conservar_administrador before update of es_admin, activo or delete on public.perfiles
  for each row execute function public.perfiles_conservar_administrador();

-- ===================================================================================================
-- Deleting plans, client companies and projects: administrators only (and privileged roles: n8n's
-- service_role, the owner). Row-level security already limits the rows to operators; this says "permiso".

create or replace function public.exigir_admin_al_eliminar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  perform public.exigir_admin();
  return old;
end
$$;

drop trigger if exists planes_eliminar_solo_admin on public.planes;
create trigger planes_eliminar_solo_admin before delete on public.planes
  for each row execute function public.exigir_admin_al_eliminar();
drop trigger if exists empresas_eliminar_solo_admin on public.empresas;
create trigger empresas_eliminar_solo_admin before delete on public.empresas
  for each row execute function public.exigir_admin_al_eliminar();
drop trigger if exists proyectos_eliminar_solo_admin on public.proyectos;
create trigger proyectos_eliminar_solo_admin before delete on public.proyectos
  for each row execute function public.exigir_admin_al_eliminar();

-- ===================================================================================================
-- The operators' management (Configuración → Operadores). Each starts with exigir_admin().

-- Every operator, and the e-mails authorised but not yet used (pendiente: the person has not been created
-- or has not accepted the invitation yet).
create or replace function public.operadores_listar()
returns table (id uuid, nombre text, email text, es_admin boolean, activo boolean, ultimo_acceso timestamptz,
               created_at timestamptz, pendiente boolean)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
begin
  perform public.exigir_admin();
  return query
    select p.id, p.nombre, p.email, p.es_admin, p.activo, u.last_sign_in_at, p.created_at, false
      from public.perfiles p left join auth.users u on u.id = p.id
    union all
    select null::uuid, coalesce(a.nombre, split_part(a.email, '@', 1)), a.email, a.es_admin, true, null::timestamptz,
           a.created_at, true
      from public.operadores_autorizados a
     order by 8, 2, 3;
end
$$;

-- Adds an operator. An auth user with that e-mail that has no profile (an adopted project's staff, someone
-- invited from Supabase) gets his profile now; otherwise the e-mail is authorised with its name and role and
-- the profile is made when the auth user is created (by the embedded app at once, or when the person
-- accepts a Supabase invitation). Answers {id, pendiente}.
create or replace function public.operadores_agregar(p_email text, p_nombre text, p_es_admin boolean) returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_nombre text := btrim(coalesce(p_nombre, ''));
  v_usuario uuid;
begin
  perform public.exigir_admin();
  if v_email !~ '^[^@\s]+@[^@\s]+$' then
    raise exception using errcode = 'P0001', message = 'El correo electrónico no es válido.';
  end if;
  if v_nombre = '' then
    raise exception using errcode = 'P0001', message = 'El nombre es obligatorio.';
  end if;
  if exists (select 1 from public.perfiles p where lower(p.email) = v_email) then
    raise exception using errcode = 'P0001', message = format('Ya hay un operador con el correo %s.', v_email);
  end if;
  select u.id into v_usuario from auth.users u where lower(u.email) = v_email order by u.created_at limit 1;
  if v_usuario is not null then
    insert into public.perfiles (id, nombre, email, es_admin) values (v_usuario, v_nombre, v_email, coalesce(p_es_admin, false));
    delete from public.operadores_autorizados a where a.email = v_email;
    return jsonb_build_object('id', v_usuario, 'pendiente', false);
  end if;
  insert into public.operadores_autorizados (email, nombre, es_admin, autorizado_por)
  values (v_email, v_nombre, coalesce(p_es_admin, false), auth.uid())
  on conflict (email) do update
    set nombre = excluded.nombre, es_admin = excluded.es_admin, autorizado_por = excluded.autorizado_por,
        created_at = public.ahora();
  return jsonb_build_object('id', null, 'pendiente', true);
end
$$;

-- Withdraws an authorisation not used yet. True when there was one.
create or replace function public.operadores_cancelar_invitacion(p_email text) returns boolean
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
begin
  perform public.exigir_admin();
  delete from public.operadores_autorizados a where a.email = lower(btrim(coalesce(p_email, '')));
  return found;
end
$$;

-- Administrador (true) or Operador (false). The last active administrator is kept by the trigger above.
create or replace function public.operadores_cambiar_rol(p_id uuid, p_es_admin boolean) returns void
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
begin
  perform public.exigir_admin();
  update public.perfiles set es_admin = coalesce(p_es_admin, false) where id = p_id;
  if not found then
    raise exception using errcode = 'P0001', message = 'El operador no existe.';
  end if;
end
$$;

-- Deactivates (false) or reactivates (true). A deactivated operator's requests fail from now on; the
-- embedded app also deletes his sessions (embedded-auth.ts endSessions).
create or replace function public.operadores_cambiar_activo(p_id uuid, p_activo boolean) returns void
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
begin
  perform public.exigir_admin();
  update public.perfiles set activo = coalesce(p_activo, false) where id = p_id;
  if not found then
    raise exception using errcode = 'P0001', message = 'El operador no existe.';
  end if;
end
$$;

-- Before the auth service resets an operator's password: the caller is an administrator and the operator
-- exists. Answers the operator's e-mail.
create or replace function public.operadores_verificar_restablecer(p_id uuid) returns text
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_email text;
begin
  perform public.exigir_admin();
  select p.email into v_email from public.perfiles p where p.id = p_id;
  if v_email is null then
    raise exception using errcode = 'P0001', message = 'El operador no existe.';
  end if;
  return v_email;
end
$$;

-- ===================================================================================================
-- EXECUTE: the management functions check their caller (exigir_admin); the trigger functions are for the
-- owner only.
revoke execute on function
  public.exigir_admin(),
  public.perfiles_conservar_administrador(),
  public.exigir_admin_al_eliminar(),
  public.operadores_listar(),
  public.operadores_agregar(text, text, boolean),
  public.operadores_cancelar_invitacion(text),
  public.operadores_cambiar_rol(uuid, boolean),
  public.operadores_cambiar_activo(uuid, boolean),
  public.operadores_verificar_restablecer(uuid)
from public, anon, authenticated;

grant execute on function
  public.exigir_admin(),
  public.operadores_listar(),
  public.operadores_agregar(text, text, boolean),
  public.operadores_cancelar_invitacion(text),
  public.operadores_cambiar_rol(uuid, boolean),
  public.operadores_cambiar_activo(uuid, boolean),
  public.operadores_verificar_restablecer(uuid)
to authenticated, service_role;

grant execute on function public.perfiles_conservar_administrador(), public.exigir_admin_al_eliminar() to service_role;
