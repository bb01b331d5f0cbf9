/**
 * The inbound listener's writes (entrada/servidor.ts): the only module that knows their SQL function names and
 * argument names. Each is ONE call as service_role, one transaction: the signature is remembered (a replay
 * answers 'repetida'), a known Idempotency-Key answers 'duplicado', else the row is written ('guardado').
 */
import type { DataPort } from '../../ports/consultas';

/** What the database answered; null when it answered nothing (the listener treats it as a failure). */
export interface RespuestaEntrada {
  resultado?: string;
  id?: unknown;
  nuevo?: unknown;
}

/** Who signed the post: the signature (its replay memory) and the optional Idempotency-Key. */
export interface FirmaEntrada {
  firma: string;
  clave: string | null;
}

async function registrar(data: DataPort, fn: string, args: Record<string, unknown>): Promise<RespuestaEntrada | null> {
  const { rows } = await data.run<{ value: RespuestaEntrada | null }>({ kind: 'rpc', fn, args });
  return rows[0]?.value ?? null;
}

/** A call outcome, upserted by conversation_id; `datos` is the row as `datosLlamada` builds it. */
export function registrarLlamadaEntrada(data: DataPort, { firma, clave }: FirmaEntrada, datos: Record<string, unknown>): Promise<RespuestaEntrada | null> {
  return registrar(data, 'entrada_registrar_llamada', { p_firma: firma, p_clave: clave, p_datos: datos });
}

/** A chat-memory row of a registered message table. */
export function registrarMensajeEntrada(
  data: DataPort,
  { firma, clave }: FirmaEntrada,
  mensaje: { tabla: string; session_id: string; message: unknown },
): Promise<RespuestaEntrada | null> {
  return registrar(data, 'entrada_registrar_mensaje', {
    p_firma: firma,
    p_clave: clave,
    p_tabla: mensaje.tabla,
    p_session_id: mensaje.session_id,
    p_message: mensaje.message,
  });
}
