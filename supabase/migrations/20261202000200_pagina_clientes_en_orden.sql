-- Issue 25: the client list's page with a common filter, at 500,000 clients, without reading every match.
--
-- With a filter, 20261202000100 read the page's ids as 20261129000500 did: the `busqueda LIKE` it adds for the
-- trigram index made the planner fetch every match and sort them, also for a text that one client in five
-- matches ('gmail': 49,401 matches fetched and sorted for ten rows, 355 ms on PostgreSQL 15 at 500,000
-- clients). Now that the total is known before the page is read, the function picks the read that costs less:
--   * the campaign in name order (clientes_campana_nombre_idx, no sort), stopping at the page's last row: about
--     (desde + cantidad) × campaign / total rows are read — few when the text is common;
--   * every match from the trigram index, sorted: `total` rows — few when the text is rare.
-- Same answers: both read the same rows in the same order.

-- The first read. Its settings keep the planner on the name-order index (a LIKE estimate is a guess, and a
-- wrong one sends it back to fetching every match). Internal: called by llamadas_clientes_pagina only.
create or replace function public.llamadas_clientes_ids_en_orden(
  p_campana bigint, p_nombre text, p_email text, p_telefono text, p_empresa text, p_desde integer, p_cantidad integer
) returns bigint[]
language plpgsql stable set search_path = public, pg_temp
  set enable_bitmapscan = off set enable_seqscan = off set enable_sort = off
as $$
declare
  v_ids bigint[];
begin
  -- Each pattern is lower(patron_busqueda(...)) of a filter given, or null for a filter not given.
  execute 'select array(select c.id from public.clientes c where c.campana_id = $1'
       || case when p_nombre is null then '' else ' and lower(c.nombre || '' '' || c.apellido) like $2' end
       || case when p_email is null then '' else ' and lower(c.email) like $3' end
       || case when p_telefono is null then '' else ' and lower(c.telefono) like $4' end
       || case when p_empresa is null then '' else ' and lower(c.empresa) like $5' end
       || ' order by c.nombre, c.apellido, c.id offset $6 limit $7)'
     into v_ids using p_campana, p_nombre, p_email, p_telefono, p_empresa, p_desde, p_cantidad;
  return v_ids;
end
$$;
revoke execute on function public.llamadas_clientes_ids_en_orden(bigint, text, text, text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.llamadas_clientes_ids_en_orden(bigint, text, text, text, text, integer, integer) to service_role;

-- ===================================================================================================
-- The client list with filters, as in 20261202000100 (same signature, same answers: kept totals), plus the
-- choice of read above.
create or replace function public.llamadas_clientes_pagina(
  p_campana bigint,
  p_nombre text default null,
  p_email text default null,
  p_telefono text default null,
  p_empresa text default null,
  p_desde integer default 0,
  p_cantidad integer default 10
) returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  v_total bigint;
  v_version bigint;
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
  v_filtros text;
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
    -- several times cheaper per row on the embedded database; each busqueda LIKE is implied by the filter
    -- before it (20261129000500) and is there for the trigram index.
    v_donde := 'c.campana_id = $1'
      || case when v_nombre is null then '' else ' and lower(c.nombre || '' '' || c.apellido) like $2 and c.busqueda like $2' end
      || case when v_email is null then '' else ' and lower(c.email) like $3 and c.busqueda like $3' end
      || case when v_telefono is null then '' else ' and lower(c.telefono) like $4 and c.busqueda like $4' end
      || case when v_empresa is null then '' else ' and lower(c.empresa) like $5' end;
    v_filtros := jsonb_build_array(v_pn, v_pe, v_pt, v_pm)::text;
    select k.total into v_total
      from public.llamadas_clientes_conteos k
     where k.campana_id = p_campana and k.filtros = v_filtros
       and k.version = coalesce((select v.version from public.llamadas_clientes_version v where v.campana_id = p_campana), 0);
    if v_total is null then
      execute 'select coalesce((select v.version from public.llamadas_clientes_version v where v.campana_id = $1), 0), '
           || '(select count(*) from public.clientes c where ' || v_donde || ')'
         into v_version, v_total using p_campana, v_pn, v_pe, v_pt, v_pm;
      insert into public.llamadas_clientes_conteos as k (campana_id, filtros, version, total)
      values (p_campana, v_filtros, v_version, v_total)
      on conflict (campana_id, filtros) do update set version = excluded.version, total = excluded.total, orden = excluded.orden
       where k.version <= excluded.version;
      -- Every text typed is a filter: a campaign keeps its 200 latest totals.
      delete from public.llamadas_clientes_conteos k
       where k.campana_id = p_campana
         and k.filtros not in (select x.filtros from public.llamadas_clientes_conteos x
                                where x.campana_id = p_campana order by x.orden desc limit 200);
    end if;
    -- A page past the end (or no match at all) needs no second look at the campaign. Otherwise the cheaper
    -- read (see the top of this file): name order when it stops within `total` rows, else the matches.
    if v_total > v_desde and (v_desde + v_cantidad)::numeric * coalesce((select k.total from public.llamadas_clientes_campana k
                                                                          where k.campana_id = p_campana), 0)
                              <= v_total::numeric * v_total then
      v_ids := public.llamadas_clientes_ids_en_orden(p_campana,
        case when v_nombre is null then null else v_pn end, case when v_email is null then null else v_pe end,
        case when v_telefono is null then null else v_pt end, case when v_empresa is null then null else v_pm end,
        v_desde, v_cantidad);
    elsif v_total > v_desde then
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
