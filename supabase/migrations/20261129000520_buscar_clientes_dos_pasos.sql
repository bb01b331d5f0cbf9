-- Issue 25: buscar_clientes in two steps, with the same answers (the first 5 matches in name order).
--
-- With the indexes of 20261129000500 the planner picks one plan per text from its estimate, and a common text
-- whose matches sit late in name order fooled it: 'lau' (Claudia, Laura) read 91,691 rows in name order before
-- the fifth match, 1.3 s on PostgreSQL 15 and 10 s on PGlite at 500,000 clients. Now:
--   1. the first 2,000 clients in name order (the B-tree, no sort) are checked: a common text has its first
--      matches there, and then they are the answer — the rows before them in name order were all checked;
--   2. otherwise every match is taken from the trigram index and sorted (buscar_clientes_coincidencias, where the
--      name-order scan is switched off): few matches, or matches that are not at the start of the order.
create or replace function public.buscar_clientes_coincidencias(p_patron text, p_limite integer) returns bigint[]
language sql stable set search_path = public, pg_temp set enable_indexscan = off
as $$
  select array(
    select c.id from public.clientes c
     where c.busqueda like p_patron
     order by lower(c.nombre), c.nombre, lower(c.apellido), c.id
     limit p_limite)
$$;
revoke execute on function public.buscar_clientes_coincidencias(text, integer) from public, anon, authenticated;
grant execute on function public.buscar_clientes_coincidencias(text, integer) to service_role;

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
       limit 2000) p
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
