-- 'No llamar' and the clients' flag stay one truth (20261128001100_lotes.sql), without taxing a CSV import.
--
-- There, every client row carried an index on telefono_normalizado(telefono) (a regular expression per row
-- inserted: the benchmark's 100,000-row CSV import went from about 4 s to over 6 s), and two row triggers
-- which the CSV import never ran (it inserts with session_replication_role = replica, which skips ordinary
-- triggers), so an imported client with a listed phone stayed unflagged. Now:
--  * insert: one statement-level pass over the new rows, ENABLE ALWAYS (so imports too), flags those whose
--    phone is listed and lists the phones of those inserted flagged (a set-based join, not a lookup per row);
--  * update: the same row triggers as before, but only for rows where something they act on changed (WHEN):
--    the phone of an unflagged client (is the new phone listed?), or the flag itself;
--  * the index goes: its only readers are the list's own triggers (a phone added or removed), one set-based
--    statement each, which can read the campaign's clients once.
-- The live notice of clients (avisar_cambio) is ENABLE ALWAYS too: an import shows on other operators' screens.
-- The behaviour is the one 20261128001100 describes; tests/integration/lotes.test.ts checks it.

drop trigger if exists clientes_no_llamar_antes on public.clientes;
drop trigger if exists clientes_no_llamar_despues on public.clientes;

create or replace function public.clientes_no_llamar_insertados() returns trigger
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  -- New clients whose phone is listed are flagged (their flag change lists nothing new: the phone is there).
  update public.clientes c set no_llamar = true
    from nuevas n
    join public.no_llamar l on l.telefono_normalizado = public.telefono_normalizado(n.telefono)
   where c.id = n.id and not c.no_llamar;
  -- New clients inserted flagged list their phone ('cliente'), which flags their namesakes.
  insert into public.no_llamar (telefono_normalizado, telefono, motivo, operador_id)
  select distinct on (public.telefono_normalizado(n.telefono)) public.telefono_normalizado(n.telefono), btrim(n.telefono), 'cliente', auth.uid()
    from nuevas n
   where n.no_llamar and public.telefono_normalizado(n.telefono) <> ''
   order by public.telefono_normalizado(n.telefono), n.id
  on conflict (telefono_normalizado) do nothing;
  return null;
end
$$;

create trigger clientes_no_llamar_insertados after insert on public.clientes
  referencing new table as nuevas for each statement execute function public.clientes_no_llamar_insertados();
alter table public.clientes enable always trigger clientes_no_llamar_insertados;
alter table public.clientes enable always trigger avisar_cambio;

drop index if exists public.clientes_telefono_normalizado_idx;

-- An unflagged client whose phone changes: flagged if the new phone is listed.
create trigger clientes_no_llamar_antes before update of telefono, no_llamar on public.clientes
  for each row when (not old.no_llamar and not new.no_llamar and old.telefono is distinct from new.telefono)
  execute function public.clientes_no_llamar_antes();

-- The flag changes (or a flagged client's phone does): the list follows.
create trigger clientes_no_llamar_despues after update of telefono, no_llamar on public.clientes
  for each row when (old.no_llamar is distinct from new.no_llamar or (new.no_llamar and old.telefono is distinct from new.telefono))
  execute function public.clientes_no_llamar_despues();

revoke execute on function public.clientes_no_llamar_insertados() from public, anon, authenticated;
