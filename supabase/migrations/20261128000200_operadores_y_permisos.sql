-- Who is an operator, and who may run which function (issue 11, findings 1 and 9).
--
-- 1. An auth user no longer becomes an operator just by existing. The profile trigger on auth.users used to
--    create a profile for every new user, and es_operador() only asks whether one exists, so on a hosted
--    project with sign-ups on (Supabase's default) `POST /auth/v1/signup` with the public anon key gave full
--    access. A profile is now created only for:
--      * the first user (no profile exists yet): the administrator, as before;
--      * an e-mail an administrator authorised in public.operadores_autorizados (consumed on use);
--      * an insert made by a privileged role (the owner, a superuser, a role with BYPASSRLS): such a role may
--        write public.perfiles directly anyway; this is the embedded app's own first-admin path and an
--        administrator adding an operator with SQL.
--    Sign-up, invitations and the dashboard insert as GoTrue's role (supabase_auth_admin), which is none of
--    these: such a user gets no profile, so RLS shows them nothing and every operator function refuses them.
--    Profiles created before this migration are kept as they are.
--
-- 2. Supabase grants EXECUTE on every new function in public to anon and authenticated (default privileges,
--    emulated by supabase/embedded/01_privilegios_supabase.sql). Most migrations revoked only from public and
--    anon, which left e.g. bots_resumen_recalcular (SECURITY DEFINER, no caller check) to any signed-in user.
--    Here every function of public (extension members aside) loses EXECUTE for public, anon and authenticated,
--    and gets it back only where listed below: functions that check their caller (an operator, an
--    administrator, a portal token or password), security-invoker functions that run with the caller's own
--    rights under RLS, and pure helpers that read no table (column defaults and index expressions need some).
--    tests/integration/seguridad-sql.test.ts holds the same lists and calls every function as a signed-up
--    non-operator.

-- ===================================================================================================
-- Authorised operators.

-- True when the caller (auth.uid() from the request claims) is an operator with the administrator flag.
create or replace function public.es_admin() returns boolean
language sql stable security definer set search_path = public, pg_temp
as $$
  select exists (select 1 from public.perfiles where id = auth.uid() and es_admin)
$$;

-- E-mails an administrator has authorised: the next auth user created with one of them becomes an operator.
create table public.operadores_autorizados (
  email text primary key check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+$'),
  autorizado_por uuid default auth.uid() references public.perfiles (id) on delete set null,
  created_at timestamptz not null default public.ahora()
);
alter table public.operadores_autorizados enable row level security;
create policy administradores on public.operadores_autorizados for all to authenticated
  using ((select public.es_admin())) with check ((select public.es_admin()));
revoke all on public.operadores_autorizados from public, anon, authenticated;
grant select, insert, delete on public.operadores_autorizados to authenticated;
grant all on public.operadores_autorizados to service_role;

create or replace function public.crear_perfil_operador() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_primero boolean;
  v_autorizado boolean := false;
begin
  -- Serialise concurrent sign-ups so only one of them can be "the first".
  lock table public.perfiles in share row exclusive mode;
  v_primero := not exists (select 1 from public.perfiles);
  if new.email is not null then
    delete from public.operadores_autorizados a where a.email = lower(btrim(new.email));
    v_autorizado := found;
  end if;
  if not (v_primero or v_autorizado or public.llamador_privilegiado()) then
    return new;
  end if;
  insert into public.perfiles (id, nombre, email, es_admin)
  values (
    new.id,
    coalesce(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), nullif(split_part(new.email, '@', 1), ''), 'Usuario'),
    new.email,
    v_primero
  )
  on conflict (id) do nothing;
  return new;
end
$$;

-- ===================================================================================================
-- EXECUTE: nobody but the owner and service_role, then back to the roles that need each function.
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure
      from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  loop
    execute format('revoke execute on function %s from public, anon, authenticated', f);
    execute format('grant execute on function %s to service_role', f);
  end loop;
end
$$;

-- Operators' functions: each checks its caller (es_operador / llamador_privilegiado, the bots' and the
-- calls' access checks) or is SECURITY INVOKER, so RLS answers a non-operator with nothing.
grant execute on function
  public.es_operador(),
  public.es_admin(),
  public.notificaciones_pendientes(),
  public.buscar_clientes(text, integer),
  public.buscar_campanas(text, integer),
  public.buscar_llamadas(text, integer),
  public.create_message_table(text),
  public.llamadas_exigir_operador(),
  public.llamadas_estadisticas(bigint),
  public.llamadas_historial(text, text, integer),
  public.llamadas_resumen(bigint, timestamptz, timestamptz),
  public.llamadas_clientes_pagina(bigint, text, text, text, text, integer, integer),
  public.llamadas_claves_existentes_columnas(bigint, jsonb),
  public.llamadas_importar_clientes(bigint, integer, text, text, text, text, text, text),
  public.reporte_proyecto(uuid, timestamptz),
  public.metricas_por_proyecto(timestamptz),
  public.metricas_dashboard(timestamptz, timestamptz, timestamptz),
  public.registrar_metricas_proyectos(timestamptz),
  public.eliminar_servicio_instancia(text),
  public.bots_preparar_tabla(text),
  public.bots_sesiones(text, text, boolean, integer, integer),
  public.bots_estadisticas(text, timestamptz),
  public.bots_conversacion(text, text),
  public.bots_resumen(text, text, timestamptz)
to authenticated;

-- Pure helpers (no table read): the invoker functions above (progreso_estimado, peso_estado_servicio) and the
-- message tables' full-text index expression, evaluated by whoever writes a row.
grant execute on function
  public.patron_busqueda(text),
  public.progreso_estimado(text, bigint, numeric),
  public.peso_estado_servicio(text),
  public.mensaje_texto(jsonb),
  public.mensaje_es_humano(jsonb),
  public.bots_dia_bogota(timestamp)
to authenticated;

-- The schema's clock is every column's default, evaluated with the rights of whoever inserts the row (n8n's
-- database user, a non-superuser owner of a function that writes rows…): PUBLIC keeps it, as before. It only
-- reads a setting and the clock.
grant execute on function public.ahora() to public;

-- The company portal: a token or the company's password decides, never the role (the static portal build
-- calls these with the anon key).
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
to anon, authenticated;
