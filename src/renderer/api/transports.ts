import { httpPath, type Envelope } from '../../shared/operaciones/envelope';
import type { PreloadApi } from '../../shared/contract/preload-api';
import { unavailableError, type Transport } from './create-client';

/** The shape the desktop preload exposes: api.<area>.<operation>(input) → Promise<Envelope>. */
type PreloadLike = Record<string, Record<string, (input: unknown) => Promise<Envelope>>>;

/** window.api when the renderer runs inside the desktop app (set by the preload), else null. */
export function preloadApi(): PreloadLike | null {
  const bridge: PreloadApi | undefined = typeof window === 'undefined' ? undefined : window.api;
  return typeof bridge === 'object' && bridge !== null ? (bridge as unknown as PreloadLike) : null;
}

/** IPC through the preload bridge. */
export function ipcTransport(bridge: PreloadLike): Transport {
  return async (area, operation, input) => {
    const fn = bridge[area]?.[operation];
    if (typeof fn !== 'function') throw unavailableError();
    return fn(input);
  };
}

/**
 * HTTP to the Node host: POST /api/<area>/<operation> with a JSON body. The session is an HttpOnly cookie,
 * so nothing but the input travels from here. Even a 4xx/5xx answer carries an Envelope in its body.
 */
export function httpTransport(fetchFn: typeof fetch = (...args) => globalThis.fetch(...args)): Transport {
  return async (area, operation, input) => {
    const response = await fetchFn(httpPath(area, operation), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(input ?? {}),
    });
    try {
      return (await response.json()) as Envelope;
    } catch {
      throw unavailableError();
    }
  };
}
