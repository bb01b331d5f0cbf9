-- What 'Probar conexión', 'Guardar y reconectar' and 'Mover a Supabase' ask a project (issue 22, item 1).
--
-- The check used to read `agente_marketing` with the anon key; the migrations rightly close every table to
-- anon, so PostgREST answered 401 (42501) and the console called a correct key wrong. This function is the one
-- thing anon may run for the check: it answers the newest migration the schema has (its timestamp, e.g.
-- '20261129000100'). A project without it (PostgREST: PGRST202, 404) has not had the migrations pushed; one
-- answering an older version than the console needs has not had the newest ones pushed. The console tells the
-- administrator to run `supabase db push` in both cases.
--
-- "The newest migration" is the greatest of: this file's own timestamp (the function exists, so at least this
-- file was applied), the Supabase CLI's record (supabase_migrations.schema_migrations, `supabase db push`) and
-- the embedded ledger (_consola.migraciones). Reading those records needs the owner's rights: SECURITY DEFINER
-- with a fixed search path; it reads nothing else and takes no argument. A later migration that the console
-- cannot work without need not redefine this: the records already carry its timestamp.

create or replace function public.consola_version_esquema() returns text
language plpgsql stable security definer set search_path = pg_catalog, pg_temp
as $$
declare
  v_version text := '20261129000100';
  v_otra text;
begin
  if to_regclass('supabase_migrations.schema_migrations') is not null then
    execute $q$select max(version) from supabase_migrations.schema_migrations where version ~ '^[0-9]{14}$'$q$ into v_otra;
    if v_otra > v_version then v_version := v_otra; end if;
  end if;
  if to_regclass('_consola.migraciones') is not null then
    execute $q$select max(substring(nombre from '^migrations/([0-9]{14})_')) from _consola.migraciones$q$ into v_otra;
    if v_otra > v_version then v_version := v_otra; end if;
  end if;
  return v_version;
end
$$;

revoke all on function public.consola_version_esquema() from public;
grant execute on function public.consola_version_esquema() to anon, authenticated, service_role;

-- PostgREST learns about a new function when its schema cache reloads (Supabase's CLI and dashboard send this
-- after DDL; a plain psql session does not).
notify pgrst, 'reload schema';
