-- Inbound results endpoint (issue 15 §1): what the automation platform (n8n) writes back into the embedded
-- database through the app's own small HTTP listener (src/main/entrada/), instead of writing the tables itself
-- as it does on hosted Supabase.
--
-- The listener checks each request's HMAC signature, its timestamp, its size and its body (zod, Spanish
-- messages), then makes ONE call, as service_role, to one of the two functions below: each is one
-- transaction that
--   1. refuses a replay: the request's signature is kept in entrada_firmas; the same signature seen again
--      answers 'repetida' and writes nothing. A signature is only accepted within 300 s of its timestamp, so one
--      stored 10 minutes ago can never be accepted again: rows older than that are purged on every call, and a
--      replay is refused across restarts too;
--   2. honours an optional Idempotency-Key per route (entrada_claves, 24 hours): a key seen before answers
--      'duplicado' and writes nothing;
--   3. writes: a call outcome is upserted by conversation_id into registro_escrito_llamada (a field the body
--      leaves out keeps its stored value) with its audio in registro_audio_llamadas; a chat-memory row goes into
--      a registered message table of a bot company, prepared by bots_preparar_tabla so its summaries and live
--      notices follow.
-- The triggers of registro_escrito_llamada (the Resumen's hours, the batches' outcome rules, the live notice)
-- fire as for any other write. "Now" is public.ahora().

create table public.entrada_firmas (
  firma text primary key check (firma ~ '^[0-9a-f]{64}$'),
  ruta text not null check (ruta in ('llamadas', 'mensajes')),
  created_at timestamptz not null default public.ahora()
);
create index entrada_firmas_created_idx on public.entrada_firmas (created_at);

create table public.entrada_claves (
  ruta text not null check (ruta in ('llamadas', 'mensajes')),
  clave text not null check (length(clave) between 1 and 200),
  created_at timestamptz not null default public.ahora(),
  primary key (ruta, clave)
);
create index entrada_claves_created_idx on public.entrada_claves (created_at);

-- Internal bookkeeping of the listener: no operator reads it (RLS on, no policy, no grant to the API roles).
alter table public.entrada_firmas enable row level security;
alter table public.entrada_claves enable row level security;
revoke all on public.entrada_firmas, public.entrada_claves from public, anon, authenticated;
grant all on public.entrada_firmas, public.entrada_claves to service_role;

-- Steps 1 and 2 of both routes. Answers 'repetida' (signature seen), 'duplicado' (Idempotency-Key seen) or
-- null (go on and write). Two identical requests at once: the second waits on the first's row, then sees it.
create or replace function public.entrada_anotar(p_ruta text, p_firma text, p_clave text) returns text
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_filas integer;
begin
  if not public.llamador_privilegiado() then
    raise exception using errcode = '42501', message = 'Solo la entrada de resultados puede registrar resultados.';
  end if;
  if p_firma is null or p_firma !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = 'P0001', message = 'La solicitud no trae una firma válida.';
  end if;
  delete from public.entrada_firmas where created_at < public.ahora() - interval '10 minutes';
  insert into public.entrada_firmas (firma, ruta) values (p_firma, p_ruta) on conflict (firma) do nothing;
  get diagnostics v_filas = row_count;
  if v_filas = 0 then
    return 'repetida';
  end if;
  if p_clave is not null then
    if length(p_clave) not between 1 and 200 then
      raise exception using errcode = 'P0001', message = 'La cabecera Idempotency-Key debe tener entre 1 y 200 caracteres.';
    end if;
    delete from public.entrada_claves where created_at < public.ahora() - interval '24 hours';
    insert into public.entrada_claves (ruta, clave) values (p_ruta, p_clave) on conflict (ruta, clave) do nothing;
    get diagnostics v_filas = row_count;
    if v_filas = 0 then
      return 'duplicado';
    end if;
  end if;
  return null;
end
$$;

-- A call outcome. p_datos: conversation_id (required), phone, campana, status, resultado, agent_id,
-- duration_call_seg, costo, summary, transcript (any JSON), audio (base64 MP3). Answers
-- {resultado: 'guardado', id, nuevo} or {resultado: 'repetida' | 'duplicado'}.
create or replace function public.entrada_registrar_llamada(p_firma text, p_clave text, p_datos jsonb) returns jsonb
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_anotada text;
  v_conversacion text := btrim(p_datos ->> 'conversation_id');
  v_campana bigint;
  v_duracion integer;
  v_costo numeric;
  v_audio text;
  v_id bigint;
  v_nuevo boolean;
begin
  v_anotada := public.entrada_anotar('llamadas', p_firma, p_clave);
  if v_anotada is not null then
    return jsonb_build_object('resultado', v_anotada);
  end if;
  if jsonb_typeof(p_datos) is distinct from 'object' then
    raise exception using errcode = 'P0001', message = 'El cuerpo debe ser un objeto JSON.';
  end if;
  if v_conversacion is null or v_conversacion = '' or length(v_conversacion) > 200 then
    raise exception using errcode = 'P0001', message = 'Falta conversation_id (texto de hasta 200 caracteres).';
  end if;
  if jsonb_typeof(p_datos -> 'campana') = 'number' then
    v_campana := (p_datos ->> 'campana')::bigint;
    if not exists (select 1 from public.campanas where id = v_campana) then
      raise exception using errcode = 'P0001', message = format('La campaña %s no existe.', v_campana);
    end if;
  elsif jsonb_typeof(p_datos -> 'campana') <> 'null' then
    raise exception using errcode = 'P0001', message = 'campana debe ser el número de una campaña.';
  end if;
  if jsonb_typeof(p_datos -> 'duration_call_seg') = 'number' then
    v_duracion := (p_datos ->> 'duration_call_seg')::integer;
    if v_duracion < 0 then
      raise exception using errcode = 'P0001', message = 'duration_call_seg no puede ser negativo.';
    end if;
  end if;
  if jsonb_typeof(p_datos -> 'costo') = 'number' then
    v_costo := (p_datos ->> 'costo')::numeric;
    if v_costo < 0 then
      raise exception using errcode = 'P0001', message = 'costo no puede ser negativo.';
    end if;
  end if;

  insert into public.registro_escrito_llamada as r
    (conversation_id, phone, campana, status, resultado, agent_id, duration_call_seg, costo, summary, transcript)
  values (
    v_conversacion, p_datos ->> 'phone', v_campana, p_datos ->> 'status', p_datos ->> 'resultado',
    p_datos ->> 'agent_id', v_duracion, v_costo, p_datos ->> 'summary', nullif(p_datos -> 'transcript', 'null'::jsonb))
  on conflict (conversation_id) do update set
    phone = case when p_datos ? 'phone' then excluded.phone else r.phone end,
    campana = case when p_datos ? 'campana' then excluded.campana else r.campana end,
    status = case when p_datos ? 'status' then excluded.status else r.status end,
    resultado = case when p_datos ? 'resultado' then excluded.resultado else r.resultado end,
    agent_id = case when p_datos ? 'agent_id' then excluded.agent_id else r.agent_id end,
    duration_call_seg = case when p_datos ? 'duration_call_seg' then excluded.duration_call_seg else r.duration_call_seg end,
    costo = case when p_datos ? 'costo' then excluded.costo else r.costo end,
    summary = case when p_datos ? 'summary' then excluded.summary else r.summary end,
    transcript = case when p_datos ? 'transcript' then excluded.transcript else r.transcript end
  returning r.id, (r.xmax = 0) into v_id, v_nuevo;

  v_audio := nullif(p_datos ->> 'audio', '');
  if v_audio is not null then
    insert into public.registro_audio_llamadas as a (conversation_id, audio)
    values (v_conversacion, v_audio)
    on conflict (conversation_id) do update set audio = excluded.audio;
  end if;

  return jsonb_build_object('resultado', 'guardado', 'id', v_id, 'nuevo', v_nuevo);
end
$$;

-- A chat-memory row of a registered message table. The name must pass the message-table rule
-- (problema_tabla_mensajes: no system or console table) and belong to a registered bot company
-- (bots_verificar_tabla); a registered table that does not exist yet is created as create_message_table
-- creates it. Answers {resultado: 'guardado', id} or {resultado: 'repetida' | 'duplicado'}.
create or replace function public.entrada_registrar_mensaje(
  p_firma text, p_clave text, p_tabla text, p_session_id text, p_message jsonb
) returns jsonb
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_anotada text;
  v_problema text;
  v_id bigint;
begin
  v_anotada := public.entrada_anotar('mensajes', p_firma, p_clave);
  if v_anotada is not null then
    return jsonb_build_object('resultado', v_anotada);
  end if;
  if p_session_id is null or btrim(p_session_id) = '' or length(p_session_id) > 255 then
    raise exception using errcode = 'P0001', message = 'Falta session_id (texto de hasta 255 caracteres).';
  end if;
  if jsonb_typeof(p_message) is distinct from 'object' then
    raise exception using errcode = 'P0001', message = 'message debe ser un objeto JSON.';
  end if;
  v_problema := public.problema_tabla_mensajes(p_tabla);
  if v_problema is not null then
    raise exception using errcode = 'P0001', message = v_problema;
  end if;
  if public.bots_verificar_tabla(p_tabla) is null then
    begin
      perform public.create_message_table(p_tabla);
    exception when sqlstate '22023' then
      raise exception using errcode = 'P0001',
        message = format('La tabla %s está registrada pero aún no existe, y su nombre no termina en un canal conocido: créala desde el flujo de la empresa.', p_tabla);
    end;
  end if;
  perform public.bots_preparar_tabla(p_tabla);
  execute format('insert into public.%I (session_id, message, created_at) values ($1, $2, $3) returning id', p_tabla)
    using p_session_id, p_message, (public.ahora() at time zone 'UTC')
    into v_id;
  return jsonb_build_object('resultado', 'guardado', 'id', v_id);
end
$$;

-- EXECUTE: only service_role (the listener, through the embedded backend's system data port; on hosted
-- Supabase, n8n with its service_role key could call them too). Never anon or authenticated.
revoke execute on function
  public.entrada_anotar(text, text, text),
  public.entrada_registrar_llamada(text, text, jsonb),
  public.entrada_registrar_mensaje(text, text, text, text, jsonb)
from public, anon, authenticated;

grant execute on function
  public.entrada_registrar_llamada(text, text, jsonb),
  public.entrada_registrar_mensaje(text, text, text, text, jsonb)
to service_role;
