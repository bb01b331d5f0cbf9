-- Batches (issue 15), faster claims: the runner claims one item at a time, in order, so the items still to
-- send get a partial index of their own and the claim reads only them (it used to walk past every item
-- already sent: quadratic in the size of the batch). Same function, same behaviour otherwise.

create index if not exists lotes_llamadas_items_por_enviar_idx
  on public.lotes_llamadas_items (lote, orden) where estado in ('pendiente', 'reintento');

-- Claims up to p_cantidad items that are due (pending, or a retry whose time came), in order, skipping rows
-- another transaction holds. A listed phone becomes 'omitida' (p_detalle_no_llamar) instead. Only for a
-- batch 'en_curso' run by p_proceso. The claim is committed before the runner POSTs.
create or replace function public.llamadas_lote_reclamar(p_lote uuid, p_proceso text, p_cantidad integer, p_detalle_no_llamar text)
returns table (cliente_id bigint, intentos integer, clave uuid, cliente jsonb)
language plpgsql security definer set search_path = public, pg_temp
as $$
#variable_conflict use_column
declare
  v_lote record;
  v record;
  v_n integer := 0;
begin
  perform public.llamadas_exigir_operador();
  select l.id, l.campana_id, l.operador_id into v_lote from public.lotes_llamadas l
   where l.id = p_lote and l.estado = 'en_curso' and l.proceso = p_proceso
   for share;
  if not found then
    return;
  end if;
  for v in
    select i.cliente_id, i.estado, i.telefono, i.telefono_normalizado, i.nombre
      from public.lotes_llamadas_items i
     where i.lote = p_lote
       and i.estado in ('pendiente', 'reintento')
       and (i.estado = 'pendiente' or i.proximo_intento <= public.ahora())
     order by i.orden
     for update skip locked
  loop
    if exists (select 1 from public.no_llamar n where n.telefono_normalizado = v.telefono_normalizado) then
      update public.lotes_llamadas_items i
         set estado = 'omitida', detalle = p_detalle_no_llamar, proximo_intento = null, updated_at = public.ahora()
       where i.lote = p_lote and i.cliente_id = v.cliente_id;
      insert into public.intentos_llamada (lote, campana_id, cliente_id, telefono, nombre, resultado, detalle, operador_id)
      values (p_lote, v_lote.campana_id, v.cliente_id, v.telefono, v.nombre, 'omitida', p_detalle_no_llamar, v_lote.operador_id);
      continue;
    end if;
    update public.lotes_llamadas_items i
       set estado = 'en_curso', intentos = i.intentos + 1, enviado_at = public.ahora(), proximo_intento = null,
           -- A retry of an outcome is a new call: a new key. A first attempt keeps a key it was given.
           clave_idempotencia = case when v.estado = 'reintento' or i.clave_idempotencia is null then gen_random_uuid() else i.clave_idempotencia end,
           resultado_llamada = null, resultado_at = null, detalle = null, updated_at = public.ahora()
     where i.lote = p_lote and i.cliente_id = v.cliente_id
    returning i.cliente_id, i.intentos, i.clave_idempotencia into cliente_id, intentos, clave;
    select to_jsonb(c) into cliente from public.clientes c where c.id = v.cliente_id;
    return next;
    v_n := v_n + 1;
    exit when v_n >= greatest(coalesce(p_cantidad, 1), 1);
  end loop;
end
$$;

-- One round trip per call instead of two: the result of the item a sender just sent (when p_cliente is
-- given) and the claim of its next item (up to p_cantidad; 0 = only the result), in one transaction. The
-- claim is still committed before its request goes out.
create or replace function public.llamadas_lote_siguiente(
  p_lote uuid, p_proceso text, p_cantidad integer, p_detalle_no_llamar text,
  p_cliente bigint, p_resultado text, p_detalle text, p_http integer, p_clave uuid
) returns table (cliente_id bigint, intentos integer, clave uuid, cliente jsonb)
language plpgsql security definer set search_path = public, pg_temp
as $$
begin
  perform public.llamadas_exigir_operador();
  if p_cliente is not null then
    perform public.llamadas_lote_resultado(p_lote, p_cliente, p_resultado, p_detalle, p_http, p_clave);
  end if;
  if coalesce(p_cantidad, 0) > 0 then
    return query select * from public.llamadas_lote_reclamar(p_lote, p_proceso, p_cantidad, p_detalle_no_llamar);
  end if;
end
$$;

revoke execute on function public.llamadas_lote_siguiente(uuid, text, integer, text, bigint, text, text, integer, uuid) from public, anon;
grant execute on function public.llamadas_lote_siguiente(uuid, text, integer, text, bigint, text, text, integer, uuid) to authenticated, service_role;
