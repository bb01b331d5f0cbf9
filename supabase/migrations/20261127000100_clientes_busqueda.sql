-- Client search without trigram indexes on clientes, so a 100,000-row CSV import saves in seconds.
--
-- Measured on the embedded database (PGlite, 50,000 clients already there, 100,000 rows imported in one
-- transaction): the three trigram GIN indexes on nombre, telefono and email cost 2–3.5 s of an 8 s save —
-- every row adds ~45 trigram entries — and a GIN pending list or one combined index does not change that
-- (the entries are the cost). The per-row FK check and the B-tree keys are the rest.
--
-- The global search matches clientes on nombre, telefono or email (part 1 §5), case-insensitive substring.
-- It now reads one stored, lower-cased column: `busqueda LIKE lower(pattern)` is exactly what ILIKE does
-- (PostgreSQL lower-cases both sides and compares), without lower-casing three columns per row per query.
-- chr(31) (unit separator) between the fields keeps a pattern from matching across two of them.
-- A sequential scan of that column: median 21 ms over 50,000 clients, 50 ms over 150,000 (ILIKE on the
-- three columns without indexes: 143 ms and 389 ms; with the trigram indexes: ~20 ms). It grows with the
-- table (~0.35 µs per client here), the price of importing 100,000 clients in a few seconds.

alter table public.clientes
  add column busqueda text not null
  generated always as (lower(nombre || chr(31) || telefono || chr(31) || email)) stored;

drop index public.clientes_nombre_trgm_idx;
drop index public.clientes_telefono_trgm_idx;
drop index public.clientes_email_trgm_idx;
-- Redundant: the unique (campana_id, email, telefono) index starts with campana_id and serves the same
-- lookups (the FK's cascade included); one B-tree fewer to maintain per inserted row.
drop index public.clientes_campana_id_idx;

-- A pattern never holds the separator, so no match can straddle two fields.
create or replace function public.patron_busqueda(q text) returns text
language sql immutable set search_path = public, pg_temp
as $$
  select '%' || replace(replace(replace(replace(btrim(coalesce(q, '')), chr(31), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

create or replace function public.buscar_clientes(q text, limite integer default 5)
returns table (id bigint, nombre text, apellido text, email text, telefono text, empresa text, campana_id bigint)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_patron text := lower(public.patron_busqueda(q));
begin
  if btrim(coalesce(q, '')) = '' or not (public.es_operador() or public.llamador_privilegiado()) then
    return;
  end if;
  return query
    select c.id, c.nombre, c.apellido, c.email, c.telefono, c.empresa, c.campana_id
    from public.clientes c
    where c.busqueda like v_patron
    order by lower(c.nombre), c.nombre, lower(c.apellido), c.id
    limit least(greatest(coalesce(limite, 5), 0), 100);
end
$$;

-- ===================================================================================================
-- The CSV import (part 1 §5), replacing llamadas_importar_clientes_columnas of 20261122000300. Two costs of
-- the embedded database go:
--
-- * Reading the rows. Each column now travels as one text, its values joined by chr(31) (the unit
--   separator): string_to_array splits it in one pass, about half the time of building the same arrays
--   from JSON. Every value was cleaned of control characters first (limpiarCampo in
--   src/shared/domain/csv-clientes.ts), so chr(31) never occurs inside one; p_cantidad catches a column
--   that does not split into as many values as there are rows.
-- * The per-row foreign-key check. Every row gets the same campana_id, and the function takes a FOR KEY
--   SHARE lock on that campaign before inserting (the very lock each row's RI check would take), so the
--   campaign cannot be deleted or renumbered until the transaction ends: one check gives the FK's guarantee
--   for all rows. The 100,000 identical checks were ~1 s of a 4.5 s save. Skipping them needs
--   session_replication_role = replica for this statement, which only a superuser (or a role granted SET
--   on it) may set: hence SECURITY DEFINER, with the operator check RLS would otherwise have made. Where the
--   owner may not set it (a hosted project whose owner is not a superuser) the rows are checked one by one
--   as before. The client-count triggers are ENABLE ALWAYS, so they still run; no other trigger fires on
--   an insert into clientes.
--
-- Rules as before: rows without email or telefono are skipped, the first row of each (email, telefono) is
-- kept (ON CONFLICT DO NOTHING sees the rows this statement already inserted, in file order), and the
-- unique (campana_id, email, telefono) rule omits what the campaign already has. One transaction.
drop function public.llamadas_importar_clientes_columnas(bigint, jsonb);

create function public.llamadas_importar_clientes(
  p_campana bigint,
  p_cantidad integer,
  p_nombre text,
  p_apellido text,
  p_email text,
  p_telefono text,
  p_empresa text,
  p_cargo text
) returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
declare
  -- A leading separator makes '' one empty value rather than no value; [2:] drops the extra first one.
  v_nombre text[] := (string_to_array(chr(31) || coalesce(p_nombre, ''), chr(31)))[2:];
  v_apellido text[] := (string_to_array(chr(31) || coalesce(p_apellido, ''), chr(31)))[2:];
  v_email text[] := (string_to_array(chr(31) || coalesce(p_email, ''), chr(31)))[2:];
  v_telefono text[] := (string_to_array(chr(31) || coalesce(p_telefono, ''), chr(31)))[2:];
  v_empresa text[] := (string_to_array(chr(31) || coalesce(p_empresa, ''), chr(31)))[2:];
  v_cargo text[] := (string_to_array(chr(31) || coalesce(p_cargo, ''), chr(31)))[2:];
  v_antes text := current_setting('session_replication_role');
  v_replica boolean := false;
  v_insertados integer;
begin
  perform public.llamadas_exigir_operador();
  if coalesce(p_cantidad, -1) < 0 or cardinality(v_nombre) <> p_cantidad or cardinality(v_apellido) <> p_cantidad
     or cardinality(v_email) <> p_cantidad or cardinality(v_telefono) <> p_cantidad
     or cardinality(v_empresa) <> p_cantidad or cardinality(v_cargo) <> p_cantidad then
    raise exception using errcode = '22023', message = 'Las columnas de la importación no tienen el mismo número de filas.';
  end if;
  perform 1 from public.campanas k where k.id = p_campana for key share;
  if not found then
    raise exception using errcode = 'P0001', message = 'La campaña no existe.';
  end if;
  begin
    perform set_config('session_replication_role', 'replica', true);
    v_replica := true;
  exception when insufficient_privilege then
    null;
  end;
  with ins as (
    insert into public.clientes (nombre, apellido, email, telefono, empresa, cargo, campana_id)
    select x.nombre, x.apellido, btrim(x.email), btrim(x.telefono), nullif(btrim(x.empresa), ''), nullif(btrim(x.cargo), ''), p_campana
      from unnest(v_nombre, v_apellido, v_email, v_telefono, v_empresa, v_cargo)
           with ordinality as x(nombre, apellido, email, telefono, empresa, cargo, o)
     where btrim(x.email) <> '' and btrim(x.telefono) <> ''
     order by x.o
    on conflict (campana_id, email, telefono) do nothing
    returning 1
  )
  select count(*) into v_insertados from ins;
  if v_replica then
    perform set_config('session_replication_role', v_antes, true);
  end if;
  return jsonb_build_object('insertados', v_insertados, 'omitidos', p_cantidad - v_insertados);
end
$$;

revoke execute on function public.llamadas_importar_clientes(bigint, integer, text, text, text, text, text, text) from public, anon;
grant execute on function public.llamadas_importar_clientes(bigint, integer, text, text, text, text, text, text) to authenticated, service_role;

-- ===================================================================================================
-- The client list's filters (part 1 §2.7), as in 20261122000300 but with lower()/LIKE instead of ILIKE:
-- the same matches, and the filters only ever read one campaign's rows, so no index is involved either way.
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
