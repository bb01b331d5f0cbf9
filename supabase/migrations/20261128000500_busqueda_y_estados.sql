-- Issue 12: the global search finds a client by full name or surname, and a call attempt whose webhook did
-- not answer in time is recorded as 'sin_confirmacion' (not 'fallida'), with the idempotency key it was
-- sent with, so a retry of that attempt sends the same key.

-- ===================================================================================================
-- Search: clientes.busqueda (20261127000100) held nombre, telefono and email, so 'Ruiz' or 'Ana Ruiz' found
-- nothing. It now starts with nombre || ' ' || apellido: a surname, or a full name typed as it reads, is a
-- substring of it. Still one stored lower-cased column read by buscar_clientes with LIKE (no index, the same
-- sequential scan, a few bytes longer per row); chr(31) still keeps a pattern from straddling the name and
-- the phone or the e-mail. A generated column's expression cannot be altered on PostgreSQL 15: drop and add.
-- buscar_clientes reads the column by name, so it needs no change.
alter table public.clientes drop column busqueda;
alter table public.clientes
  add column busqueda text not null
  generated always as (lower(nombre || ' ' || apellido || chr(31) || telefono || chr(31) || email)) stored;

-- ===================================================================================================
-- Call attempts: a timeout means the platform may well have received the request and started the call, so
-- it is not a failure: 'sin_confirmacion'. Every attempt carries the Idempotency-Key header it was sent with;
-- retrying an attempt (reintentar fallidas, or calling again soon after an unconfirmed attempt) reuses it,
-- so the platform can tell a retry from a new call and nobody is called twice.
alter table public.intentos_llamada drop constraint intentos_llamada_resultado_check;
alter table public.intentos_llamada
  add constraint intentos_llamada_resultado_check check (resultado in ('exitosa', 'fallida', 'omitida', 'sin_confirmacion'));
alter table public.intentos_llamada add column clave_idempotencia uuid;
