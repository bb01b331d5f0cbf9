-- Issue 25: the first step of buscar_clientes (20261129000520) reads a window of the name order before falling
-- back to the trigram index; at 2,000 rows that window cost every rare text (which always falls back) 2,000 heap
-- reads on PGlite, 30-90 ms, for nothing. 500 rows still hold the first five matches of a text common at the
-- start of the order ('mar': row 83, 'ana', '300', '@gmail'); everything else goes to the trigram index as
-- before. Same answers: the window is read in name order, so five matches inside it are the first five.
create or replace function public.buscar_clientes(q text, limite integer default 5)
returns table (id bigint, nombre text, apellido text, email text, telefono text, empresa text, campana_id bigint)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_patron text := lower(public.patron_busqueda(q));
  v_limite integer := least(greatest(coalesce(limite, 5), 0), 100);
  v_ids bigint[];
begin
  if btrim(coalesce(q, '')) = '' or not (public.es_operador() or public.llamador_privilegiado()) then
    return;
  end if;
  select array(
    select p.id from (
      select c.id, lower(c.nombre) as k1, c.nombre as k2, lower(c.apellido) as k3, c.busqueda
        from public.clientes c
       order by lower(c.nombre), c.nombre, lower(c.apellido), c.id
       limit 500) p
     where p.busqueda like v_patron
     order by p.k1, p.k2, p.k3, p.id
     limit v_limite) into v_ids;
  if cardinality(v_ids) < v_limite then
    v_ids := public.buscar_clientes_coincidencias(v_patron, v_limite);
  end if;
  return query
    select c.id, c.nombre, c.apellido, c.email, c.telefono, c.empresa, c.campana_id
      from unnest(v_ids) with ordinality as u(id, o)
      join public.clientes c on c.id = u.id
     order by u.o;
end
$$;
