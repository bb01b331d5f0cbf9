/** Configuración → Conexión, webhook part: addresses in settings, credentials in the keychain. */
import type { Backend } from '../../ports';
import type { CallContext } from '../context';
import { requireSession } from '../session';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';
import {
  WEBHOOK_NAMES,
  WEBHOOK_SETTINGS_KEY,
  webhookSecretAccount,
  type WebhookAuthKind,
  type WebhookInfo,
  type WebhookName,
  type WebhookSecret,
  type WebhookSetting,
} from '../../domain/webhooks';

export interface GuardarWebhookInput {
  name: WebhookName;
  url: string;
  auth: WebhookAuthKind;
  token?: string;
  usuario?: string;
  contrasena?: string;
  cabeceras?: Record<string, string>;
}

function secretFrom(input: GuardarWebhookInput): WebhookSecret | null {
  switch (input.auth) {
    case 'bearer':
      return input.token ? { token: input.token } : null;
    case 'basic':
      return input.usuario ? { usuario: input.usuario, contrasena: input.contrasena ?? '' } : null;
    case 'cabeceras':
      return input.cabeceras && Object.keys(input.cabeceras).length > 0 ? { cabeceras: input.cabeceras } : null;
    default:
      return null;
  }
}

export function conexionOperations(backend: Backend) {
  const settings = () => {
    if (!backend.settings) throw new AppError('config', es.errores.requiereEscritorio);
    return backend.settings;
  };
  const secrets = () => {
    if (!backend.secrets) throw new AppError('unavailable', es.errores.llaveroNoDisponible);
    return backend.secrets;
  };
  const all = () => settings().get<Partial<Record<WebhookName, WebhookSetting>>>(WEBHOOK_SETTINGS_KEY) ?? {};

  async function info(name: WebhookName): Promise<WebhookInfo> {
    const setting = all()[name];
    const auth = setting?.auth ?? 'ninguna';
    const secretoGuardado = auth !== 'ninguna' && backend.secrets ? Boolean(await backend.secrets.get(webhookSecretAccount(name)).catch(() => null)) : false;
    return { name, url: setting?.url ?? '', auth, secretoGuardado };
  }

  return {
    async webhooks(_input: Record<string, never>, ctx: CallContext): Promise<WebhookInfo[]> {
      await requireSession(backend, ctx);
      return Promise.all(WEBHOOK_NAMES.map(info));
    },

    async guardarWebhook(input: GuardarWebhookInput, ctx: CallContext): Promise<WebhookInfo> {
      await requireSession(backend, ctx);
      const secret = secretFrom(input);
      const account = webhookSecretAccount(input.name);
      if (input.auth === 'ninguna') {
        await backend.secrets?.delete(account).catch(() => false);
      } else if (secret) {
        await secrets().set(account, JSON.stringify(secret));
      } else if (!(await secrets().get(account))) {
        throw new AppError('validation', es.conexion.secretoFaltante);
      }
      settings().set(WEBHOOK_SETTINGS_KEY, { ...all(), [input.name]: { url: input.url, auth: input.auth } });
      return info(input.name);
    },
  };
}
