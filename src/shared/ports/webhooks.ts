import type { WebhookName } from '../domain/webhooks';
import { AppError } from '../errors';

/** details.motivo of the AppError('unavailable') thrown when the webhook did not answer within the timeout. */
export const MOTIVO_TIEMPO_AGOTADO = 'tiempo_agotado';

/**
 * True when `error` is a webhook timeout: the request went out and no answer came in time, so the other side
 * may well have acted on it (unlike a refused connection). Callers say 'sin confirmación', not 'falló'.
 */
export function esTiempoAgotado(error: unknown): boolean {
  return AppError.is(error) && (error.details as { motivo?: unknown } | undefined)?.motivo === MOTIVO_TIEMPO_AGOTADO;
}

export interface WebhookResponse {
  status: number;
  ok: boolean;
  /** Parsed JSON when the answer was JSON, else null. */
  json: unknown;
  text: string;
  /** The answer's Content-Type header, when it had one (an HTML error page says text/html). */
  contentType?: string;
}

/** POSTs from the Node side to the configured automation webhooks, with their keychain credentials. */
export interface WebhooksPort {
  /** The configured address, or null when not configured. */
  url(name: WebhookName): Promise<string | null>;
  /**
   * JSON POST with the stored auth headers plus `headers`. Throws AppError('config') when not configured,
   * AppError('unavailable') on network failure or timeout (a timeout with details.motivo
   * MOTIVO_TIEMPO_AGOTADO: see esTiempoAgotado), AppError('cancelled') when the signal aborts.
   * A non-2xx answer is returned (ok false), not thrown: each caller has its own message for it.
   */
  post(name: WebhookName, body: unknown, options?: { signal?: AbortSignal; timeoutMs?: number; headers?: Record<string, string> }): Promise<WebhookResponse>;
}
