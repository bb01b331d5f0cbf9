-- The portal's slow-down never holds a database connection (issue 24, item 1).
--
-- portal_iniciar_sesion (20261128000300) waited with pg_sleep, up to 1 s per failed check, inside its
-- transaction and holding the company's advisory lock. The embedded database (PGlite) has ONE connection, so
-- 48 wrong passwords from 12 addresses stalled every dashboard call and every signed n8n post behind them;
-- on hosted Supabase each wait held a pooled connection. Now SQL decides the delay and says so, and the caller
-- waits outside any transaction:
--
-- * A failed check that brings the company to 10 or more failures in 15 minutes (any address; the delay is
--   portal_demora_login's, unchanged: 0.1 s per failure over 9, at most 1 s) records a "not before" instant
--   for the company (portal_esperas) and answers at once, with `demora_ms`: the caller waits that long before
--   answering the visitor.
-- * A check that arrives before the company's "not before" is refused without looking at the password and
--   without counting a failure: {ok:false, motivo:'espera', espera_ms}. The caller waits and asks again
--   (src/shared/areas/portal/operations.ts: the desktop, the HTTP host and the direct portal on hosted share
--   it). A guesser who does not wait gains nothing: every attempt before the instant is refused unread, so the
--   guessing rate per company stays about one check per delay whatever the number of addresses or callers.
-- * The lock rules hold as before: 5 failures in a row from one address lock it for 5 minutes (a locked address
--   is answered 'bloqueada' first, without waiting), an hour quiet forgets, and the right password from an
--   address that is not locked still gets in (it waits its turn like any check).
-- Same signature and answers as 20261128000300, plus the two new fields; every other rule is copied from it.

create table public.portal_esperas (
  empresa_id uuid primary key references public.empresas (id) on delete cascade,
  no_antes timestamptz not null
);
alter table public.portal_esperas enable row level security;
revoke all on public.portal_esperas from public, anon, authenticated;
grant all on public.portal_esperas to service_role;

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
  v_no_antes timestamptz;
  v_demora double precision;
  v_demora_ms integer := 0;
  v_ok boolean;
  v_token text;
  v_expira timestamptz;
  v_res jsonb;
begin
  if p_empresa ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_id := p_empresa::uuid;
    select * into v_emp from public.empresas e where e.id = v_id;
  end if;
  if v_emp.id is null then
    perform crypt(coalesce(p_contrasena, ''), c_hash_vacio);
    return jsonb_build_object('ok', false, 'motivo', 'credenciales');
  end if;

  -- One login check per company at a time, so concurrent guesses cannot outrun the counters. Held only for
  -- the check itself (no waiting in here).
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

  -- The company's slow-down: before its instant, nothing is checked or counted; the caller waits and asks again.
  select w.no_antes into v_no_antes from public.portal_esperas w where w.empresa_id = v_emp.id;
  if v_no_antes is not null and v_no_antes > v_ahora then
    return jsonb_build_object('ok', false, 'motivo', 'espera',
      'espera_ms', greatest(1, ceil(extract(epoch from (v_no_antes - v_ahora)) * 1000))::integer);
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
    -- The next check of this company, from any address, comes after the delay; this answer waits it too
    -- (in the caller, outside this transaction).
    v_demora := public.portal_demora_login(v_emp.id);
    if v_demora > 0 then
      v_demora_ms := ceil(v_demora * 1000)::integer;
      insert into public.portal_esperas as w (empresa_id, no_antes)
      values (v_emp.id, v_ahora + v_demora * interval '1 second')
      on conflict (empresa_id) do update set no_antes = excluded.no_antes;
    end if;
    if v_int.bloqueada_hasta is not null then
      v_res := jsonb_build_object('ok', false, 'motivo', 'bloqueada', 'bloqueada_hasta', v_int.bloqueada_hasta);
    else
      v_res := jsonb_build_object('ok', false, 'motivo', 'credenciales', 'intentos_restantes', c_max_fallos - v_int.fallos);
    end if;
    return case when v_demora_ms > 0 then v_res || jsonb_build_object('demora_ms', v_demora_ms) else v_res end;
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
