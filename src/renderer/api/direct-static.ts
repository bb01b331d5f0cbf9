/**
 * A static web build hosted without the Node side (there the company portal talks to Supabase directly)
 * has no server for the operators' operations. Instead of "no connection", those operations answer clearly
 * that they need the desktop app or the local server (es.errores.requiereEscritorio).
 *
 * How: a fetch for the HTTP transport (httpTransport(fetchFn)) that turns any answer that is not our JSON —
 * a static host's 404/405 page, or its index.html history fallback for POST /api/... — into that error.
 * Wire-up (api/client.ts): `httpTransport(staticAwareFetch())`.
 */
import type { Envelope } from '../../shared/operaciones/envelope';
import { es } from '../../shared/i18n/es';

export function requiereEscritorioEnvelope(): Envelope {
  return { ok: false, error: { code: 'config', message: es.errores.requiereEscritorio } };
}

export function staticAwareFetch(fetchFn: typeof fetch = (...args) => globalThis.fetch(...args)): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) return response;
    return new Response(JSON.stringify(requiereEscritorioEnvelope()), {
      status: 412,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  };
}
