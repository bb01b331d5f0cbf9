-- Stand-ins for what the Supabase platform provides. Applied first on the embedded database and on the
-- test databases; never pushed to a hosted project (Supabase already has all of this).

-- Roles (nologin, like Supabase's). Created only when missing so this also runs where they exist.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

create extension if not exists pgcrypto;
create extension if not exists pg_trgm;

grant usage on schema public to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- auth schema: users and the request-claim helpers, exactly as Supabase reads them.
create schema if not exists auth;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique,
  encrypted_password text,
  raw_user_meta_data jsonb default '{}'::jsonb,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_sign_in_at timestamptz
);

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- ---------------------------------------------------------------------------------------------------
-- Embedded-only bookkeeping of the local auth (hosted Supabase keeps its own).
create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_expires_at_idx on auth.sessions (expires_at);

create table if not exists auth.login_attempts (
  email text primary key,
  failed_count integer not null default 0 check (failed_count >= 0),
  locked_until timestamptz
);

-- Clients reach auth only through the helper functions; the tables stay with the owner.
revoke all on all tables in schema auth from public;
grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.uid(), auth.jwt(), auth.role() to anon, authenticated, service_role;
