/**
 * Call audio (part 2 §2, §7): a function takes conversation_id and returns the MP3 as base64. On the hosted
 * backend that is the project's Edge Function FUNCION_AUDIO; on the embedded one the same bytes are read from
 * registro_audio_llamadas. Either way the renderer gets plain base64 and decodes it into a blob.
 */
import type { FunctionsPort } from '../../ports';

/** The Edge Function a hosted project deploys for call audio (body {conversation_id}). */
export const FUNCION_AUDIO = 'audio-llamada';

/** Base64 without a data: prefix or line breaks, or null when there is nothing. */
export function limpiarBase64(raw: string): string | null {
  const base64 = raw.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  return base64 || null;
}

function bytesABase64(bytes: Uint8Array): string {
  // btoa exists in Node and in browsers; chunks keep String.fromCharCode's argument list short.
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The MP3 as base64 from whatever the function answered: the base64 text itself, a JSON object holding it
 * (audio, audio_base64, base64 or data), or the MP3 bytes (sent as application/octet-stream).
 */
export function base64DeRespuesta(respuesta: unknown): string | null {
  if (typeof respuesta === 'string') return limpiarBase64(respuesta);
  if (respuesta instanceof Uint8Array) return respuesta.length ? bytesABase64(respuesta) : null;
  if (respuesta && typeof respuesta === 'object') {
    const o = respuesta as Record<string, unknown>;
    for (const k of ['audio', 'audio_base64', 'base64', 'data']) if (typeof o[k] === 'string') return limpiarBase64(o[k] as string);
  }
  return null;
}

export async function audioDeFuncion(functions: FunctionsPort, conversationId: string): Promise<string | null> {
  return base64DeRespuesta(await functions.invoke(FUNCION_AUDIO, { conversation_id: conversationId }));
}
