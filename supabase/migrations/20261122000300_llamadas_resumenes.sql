-- Call campaigns at scale (issue 3 benchmark): summaries kept up to date by triggers, so the Resumen and the
-- client list no longer scan every call or every client of a campaign.
--
--  * llamadas_resumen_horas: calls per (campaign, UTC hour, Bogotá day, raw status). The Resumen takes the
--    whole hours of its range from here and only the two partial edge hours from the calls themselves.
--    The Bogotá day is part of the key (computed from each call), so the answer is exact whatever the offset.
--  * llamadas_clientes_campana: clients per campaign (the client list's total without filters, the Resumen's
--    client card).
--
-- Both are maintained by statement-level triggers with transition tables (one statement of 20,000 rows is
-- one grouped upsert, not 20,000), for insert, update, delete and truncate. They are ENABLE ALWAYS: the bulk
-- load of the demo data runs with session_replication_role = replica, which skips ordinary triggers.
-- Both are backfilled here. Nobody reads them directly: RLS on, no policy, no grant; the security-definer
-- functions below read them after their own access check, and the trigger functions write them.
--
-- Also here: the client list (its filters scan the campaign once: count and page from the same rows), the
-- Resumen, and the CSV import, which takes its rows as one array per column (much less JSON to parse than one
-- object per row). clientes.empresa has no trigram index on purpose: no query could use it and every imported
-- row would pay for it.

-- ===================================================================================================
-- Summary of calls per campaign, UTC hour, Bogotá day and raw status.
create table public.llamadas_resumen_horas (
  campana bigint not null,
  hora timestamptz,   -- date_bin('1 hour', created_at, '2000-01-01 00:00+00'); null when created_at is null
  dia date,           -- (created_at at time zone 'America/Bogota')::date; null when created_at is null
  status text,        -- registro_escrito_llamada.status as stored (the Resumen lower-cases and trims it)
  total bigint not null,
  constraint llamadas_resumen_horas_clave unique nulls not distinct (campana, hora, dia, status)
);
-- Rows that reach zero are deleted right away (found through this index, which is empty between statements).
create index llamadas_resumen_horas_cero_idx on public.llamadas_resumen_horas (campana) where total <= 0;
alter table public.llamadas_resumen_horas enable row level security;
revoke all on public.llamadas_resumen_horas from public, anon, authenticated;
grant all on public.llamadas_resumen_horas to service_role;

create or replace function public.llamadas_resumen_horas_ins() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_resumen_horas as s (campana, hora, dia, status, total)
  select w.campana, date_bin('1 hour', w.created_at, timestamptz '2000-01-01 00:00:00+00'),
         (w.created_at at time zone 'America/Bogota')::date, w.status, count(*)
    from nuevas w
   where w.campana is not null
   group by 1, 2, 3, 4
  on conflict on constraint llamadas_resumen_horas_clave do update set total = s.total + excluded.total;
  return null;
end
$$;

create or replace function public.llamadas_resumen_horas_del() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.llamadas_resumen_horas s
     set total = s.total - c.n
    from (
      select v.campana, date_bin('1 hour', v.created_at, timestamptz '2000-01-01 00:00:00+00') as hora,
             (v.created_at at time zone 'America/Bogota')::date as dia, v.status, count(*) as n
        from viejas v
       where v.campana is not null
       group by 1, 2, 3, 4
    ) c
   where s.campana = c.campana and s.hora is not distinct from c.hora and s.dia is not distinct from c.dia
     and s.status is not distinct from c.status;
  -- A separate statement: within one statement the rows just written are not visible to a delete.
  delete from public.llamadas_resumen_horas where total <= 0;
  return null;
end
$$;

create or replace function public.llamadas_resumen_horas_vaciar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  delete from public.llamadas_resumen_horas;
  return null;
end
$$;

-- Updates: old rows out, new rows in, in one grouped upsert (an update that changes none of the three
-- columns nets to zero and writes nothing).
create or replace function public.llamadas_resumen_horas_upd() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_resumen_horas as s (campana, hora, dia, status, total)
  select x.campana, x.hora, x.dia, x.status, sum(x.n)::bigint
    from (
      select v.campana, date_bin('1 hour', v.created_at, timestamptz '2000-01-01 00:00:00+00') as hora,
             (v.created_at at time zone 'America/Bogota')::date as dia, v.status, -1 as n
        from viejas v
       where v.campana is not null
      union all
      select w.campana, date_bin('1 hour', w.created_at, timestamptz '2000-01-01 00:00:00+00'),
             (w.created_at at time zone 'America/Bogota')::date, w.status, 1
        from nuevas w
       where w.campana is not null
    ) x
   group by 1, 2, 3, 4
  having sum(x.n) <> 0
  on conflict on constraint llamadas_resumen_horas_clave do update set total = s.total + excluded.total;
  delete from public.llamadas_resumen_horas where total <= 0;
  return null;
end
$$;

create trigger llamadas_resumen_horas_ins after insert on public.registro_escrito_llamada
  referencing new table as nuevas for each statement execute function public.llamadas_resumen_horas_ins();
create trigger llamadas_resumen_horas_upd after update on public.registro_escrito_llamada
  referencing old table as viejas new table as nuevas for each statement execute function public.llamadas_resumen_horas_upd();
create trigger llamadas_resumen_horas_del after delete on public.registro_escrito_llamada
  referencing old table as viejas for each statement execute function public.llamadas_resumen_horas_del();
create trigger llamadas_resumen_horas_vaciar after truncate on public.registro_escrito_llamada
  for each statement execute function public.llamadas_resumen_horas_vaciar();
alter table public.registro_escrito_llamada enable always trigger llamadas_resumen_horas_ins;
alter table public.registro_escrito_llamada enable always trigger llamadas_resumen_horas_upd;
alter table public.registro_escrito_llamada enable always trigger llamadas_resumen_horas_del;
alter table public.registro_escrito_llamada enable always trigger llamadas_resumen_horas_vaciar;

-- Backfill (the table is locked by the triggers' creation above until this migration commits).
insert into public.llamadas_resumen_horas (campana, hora, dia, status, total)
select r.campana, date_bin('1 hour', r.created_at, timestamptz '2000-01-01 00:00:00+00'),
       (r.created_at at time zone 'America/Bogota')::date, r.status, count(*)
  from public.registro_escrito_llamada r
 where r.campana is not null
 group by 1, 2, 3, 4;

-- ===================================================================================================
-- Clients per campaign.
create table public.llamadas_clientes_campana (
  campana_id bigint primary key,
  total bigint not null
);
alter table public.llamadas_clientes_campana enable row level security;
revoke all on public.llamadas_clientes_campana from public, anon, authenticated;
grant all on public.llamadas_clientes_campana to service_role;

create or replace function public.llamadas_clientes_campana_ins() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_clientes_campana as s (campana_id, total)
  select w.campana_id, count(*) from nuevas w group by 1
  on conflict (campana_id) do update set total = s.total + excluded.total;
  return null;
end
$$;

create or replace function public.llamadas_clientes_campana_del() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  update public.llamadas_clientes_campana s set total = s.total - c.n
    from (select v.campana_id, count(*) as n from viejas v group by 1) c
   where s.campana_id = c.campana_id;
  delete from public.llamadas_clientes_campana where total <= 0;
  return null;
end
$$;

create or replace function public.llamadas_clientes_campana_upd() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  insert into public.llamadas_clientes_campana as s (campana_id, total)
  select x.campana_id, sum(x.n)::bigint
    from (select v.campana_id, -1 as n from viejas v union all select w.campana_id, 1 from nuevas w) x
   group by 1
  having sum(x.n) <> 0
  on conflict (campana_id) do update set total = s.total + excluded.total;
  delete from public.llamadas_clientes_campana where total <= 0;
  return null;
end
$$;

create or replace function public.llamadas_clientes_campana_vaciar() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  delete from public.llamadas_clientes_campana;
  return null;
end
$$;

create trigger llamadas_clientes_campana_ins after insert on public.clientes
  referencing new table as nuevas for each statement execute function public.llamadas_clientes_campana_ins();
create trigger llamadas_clientes_campana_upd after update on public.clientes
  referencing old table as viejas new table as nuevas for each statement execute function public.llamadas_clientes_campana_upd();
create trigger llamadas_clientes_campana_del after delete on public.clientes
  referencing old table as viejas for each statement execute function public.llamadas_clientes_campana_del();
create trigger llamadas_clientes_campana_vaciar after truncate on public.clientes
  for each statement execute function public.llamadas_clientes_campana_vaciar();
alter table public.clientes enable always trigger llamadas_clientes_campana_ins;
alter table public.clientes enable always trigger llamadas_clientes_campana_upd;
alter table public.clientes enable always trigger llamadas_clientes_campana_del;
alter table public.clientes enable always trigger llamadas_clientes_campana_vaciar;

insert into public.llamadas_clientes_campana (campana_id, total)
select c.campana_id, count(*) from public.clientes c group by 1;

revoke execute on function
  public.llamadas_resumen_horas_ins(), public.llamadas_resumen_horas_upd(), public.llamadas_resumen_horas_del(),
  public.llamadas_resumen_horas_vaciar(), public.llamadas_clientes_campana_ins(), public.llamadas_clientes_campana_upd(),
  public.llamadas_clientes_campana_del(), public.llamadas_clientes_campana_vaciar()
from public, anon, authenticated;

-- ===================================================================================================
-- Resumen (part 1 §2.8, §4, §5): the four cards and calls per Bogotá day and lower-cased status. Whole hours of the range from the summary, the partial first and
-- last hour from the calls (index on campana, created_at), first and last call from the same index.
create or replace function public.llamadas_resumen(
  p_campana bigint,
  p_desde timestamptz default null,
  p_hasta timestamptz default null
) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  -- Whole hours [v_lo, v_hi) come from the summary; [p_desde, v_lo) and [v_hi, p_hasta] from the calls.
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
    -- The whole range lies inside one hour: everything from the calls.
    v_hi := v_lo;
  end if;

  select coalesce(sum(s.total), 0)::bigint, coalesce(sum(s.total) filter (where lower(s.status) = 'done'), 0)::bigint
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
-- Client list page (part 1 §2.7, §9): filters, page, total and each client's latest call. Without filters the total comes from the summary and the
-- page from the (campana_id, nombre, apellido, id) index. With filters the page (read in name order from that
-- index, stopping after its rows) is only looked for when the count says it has rows. `empresa ILIKE p` needs
-- no coalesce: the pattern always holds at least one character, which '' never has.
-- Only the page's rows get the latest call and the number of calls.
create or replace function public.llamadas_clientes_pagina(
  p_campana bigint,
  p_nombre text default null,
  p_email text default null,
  p_telefono text default null,
  p_empresa text default null,
  p_desde integer default 0,
  p_cantidad integer default 10
) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_total bigint;
  v_ids bigint[];
  v_filas jsonb;
  v_nombre text := nullif(btrim(coalesce(p_nombre, '')), '');
  v_email text := nullif(btrim(coalesce(p_email, '')), '');
  v_telefono text := nullif(btrim(coalesce(p_telefono, '')), '');
  v_empresa text := nullif(btrim(coalesce(p_empresa, '')), '');
  v_desde integer := greatest(coalesce(p_desde, 0), 0);
  v_cantidad integer := least(greatest(coalesce(p_cantidad, 10), 1), 100);
  v_pn text := public.patron_busqueda(v_nombre);
  v_pe text := public.patron_busqueda(v_email);
  v_pt text := public.patron_busqueda(v_telefono);
  v_pm text := public.patron_busqueda(v_empresa);
  v_donde text;
begin
  perform public.llamadas_exigir_operador();
  if v_nombre is null and v_email is null and v_telefono is null and v_empresa is null then
    v_total := coalesce((select k.total from public.llamadas_clientes_campana k where k.campana_id = p_campana), 0);
    select array(
      select c.id from public.clientes c
       where c.campana_id = p_campana
       order by c.nombre, c.apellido, c.id
       offset v_desde limit v_cantidad) into v_ids;
  else
    -- Only the filters given, planned with their values (each pattern may or may not suit a trigram index).
    v_donde := 'c.campana_id = $1'
      || case when v_nombre is null then '' else ' and (c.nombre || '' '' || c.apellido) ilike $2' end
      || case when v_email is null then '' else ' and c.email ilike $3' end
      || case when v_telefono is null then '' else ' and c.telefono ilike $4' end
      || case when v_empresa is null then '' else ' and c.empresa ilike $5' end;
    execute 'select count(*) from public.clientes c where ' || v_donde
       into v_total using p_campana, v_pn, v_pe, v_pt, v_pm;
    -- A page past the end (or no match at all) needs no second look at the campaign.
    if v_total > v_desde then
      execute 'select array(select c.id from public.clientes c where ' || v_donde
           || ' order by c.nombre, c.apellido, c.id offset $6 limit $7)'
         into v_ids using p_campana, v_pn, v_pe, v_pt, v_pm, v_desde, v_cantidad;
    else
      v_ids := '{}';
    end if;
  end if;

  select coalesce(jsonb_agg(to_jsonb(x) order by x.orden), '[]'::jsonb) into v_filas
    from (
      select p.id, p.nombre, p.apellido, p.email, p.telefono, p.empresa, p.cargo, p.campana_id, p.no_llamar,
             p.created_at, u.estado as ultimo_estado, u.created_at as ultima_llamada,
             (select count(*) from public.registro_escrito_llamada r2
               where r2.phone = p.telefono and r2.campana = p.campana_id) as llamadas,
             v_desde + i.o as orden
        from unnest(v_ids) with ordinality as i(id, o)
        join public.clientes p on p.id = i.id
        left join lateral (
          select coalesce(nullif(btrim(r.status), ''), r.resultado) as estado, r.created_at
            from public.registro_escrito_llamada r
           where r.phone = p.telefono and r.campana = p.campana_id
           order by r.created_at desc nulls last, r.id desc
           limit 1
        ) u on true
    ) x;

  return jsonb_build_object('total', v_total, 'filas', v_filas);
end
$$;

-- ===================================================================================================
-- CSV import with one array per column: {"nombre": [...], "apellido": [...], "email": [...], "telefono": [...],
-- "empresa": [...], "cargo": [...]} (same length; a missing value is null). Part 1 §5: rows without email or
-- telefono are skipped, the first row of each (email,
-- telefono) is kept — ON CONFLICT DO NOTHING sees the rows this statement already inserted, in file order —
-- and the unique (campana_id, email, telefono) rule omits what the campaign already has. One transaction.
create or replace function public.llamadas_importar_clientes_columnas(p_campana bigint, p_columnas jsonb) returns jsonb
language plpgsql volatile security invoker set search_path = public, pg_temp
as $$
declare
  v_total integer := coalesce(jsonb_array_length(p_columnas -> 'email'), 0);
  v_insertados integer;
begin
  if not exists (select 1 from public.campanas k where k.id = p_campana) then
    raise exception using errcode = 'P0001', message = 'La campaña no existe.';
  end if;
  with ins as (
    insert into public.clientes (nombre, apellido, email, telefono, empresa, cargo, campana_id)
    select coalesce(x.nombre, ''), coalesce(x.apellido, ''), btrim(x.email), btrim(x.telefono),
           nullif(btrim(x.empresa), ''), nullif(btrim(x.cargo), ''), p_campana
      from unnest(
             array(select jsonb_array_elements_text(coalesce(p_columnas -> 'nombre', '[]'))),
             array(select jsonb_array_elements_text(coalesce(p_columnas -> 'apellido', '[]'))),
             array(select jsonb_array_elements_text(coalesce(p_columnas -> 'email', '[]'))),
             array(select jsonb_array_elements_text(coalesce(p_columnas -> 'telefono', '[]'))),
             array(select jsonb_array_elements_text(coalesce(p_columnas -> 'empresa', '[]'))),
             array(select jsonb_array_elements_text(coalesce(p_columnas -> 'cargo', '[]')))
           ) with ordinality as x(nombre, apellido, email, telefono, empresa, cargo, o)
     where coalesce(btrim(x.email), '') <> '' and coalesce(btrim(x.telefono), '') <> ''
     order by x.o
    on conflict (campana_id, email, telefono) do nothing
    returning 1
  )
  select count(*) into v_insertados from ins;
  return jsonb_build_object('insertados', v_insertados, 'omitidos', v_total - v_insertados);
end
$$;

-- Which (email, telefono) pairs already exist, with the keys as two arrays {"email": [...], "telefono": [...]}.
create or replace function public.llamadas_claves_existentes_columnas(p_campana bigint, p_columnas jsonb) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp
as $$
begin
  perform public.llamadas_exigir_operador();
  return (select coalesce(jsonb_agg(distinct jsonb_build_array(c.email, c.telefono)), '[]'::jsonb)
    from unnest(
           array(select jsonb_array_elements_text(coalesce(p_columnas -> 'email', '[]'))),
           array(select jsonb_array_elements_text(coalesce(p_columnas -> 'telefono', '[]')))
         ) as x(email, telefono)
    join public.clientes c on c.campana_id = p_campana and c.email = x.email and c.telefono = x.telefono);
end
$$;

revoke execute on function
  public.llamadas_clientes_pagina(bigint, text, text, text, text, integer, integer),
  public.llamadas_resumen(bigint, timestamptz, timestamptz),
  public.llamadas_importar_clientes_columnas(bigint, jsonb),
  public.llamadas_claves_existentes_columnas(bigint, jsonb)
from public, anon;
grant execute on function
  public.llamadas_clientes_pagina(bigint, text, text, text, text, integer, integer),
  public.llamadas_resumen(bigint, timestamptz, timestamptz),
  public.llamadas_importar_clientes_columnas(bigint, jsonb),
  public.llamadas_claves_existentes_columnas(bigint, jsonb)
to authenticated, service_role;
