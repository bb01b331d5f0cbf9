-- Adopting a project that already runs the ORIGINAL system (issue 14, part 1; docs/ADOPTAR-PROYECTO.md).
--
-- The agency's hosted project already has the original system's tables under the same names our base
-- migration creates (clientes, campanas, registro_escrito_llamada, empresas, …), with other types and no
-- constraints, so `create table` would fail. This file runs before the base migration and, ONLY when it
-- finds the original system (one of its tables in public and none of our schema: no
-- public.crear_perfil_operador()), moves those tables aside into the schema `adopcion`, untouched: rows,
-- sequences, indexes, policies and grants go with them. The migrations that follow then build our schema
-- in public as on an empty project, and 20261128000900_adopcion_incorporar.sql copies the rows back with
-- the conversions and drops `adopcion` once every count is verified.
--
-- On an empty project and on a project that already has our schema (every install that applied the files
-- before this one existed) it changes nothing.
--
-- Before moving anything it checks what would stop the adoption later, and stops here instead, with nothing
-- changed: another of our object names already taken in public, an object outside these tables that depends
-- on them (a view, a foreign key), or an `adopcion` schema that is already in use.
--
-- `exec_sql` (the original's way of creating message tables: any SQL, usually executable with the anon key)
-- is dropped here, at once, whatever happens to the rest of the adoption.
--
-- The message tables (one per bot company) are not ours to create: they stay in public and are converted
-- in place by the incorporating migration.

do $$
declare
  -- The original system's tables (specification part 1 §3, part 2 §3, part 3 §3) that our migrations create.
  c_originales constant text[] := array[
    'clientes', 'campanas', 'registro_escrito_llamada', 'registro_audio_llamadas', 'configuracion_campana',
    'proyectos', 'servicios_instancias', 'servicios_disponibles', 'empresas', 'planes',
    'planes_empresas_wordpress', 'historial_estados', 'metricas_proyectos', 'empresas_wordpress_bots',
    'empresas_shopify_bots', 'empresas_bot_duda', 'empresas_whatsapp', 'agente_marketing'];
  -- The other relations our migrations create in public: none of them may exist in an original project.
  c_propias constant text[] := array[
    'perfiles', 'notificaciones_estado', 'consumo_campanas', 'intentos_llamada', 'llamadas_resumen_horas',
    'llamadas_clientes_campana', 'empresas_vista', 'proyectos_vista', 'planes_vista', 'planes_empresas_vista',
    'mensajes_resumen_sesiones', 'mensajes_resumen_dias', 'portal_sesiones', 'portal_intentos',
    'operadores_autorizados', 'empresas_bot_todas'];
  v_mover oid[];
  v_nombres text[];
  v_problemas text[];
  v_funcion regprocedure;
  v_tabla text;
  v_secuencia record;
begin
  if to_regprocedure('public.crear_perfil_operador()') is not null then
    return; -- our schema is here already: an install of this product, nothing to adopt
  end if;

  select coalesce(array_agg(c.oid order by c.relname), '{}'), coalesce(array_agg(c.relname::text order by c.relname), '{}')
    into v_mover, v_nombres
    from pg_class c
   where c.relnamespace = 'public'::regnamespace and c.relname = any (c_originales);
  if cardinality(v_mover) = 0 then
    return; -- an empty project
  end if;

  -- What would make the adoption fail later is refused now, before anything moves.
  select coalesce(array_agg(format('%s no es una tabla', c.relname) order by c.relname), '{}')
    into v_problemas
    from pg_class c
   where c.oid = any (v_mover) and c.relkind not in ('r', 'p');

  v_problemas := v_problemas || coalesce((
    select array_agg(format('%s ya existe en public', c.relname) order by c.relname)
      from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relname = any (c_propias)), '{}');

  -- Views (their rewrite rules) and foreign keys of other tables that reference the tables to move: they
  -- would follow the tables into `adopcion` and stop its removal at the end.
  v_problemas := v_problemas || coalesce((
    select array_agg(distinct format('la vista %s depende de %s', v.oid::regclass, t.relname))
      from pg_depend d
      join pg_rewrite r on d.classid = 'pg_rewrite'::regclass and r.oid = d.objid
      join pg_class v on v.oid = r.ev_class
      join pg_class t on t.oid = d.refobjid
     where d.refclassid = 'pg_class'::regclass and d.refobjid = any (v_mover) and v.oid <> all (v_mover)), '{}');
  v_problemas := v_problemas || coalesce((
    select array_agg(format('la clave foránea %s de %s apunta a %s', k.conname, k.conrelid::regclass, k.confrelid::regclass)
                     order by k.conname)
      from pg_constraint k
     where k.contype = 'f' and k.confrelid = any (v_mover) and k.conrelid <> all (v_mover)), '{}');

  if exists (
    select 1 from pg_class c where c.relnamespace = to_regnamespace('adopcion')
    union all select 1 from pg_proc p where p.pronamespace = to_regnamespace('adopcion')
  ) then
    v_problemas := v_problemas || array['el esquema adopcion ya existe y no está vacío'];
  end if;

  if cardinality(v_problemas) > 0 then
    raise exception using errcode = 'P0001',
      message = 'No se puede adoptar este proyecto: ' || array_to_string(v_problemas, '; '),
      hint = 'Nada se modificó. Guarda y elimina esos objetos (o renómbralos) y vuelve a ejecutar supabase db push; docs/ADOPTAR-PROYECTO.md.';
  end if;

  -- exec_sql ran any SQL for whoever could call it: gone now, every overload.
  for v_funcion in
    select p.oid::regprocedure from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = 'exec_sql'
  loop
    execute format('drop function %s', v_funcion);
  end loop;

  -- Aside, out of the API's reach (PostgREST exposes public only; no usage on the schema for its roles).
  create schema if not exists adopcion;
  revoke all on schema adopcion from public;
  if exists (select 1 from pg_roles where rolname = 'anon') and exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on schema adopcion from anon, authenticated;
  end if;
  comment on schema adopcion is
    'Consola de Automatización: tablas del sistema original apartadas por 20261121000000_adopcion_apartar; '
    '20261128000900_adopcion_incorporar copia sus filas y borra este esquema.';

  foreach v_tabla in array v_nombres loop
    -- A sequence a column default uses without owning it would stay behind: it goes along.
    for v_secuencia in
      select distinct s.oid::regclass as secuencia
        from pg_attrdef ad
        join pg_depend d on d.classid = 'pg_attrdef'::regclass and d.objid = ad.oid and d.refclassid = 'pg_class'::regclass
        join pg_class s on s.oid = d.refobjid and s.relkind = 'S' and s.relnamespace = 'public'::regnamespace
       where ad.adrelid = format('public.%I', v_tabla)::regclass
         and not exists (select 1 from pg_depend o
                          where o.classid = 'pg_class'::regclass and o.objid = s.oid and o.deptype in ('a', 'i'))
    loop
      execute format('alter sequence %s set schema adopcion', v_secuencia.secuencia);
    end loop;
    execute format('alter table public.%I set schema adopcion', v_tabla);
  end loop;
end
$$;
