-- Issue 25: the first read of a large message table ('preparar la tabla') took 28 s at 1,000,000 messages; three
-- quarters of it was the Spanish full-text index (to_tsvector of every message), which only the search in the
-- messages' text ("Buscar en mensajes") reads. bots_preparar_tabla now installs what every read needs (the
-- created_at and session indexes, the summary triggers, the summaries of the existing rows) and leaves the
-- full-text index to bots_preparar_texto, called by bots_sesiones the first time the text is searched (that
-- search pays for the index once; every later one uses it). The answers do not change: the search matches the
-- same expression, with or without its index. Tables prepared before keep the index they already have.

create or replace function public.bots_preparar_tabla(p_tabla text) returns boolean
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_rel regclass := public.bots_verificar_tabla(p_tabla);
  v_prefijo text;
begin
  if v_rel is null then
    return false;
  end if;
  if exists (select 1 from pg_trigger where tgrelid = v_rel and tgname = 'bots_resumen_insertar') then
    return true;
  end if;
  -- One preparer per table; writers wait while the existing rows are summarised.
  perform pg_advisory_xact_lock(hashtext('bots_preparar_tabla:' || p_tabla));
  if exists (select 1 from pg_trigger where tgrelid = v_rel and tgname = 'bots_resumen_insertar') then
    return true;
  end if;
  execute format('lock table public.%I in share row exclusive mode', p_tabla);

  v_prefijo := left(p_tabla, 40) || '_' || left(md5(p_tabla), 8);
  execute format('create index if not exists %I on public.%I (created_at)', v_prefijo || '_fecha_idx', p_tabla);
  execute format('create index if not exists %I on public.%I (session_id, created_at)', v_prefijo || '_sesion_idx', p_tabla);

  execute format('create trigger bots_resumen_insertar after insert on public.%I referencing new table as nuevos
                    for each statement execute function public.bots_resumen_tr_insertar()', p_tabla);
  execute format('create trigger bots_resumen_borrar after delete on public.%I referencing old table as viejos
                    for each statement execute function public.bots_resumen_tr_borrar()', p_tabla);
  execute format('create trigger bots_resumen_actualizar after update on public.%I referencing old table as viejos new table as nuevos
                    for each statement execute function public.bots_resumen_tr_actualizar()', p_tabla);
  execute format('create trigger bots_resumen_vaciar after truncate on public.%I
                    for each statement execute function public.bots_resumen_tr_vaciar()', p_tabla);
  execute format('alter table public.%I enable always trigger bots_resumen_insertar', p_tabla);
  execute format('alter table public.%I enable always trigger bots_resumen_borrar', p_tabla);
  execute format('alter table public.%I enable always trigger bots_resumen_actualizar', p_tabla);
  execute format('alter table public.%I enable always trigger bots_resumen_vaciar', p_tabla);

  perform public.bots_resumen_recalcular(p_tabla, null, null);
  return true;
end
$$;

-- The Spanish full-text index of a prepared message table (the expression bots_sesiones searches), once.
-- Internal: only the security-definer readers call it, so nobody else may.
create or replace function public.bots_preparar_texto(p_tabla text) returns void
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_rel regclass := public.bots_verificar_tabla(p_tabla);
  v_indice text := left(p_tabla, 40) || '_' || left(md5(p_tabla), 8) || '_texto_idx';
begin
  if v_rel is null or to_regclass(format('public.%I', v_indice)) is not null then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext('bots_preparar_tabla:' || p_tabla));
  execute format(
    'create index if not exists %I on public.%I using gin (to_tsvector(''spanish''::regconfig, public.mensaje_texto(message::jsonb)))',
    v_indice, p_tabla);
end
$$;
revoke execute on function public.bots_preparar_texto(text) from public, anon, authenticated;
grant execute on function public.bots_preparar_texto(text) to service_role;

-- As in 20261124000100, with the full-text index made before the first search of the messages' text. Same
-- signature: its grants stay as 20261128000200 left them.
create or replace function public.bots_sesiones(
  p_tabla text,
  p_busqueda text default '',
  p_en_mensajes boolean default false,
  p_desde integer default 0,
  p_limite integer default 10
)
returns table (
  session_id text,
  mensajes integer,
  humanos integer,
  primer_mensaje text,
  ultimo_mensaje text,
  ultimo_mensaje_crudo text,
  ultimo_texto text,
  total bigint
)
language plpgsql volatile security definer set search_path = public, pg_temp
as $$
#variable_conflict use_column
declare
  v_q text := btrim(coalesce(p_busqueda, ''));
  v_desde integer := greatest(coalesce(p_desde, 0), 0);
  v_limite integer := least(greatest(coalesce(p_limite, 10), 0), 100000);
begin
  if not public.bots_preparar_tabla(p_tabla) then
    return;
  end if;
  if v_q = '' then
    return query
      select r.session_id::text, r.mensajes, r.humanos, public.bots_iso(r.primer_mensaje), public.bots_iso(r.ultimo_mensaje),
             public.bots_crudo(r.ultimo_mensaje), r.ultimo_texto,
             (select count(*) from public.mensajes_resumen_sesiones c where c.tabla = p_tabla)
        from public.mensajes_resumen_sesiones r
       where r.tabla = p_tabla
       order by r.ultimo_mensaje desc nulls last, r.session_id
      offset v_desde limit v_limite;
  elsif not coalesce(p_en_mensajes, false) then
    return query
      select r.session_id::text, r.mensajes, r.humanos, public.bots_iso(r.primer_mensaje), public.bots_iso(r.ultimo_mensaje),
             public.bots_crudo(r.ultimo_mensaje), r.ultimo_texto, count(*) over ()
        from public.mensajes_resumen_sesiones r
       where r.tabla = p_tabla and r.session_id ilike public.bots_patron(v_q)
       order by r.ultimo_mensaje desc nulls last, r.session_id
      offset v_desde limit v_limite;
  else
    -- The full-text index is built the first time someone searches the messages' text (see above).
    perform public.bots_preparar_texto(p_tabla);
    return query execute format($q$
      with en_texto as (
        select distinct m.session_id
          from public.%I m
         where to_tsvector('spanish'::regconfig, public.mensaje_texto(m.message::jsonb)) @@ websearch_to_tsquery('spanish'::regconfig, $2)
      )
      select r.session_id::text, r.mensajes, r.humanos, public.bots_iso(r.primer_mensaje), public.bots_iso(r.ultimo_mensaje),
             public.bots_crudo(r.ultimo_mensaje), r.ultimo_texto, count(*) over ()
        from public.mensajes_resumen_sesiones r
       where r.tabla = $1
         and (r.session_id ilike public.bots_patron($2) or r.session_id in (select e.session_id from en_texto e))
       order by r.ultimo_mensaje desc nulls last, r.session_id
      offset $3 limit $4
    $q$, p_tabla) using p_tabla, v_q, v_desde, v_limite;
  end if;
end
$$;
