/**
 * WebhooksPort over fetch, in the main process: addresses from settings, credentials from the keychain,
 * a timeout, and cancellation. Nothing here is logged with its headers or body.
 */
import type { SecretsPort } from '../../shared/ports/secrets';
import type { SettingsPort } from '../../shared/ports/settings';
import { MOTIVO_TIEMPO_AGOTADO, type WebhookResponse, type WebhooksPort } from '../../shared/ports/webhooks';
import {
  WEBHOOK_SETTINGS_KEY,
  authHeaders,
  webhookSecretAccount,
  type WebhookName,
  type WebhookSecret,
  type WebhookSetting,
} from '../../shared/domain/webhooks';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 30_000;

export function readWebhookSetting(settings: SettingsPort, name: WebhookName): WebhookSetting | null {
  const all = settings.get<Partial<Record<WebhookName, WebhookSetting>>>(WEBHOOK_SETTINGS_KEY) ?? {};
  const entry = all[name];
  return entry && entry.url ? entry : null;
}

export async function readWebhookSecret(secrets: SecretsPort, name: WebhookName): Promise<WebhookSecret | null> {
  const raw = await secrets.get(webhookSecretAccount(name));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as WebhookSecret;
  } catch {
    return null;
  }
}

export function crearWebhooksHttp(settings: SettingsPort, secrets: SecretsPort | undefined): WebhooksPort {
  return {
    async url(name) {
      return readWebhookSetting(settings, name)?.url ?? null;
    },

    async post(name, body, options = {}): Promise<WebhookResponse> {
      const setting = readWebhookSetting(settings, name);
      if (!setting) throw new AppError('config', es.conexion.webhookSinConfigurar(es.conexion.nombres[name]));
      const secret = setting.auth === 'ninguna' || !secrets ? null : await readWebhookSecret(secrets, name);
      const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let res: Response;
      try {
        res = await fetch(setting.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders(setting.auth, secret), ...(options.headers ?? {}) },
          body: JSON.stringify(body),
          signal,
          redirect: 'error',
        });
      } catch (error) {
        if (options.signal?.aborted) throw new AppError('cancelled', es.trabajos.cancelado);
        if (timeout.aborted) throw new AppError('unavailable', es.conexion.webhookTiempoAgotado(es.conexion.nombres[name]), { motivo: MOTIVO_TIEMPO_AGOTADO });
        throw new AppError('unavailable', es.conexion.webhookNoResponde(es.conexion.nombres[name]), { cause: String((error as Error)?.message ?? error) });
      }
      const text = await res.text().catch(() => '');
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      const contentType = res.headers.get('content-type');
      return { status: res.status, ok: res.ok, json, text, ...(contentType ? { contentType } : {}) };
    },
  };
}
