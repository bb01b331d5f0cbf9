-- Issue 25: the global search and the client list at 500,000 clients / 2,000,000 calls, with the same answers.
--
-- Global search, clients. buscar_clientes matches `busqueda LIKE '%q%'` (20261127000100, 20261128000500) and
-- answers the first 5 by name. Over 500,000 rows that was a sequential scan per keystroke. Two indexes give the
-- planner the two plans that stay fast:
--   * a trigram index on busqueda, for a rare text (a phone, an e-mail, a surname, nothing at all): pg_trgm
--     answers LIKE '%…%' from the index, keeps the punctuation's word boundaries ('+57 31' needs a word ending
--     in 57), and only the few candidate rows are read and rechecked;
--   * a B-tree in the answer's order, for a common text ('mar', 'ana'): read in name order, the first five
--     matching rows end the scan.
-- The trigram index was dropped in 20261127000100 to keep a 100,000-row CSV import fast; one index on one
-- column (instead of three) costs that import about a second, measured in the bench row.
create index if not exists clientes_busqueda_trgm_idx on public.clientes using gin (busqueda gin_trgm_ops);
create index if not exists clientes_orden_busqueda_idx on public.clientes (lower(nombre), nombre, lower(apellido), id);

-- Global search, calls. buscar_llamadas (20261121000200) matches phone, conversation_id or status with ILIKE and
-- answers the 5 latest, `order by created_at desc nulls last, id desc`. The trigram indexes on the three columns
-- serve a rare text; for a common one ('300' is in one phone in twenty) the planner had no index in that order
-- (registro_escrito_llamada_created_idx read backwards gives nulls first) and read every match from the trigram
-- indexes, then sorted them: 100,000 rows of 2,000,000, tens of seconds on PGlite. In the answer's order the
-- latest matches come first and the scan ends at the fifth.
create index if not exists registro_escrito_llamada_recientes_idx
  on public.registro_escrito_llamada (created_at desc nulls last, id desc);

-- ===================================================================================================
-- The client list with filters (part 1 §2.7), as in 20261128000600 with the same answers. Each text filter on
-- the name, the e-mail or the phone implies `busqueda LIKE` the same pattern (busqueda is lower(nombre || ' ' ||
-- apellido) || chr(31) || lower(telefono) || chr(31) || lower(email), and a pattern never holds chr(31)), so
-- that condition is added: it changes no answer and lets the count and the page use the trigram index above
-- instead of reading the whole campaign. Same signature: its grants stay as 20261128000200 left them.
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
    -- several times cheaper per row on the embedded database; each busqueda LIKE is implied by the filter
    -- before it (see above) and is there for the trigram index.
    v_donde := 'c.campana_id = $1'
      || case when v_nombre is null then '' else ' and lower(c.nombre || '' '' || c.apellido) like $2 and c.busqueda like $2' end
      || case when v_email is null then '' else ' and lower(c.email) like $3 and c.busqueda like $3' end
      || case when v_telefono is null then '' else ' and lower(c.telefono) like $4 and c.busqueda like $4' end
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
