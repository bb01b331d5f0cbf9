-- Issue 23: what a real n8n needs to close the loop without guessing.
--
-- 1. One vocabulary of call outcomes. A voice platform writes `done`, `completed`, `exitosa`, `answered`,
--    `no-answer`, `voicemail`, `opt_out`… The words live in ONE table here (llamadas_vocabulario: the word as
--    llamadas_palabra reads it → its class and its Spanish label) and each class in another (llamadas_clases:
--    the client badge it gives and the retry class of a batch). Every reader goes through them: the client badge
--    and the history labels (TypeScript mirror, src/shared/areas/llamadas/vocabulario.ts, which
--    tests/integration/vocabulario-llamadas.test.ts compares with these rows on both databases), the tiles'
--    "attended" and "status Done" counts (llamadas_telefonos_campana, llamadas_uso_campana, llamadas_resumen:
--    class with badge 'atendido'), and the batches' retries (llamadas_clase_resultado). A word the table does not
--    know keeps the specification's rule: badge 'En proceso', label as stored, never retried.
--
-- 2. One phone normalisation (telefono_canonico, mirrored by telefonoCanonico in TypeScript): trimmed, without
--    spaces, '(', ')', '.' or '-'. '+57 301 615 695' and '+57 (301) 615-695' are both '+57301615695', so an outcome
--    reaches its client however either was written. It is applied where phones are written: clients (the form and
--    the CSV in TypeScript; a row trigger here for any other single write), call outcomes (a row trigger, so n8n
--    writing the table directly on hosted Supabase gets it too), and 'No llamar' keys on the phone's digits
--    (telefono_normalizado), which the canonical form keeps. Stored rows are brought to it once, below.
--
-- 3. Correlation. Every outbound call carries its attempt id (the Idempotency-Key, also X-Consola-Intento), its
--    campaign and its client in headers. An outcome may carry the attempt back (registro_escrito_llamada.intento:
--    the inbound endpoint's `intento` field or X-Consola-Intento header, or a column n8n writes on hosted): the
--    row trigger llamadas_correlacionar fills its campaign, phone and agent from the attempt, refuses an attempt
--    that does not exist and one of another campaign (Spanish messages, nothing written), and the batch trigger
--    writes the outcome onto that exact batch item.
--
-- Functions created or replaced here (superset of their previous versions; see /work/tareas/coordinacion.md):
-- telefono_canonico, llamadas_palabra, llamadas_clase_estado, llamadas_es_atendida, llamadas_clase_resultado,
-- llamadas_correlacionar, clientes_telefono_canonico, llamadas_resultado_a_lote, llamadas_telefonos_campana_ins/
-- _del/_upd, llamadas_uso_campana_ins/_del/_upd, llamadas_resumen, entrada_anotar, entrada_registrar_llamada.

-- ===================================================================================================
-- Phones.
create or replace function public.telefono_canonico(p_telefono text) returns text
language sql immutable parallel safe
as $$
  select case when p_telefono is null then null
              else regexp_replace(btrim(p_telefono), E'[ \t\n\r\f\x0b\u00a0\u202f().-]+', '', 'g') end
$$;

-- ===================================================================================================
-- The vocabulary.
create table public.llamadas_clases (
  clase text primary key,
  -- The client badge (part 1 §4): Atendido, Fallido, Pendiente, En proceso.
  insignia text not null check (insignia in ('atendido', 'fallido', 'pendiente', 'en_proceso')),
  -- The class a campaign's retry policy names (reintentar_resultados), or opt_out (adds the phone to No llamar).
  reintento text check (reintento in ('no_contesta', 'ocupado', 'fallida', 'opt_out'))
);

create table public.llamadas_vocabulario (
  -- As llamadas_palabra reads a status: lower case, without accents, '_' and '-' as spaces, spaces collapsed.
  palabra text primary key check (palabra = btrim(palabra) and palabra <> ''),
  clase text not null references public.llamadas_clases (clase),
  -- What the history, the batch window and the Resumen's series call it.
  etiqueta text not null
);

insert into public.llamadas_clases (clase, insignia, reintento) values
  ('completada', 'atendido', null),
  ('opt_out', 'atendido', 'opt_out'),
  ('fallida', 'fallido', 'fallida'),
  ('cancelada', 'fallido', null),
  ('no_contesta', 'fallido', 'no_contesta'),
  ('ocupado', 'fallido', 'ocupado'),
  ('pendiente', 'pendiente', null),
  ('en_curso', 'en_proceso', null);

insert into public.llamadas_vocabulario (palabra, clase, etiqueta) values
  ('done', 'completada', 'Completada'),
  ('completed', 'completada', 'Completada'),
  ('complete', 'completada', 'Completada'),
  ('completada', 'completada', 'Completada'),
  ('completado', 'completada', 'Completada'),
  ('finished', 'completada', 'Completada'),
  ('finalizada', 'completada', 'Completada'),
  ('success', 'completada', 'Exitosa'),
  ('successful', 'completada', 'Exitosa'),
  ('exitosa', 'completada', 'Exitosa'),
  ('exitoso', 'completada', 'Exitosa'),
  ('answered', 'completada', 'Atendida'),
  ('atendido', 'completada', 'Atendida'),
  ('atendida', 'completada', 'Atendida'),
  ('contestada', 'completada', 'Atendida'),
  ('contestado', 'completada', 'Atendida'),
  ('opt out', 'opt_out', 'Pidió no llamar'),
  ('optout', 'opt_out', 'Pidió no llamar'),
  ('no llamar', 'opt_out', 'Pidió no llamar'),
  ('baja', 'opt_out', 'Pidió no llamar'),
  ('dar de baja', 'opt_out', 'Pidió no llamar'),
  ('unsubscribe', 'opt_out', 'Pidió no llamar'),
  ('unsubscribed', 'opt_out', 'Pidió no llamar'),
  ('do not call', 'opt_out', 'Pidió no llamar'),
  ('dnc', 'opt_out', 'Pidió no llamar'),
  ('no volver a llamar', 'opt_out', 'Pidió no llamar'),
  ('failed', 'fallida', 'Fallida'),
  ('failure', 'fallida', 'Fallida'),
  ('fail', 'fallida', 'Fallida'),
  ('fallida', 'fallida', 'Fallida'),
  ('fallido', 'fallida', 'Fallida'),
  ('error', 'fallida', 'Error'),
  ('canceled', 'cancelada', 'Cancelada'),
  ('cancelled', 'cancelada', 'Cancelada'),
  ('cancelada', 'cancelada', 'Cancelada'),
  ('no answer', 'no_contesta', 'Sin respuesta'),
  ('noanswer', 'no_contesta', 'Sin respuesta'),
  ('unanswered', 'no_contesta', 'Sin respuesta'),
  ('not answered', 'no_contesta', 'Sin respuesta'),
  ('no response', 'no_contesta', 'Sin respuesta'),
  ('sin respuesta', 'no_contesta', 'Sin respuesta'),
  ('no contesta', 'no_contesta', 'No contesta'),
  ('no contesto', 'no_contesta', 'No contesta'),
  ('no responde', 'no_contesta', 'No contesta'),
  ('no atendida', 'no_contesta', 'No contesta'),
  ('no atiende', 'no_contesta', 'No contesta'),
  ('voicemail', 'no_contesta', 'Buzón de voz'),
  ('buzon', 'no_contesta', 'Buzón de voz'),
  ('buzon de voz', 'no_contesta', 'Buzón de voz'),
  ('busy', 'ocupado', 'Ocupado'),
  ('user busy', 'ocupado', 'Ocupado'),
  ('ocupado', 'ocupado', 'Ocupado'),
  ('linea ocupada', 'ocupado', 'Ocupado'),
  ('pending', 'pendiente', 'Pendiente'),
  ('pendiente', 'pendiente', 'Pendiente'),
  ('queued', 'pendiente', 'En cola'),
  ('en cola', 'pendiente', 'En cola'),
  ('scheduled', 'pendiente', 'Programada'),
  ('programada', 'pendiente', 'Programada'),
  ('in progress', 'en_curso', 'En curso'),
  ('inprogress', 'en_curso', 'En curso'),
  ('ongoing', 'en_curso', 'En curso'),
  ('active', 'en_curso', 'En curso'),
  ('en curso', 'en_curso', 'En curso'),
  ('en proceso', 'en_curso', 'En curso'),
  ('initiated', 'en_curso', 'Iniciada'),
  ('iniciada', 'en_curso', 'Iniciada'),
  ('started', 'en_curso', 'Iniciada'),
  ('ringing', 'en_curso', 'Sonando'),
  -- What the company portal's summary calls a call without status (portal_campana): like any blank status.
  ('sin estado', 'en_curso', 'Sin estado');

-- Operators (and n8n's service_role) read it; only migrations write it.
alter table public.llamadas_clases enable row level security;
alter table public.llamadas_vocabulario enable row level security;
create policy operadores on public.llamadas_clases for select to authenticated using ((select public.es_operador()));
create policy operadores on public.llamadas_vocabulario for select to authenticated using ((select public.es_operador()));
create policy sistema on public.llamadas_clases for select to service_role using (true);
create policy sistema on public.llamadas_vocabulario for select to service_role using (true);
revoke all on public.llamadas_clases, public.llamadas_vocabulario from public, anon, authenticated;
grant select on public.llamadas_clases, public.llamadas_vocabulario to authenticated, service_role;

-- A status as the vocabulary reads it: 'No_Answer' → 'no answer', 'Buzón de Voz' → 'buzon de voz'.
create or replace function public.llamadas_palabra(p_texto text) returns text
language sql immutable parallel safe
as $$
  select btrim(regexp_replace(translate(lower(coalesce(p_texto, '')), 'áéíóúüñÁÉÍÓÚÜÑ_-', 'aeiouunaeiouun  '), '\s+', ' ', 'g'))
$$;

-- The class of a status, or null (a word the vocabulary does not know). Security definer: the triggers that
-- call it run for whoever writes a call, and the table is read-only anyway.
create or replace function public.llamadas_clase_estado(p_texto text) returns text
language sql stable security definer set search_path = public, pg_temp
as $$
  select v.clase from public.llamadas_vocabulario v where v.palabra = public.llamadas_palabra(p_texto)
$$;

-- Does this status count as attended (the badge 'Atendido', the tiles' "status Done")?
create or replace function public.llamadas_es_atendida(p_texto text) returns boolean
language sql stable security definer set search_path = public, pg_temp
as $$
  select coalesce((select c.insignia = 'atendido' from public.llamadas_vocabulario v join public.llamadas_clases c on c.clase = v.clase
                    where v.palabra = public.llamadas_palabra(p_texto)), false)
$$;

-- The retry class of an outcome (no_contesta, ocupado, fallida, opt_out, or otro), from the vocabulary. Same
-- signature and answers as 20261128001100 for every word that version knew.
create or replace function public.llamadas_clase_resultado(p_texto text) returns text
language sql stable security definer set search_path = public, pg_temp
as $$
  select coalesce((select c.reintento from public.llamadas_vocabulario v join public.llamadas_clases c on c.clase = v.clase
                    where v.palabra = public.llamadas_palabra(p_texto)), 'otro')
$$;

-- The pure ones for everyone who writes phones or statuses; the ones that read the vocabulary (security definer)
-- only for the triggers and functions that call them as the owner, and for service_role.
revoke execute on function public.telefono_canonico(text), public.llamadas_palabra(text) from public, anon;
grant execute on function public.telefono_canonico(text), public.llamadas_palabra(text) to authenticated, service_role;
revoke execute on function public.llamadas_clase_estado(text), public.llamadas_es_atendida(text), public.llamadas_clase_resultado(text)
from public, anon, authenticated;
grant execute on function public.llamadas_clase_estado(text), public.llamadas_es_atendida(text), public.llamadas_clase_resultado(text)
to service_role;

-- ===================================================================================================
-- Correlation: the attempt an outcome belongs to.
alter table public.registro_escrito_llamada add column if not exists intento uuid;
create index if not exists intentos_llamada_clave_idx on public.intentos_llamada (clave_idempotencia) where clave_idempotencia is not null;
create index if not exists lotes_llamadas_items_clave_idx on public.lotes_llamadas_items (clave_idempotencia) where clave_idempotencia is not null;

-- Before a call outcome is written: its phone in canonical form; with an attempt, its campaign (which must be
-- the attempt's), its phone and its agent when the outcome leaves them out.
create or replace function public.llamadas_correlacionar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v record;
begin
  if new.phone is not null then
    new.phone := public.telefono_canonico(new.phone);
  end if;
  if new.intento is null then
    return new;
  end if;
  select x.campana_id, x.telefono into v
    from (
      select l.campana_id, i.telefono, i.enviado_at as cuando
        from public.lotes_llamadas_items i join public.lotes_llamadas l on l.id = i.lote
       where i.clave_idempotencia = new.intento
      union all
      select a.campana_id, a.telefono, a.created_at
        from public.intentos_llamada a
       where a.clave_idempotencia = new.intento
    ) x
   order by x.cuando desc nulls last
   limit 1;
  if not found or v.campana_id is null then
    raise exception using errcode = 'P0001', message = format('El intento %s no existe: use el de la cabecera X-Consola-Intento de la llamada.', new.intento);
  end if;
  if new.campana is not null and new.campana <> v.campana_id then
    raise exception using errcode = 'P0001', message = format('El intento %s es de otra campaña, no de la campaña %s.', new.intento, new.campana);
  end if;
  new.campana := v.campana_id;
  if new.phone is null or new.phone = '' then
    new.phone := public.telefono_canonico(v.telefono);
  end if;
  if new.agent_id is null or btrim(new.agent_id) = '' then
    new.agent_id := coalesce((select nullif(btrim(c.agentid), '') from public.configuracion_campana c where c.campana_id = v.campana_id), new.agent_id);
  end if;
  return new;
end
$$;

create trigger llamadas_correlacionar before insert or update on public.registro_escrito_llamada
  for each row execute function public.llamadas_correlacionar();

-- A client's phone in canonical form on every single write (the CSV import writes it so already).
create or replace function public.clientes_telefono_canonico() returns trigger
language plpgsql
as $$
begin
  new.telefono := public.telefono_canonico(new.telefono);
  return new;
end
$$;

create trigger clientes_telefono_canonico before insert or update of telefono on public.clientes
  for each row when (new.telefono ~ E'[ \t\n\r\f\x0b\u00a0\u202f().-]' or new.telefono <> btrim(new.telefono))
  execute function public.clientes_telefono_canonico();

revoke execute on function public.llamadas_correlacionar(), public.clientes_telefono_canonico() from public, anon, authenticated;

-- Stored phones, once: clients (unless another client of the campaign with the same e-mail already has the
-- canonical phone: the unique key would refuse it; that one is left as written), then calls.
update public.clientes c set telefono = public.telefono_canonico(c.telefono)
 where c.telefono is distinct from public.telefono_canonico(c.telefono)
   and not exists (select 1 from public.clientes o
                    where o.campana_id = c.campana_id and o.email = c.email and o.telefono = public.telefono_canonico(c.telefono));
update public.registro_escrito_llamada r set phone = public.telefono_canonico(r.phone)
 where r.phone is distinct from public.telefono_canonico(r.phone);

-- ===================================================================================================
-- An outcome reaches its batch item: with an attempt, exactly that item (when it is still that attempt's);
-- without, as before, the latest request sent to the phone by a batch of the campaign (within a day). The
-- attempt row of a single call gets the outcome too. Superset of 20261128001100.
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
     and old.phone is not distinct from new.phone and old.campana is not distinct from new.campana
     and old.intento is not distinct from new.intento then
    return null;
  end if;
  if v_texto is null or (v_tel = '' and new.intento is null) then
    return null;
  end if;
  v_clase := public.llamadas_clase_resultado(new.resultado);
  if v_clase = 'otro' then
    v_clase := public.llamadas_clase_resultado(new.status);
  end if;
  if v_clase = 'opt_out' and v_tel <> '' then
    insert into public.no_llamar (telefono_normalizado, telefono, motivo, operador_id)
    values (v_tel, btrim(new.phone), 'opt_out', null)
    on conflict (telefono_normalizado) do nothing;
  end if;
  if new.intento is not null then
    -- A single call's attempt (no batch) is told its outcome; so is a batch's latest attempt row of that key.
    update public.intentos_llamada set resultado_llamada = v_texto
     where id = (select max(a.id) from public.intentos_llamada a where a.clave_idempotencia = new.intento);
  end if;
  if new.campana is null then
    return null;
  end if;

  if new.intento is not null then
    select i.lote, i.cliente_id, i.intentos, l.estado as lote_estado into v_item
      from public.lotes_llamadas_items i
      join public.lotes_llamadas l on l.id = i.lote
     where i.clave_idempotencia = new.intento and l.campana_id = new.campana
       and i.estado in ('en_curso', 'exitosa', 'sin_confirmacion')
     order by i.enviado_at desc nulls last
     limit 1
     for update of i;
  else
    select i.lote, i.cliente_id, i.intentos, l.estado as lote_estado into v_item
      from public.lotes_llamadas_items i
      join public.lotes_llamadas l on l.id = i.lote
     where i.telefono_normalizado = v_tel and l.campana_id = new.campana
       and i.estado in ('en_curso', 'exitosa', 'sin_confirmacion')
       and i.enviado_at >= public.ahora() - interval '1 day'
     order by i.enviado_at desc
     limit 1
     for update of i;
  end if;
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
  if new.intento is null then
    update public.intentos_llamada set resultado_llamada = v_texto
     where id = (select max(a.id) from public.intentos_llamada a where a.lote = v_item.lote and a.cliente_id = v_item.cliente_id);
  end if;
  return null;
end
$$;

-- ===================================================================================================
-- The summaries count "attended" calls by the vocabulary (was lower(status) = 'done'). Same shapes as
-- 20261128001300 otherwise.
create or replace function public.llamadas_telefonos_campana_ins() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_telefonos_campana as s (campana, phone, llamadas, done)
  select w.campana, w.phone, count(*), count(*) filter (where public.llamadas_es_atendida(w.status))
    from nuevas w
   where w.campana is not null and w.phone is not null
   group by 1, 2
  on conflict (campana, phone) do update set llamadas = s.llamadas + excluded.llamadas, done = s.done + excluded.done;
  return null;
end
$$;

create or replace function public.llamadas_telefonos_campana_del() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.llamadas_telefonos_campana s
     set llamadas = s.llamadas - c.n, done = s.done - c.d
    from (
      select v.campana, v.phone, count(*) as n, count(*) filter (where public.llamadas_es_atendida(v.status)) as d
        from viejas v
       where v.campana is not null and v.phone is not null
       group by 1, 2
    ) c
   where s.campana = c.campana and s.phone = c.phone;
  delete from public.llamadas_telefonos_campana where llamadas <= 0;
  return null;
end
$$;

create or replace function public.llamadas_telefonos_campana_upd() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_telefonos_campana as s (campana, phone, llamadas, done)
  select x.campana, x.phone, sum(x.n)::bigint, sum(x.d)::bigint
    from (
      select v.campana, v.phone, -1 as n, case when public.llamadas_es_atendida(v.status) then -1 else 0 end as d
        from viejas v
       where v.campana is not null and v.phone is not null
      union all
      select w.campana, w.phone, 1, case when public.llamadas_es_atendida(w.status) then 1 else 0 end
        from nuevas w
       where w.campana is not null and w.phone is not null
    ) x
   group by 1, 2
  having sum(x.n) <> 0 or sum(x.d) <> 0
  on conflict (campana, phone) do update set llamadas = s.llamadas + excluded.llamadas, done = s.done + excluded.done;
  delete from public.llamadas_telefonos_campana where llamadas <= 0;
  return null;
end
$$;

create or replace function public.llamadas_uso_campana_ins() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_uso_campana as s (campana, llamadas, done, segundos, costo)
  select w.campana, count(*), count(*) filter (where public.llamadas_es_atendida(w.status)),
         coalesce(sum(w.duration_call_seg), 0), coalesce(sum(w.costo), 0)
    from nuevas w
   where w.campana is not null
   group by 1
  on conflict (campana) do update
    set llamadas = s.llamadas + excluded.llamadas, done = s.done + excluded.done,
        segundos = s.segundos + excluded.segundos, costo = s.costo + excluded.costo;
  return null;
end
$$;

create or replace function public.llamadas_uso_campana_del() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.llamadas_uso_campana s
     set llamadas = s.llamadas - c.n, done = s.done - c.d, segundos = s.segundos - c.seg, costo = s.costo - c.costo
    from (
      select v.campana, count(*) as n, count(*) filter (where public.llamadas_es_atendida(v.status)) as d,
             coalesce(sum(v.duration_call_seg), 0) as seg, coalesce(sum(v.costo), 0) as costo
        from viejas v
       where v.campana is not null
       group by 1
    ) c
   where s.campana = c.campana;
  delete from public.llamadas_uso_campana where llamadas <= 0;
  return null;
end
$$;

create or replace function public.llamadas_uso_campana_upd() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_uso_campana as s (campana, llamadas, done, segundos, costo)
  select x.campana, sum(x.n)::bigint, sum(x.d)::bigint, sum(x.seg)::bigint, sum(x.costo)
    from (
      select v.campana, -1 as n, case when public.llamadas_es_atendida(v.status) then -1 else 0 end as d,
             -coalesce(v.duration_call_seg, 0)::bigint as seg, -coalesce(v.costo, 0)::numeric as costo
        from viejas v
       where v.campana is not null
      union all
      select w.campana, 1, case when public.llamadas_es_atendida(w.status) then 1 else 0 end,
             coalesce(w.duration_call_seg, 0)::bigint, coalesce(w.costo, 0)::numeric
        from nuevas w
       where w.campana is not null
    ) x
   group by 1
  having sum(x.n) <> 0 or sum(x.d) <> 0 or sum(x.seg) <> 0 or sum(x.costo) <> 0
  on conflict (campana) do update
    set llamadas = s.llamadas + excluded.llamadas, done = s.done + excluded.done,
        segundos = s.segundos + excluded.segundos, costo = s.costo + excluded.costo;
  delete from public.llamadas_uso_campana where llamadas <= 0;
  return null;
end
$$;

-- The summaries again from the calls, with the new count (and the phones brought to canonical form above).
delete from public.llamadas_telefonos_campana;
insert into public.llamadas_telefonos_campana (campana, phone, llamadas, done)
select r.campana, r.phone, count(*), count(*) filter (where public.llamadas_es_atendida(r.status))
  from public.registro_escrito_llamada r
 where r.campana is not null and r.phone is not null
 group by 1, 2;
delete from public.llamadas_uso_campana;
insert into public.llamadas_uso_campana (campana, llamadas, done, segundos, costo)
select r.campana, count(*), count(*) filter (where public.llamadas_es_atendida(r.status)),
       coalesce(sum(r.duration_call_seg), 0), coalesce(sum(r.costo), 0)
  from public.registro_escrito_llamada r
 where r.campana is not null
 group by 1;

-- Resumen: "Llamadas status Done" is the attended calls by the vocabulary. Same as 20261122000300 otherwise.
create or replace function public.llamadas_resumen(
  p_campana bigint,
  p_desde timestamptz default null,
  p_hasta timestamptz default null
) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_lo timestamptz;
  v_hi timestamptz;
  v_total bigint;
  v_done bigint;
  v_grupos jsonb;
  v_en_rango bigint;
begin
  perform public.llamadas_exigir_operador();
  if p_desde is not null then
    v_lo := date_bin('1 hour', p_desde, timestamptz '2000-01-01 00:00:00+00');
    if v_lo < p_desde then
      v_lo := v_lo + interval '1 hour';
    end if;
  end if;
  if p_hasta is not null then
    v_hi := date_bin('1 hour', p_hasta, timestamptz '2000-01-01 00:00:00+00');
  end if;
  if v_lo is not null and v_hi is not null and v_lo > v_hi then
    v_hi := v_lo;
  end if;

  select coalesce(sum(s.total), 0)::bigint, coalesce(sum(s.total) filter (where public.llamadas_es_atendida(s.status)), 0)::bigint
    into v_total, v_done
    from public.llamadas_resumen_horas s
   where s.campana = p_campana;

  with crudos as (
    select s.dia, s.status, s.total
      from public.llamadas_resumen_horas s
     where s.campana = p_campana
       and s.hora is not null
       and (v_lo is null or s.hora >= v_lo)
       and (v_hi is null or s.hora < v_hi)
    union all
    select (r.created_at at time zone 'America/Bogota')::date, r.status, 1
      from public.registro_escrito_llamada r
     where v_lo is not null and r.campana = p_campana and r.created_at >= p_desde and r.created_at < v_lo
       and (p_hasta is null or r.created_at <= p_hasta)
    union all
    select (r.created_at at time zone 'America/Bogota')::date, r.status, 1
      from public.registro_escrito_llamada r
     where v_hi is not null and r.campana = p_campana and r.created_at >= v_hi and r.created_at <= p_hasta
       and (p_desde is null or r.created_at >= p_desde)
       and (v_lo is null or r.created_at >= v_lo)
  ), grupos as (
    select to_char(c.dia, 'YYYY-MM-DD') as dia, lower(nullif(btrim(c.status), '')) as estado, sum(c.total)::bigint as total
      from crudos c
     group by 1, 2
  )
  select coalesce(jsonb_agg(jsonb_build_object('dia', g.dia, 'estado', g.estado, 'total', g.total) order by g.dia, g.estado), '[]'::jsonb),
         coalesce(sum(g.total), 0)::bigint
    into v_grupos, v_en_rango
    from grupos g;

  return jsonb_build_object(
           'total_clientes', coalesce((select k.total from public.llamadas_clientes_campana k where k.campana_id = p_campana), 0),
           'total_llamadas', v_total,
           'llamadas_done', v_done,
           'en_rango', v_en_rango,
           'primera', (select min(r.created_at) from public.registro_escrito_llamada r where r.campana = p_campana),
           'ultima', (select max(r.created_at) from public.registro_escrito_llamada r where r.campana = p_campana),
           'grupos', v_grupos);
end
$$;

-- ===================================================================================================
-- Inbound endpoint. An identical resend (the same signature) that carries an Idempotency-Key already seen is
-- 'duplicado' (200, nothing written), not 'repetida' (409): n8n's retries of a request that did get through
-- must not fail. A repeated signature never records a new key (the key header is not signed). Superset of
-- 20261128001200.
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
  if p_clave is not null and length(p_clave) not between 1 and 200 then
    raise exception using errcode = 'P0001', message = 'La cabecera Idempotency-Key debe tener entre 1 y 200 caracteres.';
  end if;
  delete from public.entrada_firmas where created_at < public.ahora() - interval '10 minutes';
  delete from public.entrada_claves where created_at < public.ahora() - interval '24 hours';
  insert into public.entrada_firmas (firma, ruta) values (p_firma, p_ruta) on conflict (firma) do nothing;
  get diagnostics v_filas = row_count;
  if v_filas = 0 then
    if p_clave is not null and exists (select 1 from public.entrada_claves k where k.ruta = p_ruta and k.clave = p_clave) then
      return 'duplicado';
    end if;
    return 'repetida';
  end if;
  if p_clave is not null then
    insert into public.entrada_claves (ruta, clave) values (p_ruta, p_clave) on conflict (ruta, clave) do nothing;
    get diagnostics v_filas = row_count;
    if v_filas = 0 then
      return 'duplicado';
    end if;
  end if;
  return null;
end
$$;

-- A call outcome, now with `intento` (the attempt's id, a uuid): llamadas_correlacionar fills the campaign,
-- phone and agent from it and refuses an unknown one or one of another campaign. Superset of 20261128001200.
create or replace function public.entrada_registrar_llamada(p_firma text, p_clave text, p_datos jsonb) returns jsonb
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_anotada text;
  v_conversacion text := btrim(p_datos ->> 'conversation_id');
  v_campana bigint;
  v_intento uuid;
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
  if jsonb_typeof(p_datos -> 'intento') = 'string' then
    if (p_datos ->> 'intento') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception using errcode = 'P0001', message = 'intento debe ser el id del intento (el de la cabecera X-Consola-Intento).';
    end if;
    v_intento := (p_datos ->> 'intento')::uuid;
  elsif jsonb_typeof(p_datos -> 'intento') <> 'null' then
    raise exception using errcode = 'P0001', message = 'intento debe ser el id del intento (el de la cabecera X-Consola-Intento).';
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
    (conversation_id, phone, campana, status, resultado, agent_id, duration_call_seg, costo, summary, transcript, intento)
  values (
    v_conversacion, p_datos ->> 'phone', v_campana, p_datos ->> 'status', p_datos ->> 'resultado',
    p_datos ->> 'agent_id', v_duracion, v_costo, p_datos ->> 'summary', nullif(p_datos -> 'transcript', 'null'::jsonb), v_intento)
  on conflict (conversation_id) do update set
    phone = case when p_datos ? 'phone' then excluded.phone else r.phone end,
    -- Without a campaign in the body the stored one stays: llamadas_correlacionar fills it from the attempt when
    -- there is none, and refuses an attempt of another campaign (a conversation never moves between campaigns).
    campana = case when p_datos ? 'campana' then excluded.campana else r.campana end,
    status = case when p_datos ? 'status' then excluded.status else r.status end,
    resultado = case when p_datos ? 'resultado' then excluded.resultado else r.resultado end,
    agent_id = case when p_datos ? 'agent_id' then excluded.agent_id else r.agent_id end,
    duration_call_seg = case when p_datos ? 'duration_call_seg' then excluded.duration_call_seg else r.duration_call_seg end,
    costo = case when p_datos ? 'costo' then excluded.costo else r.costo end,
    summary = case when p_datos ? 'summary' then excluded.summary else r.summary end,
    transcript = case when p_datos ? 'transcript' then excluded.transcript else r.transcript end,
    intento = case when p_datos ? 'intento' then excluded.intento else r.intento end
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

revoke execute on function public.entrada_anotar(text, text, text), public.entrada_registrar_llamada(text, text, jsonb)
from public, anon, authenticated;
grant execute on function public.entrada_registrar_llamada(text, text, jsonb) to service_role;

-- Hosted Supabase: the vocabulary is read-only reference data; it needs no Realtime publication.
