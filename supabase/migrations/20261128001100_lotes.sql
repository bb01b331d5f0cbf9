-- Batches of calls as a first-class thing (issue 15 §3): a batch lives in the database, not in a window.
--
-- lotes_llamadas: one row per batch (campaign, who started it, its state, when it is scheduled, how many at
--   once, the id of the app process running it). lotes_llamadas_items: one row per client of the batch, in
--   order, with its state, attempts, next retry, the Idempotency-Key of its latest request and the outcome
--   the platform reported. no_llamar: the shared 'No llamar' list, keyed by the phone's digits.
--
-- "Never sent twice": the runner claims an item here (llamadas_lote_reclamar: state 'en_curso', one more
-- attempt, committed) BEFORE it POSTs, and writes the result after (llamadas_lote_resultado). When an app
-- process ends while a batch runs, the next one marks it 'interrumpido' (llamadas_lotes_recuperar) and its
-- items left 'en_curso' become 'sin_confirmacion' (they may have been called): never resent by themselves.
--
-- Rules that must hold where n8n writes the tables itself (hosted Supabase) live in triggers:
--   - an outcome in registro_escrito_llamada is classified once (llamadas_clase_resultado), an opt-out adds
--     the phone to no_llamar, and the outcome is written onto the matching sent item of the campaign's batch;
--     a retryable outcome (the campaign's reintentar_resultados, attempts < reintentos_max) sets the item
--     'reintento' with proximo_intento = ahora() + reintento_minutos;
--   - clientes.no_llamar and no_llamar are one truth (a listed phone flags every client with it; flagging a
--     client lists its phone with motivo 'cliente'; unflagging removes it).
-- Each SQL function that the runner calls starts with llamadas_exigir_operador (an operator, or the
-- service_role the embedded backend runs batches with).

-- ===================================================================================================
-- Pure helpers.

-- The digits of a phone: '+57 300-123 4567' → '573001234567'. The key of the 'No llamar' list.
create or replace function public.telefono_normalizado(p_telefono text) returns text
language sql immutable parallel safe
as $$
  select regexp_replace(coalesce(p_telefono, ''), '[^0-9]', '', 'g')
$$;

-- The class of a call outcome (status or resultado as the platform wrote it): no_contesta, ocupado, fallida,
-- opt_out or otro. Case, accents, '_' and '-' do not matter.
create or replace function public.llamadas_clase_resultado(p_texto text) returns text
language sql immutable parallel safe
as $$
  select case
    when v in ('no contesta', 'no contesto', 'no answer', 'noanswer', 'sin respuesta', 'no responde', 'no response',
               'unanswered', 'not answered', 'no atendida', 'no atiende') then 'no_contesta'
    when v in ('ocupado', 'busy', 'linea ocupada', 'user busy') then 'ocupado'
    when v in ('fallida', 'fallido', 'failed', 'failure', 'fail', 'error') then 'fallida'
    when v in ('opt out', 'optout', 'no llamar', 'baja', 'dar de baja', 'unsubscribe', 'unsubscribed', 'do not call',
               'dnc', 'no volver a llamar') then 'opt_out'
    else 'otro'
  end
  from (select btrim(regexp_replace(translate(lower(coalesce(p_texto, '')), 'áéíóúüñ_-', 'aeiouun  '), '\s+', ' ', 'g')) as v) as t
$$;

-- ===================================================================================================
-- The campaign's retry policy and calling windows.
alter table public.configuracion_campana
  -- null = every day hora_inicio–hora_fin; else [{ "dia": 0-6 (0 = domingo), "inicio": "HH:MM", "fin": "HH:MM" }]
  add column if not exists horario_semanal jsonb,
  -- ["YYYY-MM-DD", …] in zona_horaria: no calls those days.
  add column if not exists dias_sin_llamadas jsonb not null default '[]'::jsonb,
  add column if not exists reintentos_max smallint not null default 1,
  add column if not exists reintento_minutos integer not null default 30,
  add column if not exists reintentar_resultados jsonb not null default '["no_contesta", "ocupado", "fallida"]'::jsonb;

alter table public.configuracion_campana
  add constraint configuracion_campana_reintentos_max_check check (reintentos_max between 1 and 10),
  add constraint configuracion_campana_reintento_minutos_check check (reintento_minutos between 1 and 1440),
  add constraint configuracion_campana_horario_semanal_check check (horario_semanal is null or jsonb_typeof(horario_semanal) = 'array'),
  add constraint configuracion_campana_dias_sin_llamadas_check check (jsonb_typeof(dias_sin_llamadas) = 'array'),
  add constraint configuracion_campana_reintentar_resultados_check check (
    jsonb_typeof(reintentar_resultados) = 'array'
    and reintentar_resultados <@ '["no_contesta", "ocupado", "fallida"]'::jsonb);

-- ===================================================================================================
-- Tables.
create table public.lotes_llamadas (
  id uuid primary key default gen_random_uuid(),
  campana_id bigint not null references public.campanas (id) on delete cascade,
  operador_id uuid default auth.uid(),
  estado text not null default 'en_curso' check (estado in (
    'programado', 'en_curso', 'pausado', 'esperando_horario', 'cancelado', 'terminado', 'interrumpido')),
  programado_para timestamptz,
  simultaneas smallint not null default 1 check (simultaneas between 1 and 5),
  timeout_ms integer check (timeout_ms between 100 and 120000),
  -- The id of the app process running it (a new one per start of the api).
  proceso text,
  -- The estimate shown before it started (EstimacionLote), for the record.
  estimado jsonb,
  created_at timestamptz not null default public.ahora(),
  iniciado_at timestamptz,
  terminado_at timestamptz,
  updated_at timestamptz not null default public.ahora()
);
create index lotes_llamadas_campana_idx on public.lotes_llamadas (campana_id, created_at desc);
create index lotes_llamadas_vivos_idx on public.lotes_llamadas (estado)
  where estado in ('programado', 'en_curso', 'pausado', 'esperando_horario', 'interrumpido');

create table public.lotes_llamadas_items (
  lote uuid not null references public.lotes_llamadas (id) on delete cascade,
  cliente_id bigint not null references public.clientes (id) on delete cascade,
  orden integer not null,
  telefono text not null,
  telefono_normalizado text not null,
  nombre text not null,
  estado text not null default 'pendiente' check (estado in (
    'pendiente', 'en_curso', 'exitosa', 'fallida', 'omitida', 'sin_confirmacion', 'reintento')),
  intentos integer not null default 0,
  proximo_intento timestamptz,
  enviado_at timestamptz,
  clave_idempotencia uuid,
  detalle text,
  -- The outcome's status (or resultado) the platform reported for the latest attempt.
  resultado_llamada text,
  resultado_at timestamptz,
  updated_at timestamptz not null default public.ahora(),
  primary key (lote, cliente_id)
);
create index lotes_llamadas_items_orden_idx on public.lotes_llamadas_items (lote, orden);
create index lotes_llamadas_items_telefono_idx on public.lotes_llamadas_items (telefono_normalizado, enviado_at desc);

create table public.no_llamar (
  telefono_normalizado text primary key check (telefono_normalizado ~ '^[0-9]{1,40}$'),
  telefono text not null,
  motivo text not null check (motivo in ('manual', 'cliente', 'csv', 'opt_out')),
  created_at timestamptz not null default public.ahora(),
  operador_id uuid default auth.uid()
);
create index no_llamar_created_idx on public.no_llamar (created_at desc);

-- The outcome written onto the attempt it belongs to.
alter table public.intentos_llamada add column if not exists resultado_llamada text;

create index if not exists clientes_telefono_normalizado_idx on public.clientes (public.telefono_normalizado(telefono));

do $$
declare
  t text;
begin
  foreach t in array array['lotes_llamadas', 'lotes_llamadas_items', 'no_llamar'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format(
      'create policy operadores on public.%I for all to authenticated
         using ((select public.es_operador())) with check ((select public.es_operador()))', t);
    execute format('revoke all on public.%I from anon', t);
    execute format('grant select, insert, update, delete on public.%I to authenticated', t);
    execute format('grant all on public.%I to service_role', t);
    execute format(
      'create trigger avisar_cambio after insert or update or delete or truncate on public.%I
         for each statement execute function public.avisar_cambio(%L)', t, 'llamadas');
  end loop;
end
$$;

-- A batch with its counts and who started it (the client screen's list).
create view public.lotes_llamadas_vista with (security_invoker = true) as
select l.id, l.campana_id, l.operador_id, l.estado, l.programado_para, l.simultaneas, l.timeout_ms, l.proceso,
       l.estimado, l.created_at, l.iniciado_at, l.terminado_at, l.updated_at,
       p.nombre as operador_nombre,
       coalesce(c.total, 0) as total,
       coalesce(c.done, 0) as done,
       coalesce(c.ok, 0) as ok,
       coalesce(c.failed, 0) as failed,
       coalesce(c.omitidas, 0) as omitidas,
       coalesce(c.sin_confirmacion, 0) as sin_confirmacion,
       coalesce(c.reintentos, 0) as reintentos,
       coalesce(c.pendientes, 0) as pendientes,
       coalesce(c.en_curso, 0) as en_curso,
       coalesce(c.con_resultado, 0) as con_resultado,
       coalesce(c.intentos, 0) as intentos,
       c.proximo_intento
  from public.lotes_llamadas l
  left join public.perfiles p on p.id = l.operador_id
  left join lateral (
    select count(*)::integer as total,
           count(*) filter (where i.estado in ('exitosa', 'fallida', 'omitida', 'sin_confirmacion'))::integer as done,
           count(*) filter (where i.estado = 'exitosa')::integer as ok,
           count(*) filter (where i.estado = 'fallida')::integer as failed,
           count(*) filter (where i.estado = 'omitida')::integer as omitidas,
           count(*) filter (where i.estado = 'sin_confirmacion')::integer as sin_confirmacion,
           count(*) filter (where i.estado = 'reintento')::integer as reintentos,
           count(*) filter (where i.estado = 'pendiente')::integer as pendientes,
           count(*) filter (where i.estado = 'en_curso')::integer as en_curso,
           count(i.resultado_llamada)::integer as con_resultado,
           coalesce(sum(i.intentos), 0)::integer as intentos,
           min(i.proximo_intento) filter (where i.estado = 'reintento') as proximo_intento
      from public.lotes_llamadas_items i
     where i.lote = l.id
  ) c on true;

revoke all on public.lotes_llamadas_vista from anon;
grant select on public.lotes_llamadas_vista to authenticated, service_role;

-- ===================================================================================================
-- 'No llamar': the list and the clients' flag are one truth.

-- A phone listed flags every client with it; a phone removed unflags them.
create or replace function public.no_llamar_marcar_clientes() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.clientes c set no_llamar = true
    from nuevos n
   where public.telefono_normalizado(c.telefono) = n.telefono_normalizado and not c.no_llamar;
  return null;
end
$$;

create or replace function public.no_llamar_desmarcar_clientes() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.clientes c set no_llamar = false
    from quitados q
   where public.telefono_normalizado(c.telefono) = q.telefono_normalizado and c.no_llamar;
  return null;
end
$$;

create trigger no_llamar_marcar after insert on public.no_llamar
  referencing new table as nuevos for each statement execute function public.no_llamar_marcar_clientes();
create trigger no_llamar_desmarcar after delete on public.no_llamar
  referencing old table as quitados for each statement execute function public.no_llamar_desmarcar_clientes();

-- A client written with a listed phone is flagged (unless this very update unflags him).
create or replace function public.clientes_no_llamar_antes() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  if new.no_llamar then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.no_llamar then
    return new; -- an explicit unflag: the after trigger removes the phone from the list
  end if;
  if exists (select 1 from public.no_llamar n where n.telefono_normalizado = public.telefono_normalizado(new.telefono)) then
    new.no_llamar := true;
  end if;
  return new;
end
$$;

-- Flagging a client lists his phone ('cliente'); unflagging removes it (and so unflags the others with it).
-- The chain ends by itself: the list's triggers only touch clients whose flag differs.
create or replace function public.clientes_no_llamar_despues() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_tel text := public.telefono_normalizado(new.telefono);
begin
  if v_tel = '' then
    return null;
  end if;
  if new.no_llamar and (tg_op = 'INSERT' or not old.no_llamar or old.telefono is distinct from new.telefono) then
    insert into public.no_llamar (telefono_normalizado, telefono, motivo, operador_id)
    values (v_tel, btrim(new.telefono), 'cliente', auth.uid())
    on conflict (telefono_normalizado) do nothing;
  elsif tg_op = 'UPDATE' and old.no_llamar and not new.no_llamar then
    delete from public.no_llamar where telefono_normalizado = v_tel;
  end if;
  return null;
end
$$;

create trigger clientes_no_llamar_antes before insert or update of telefono, no_llamar on public.clientes
  for each row execute function public.clientes_no_llamar_antes();
create trigger clientes_no_llamar_despues after insert or update of telefono, no_llamar on public.clientes
  for each row execute function public.clientes_no_llamar_despues();

-- The clients flagged before this migration: their phones join the list (and flag their namesakes).
insert into public.no_llamar (telefono_normalizado, telefono, motivo, operador_id)
select distinct on (public.telefono_normalizado(c.telefono)) public.telefono_normalizado(c.telefono), btrim(c.telefono), 'cliente', null
  from public.clientes c
 where c.no_llamar and public.telefono_normalizado(c.telefono) <> ''
 order by public.telefono_normalizado(c.telefono), c.id
on conflict (telefono_normalizado) do nothing;

-- ===================================================================================================
-- An outcome reported by the platform (n8n, or the inbound endpoint) reaches the batch it belongs to.
create or replace function public.llamadas_resultado_a_lote() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_texto text := coalesce(nullif(btrim(new.resultado), ''), nullif(btrim(new.status), ''));
  v_clase text;
  v_tel text := public.telefono_normalizado(new.phone);
  v_item record;
  v_conf record;
begin
  if tg_op = 'UPDATE' and old.status is not distinct from new.status and old.resultado is not distinct from new.resultado
     and old.phone is not distinct from new.phone and old.campana is not distinct from new.campana then
    return null;
  end if;
  if v_tel = '' or v_texto is null then
    return null;
  end if;
  v_clase := public.llamadas_clase_resultado(new.resultado);
  if v_clase = 'otro' then
    v_clase := public.llamadas_clase_resultado(new.status);
  end if;
  if v_clase = 'opt_out' then
    insert into public.no_llamar (telefono_normalizado, telefono, motivo, operador_id)
    values (v_tel, btrim(new.phone), 'opt_out', null)
    on conflict (telefono_normalizado) do nothing;
  end if;
  if new.campana is null then
    return null;
  end if;

  -- The latest request sent to this phone by a batch of the campaign (within a day).
  select i.lote, i.cliente_id, i.intentos, l.estado as lote_estado into v_item
    from public.lotes_llamadas_items i
    join public.lotes_llamadas l on l.id = i.lote
   where i.telefono_normalizado = v_tel and l.campana_id = new.campana
     and i.estado in ('en_curso', 'exitosa', 'sin_confirmacion')
     and i.enviado_at >= public.ahora() - interval '1 day'
   order by i.enviado_at desc
   limit 1
   for update of i;
  if not found then
    return null;
  end if;

  select c.reintentos_max, c.reintento_minutos, c.reintentar_resultados into v_conf
    from public.configuracion_campana c where c.campana_id = new.campana;

  if v_clase in ('no_contesta', 'ocupado', 'fallida')
     and v_item.lote_estado in ('en_curso', 'pausado', 'esperando_horario', 'interrumpido')
     and v_conf.reintentos_max is not null and v_item.intentos < v_conf.reintentos_max
     and v_conf.reintentar_resultados ? v_clase then
    update public.lotes_llamadas_items
       set estado = 'reintento', proximo_intento = public.ahora() + make_interval(mins => v_conf.reintento_minutos),
           resultado_llamada = v_texto, resultado_at = public.ahora(), updated_at = public.ahora()
     where lote = v_item.lote and cliente_id = v_item.cliente_id;
  else
    update public.lotes_llamadas_items
       set resultado_llamada = v_texto, resultado_at = public.ahora(), updated_at = public.ahora()
     where lote = v_item.lote and cliente_id = v_item.cliente_id;
  end if;
  update public.intentos_llamada set resultado_llamada = v_texto
   where id = (select max(a.id) from public.intentos_llamada a where a.lote = v_item.lote and a.cliente_id = v_item.cliente_id);
  return null;
end
$$;

create trigger llamadas_resultado_a_lote after insert or update on public.registro_escrito_llamada
  for each row execute function public.llamadas_resultado_a_lote();

-- ===================================================================================================
-- The runner's steps, each one transaction.

-- A new batch and its items, in the order given (clients of other campaigns are left out). p_claves:
-- { "<cliente_id>": "<uuid>" } keys to resend (a retried attempt keeps its key).
create or replace function public.llamadas_lote_crear(
  p_campana bigint, p_clientes jsonb, p_claves jsonb, p_programado timestamptz, p_simultaneas integer,
  p_timeout integer, p_proceso text, p_estimado jsonb
) returns uuid
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_id uuid;
begin
  perform public.llamadas_exigir_operador();
  insert into public.lotes_llamadas (campana_id, operador_id, estado, programado_para, simultaneas, timeout_ms, proceso, estimado, iniciado_at)
  values (p_campana, auth.uid(),
          case when p_programado is not null and p_programado > public.ahora() then 'programado' else 'en_curso' end,
          p_programado, greatest(1, least(5, coalesce(p_simultaneas, 1))), p_timeout, p_proceso, p_estimado,
          case when p_programado is not null and p_programado > public.ahora() then null else public.ahora() end)
  returning id into v_id;
  insert into public.lotes_llamadas_items (lote, cliente_id, orden, telefono, telefono_normalizado, nombre, clave_idempotencia)
  select v_id, c.id, min(e.orden)::integer, c.telefono, public.telefono_normalizado(c.telefono),
         btrim(c.nombre || ' ' || c.apellido), (p_claves ->> c.id::text)::uuid
    from jsonb_array_elements_text(coalesce(p_clientes, '[]'::jsonb)) with ordinality as e (cliente, orden)
    join public.clientes c on c.id = e.cliente::bigint and c.campana_id = p_campana
   group by c.id, c.telefono, c.nombre, c.apellido;
  return v_id;
end
$$;

-- Claims up to p_cantidad items that are due (pending, or a retry whose time came), in order, skipping rows
-- another transaction holds. A listed phone becomes 'omitida' (p_detalle_no_llamar) instead. Only for a
-- batch 'en_curso' run by p_proceso. The claim is committed before the runner POSTs.
create or replace function public.llamadas_lote_reclamar(p_lote uuid, p_proceso text, p_cantidad integer, p_detalle_no_llamar text)
returns table (cliente_id bigint, intentos integer, clave uuid, cliente jsonb)
language plpgsql security definer set search_path = public, pg_temp
as $$
#variable_conflict use_column
declare
  v_lote record;
  v record;
  v_n integer := 0;
begin
  perform public.llamadas_exigir_operador();
  select l.id, l.campana_id, l.operador_id into v_lote from public.lotes_llamadas l
   where l.id = p_lote and l.estado = 'en_curso' and l.proceso = p_proceso
   for share;
  if not found then
    return;
  end if;
  for v in
    select i.cliente_id, i.estado, i.telefono, i.telefono_normalizado, i.nombre
      from public.lotes_llamadas_items i
     where i.lote = p_lote
       and (i.estado = 'pendiente' or (i.estado = 'reintento' and i.proximo_intento <= public.ahora()))
     order by i.orden
     for update skip locked
  loop
    if exists (select 1 from public.no_llamar n where n.telefono_normalizado = v.telefono_normalizado) then
      update public.lotes_llamadas_items i
         set estado = 'omitida', detalle = p_detalle_no_llamar, proximo_intento = null, updated_at = public.ahora()
       where i.lote = p_lote and i.cliente_id = v.cliente_id;
      insert into public.intentos_llamada (lote, campana_id, cliente_id, telefono, nombre, resultado, detalle, operador_id)
      values (p_lote, v_lote.campana_id, v.cliente_id, v.telefono, v.nombre, 'omitida', p_detalle_no_llamar, v_lote.operador_id);
      continue;
    end if;
    update public.lotes_llamadas_items i
       set estado = 'en_curso', intentos = i.intentos + 1, enviado_at = public.ahora(), proximo_intento = null,
           -- A retry of an outcome is a new call: a new key. A first attempt keeps a key it was given.
           clave_idempotencia = case when v.estado = 'reintento' or i.clave_idempotencia is null then gen_random_uuid() else i.clave_idempotencia end,
           resultado_llamada = null, resultado_at = null, detalle = null, updated_at = public.ahora()
     where i.lote = p_lote and i.cliente_id = v.cliente_id
    returning i.cliente_id, i.intentos, i.clave_idempotencia into cliente_id, intentos, clave;
    select to_jsonb(c) into cliente from public.clientes c where c.id = v.cliente_id;
    return next;
    v_n := v_n + 1;
    exit when v_n >= greatest(coalesce(p_cantidad, 1), 1);
  end loop;
end
$$;

-- The result of a claimed item's request, and its attempt row. A fallida request is retried like a
-- 'fallida' outcome when the campaign's policy says so. An item no longer 'en_curso' (cancelled meanwhile,
-- recovered as interrupted, or already given an outcome by the platform) keeps its state.
create or replace function public.llamadas_lote_resultado(
  p_lote uuid, p_cliente bigint, p_resultado text, p_detalle text, p_http integer, p_clave uuid
) returns text
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_lote record;
  v_conf record;
  v_item record;
  v_estado text := p_resultado;
  v_proximo timestamptz;
begin
  perform public.llamadas_exigir_operador();
  if p_resultado not in ('exitosa', 'fallida', 'omitida', 'sin_confirmacion') then
    raise exception 'resultado no válido';
  end if;
  select l.id, l.campana_id, l.operador_id, l.estado into v_lote from public.lotes_llamadas l where l.id = p_lote;
  if not found then
    return null;
  end if;
  select i.intentos, i.estado, i.telefono, i.nombre, i.resultado_llamada, i.resultado_at, i.enviado_at into v_item
    from public.lotes_llamadas_items i where i.lote = p_lote and i.cliente_id = p_cliente
   for update;
  if not found then
    return null;
  end if;
  if p_resultado = 'fallida' and v_lote.estado in ('en_curso', 'pausado', 'esperando_horario') then
    select c.reintentos_max, c.reintento_minutos, c.reintentar_resultados into v_conf
      from public.configuracion_campana c where c.campana_id = v_lote.campana_id;
    if v_conf.reintentos_max is not null and v_item.intentos < v_conf.reintentos_max and v_conf.reintentar_resultados ? 'fallida' then
      v_estado := 'reintento';
      v_proximo := public.ahora() + make_interval(mins => v_conf.reintento_minutos);
    end if;
  end if;
  if v_item.estado = 'en_curso' then
    update public.lotes_llamadas_items
       set estado = v_estado, detalle = left(p_detalle, 1000), proximo_intento = v_proximo, updated_at = public.ahora()
     where lote = p_lote and cliente_id = p_cliente;
  else
    v_estado := v_item.estado;
  end if;
  insert into public.intentos_llamada (lote, campana_id, cliente_id, telefono, nombre, resultado, detalle, http_status,
                                       clave_idempotencia, resultado_llamada, operador_id)
  values (p_lote, v_lote.campana_id, p_cliente, v_item.telefono, v_item.nombre, p_resultado, left(p_detalle, 1000), p_http,
          p_clave, case when v_item.resultado_at >= v_item.enviado_at then v_item.resultado_llamada end, v_lote.operador_id);
  return v_estado;
end
$$;

-- At start: batches another process was running are 'interrumpido', and what that process had claimed but
-- not finished becomes 'sin_confirmacion' (p_detalle: it may have been called), with its attempt row and key.
-- p_operador limits it to one operator's batches (hosted, where several apps share the database).
create or replace function public.llamadas_lotes_recuperar(p_proceso text, p_detalle text, p_operador uuid)
returns integer
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_n integer;
begin
  perform public.llamadas_exigir_operador();
  with vivos as (
    select l.id, l.campana_id, l.operador_id from public.lotes_llamadas l
     where l.estado in ('en_curso', 'esperando_horario', 'pausado')
       and l.proceso is distinct from p_proceso
       and (p_operador is null or l.operador_id = p_operador)
     for update
  ), marcados as (
    update public.lotes_llamadas l set estado = 'interrumpido', updated_at = public.ahora()
      from vivos v where l.id = v.id and l.estado in ('en_curso', 'esperando_horario')
    returning l.id
  ), items as (
    update public.lotes_llamadas_items i
       set estado = 'sin_confirmacion', detalle = p_detalle, updated_at = public.ahora()
      from vivos v
     where i.lote = v.id and i.estado = 'en_curso'
    returning i.lote, i.cliente_id, i.telefono, i.nombre, i.clave_idempotencia, v.campana_id, v.operador_id
  ), intentos as (
    insert into public.intentos_llamada (lote, campana_id, cliente_id, telefono, nombre, resultado, detalle, clave_idempotencia, operador_id)
    select lote, campana_id, cliente_id, telefono, nombre, 'sin_confirmacion', p_detalle, clave_idempotencia, operador_id from items
    returning 1
  )
  select count(*)::integer into v_n from marcados;
  return v_n;
end
$$;

-- What the estimate needs: the selected clients of the campaign, those on the list, the campaign's average
-- call minutes and cost per minute (null without history), its cap and the minutes consumed.
create or replace function public.llamadas_lote_estimar(p_campana bigint, p_clientes jsonb)
returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
begin
  perform public.llamadas_exigir_operador();
  return (
    with sel as (
      select c.id, exists (select 1 from public.no_llamar n where n.telefono_normalizado = public.telefono_normalizado(c.telefono)) as listado
        from public.clientes c
       where c.campana_id = p_campana
         and c.id in (select e::bigint from jsonb_array_elements_text(coalesce(p_clientes, '[]'::jsonb)) as e)
    ), uso as (
      select count(*) filter (where r.duration_call_seg > 0) as con_duracion,
             coalesce(sum(r.duration_call_seg) filter (where r.duration_call_seg > 0), 0)::numeric as segundos,
             coalesce(sum(r.costo) filter (where r.duration_call_seg > 0), 0)::numeric as costo,
             coalesce(sum(r.duration_call_seg), 0)::numeric as segundos_total
        from public.registro_escrito_llamada r
       where r.campana = p_campana
    )
    select jsonb_build_object(
             'seleccionados', (select count(*) from sel),
             'listados', (select count(*) from sel where listado),
             'minutos_promedio', case when uso.con_duracion > 0 then uso.segundos / 60.0 / uso.con_duracion end,
             'costo_minuto', case when uso.segundos > 0 then uso.costo / (uso.segundos / 60.0) end,
             'tope', (select k.minutos from public.campanas k where k.id = p_campana),
             'consumidos', round(uso.segundos_total / 60.0)::integer)
      from uso);
end
$$;

-- ---------------------------------------------------------------------------------------------------
-- Grants.
revoke execute on function
  public.no_llamar_marcar_clientes(),
  public.no_llamar_desmarcar_clientes(),
  public.clientes_no_llamar_antes(),
  public.clientes_no_llamar_despues(),
  public.llamadas_resultado_a_lote()
from public, anon, authenticated;

revoke execute on function
  public.telefono_normalizado(text),
  public.llamadas_clase_resultado(text),
  public.llamadas_lote_crear(bigint, jsonb, jsonb, timestamptz, integer, integer, text, jsonb),
  public.llamadas_lote_reclamar(uuid, text, integer, text),
  public.llamadas_lote_resultado(uuid, bigint, text, text, integer, uuid),
  public.llamadas_lotes_recuperar(text, text, uuid),
  public.llamadas_lote_estimar(bigint, jsonb)
from public, anon;

grant execute on function
  public.telefono_normalizado(text),
  public.llamadas_clase_resultado(text),
  public.llamadas_lote_crear(bigint, jsonb, jsonb, timestamptz, integer, integer, text, jsonb),
  public.llamadas_lote_reclamar(uuid, text, integer, text),
  public.llamadas_lote_resultado(uuid, bigint, text, text, integer, uuid),
  public.llamadas_lotes_recuperar(text, text, uuid),
  public.llamadas_lote_estimar(bigint, jsonb)
to authenticated, service_role;

-- A CSV of phones into the list, in one transaction: p_filas = [["<digits>", "<phone as written>"], …],
-- already normalised and without repeats. Answers how many were added and how many were already there.
create or replace function public.llamadas_no_llamar_importar(p_filas jsonb)
returns jsonb
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_total integer;
  v_agregados integer;
begin
  perform public.llamadas_exigir_operador();
  select count(*) into v_total from jsonb_array_elements(coalesce(p_filas, '[]'::jsonb));
  with nuevos as (
    insert into public.no_llamar (telefono_normalizado, telefono, motivo, operador_id)
    select e ->> 0, left(e ->> 1, 60), 'csv', auth.uid()
      from jsonb_array_elements(coalesce(p_filas, '[]'::jsonb)) as e
     where (e ->> 0) ~ '^[0-9]{1,40}$'
    on conflict (telefono_normalizado) do nothing
    returning 1
  )
  select count(*) into v_agregados from nuevos;
  return jsonb_build_object('agregados', v_agregados, 'ya_estaban', v_total - v_agregados);
end
$$;

revoke execute on function public.llamadas_no_llamar_importar(jsonb) from public, anon;
grant execute on function public.llamadas_no_llamar_importar(jsonb) to authenticated, service_role;

-- Hosted Supabase: the batch tables reach the screens through Realtime like the other call tables.
do $$
declare
  v text;
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    foreach v in array array['lotes_llamadas', 'lotes_llamadas_items', 'no_llamar'] loop
      if not exists (select 1 from pg_publication_tables p
                      where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = v) then
        execute format('alter publication supabase_realtime add table public.%I', v);
      end if;
    end loop;
  end if;
end
$$;
