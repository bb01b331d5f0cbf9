-- More of Supabase Auth, for the embedded database (issue 27): what a hosted project's auth schema already has.
--
-- * auth.sessions gains the columns Supabase's own sessions table has (aal, user_agent, ip, refreshed_at), so
--   the session functions of the migrations (sesiones_listar, sesiones_cerrar) read the same names on both.
-- * The embedded second factor (TOTP, RFC 6238): the secret is stored encrypted (AES-256-GCM, under a key kept
--   in the keychain, never here), with the last time step accepted, so a code is usable once; the recovery
--   codes only as SHA-256 hashes. Hosted projects keep their factors in auth.mfa_factors (Supabase's).
-- The Node side (embedded-auth.ts) writes these as the owner; no client role reads them.

alter table auth.sessions add column if not exists aal text not null default 'aal1' check (aal in ('aal1', 'aal2'));
alter table auth.sessions add column if not exists user_agent text;
alter table auth.sessions add column if not exists ip text;
alter table auth.sessions add column if not exists refreshed_at timestamptz;

create table if not exists auth.mfa_totp (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- base64 of iv (12 bytes) | tag (16 bytes) | ciphertext: AES-256-GCM of the base32 secret.
  secreto_cifrado text not null,
  verificado boolean not null default false,
  -- The RFC 6238 counter (unix seconds / 30) of the last code accepted: a code of that step or an earlier one
  -- is refused, so each code is used once.
  ultimo_paso bigint,
  created_at timestamptz not null default now()
);

create table if not exists auth.mfa_recuperacion (
  user_id uuid not null references auth.users (id) on delete cascade,
  codigo_hash text not null check (codigo_hash ~ '^[0-9a-f]{64}$'),
  usado_at timestamptz,
  primary key (user_id, codigo_hash)
);

revoke all on auth.mfa_totp, auth.mfa_recuperacion from public;
