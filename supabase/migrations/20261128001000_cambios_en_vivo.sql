-- Live screens (issue 15 §2): the database says when rows change, and the app redraws what shows them.
--
-- Embedded (PGlite) and the test PostgreSQL: a statement-level trigger sends NOTIFY on the channel
-- 'consola_cambios' with the name of the contract area whose screens read the table ('llamadas', 'mensajes').
-- One notification per statement, not per row, and PostgreSQL folds identical payloads of one transaction
-- into one: a CSV import of 5,000 clients is one notice. The Node side listens, coalesces bursts and tells
-- the renderer (IPC events on the desktop, server-sent events over HTTP); the renderer refetches that area.
--
-- Hosted Supabase: Realtime's postgres_changes reads the publication 'supabase_realtime'; the same tables are
-- added to it when it exists (it does on every Supabase project, not on the embedded stand-ins).
--
-- Message tables are created at run time; their rows reach the fixed summary tables through the triggers of
-- bots_preparar_tabla, so watching mensajes_resumen_sesiones covers every registered message table.

create or replace function public.avisar_cambio() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  -- TG_ARGV[0] is the area; nothing of the row travels (a notice is seen by every listener of the database).
  perform pg_notify('consola_cambios', tg_argv[0]);
  return null;
end
$$;

revoke execute on function public.avisar_cambio() from public, anon, authenticated;

do $$
declare
  v record;
begin
  for v in
    select * from (values
      ('registro_escrito_llamada', 'llamadas'),
      ('registro_audio_llamadas', 'llamadas'),
      ('clientes', 'llamadas'),
      ('campanas', 'llamadas'),
      ('configuracion_campana', 'llamadas'),
      ('intentos_llamada', 'llamadas'),
      ('mensajes_resumen_sesiones', 'mensajes')
    ) as t (tabla, area)
  loop
    execute format('drop trigger if exists avisar_cambio on public.%I', v.tabla);
    execute format(
      'create trigger avisar_cambio after insert or update or delete or truncate on public.%I
         for each statement execute function public.avisar_cambio(%L)', v.tabla, v.area);
  end loop;

  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    for v in
      select t.tabla from (values
        ('registro_escrito_llamada'), ('clientes'), ('campanas'), ('intentos_llamada'), ('mensajes_resumen_sesiones')
      ) as t (tabla)
      where not exists (
        select 1 from pg_publication_tables p
         where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = t.tabla)
    loop
      execute format('alter publication supabase_realtime add table public.%I', v.tabla);
    end loop;
  end if;
end
$$;
