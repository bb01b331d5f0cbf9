import type { SerializedError } from '../errors';

/**
 * What every transport carries back for one operation call: the same shape over IPC and HTTP, so the
 * renderer client unwraps both the same way (an AppError cannot cross contextBridge as a class).
 */
export type Envelope<T = unknown> = { ok: true; data: T } | { ok: false; error: SerializedError };

/** HTTP path of an operation: POST /api/<area>/<operation>, JSON body = input, JSON answer = Envelope. */
export function httpPath(area: string, name: string): string {
  return `/api/${area}/${name}`;
}

/** The single IPC channel; the preload sends (area, operation, input) on it. */
export const IPC_CHANNEL = 'api:call';
