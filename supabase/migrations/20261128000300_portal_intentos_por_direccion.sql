-- Company portal lockout per visitor, not per company (issue 11, finding 8).
--
-- Failed logins were counted per company, so anyone holding a company's access link could lock the company
-- out by typing wrong passwords (unknown user names counted too). Now:
--
-- * Failures are counted per company AND client address: 5 in a row from one address lock that address, for
--   that company, for 5 minutes. Another address is not affected. A pause of an hour forgets the failures.
-- * Guessing from many addresses is slowed down, not locked out: when the company has had 10 or more failed
--   checks in the last 15 minutes (any address), each further failed check waits a bounded delay (0.1 s per
--   failure over the threshold, at most 1 s) while it still holds the company's advisory lock. Checks of one
--   company are serialised by that lock, so the guessing rate falls to about one per second whatever the
--   number of addresses, while the right password from an address that is not locked still gets in (it only
--   waits its turn; a successful check does not wait).
-- * The client address is read the way PostgREST gives it on hosted Supabase:
--   request.headers ->> 'x-forwarded-for', its first entry. The embedded backend's SQL executor sets
--   request.headers the same way from the HTTP transport's socket address. Without an address (a desktop
--   window over IPC) the empty address is one visitor of its own.
--   On a hosted project a caller that talks to Supabase directly can put any first entry in that header, so
--   the per-address lock alone does not stop a guesser who changes it; the per-company slow-down does.
--
-- Also: every portal function that asked now() asks public.ahora() (the schema's one clock), so expiry,
-- lockout and "today" follow the backend's clock like the rows do.

-- ===================================================================================================
-- One row per company and address. Rows of the old per-company count become the empty address's.
alter table public.portal_intentos add column direccion text not null default '';
alter table public.portal_intentos drop constraint portal_intentos_pkey;
alter table public.portal_intentos add primary key (empresa_id, direccion);
create index portal_intentos_empresa_fallo_idx on public.portal_intentos (empresa_id, ultimo_fallo);

-- The caller's address: the first entry of X-Forwarded-For in request.headers, lower-cased and cut to 64
-- characters (it is only a key); '' when there is none or the setting is not JSON.
create or replace function public.portal_direccion_cliente() returns text
language plpgsql stable set search_path = public, pg_temp
as $$
declare
  v_xff text;
begin
  begin
    v_xff := nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for';
  exception when others then
    v_xff := null;
  end;
  return left(lower(btrim(split_part(coalesce(v_xff, ''), ',', 1))), 64);
end
$$;

-- Seconds a failed check of this company waits: 0 below 10 failures in the last 15 minutes (any address),
-- then 0.1 s per failure over, at most 1 s.
create or replace function public.portal_demora_login(p_empresa uuid) returns double precision
language sql stable security definer set search_path = public, pg_temp
as $$
  select least(1.0, greatest(0, coalesce(sum(i.fallos), 0) - 9) * 0.1)::double precision
    from public.portal_intentos i
   where i.empresa_id = p_empresa
     and i.ultimo_fallo > public.ahora() - interval '15 minutes'
$$;

-- ===================================================================================================
-- Login: same signature and answers as in 20261126000100_portal_empresas.
create or replace function public.portal_iniciar_sesion(p_empresa text, p_usuario text, p_contrasena text)
returns jsonb
language plpgsql volatile security definer set search_path = public, extensions, pg_temp
as $$
declare
  -- A fixed bcrypt hash, compared against when the company is unknown, so both paths cost the same.
  c_hash_vacio constant text := '$2a$10$1hefXu0cJ0/GIItwdv0vD.F6TALKtf8FDzu0FzTABlNKwV1Kn9V4.';
  c_max_fallos constant integer := 5;
  c_bloqueo constant interval := interval '5 minutes';
  c_olvido constant interval := interval '1 hour';
  c_vida constant interval := interval '24 hours';
  v_ahora timestamptz := public.ahora();
  v_dir text := public.portal_direccion_cliente();
  v_id uuid;
  v_emp public.empresas%rowtype;
  v_int public.portal_intentos%rowtype;
  v_ok boolean;
  v_token text;
  v_expira timestamptz;
begin
  if p_empresa ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_id := p_empresa::uuid;
    select * into v_emp from public.empresas e where e.id = v_id;
  end if;
  if v_emp.id is null then
    perform crypt(coalesce(p_contrasena, ''), c_hash_vacio);
    return jsonb_build_object('ok', false, 'motivo', 'credenciales');
  end if;

  -- One login check per company at a time, so concurrent guesses cannot outrun the counters and the delay
  -- below throttles every address together.
  perform pg_advisory_xact_lock(hashtext('portal_iniciar_sesion:' || v_emp.id::text));

  -- Addresses quiet for an hour (and not locked) are forgotten, so rows of rotating addresses do not pile up.
  delete from public.portal_intentos i
   where i.empresa_id = v_emp.id
     and i.ultimo_fallo < v_ahora - c_olvido
     and (i.bloqueada_hasta is null or i.bloqueada_hasta <= v_ahora);

  select * into v_int from public.portal_intentos i where i.empresa_id = v_emp.id and i.direccion = v_dir;
  if v_int.bloqueada_hasta is not null and v_int.bloqueada_hasta > v_ahora then
    return jsonb_build_object('ok', false, 'motivo', 'bloqueada', 'bloqueada_hasta', v_int.bloqueada_hasta);
  end if;

  v_ok := v_emp.usuario_cliente is not null
      and v_emp.contrasena_cliente ~ '^\$2[abxy]\$[0-9]{2}\$[./A-Za-z0-9]{53}$'
      and btrim(coalesce(p_usuario, '')) = v_emp.usuario_cliente
      and crypt(coalesce(p_contrasena, ''), v_emp.contrasena_cliente) = v_emp.contrasena_cliente;

  if not v_ok then
    if v_emp.contrasena_cliente is null then
      perform crypt(coalesce(p_contrasena, ''), c_hash_vacio);
    end if;
    insert into public.portal_intentos as i (empresa_id, direccion, fallos, bloqueada_hasta, ultimo_fallo)
    values (v_emp.id, v_dir, 1, null, v_ahora)
    on conflict (empresa_id, direccion) do update set
      -- After a lock has run out the count starts again.
      fallos = case when i.bloqueada_hasta is not null and i.bloqueada_hasta <= v_ahora then 1 else i.fallos + 1 end,
      bloqueada_hasta = case
        when i.bloqueada_hasta is not null and i.bloqueada_hasta <= v_ahora then null
        when i.fallos + 1 >= c_max_fallos then v_ahora + c_bloqueo
        else null end,
      ultimo_fallo = v_ahora
    returning * into v_int;
    -- Still holding the company's lock: the next check of this company, from any address, waits too.
    perform pg_sleep(public.portal_demora_login(v_emp.id));
    if v_int.bloqueada_hasta is not null then
      return jsonb_build_object('ok', false, 'motivo', 'bloqueada', 'bloqueada_hasta', v_int.bloqueada_hasta);
    end if;
    return jsonb_build_object('ok', false, 'motivo', 'credenciales', 'intentos_restantes', c_max_fallos - v_int.fallos);
  end if;

  delete from public.portal_intentos i where i.empresa_id = v_emp.id and i.direccion = v_dir;
  if not v_emp.activo then
    return jsonb_build_object('ok', false, 'motivo', 'inactiva');
  end if;

  delete from public.portal_sesiones s where s.empresa_id = v_emp.id and s.expira_at <= v_ahora;
  v_token := encode(gen_random_bytes(32), 'hex');
  v_expira := v_ahora + c_vida;
  insert into public.portal_sesiones (token_hash, empresa_id, created_at, expira_at)
  values (public.portal_hash(v_token), v_emp.id, v_ahora, v_expira);
  return jsonb_build_object(
    'ok', true,
    'token', v_token,
    'expira_at', v_expira,
    'empresa', jsonb_build_object('id', v_emp.id, 'nombre', v_emp.nombre));
end
$$;

-- ===================================================================================================
-- The rest of the portal on the schema's clock.

-- The company of a live token, or null (unknown, expired, or the company was deactivated or deleted).
create or replace function public.portal_empresa_de_token(p_token text) returns uuid
language sql stable security definer set search_path = public, pg_temp
as $$
  select s.empresa_id
    from public.portal_sesiones s
    join public.empresas e on e.id = s.empresa_id and e.activo
   where p_token is not null
     and p_token ~ '^[0-9a-f]{64}$'
     and s.token_hash = public.portal_hash(p_token)
     and s.expira_at > public.ahora()
$$;

-- The four stat cards of one of the company's tables (today in Bogotá; active = last message within 24 h).
create or replace function public.portal_whatsapp_estadisticas(p_token text, p_tabla text) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_empresa uuid := public.portal_empresa_de_token(p_token);
  v_rel regclass;
  v_ahora timestamp := public.ahora() at time zone 'UTC';
  v_res jsonb;
begin
  if v_empresa is null then
    return null;
  end if;
  v_rel := public.portal_tabla_de(v_empresa, p_tabla);
  if v_rel is null then
    return jsonb_build_object('empresa_id', v_empresa, 'permitida', false, 'totalMensajes', 0, 'totalSesiones', 0, 'mensajesHoy', 0, 'sesionesActivas', 0);
  end if;
  execute format($q$
    select jsonb_build_object(
             'totalMensajes', (select count(*) from public.%1$I),
             'totalSesiones', (select count(distinct session_id) from public.%1$I),
             'mensajesHoy', (select count(*) from public.%1$I m
                              where m.created_at >= public.bots_inicio_dia_utc(public.bots_dia_bogota($1))
                                and m.created_at < public.bots_inicio_dia_utc(public.bots_dia_bogota($1) + 1)),
             'sesionesActivas', (select count(distinct session_id) from public.%1$I m
                                  where m.created_at >= $1 - interval '24 hours'))
  $q$, p_tabla) into v_res using v_ahora;
  return v_res || jsonb_build_object('empresa_id', v_empresa, 'permitida', true);
end
$$;

-- The two new helpers are internal (Supabase's default privileges granted them to everyone).
revoke execute on function public.portal_direccion_cliente(), public.portal_demora_login(uuid) from public, anon, authenticated;
grant execute on function public.portal_direccion_cliente(), public.portal_demora_login(uuid) to service_role;
