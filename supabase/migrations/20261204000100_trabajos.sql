-- Long work started by an operator (today: provisioning a project's services) is kept as a row, like call
-- batches, so that a page reload, a new sign-in or a restart of the app finds it again. The words of its
-- states are the one vocabulary of long work (docs/DEVELOPING.md "Long work"): en_curso, terminado, fallido,
-- cancelado, interrumpido.
--
-- The process that runs a job writes it (as the operator: RLS applies) and beats `latido` while it runs. A
-- row still 'en_curso' that no process beats any more was cut by a quit or a crash: the api reads it as
-- 'interrumpido' (src/shared/areas/jobs/repository.ts) and records it so; never 'en_curso' forever.
create table public.trabajos (
  id uuid primary key,
  tipo text not null check (length(tipo) between 1 and 60),
  operador_id uuid not null default auth.uid(),
  -- What it works on (a project's id for provisioning), so its screen finds it again; null when nothing.
  referencia text check (referencia is null or length(referencia) <= 200),
  estado text not null default 'en_curso' check (estado in ('en_curso', 'terminado', 'fallido', 'cancelado', 'interrumpido')),
  fase text not null default '' check (length(fase) <= 500),
  hechos integer not null default 0 check (hechos >= 0),
  total integer not null default 0 check (total >= 0),
  ok integer not null default 0 check (ok >= 0),
  fallidos integer not null default 0 check (fallidos >= 0),
  mensaje text check (mensaje is null or length(mensaje) <= 2000),
  -- The work's answer once it ended (e.g. each provisioned service and its error); never a secret.
  resultado jsonb,
  -- The id of the app process running it (a new one per start of the api) and its last sign of life.
  proceso text not null,
  latido timestamptz not null default public.ahora(),
  inicio timestamptz not null default public.ahora(),
  fin timestamptz
);
create index trabajos_operador_idx on public.trabajos (operador_id, inicio desc);

-- An operator sees and writes his own jobs; an administrator sees everyone's (as with the audit trail and
-- batches, an administrator answers for the whole agency) but writes only his own.
alter table public.trabajos enable row level security;
create policy trabajos_leer on public.trabajos for select to authenticated
  using ((select public.es_operador()) and (operador_id = (select auth.uid()) or (select public.es_admin())));
create policy trabajos_crear on public.trabajos for insert to authenticated
  with check ((select public.es_operador()) and operador_id = (select auth.uid()));
create policy trabajos_actualizar on public.trabajos for update to authenticated
  using ((select public.es_operador()) and operador_id = (select auth.uid()))
  with check (operador_id = (select auth.uid()));
revoke all on public.trabajos from anon;
grant select, insert, update on public.trabajos to authenticated;
grant all on public.trabajos to service_role;
