-- Issue 13 (each shape declared once): the client row is declared once, in
-- src/shared/areas/llamadas/cliente.ts, and the two functions that move whole client rows no longer name
-- the client's columns. A new column of clientes is then one `alter table` line: the import takes it from
-- the rows and the client list returns it. See docs/DEVELOPING.md ("A new client column, end to end").

-- ===================================================================================================
-- The CSV import (part 1 §5), replacing the one of 20261127000100, which took one text per column (values
-- joined by chr(31)) and so named every column in its signature. It now takes the rows as ONE jsonb
-- argument, an array of objects keyed by column name, called the same way on PGlite, PostgreSQL and
-- PostgREST ({ p_campana, p_filas }).
--
-- Which columns: every stored text column of clientes (not generated ones: busqueda is computed from the
-- others). They are read from the catalogue, never from the caller, and quoted with format('%I'), so the
-- rows can only fill those columns; a key that names none of them is ignored (jsonb_to_recordset reads
-- only the columns it is given). Each value is trimmed; a NOT NULL column missing from a row is stored as
-- '', a nullable one as null when empty. The api sends every column, already cleaned (cliente.ts).
--
-- Rules as before: rows without email or telefono are skipped, the first row of each (email, telefono) is
-- kept (ON CONFLICT DO NOTHING sees the rows this statement already inserted, in the array's order), and
-- the unique (campana_id, email, telefono) rule omits what the campaign already has; omitidos counts every
-- row not inserted. One transaction. The campaign's FOR KEY SHARE lock, and the per-row foreign-key check
-- skipped (session_replication_role = replica) where the owner may do so, are those of 20261127000100,
-- for the same reasons.
drop function public.llamadas_importar_clientes(bigint, integer, text, text, text, text, text, text);

create function public.llamadas_importar_clientes(p_campana bigint, p_filas jsonb) returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_cantidad integer;
  v_columnas text;
  v_tipos text;
  v_valores text;
  v_antes text := current_setting('session_replication_role');
  v_replica boolean := false;
  v_insertados integer;
begin
  perform public.llamadas_exigir_operador();
  if jsonb_typeof(p_filas) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'Las filas de la importación no son una lista.';
  end if;
  v_cantidad := jsonb_array_length(p_filas);
  perform 1 from public.campanas k where k.id = p_campana for key share;
  if not found then
    raise exception using errcode = 'P0001', message = 'La campaña no existe.';
  end if;
  select string_agg(format('%I', a.attname), ', ' order by a.attnum),
         string_agg(format('%I text', a.attname), ', ' order by a.attnum),
         string_agg(case when a.attnotnull then format('coalesce(btrim(x.%I), '''')', a.attname)
                         else format('nullif(btrim(x.%I), '''')', a.attname) end, ', ' order by a.attnum)
    into v_columnas, v_tipos, v_valores
    from pg_catalog.pg_attribute a
   where a.attrelid = 'public.clientes'::regclass and a.attnum > 0 and not a.attisdropped
     and a.attgenerated = '' and a.atttypid = 'text'::regtype;
  begin
    perform set_config('session_replication_role', 'replica', true);
    v_replica := true;
  exception when insufficient_privilege then
    null;
  end;
  execute format(
    'with ins as (
       insert into public.clientes (%s, campana_id)
       select %s, $1
         from rows from (jsonb_to_recordset($2) as (%s)) with ordinality as x(%s, orden)
        where btrim(x.email) <> '''' and btrim(x.telefono) <> ''''
        order by x.orden
       on conflict (campana_id, email, telefono) do nothing
       returning 1
     )
     select count(*) from ins', v_columnas, v_valores, v_tipos, v_columnas)
    into v_insertados using p_campana, p_filas;
  if v_replica then
    perform set_config('session_replication_role', v_antes, true);
  end if;
  return jsonb_build_object('insertados', v_insertados, 'omitidos', v_cantidad - v_insertados);
end
$$;

revoke execute on function public.llamadas_importar_clientes(bigint, jsonb) from public, anon;
grant execute on function public.llamadas_importar_clientes(bigint, jsonb) to authenticated, service_role;

-- ===================================================================================================
-- The client list (part 1 §2.7), as in 20261127000100, but each row is the client's whole row (to_jsonb,
-- without the search column) plus its latest call, so a new column of clientes reaches the screen with no
-- new function. Same signature: its grants stay as 20261128000200 left them.
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
  v_pn text := lower(public.patron_busqueda(v_nombre));
  v_pe text := lower(public.patron_busqueda(v_email));
  v_pt text := lower(public.patron_busqueda(v_telefono));
  v_pm text := lower(public.patron_busqueda(v_empresa));
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
    -- Only the filters given, planned with their values. lower(x) LIKE lower(pattern) is what ILIKE does,
    -- several times cheaper per row on the embedded database.
    v_donde := 'c.campana_id = $1'
      || case when v_nombre is null then '' else ' and lower(c.nombre || '' '' || c.apellido) like $2' end
      || case when v_email is null then '' else ' and lower(c.email) like $3' end
      || case when v_telefono is null then '' else ' and lower(c.telefono) like $4' end
      || case when v_empresa is null then '' else ' and lower(c.empresa) like $5' end;
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

  select coalesce(jsonb_agg(x.fila order by x.orden), '[]'::jsonb) into v_filas
    from (
      select (to_jsonb(p) - 'busqueda') || jsonb_build_object(
               'ultimo_estado', u.estado,
               'ultima_llamada', u.created_at,
               'llamadas', (select count(*) from public.registro_escrito_llamada r2
                             where r2.phone = p.telefono and r2.campana = p.campana_id),
               'orden', v_desde + i.o) as fila,
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
