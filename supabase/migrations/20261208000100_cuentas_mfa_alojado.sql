-- Operator accounts, the rest of issue 27:
--
-- 1. An administrator resets another operator's second factor (he lost his phone): public.seguridad_restablecer_dos_pasos.
--    Administrators only (exigir_admin: with the agency's rule on, an aal2 administrator); nobody resets his own
--    this way (he turns it off with a code in Configuración → Seguridad). It removes the operator's factor where
--    the backend keeps it: Supabase Auth's auth.mfa_factors on hosted (GoTrue's table; its challenges go with it
--    by their foreign key), the embedded app's auth.mfa_totp and recovery codes (supabase/embedded/02_sesiones_mfa.sql).
--    Each table is looked up by name, so one text serves both databases. Audited as mfa.restablecer.
-- 2. Refused sign-ins on hosted: Supabase Auth (GoTrue) checks the password, and writes nothing our SQL sees.
--    The console that received the refusal reports it with public.auditar_inicio_rechazado, callable as anon
--    (nobody is signed in yet). What it can honestly record: the e-mail of an existing operator (an unknown
--    e-mail records nothing, so the trail cannot be filled with junk), the reason the console saw, and the
--    address the request came from; at most 20 rows per e-mail in 10 minutes. Anyone holding the project's anon
--    key could call it too, so the row says who reported it (informado_por 'consola'). Attempts made directly
--    against Supabase Auth, without the console, are not here: they are in the project's Auth logs.
-- 3. Configuración → Actividad is live: the audit trail gets the avisar_cambio trigger (embedded NOTIFY) and a
--    place in the supabase_realtime publication (hosted), area 'auditoria' (TABLAS_REALTIME in
--    src/main/cambios/realtime.ts). Realtime applies the table's RLS: only administrators receive its changes.
-- "Now" is public.ahora().

-- ===================================================================================================
-- 1. Reset another operator's second factor.

create or replace function public.seguridad_restablecer_dos_pasos(p_operador uuid) returns boolean
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_nombre text;
  v_n bigint := 0;
  v_m bigint := 0;
begin
  perform public.exigir_admin();
  if p_operador is null or p_operador = auth.uid() then
    raise exception using errcode = 'P0001',
      message = 'Tu propia verificación en dos pasos se desactiva en Configuración → Seguridad, con un código de tu aplicación.';
  end if;
  select p.nombre into v_nombre from public.perfiles p where p.id = p_operador;
  if v_nombre is null then
    raise exception using errcode = 'P0001', message = 'Ese operador no existe.';
  end if;
  -- Hosted: Supabase Auth's factors (the challenges go with them, ON DELETE CASCADE).
  if to_regclass('auth.mfa_factors') is not null then
    execute 'delete from auth.mfa_factors where user_id = $1' using p_operador;
    get diagnostics v_n = row_count;
  end if;
  -- Embedded: the app's own TOTP secret and recovery codes.
  if to_regclass('auth.mfa_totp') is not null then
    execute 'delete from auth.mfa_totp where user_id = $1' using p_operador;
    get diagnostics v_m = row_count;
    v_n := v_n + v_m;
    execute 'delete from auth.mfa_recuperacion where user_id = $1' using p_operador;
  end if;
  if v_n = 0 then
    return false;
  end if;
  perform public.auditoria_registrar('mfa.restablecer', v_nombre, jsonb_build_object('operador', p_operador));
  return true;
end
$$;

-- ===================================================================================================
-- 2. A refused sign-in the hosted console received.

create or replace function public.auditar_inicio_rechazado(p_email text, p_motivo text default 'credenciales')
returns void
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_motivo text := case when p_motivo in ('credenciales', 'bloqueado', 'codigo', 'desactivado') then p_motivo else 'credenciales' end;
begin
  if v_email = '' or length(v_email) > 254 then
    return;
  end if;
  if not exists (select 1 from public.perfiles p where lower(p.email) = v_email) then
    return;
  end if;
  if (select count(*) from public.auditoria a
       where a.accion = 'sesion.rechazada' and a.objeto = v_email and a.creado_en > public.ahora() - interval '10 minutes') >= 20 then
    return;
  end if;
  perform public.auditoria_registrar('sesion.rechazada', v_email,
    jsonb_build_object('motivo', v_motivo, 'informado_por', 'consola'), null, v_email);
end
$$;

-- ===================================================================================================
-- 3. The audit trail, live.

drop trigger if exists avisar_cambio on public.auditoria;
create trigger avisar_cambio after insert or update or delete or truncate on public.auditoria
  for each statement execute function public.avisar_cambio('auditoria');

do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime')
     and not exists (select 1 from pg_publication_tables p
                      where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = 'auditoria') then
    alter publication supabase_realtime add table public.auditoria;
  end if;
end
$$;

-- ===================================================================================================
-- EXECUTE.
revoke execute on function
  public.seguridad_restablecer_dos_pasos(uuid),
  public.auditar_inicio_rechazado(text, text)
from public, anon, authenticated;
grant execute on function public.seguridad_restablecer_dos_pasos(uuid) to authenticated, service_role;
grant execute on function public.auditar_inicio_rechazado(text, text) to anon, authenticated, service_role;
