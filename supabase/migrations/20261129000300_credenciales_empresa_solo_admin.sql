-- Who may change a client company's portal credentials (issue 24, item 8).
--
-- An operator could reset a company's portal password (empresas/restablecerContrasena), which hands him the
-- company's portal and locks the company's own people out. The rule now:
--
-- * Creating a company with its first credentials: any active operator (he gives them to the client).
-- * Changing an existing company's portal user name or password (reset, regenerate, edit): administrators
--   only. Every path writes the row (the api's update runs under RLS as the operator; on hosted, PostgREST),
--   so the rule is a trigger on the row, and it holds for every caller, not only the api's screens.
-- * Privileged callers (the owner's SQL: seed, adoption, migrations; service_role) are not operators and pass.
--
-- The refusal is the permission error (42501), which the api answers as 403 with its Spanish message
-- (es.errores.sinPermiso).

create or replace function public.credenciales_empresa_solo_admin() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  if (new.usuario_cliente is distinct from old.usuario_cliente
      or new.contrasena_cliente is distinct from old.contrasena_cliente)
     and not (public.es_admin() or public.llamador_privilegiado()) then
    raise exception using errcode = '42501',
      message = 'No tienes permiso para esta operación: cambiar las credenciales del portal es solo para administradores.';
  end if;
  return new;
end
$$;

revoke execute on function public.credenciales_empresa_solo_admin() from public, anon, authenticated;

-- Named to fire after empresas_cifrar_contrasena (triggers fire in name order): the value compared is the
-- stored hash, and a plain value written again is a change.
drop trigger if exists empresas_credenciales_solo_admin on public.empresas;
create trigger empresas_credenciales_solo_admin
  before update on public.empresas
  for each row execute function public.credenciales_empresa_solo_admin();
