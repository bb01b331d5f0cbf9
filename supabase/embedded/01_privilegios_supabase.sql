-- More of the Supabase platform, so the embedded and test databases grant what a real project grants.
--
-- 1. Supabase's default privileges: every table, sequence and function that the migration role creates in
--    public is granted to anon, authenticated and service_role at once. Migrations must therefore take back
--    what a role should not have; without this stand-in a forgotten revoke went unnoticed here (PostgreSQL's
--    own default only grants EXECUTE to PUBLIC) and opened the function on every hosted project.
--    Default privileges act on objects created from now on: on a fresh database that is every migration (this
--    folder runs first); on an install that applied the migrations before this file existed, only the later
--    ones. The migration 20261128000200_operadores_y_permisos sets the grants of every function explicitly, so
--    both end the same.
--
-- 2. GoTrue's role. Sign-up, invitations and the dashboard's "add user" insert into auth.users as
--    supabase_auth_admin: not a superuser, not the owner of public, no BYPASSRLS. Tests insert "the way sign-up
--    does" as this role.

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
end
$$;

grant usage on schema auth to supabase_auth_admin;
grant select, insert, update, delete on auth.users to supabase_auth_admin;
