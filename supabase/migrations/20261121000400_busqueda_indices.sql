-- The global search must use the trigram indexes. Under row-level security PostgreSQL cannot use an index
-- for a non-leakproof operator such as ILIKE (the policy has to be checked first), so as security-invoker
-- functions the searches were sequential scans (~1 s on 200 000 calls). They now run as the owner and make
-- the access decision themselves: an operator, or a privileged caller (the owner, a superuser, a role that
-- bypasses RLS such as service_role). Anyone else gets no rows, exactly as the policies would answer.

-- True when whoever called into the current security-definer function is privileged. Inside such a function
-- current_user is the owner; the "role" setting still holds the caller's SET ROLE, else the session user.
create or replace function public.llamador_privilegiado() returns boolean
language sql stable security definer set search_path = pg_catalog, pg_temp
as $$
  select coalesce((
    select r.rolname = current_user or r.rolsuper or r.rolbypassrls
      from pg_roles r
     where r.rolname = coalesce(nullif(current_setting('role', true), 'none'), session_user)
  ), false)
$$;
revoke execute on function public.llamador_privilegiado() from public, anon;

create or replace function public.buscar_clientes(q text, limite integer default 5)
returns table (id bigint, nombre text, apellido text, email text, telefono text, empresa text, campana_id bigint)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_patron text := public.patron_busqueda(q);
begin
  if btrim(coalesce(q, '')) = '' or not (public.es_operador() or public.llamador_privilegiado()) then
    return;
  end if;
  return query
    select c.id, c.nombre, c.apellido, c.email, c.telefono, c.empresa, c.campana_id
    from public.clientes c
    where c.nombre ilike v_patron or c.telefono ilike v_patron or c.email ilike v_patron
    order by lower(c.nombre), c.nombre, lower(c.apellido), c.id
    limit least(greatest(coalesce(limite, 5), 0), 100);
end
$$;

create or replace function public.buscar_campanas(q text, limite integer default 3)
returns table (id bigint, nombre text, minutos integer, created_at timestamptz)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_patron text := public.patron_busqueda(q);
begin
  if btrim(coalesce(q, '')) = '' or not (public.es_operador() or public.llamador_privilegiado()) then
    return;
  end if;
  return query
    select c.id, c.nombre, c.minutos, c.created_at
    from public.campanas c
    where c.nombre ilike v_patron
    order by lower(c.nombre), c.nombre, c.id
    limit least(greatest(coalesce(limite, 3), 0), 100);
end
$$;

create or replace function public.buscar_llamadas(q text, limite integer default 5)
returns table (id bigint, phone text, conversation_id text, status text, campana bigint, created_at timestamptz)
language plpgsql stable security definer set search_path = public, pg_temp
as $$
declare
  v_patron text := public.patron_busqueda(q);
begin
  if btrim(coalesce(q, '')) = '' or not (public.es_operador() or public.llamador_privilegiado()) then
    return;
  end if;
  return query
    select r.id, r.phone, r.conversation_id, r.status, r.campana, r.created_at
    from public.registro_escrito_llamada r
    where r.phone ilike v_patron or r.conversation_id ilike v_patron or r.status ilike v_patron
    order by r.created_at desc nulls last, r.id desc
    limit least(greatest(coalesce(limite, 5), 0), 100);
end
$$;

revoke execute on function
  public.buscar_clientes(text, integer), public.buscar_campanas(text, integer), public.buscar_llamadas(text, integer)
from public, anon;
grant execute on function
  public.buscar_clientes(text, integer), public.buscar_campanas(text, integer), public.buscar_llamadas(text, integer)
to authenticated, service_role;
