-- The servicios_instancias mirror (kept by a trigger) is not an edit of the project: it must not move the
-- project's updated_at, which the dashboard reads as its last activity. Only a change of another column does.
drop trigger proyectos_updated_at on public.proyectos;
create trigger proyectos_updated_at before update on public.proyectos
  for each row
  when ((to_jsonb(new) - 'servicios_instancias' - 'updated_at') is distinct from (to_jsonb(old) - 'servicios_instancias' - 'updated_at'))
  execute function public.set_updated_at();
