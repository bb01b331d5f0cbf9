-- Batches (issue 15): ending a batch is decided in one statement. The runner used to read the items and
-- then end the batch; an outcome arriving in between (which can set a retry) could end a batch that still
-- had a retry to make. Now the batch ends only if, at that moment, nothing is pending, in flight or waiting
-- for a retry and (p_esperar_desde not null: a retry policy) no request sent after p_esperar_desde still
-- waits for its outcome.
create or replace function public.llamadas_lote_terminar(p_lote uuid, p_esperar_desde timestamptz)
returns boolean
language plpgsql security definer set search_path = public, pg_temp
as $$
declare
  v_id uuid;
begin
  perform public.llamadas_exigir_operador();
  -- The items are locked first: an outcome's trigger updating one of them waits, or is waited for.
  perform 1 from public.lotes_llamadas_items i where i.lote = p_lote for update;
  update public.lotes_llamadas l
     set estado = 'terminado', terminado_at = public.ahora(), updated_at = public.ahora()
   where l.id = p_lote and l.estado in ('en_curso', 'esperando_horario')
     and not exists (select 1 from public.lotes_llamadas_items i
                      where i.lote = p_lote and i.estado in ('pendiente', 'en_curso', 'reintento'))
     and (p_esperar_desde is null or not exists (
           select 1 from public.lotes_llamadas_items i
            where i.lote = p_lote and i.estado in ('exitosa', 'sin_confirmacion')
              and i.resultado_llamada is null and i.enviado_at > p_esperar_desde))
  returning l.id into v_id;
  return v_id is not null;
end
$$;

revoke execute on function public.llamadas_lote_terminar(uuid, timestamptz) from public, anon;
grant execute on function public.llamadas_lote_terminar(uuid, timestamptz) to authenticated, service_role;
