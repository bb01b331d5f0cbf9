-- Consola de Automatización: the tables of the three specification parts, with the names the
-- existing deployment uses. Applies on PostgreSQL 15 (hosted Supabase) and PGlite (PostgreSQL 18).

-- pg_trgm for the global search. On hosted Supabase extensions live in the "extensions" schema.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'extensions') then
    execute 'create extension if not exists pg_trgm with schema extensions';
  else
    execute 'create extension if not exists pg_trgm';
  end if;
end
$$;

-- ===================================================================================================
-- Operators: one profile per auth user. The first operator is the administrator.
create table public.perfiles (
  id uuid primary key references auth.users (id) on delete cascade,
  nombre text not null,
  email text not null,
  es_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create or replace function public.crear_perfil_operador() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  -- Serialise concurrent sign-ups so only one of them can be "the first".
  lock table public.perfiles in share row exclusive mode;
  insert into public.perfiles (id, nombre, email, es_admin)
  values (
    new.id,
    coalesce(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), nullif(split_part(new.email, '@', 1), ''), 'Usuario'),
    new.email,
    not exists (select 1 from public.perfiles)
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger perfiles_desde_auth_users
  after insert on auth.users
  for each row execute function public.crear_perfil_operador();

create or replace function public.sincronizar_email_perfil() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.perfiles set email = new.email, updated_at = now() where id = new.id;
  return new;
end
$$;

create trigger perfiles_email_desde_auth_users
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.sincronizar_email_perfil();

-- True when the caller (auth.uid() from the request claims) has an operator profile.
create or replace function public.es_operador() returns boolean
language sql stable security definer set search_path = public, pg_temp
as $$
  select exists (select 1 from public.perfiles where id = auth.uid())
$$;

create or replace function public.set_updated_at() returns trigger
language plpgsql set search_path = public, pg_temp
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger perfiles_updated_at before update on public.perfiles
  for each row execute function public.set_updated_at();

-- ===================================================================================================
-- Part 1: campaigns, clients, calls.
create table public.campanas (
  id bigint generated always as identity primary key,
  nombre text not null check (btrim(nombre) <> ''),
  minutos integer not null default 0 check (minutos >= 0),
  created_at timestamptz not null default now()
);

create table public.clientes (
  id bigint generated always as identity primary key,
  nombre text not null,
  apellido text not null,
  email text not null,
  telefono text not null,
  empresa text,
  cargo text,
  campana_id bigint not null references public.campanas (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- The spec's duplicate rule: the same e-mail and phone only once per campaign.
  constraint clientes_campana_email_telefono_key unique (campana_id, email, telefono)
);
create index clientes_campana_id_idx on public.clientes (campana_id);

create table public.registro_escrito_llamada (
  id bigint generated always as identity primary key,
  created_at timestamptz default now(),
  agent_id text,
  phone text,
  campana bigint references public.campanas (id) on delete set null,
  conversation_id text unique,
  status text,
  resultado text,
  summary text,
  costo numeric(12, 4),
  duration_call_seg integer check (duration_call_seg >= 0),
  transcript jsonb
);
create index registro_escrito_llamada_campana_created_idx on public.registro_escrito_llamada (campana, created_at);
create index registro_escrito_llamada_phone_created_idx on public.registro_escrito_llamada (phone, created_at desc);
create index registro_escrito_llamada_created_idx on public.registro_escrito_llamada (created_at);

create table public.registro_audio_llamadas (
  conversation_id text primary key,
  audio text not null, -- base64 MP3
  created_at timestamptz not null default now()
);

create table public.configuracion_campana (
  id bigint generated always as identity primary key,
  campana_id bigint not null unique references public.campanas (id) on delete cascade,
  agentid text,
  agentphonenumberid text,
  prompt text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger configuracion_campana_updated_at before update on public.configuracion_campana
  for each row execute function public.set_updated_at();

-- ===================================================================================================
-- Part 2: client companies, plans, catalogue, projects, service instances, history, metrics.
create table public.empresas (
  id uuid primary key default gen_random_uuid(),
  nombre text not null check (btrim(nombre) <> ''),
  descripcion text,
  ruc text,
  direccion text,
  telefono text,
  email text,
  website text,
  logo_url text,
  activo boolean not null default true,
  usuario_cliente text unique,
  contrasena_cliente text,
  created_at timestamptz not null default now()
);

create table public.planes (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> ''),
  description text,
  cost numeric(12, 2) not null default 0 check (cost >= 0),
  created_at timestamptz not null default now()
);

create table public.servicios_disponibles (
  id uuid primary key default gen_random_uuid(),
  nombre text not null check (char_length(btrim(nombre)) between 3 and 100),
  descripcion text not null check (char_length(btrim(descripcion)) between 10 and 500),
  tipo text not null unique check (tipo ~ '^[a-z_]{3,50}$'),
  icono text not null check (icono in (
    'shopping_cart', 'store', 'wordpress', 'chat_bubble', 'phone', 'whatsapp', 'settings', 'integration',
    'analytics', 'campaign', 'support', 'automation', 'webhook', 'database', 'api', 'cloud', 'mobile',
    'desktop', 'security', 'payment')),
  permite_multiple boolean not null default false,
  activo boolean not null default true,
  categoria text not null check (categoria in (
    'E-commerce', 'Atención al Cliente', 'Comunicación', 'Marketing', 'Analytics', 'Integración',
    'Automatización', 'Soporte Técnico')),
  configuracion_default jsonb not null default '{}'::jsonb check (jsonb_typeof(configuracion_default) = 'object'),
  created_at timestamptz not null default now()
);

create table public.proyectos (
  id uuid primary key default gen_random_uuid(),
  nombre text not null check (btrim(nombre) <> ''),
  descripcion text,
  plan_id uuid references public.planes (id) on delete set null,
  empresa_id uuid references public.empresas (id) on delete set null,
  servicios_instancias text not null default '[]', -- JSON text, as the specification stores it
  estado text not null default 'activo'
    check (estado in ('activo', 'inactivo', 'en_proceso', 'completado', 'cancelado', 'pausado')),
  fecha_inicio date,
  fecha_fin date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index proyectos_plan_id_idx on public.proyectos (plan_id);
create index proyectos_empresa_id_idx on public.proyectos (empresa_id);
create trigger proyectos_updated_at before update on public.proyectos
  for each row execute function public.set_updated_at();

create table public.servicios_instancias (
  id text primary key check (btrim(id) <> ''), -- tipo + timestamp + random
  proyecto_id uuid not null references public.proyectos (id) on delete cascade,
  empresa_id uuid references public.empresas (id) on delete set null,
  tipo_servicio text not null,
  nombre_instancia text not null,
  estado text not null default 'activo'
    check (estado in ('activo', 'inactivo', 'en_proceso', 'completado', 'mantenimiento', 'error')),
  categoria text,
  configuracion jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index servicios_instancias_proyecto_id_idx on public.servicios_instancias (proyecto_id);
create index servicios_instancias_empresa_id_idx on public.servicios_instancias (empresa_id);
create index servicios_instancias_estado_idx on public.servicios_instancias (estado);
create trigger servicios_instancias_updated_at before update on public.servicios_instancias
  for each row execute function public.set_updated_at();

create table public.historial_estados (
  id uuid primary key default gen_random_uuid(),
  entidad_tipo text not null,
  entidad_id text not null,
  estado_anterior text,
  estado_nuevo text not null,
  usuario_id uuid,
  created_at timestamptz not null default now()
);
create index historial_estados_entidad_idx on public.historial_estados (entidad_tipo, entidad_id, created_at desc);

create table public.metricas_proyectos (
  id uuid primary key default gen_random_uuid(),
  proyecto_id uuid not null references public.proyectos (id) on delete cascade,
  fecha date not null default current_date,
  metricas jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint metricas_proyectos_proyecto_fecha_key unique (proyecto_id, fecha)
);

-- ===================================================================================================
-- Part 3: bot companies, one table per channel.
create table public.empresas_wordpress_bots (
  uuid uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  table_supabase text not null unique check (table_supabase ~ '^[a-z0-9_]{1,63}$'),
  webhook_n8n text,
  status boolean not null default true,
  empresa_id uuid references public.empresas (id) on delete set null,
  created_at timestamptz not null default now()
);

create table public.empresas_shopify_bots (
  uuid uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  table_supabase text not null unique check (table_supabase ~ '^[a-z0-9_]{1,63}$'),
  webhook_n8n text,
  shop_domain text,
  status boolean not null default true,
  empresa_id uuid references public.empresas (id) on delete set null,
  created_at timestamptz not null default now()
);

create table public.empresas_bot_duda (
  uuid uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  table_supabase text not null unique check (table_supabase ~ '^[a-z0-9_]{1,63}$'),
  webhook_n8n text,
  status boolean not null default true,
  empresa_id uuid references public.empresas (id) on delete set null,
  created_at timestamptz not null default now()
);

create table public.empresas_whatsapp (
  id bigint generated always as identity primary key,
  uuid uuid unique default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  table_supabase text not null unique check (table_supabase ~ '^[a-z0-9_]{1,63}$'),
  webhook_n8n text,
  numero_telefono text,
  status boolean not null default true,
  empresa_id uuid references public.empresas (id) on delete set null,
  created_at timestamptz not null default now()
);

create table public.planes_empresas_wordpress (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references public.planes (id) on delete cascade,
  empresa_wordpress_uuid uuid not null references public.empresas_wordpress_bots (uuid) on delete cascade,
  created_at timestamptz not null default now(),
  constraint planes_empresas_wordpress_plan_empresa_key unique (plan_id, empresa_wordpress_uuid)
);
create index planes_empresas_wordpress_empresa_idx on public.planes_empresas_wordpress (empresa_wordpress_uuid);

-- Marketing agent records (part 3 §3).
create table public.agente_marketing (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  nombre_archivo_url text not null,
  nombre_persona text,
  dominio_extraido text not null default 'Sitio sin nombre',
  contenido text,
  archivo_storage_path text,
  archivo_original_name text
);

-- ===================================================================================================
-- Trigram indexes for the global search (part 1 §5).
create index clientes_nombre_trgm_idx on public.clientes using gin (nombre gin_trgm_ops);
create index clientes_telefono_trgm_idx on public.clientes using gin (telefono gin_trgm_ops);
create index clientes_email_trgm_idx on public.clientes using gin (email gin_trgm_ops);
create index campanas_nombre_trgm_idx on public.campanas using gin (nombre gin_trgm_ops);
create index registro_escrito_llamada_phone_trgm_idx on public.registro_escrito_llamada using gin (phone gin_trgm_ops);
create index registro_escrito_llamada_conversation_trgm_idx on public.registro_escrito_llamada using gin (conversation_id gin_trgm_ops);
create index registro_escrito_llamada_status_trgm_idx on public.registro_escrito_llamada using gin (status gin_trgm_ops);
