-- Row-level security on every table and the grants. Operators (users with a profile) may do everything;
-- anon gets nothing. The same policies decide in embedded and hosted mode.

do $$
declare
  t text;
begin
  foreach t in array array[
    'clientes', 'campanas', 'registro_escrito_llamada', 'registro_audio_llamadas', 'configuracion_campana',
    'proyectos', 'servicios_instancias', 'servicios_disponibles', 'empresas', 'planes',
    'planes_empresas_wordpress', 'historial_estados', 'metricas_proyectos', 'empresas_wordpress_bots',
    'empresas_whatsapp', 'empresas_shopify_bots', 'empresas_bot_duda', 'agente_marketing'
  ] loop
    execute format('alter table public.%I enable row level security', t);
    execute format(
      'create policy operadores on public.%I for all to authenticated
         using ((select public.es_operador())) with check ((select public.es_operador()))', t);
  end loop;
end
$$;

-- Profiles: an operator reads every profile and updates only his own row (and only his name).
alter table public.perfiles enable row level security;
create policy perfiles_lectura on public.perfiles for select to authenticated
  using ((select public.es_operador()));
create policy perfiles_propio on public.perfiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- Notification read state: each operator sees and writes only his own rows.
alter table public.notificaciones_estado enable row level security;
create policy notificaciones_estado_propias on public.notificaciones_estado for all to authenticated
  using (operador_id = (select auth.uid())) with check (operador_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------
-- Grants. Supabase grants everything to anon by default; take it back explicitly.
revoke all on all tables in schema public from anon;
revoke all on all sequences in schema public from anon;
revoke execute on function
  public.crear_perfil_operador(),
  public.sincronizar_email_perfil(),
  public.es_operador(),
  public.set_updated_at(),
  public.registrar_cambio_estado(),
  public.notificaciones_pendientes(),
  public.patron_busqueda(text),
  public.buscar_clientes(text, integer),
  public.buscar_campanas(text, integer),
  public.buscar_llamadas(text, integer),
  public.create_message_table(text)
from public, anon;

grant usage on schema public to authenticated, service_role;
grant select, insert, update, delete on all tables in schema public to authenticated;
grant usage, select on all sequences in schema public to authenticated;
grant all on all tables in schema public to service_role;
grant usage, select on all sequences in schema public to service_role;

-- perfiles rows are created by the auth trigger; es_admin is not for the user to change.
revoke insert, update, delete on public.perfiles from authenticated;
grant update (nombre) on public.perfiles to authenticated;

grant execute on function
  public.es_operador(),
  public.notificaciones_pendientes(),
  public.patron_busqueda(text),
  public.buscar_clientes(text, integer),
  public.buscar_campanas(text, integer),
  public.buscar_llamadas(text, integer),
  public.create_message_table(text)
to authenticated, service_role;
