/**
 * The automation endpoints the Node side calls. Addresses and the auth kind are non-secret settings; the
 * credentials (bearer token, basic user/password, extra headers) live in the keychain, one entry each.
 */
import { z } from 'zod';

export const WEBHOOK_NAMES = [
  'llamadaSaliente', // outbound call trigger (part 1 §7)
  'flujoBots', // flow creation for WordPress, Shopify, Duda (part 2 §7, part 3 §7)
  'flujoWhatsapp', // flow creation for WhatsApp
  'agentesBase', // base of each company's bot webhook: {base}/{company uuid} (not called, only stored)
  'analisisArchivo', // marketing agent: document analysis
  'analisisScraping', // marketing agent: website scraping
] as const;
export type WebhookName = (typeof WEBHOOK_NAMES)[number];

export type WebhookAuthKind = 'ninguna' | 'bearer' | 'basic' | 'cabeceras';

/** What is kept in the keychain for one webhook (JSON under the account 'webhook:<name>'). */
export interface WebhookSecret {
  token?: string;
  usuario?: string;
  contrasena?: string;
  cabeceras?: Record<string, string>;
}

const tipoBackend = z.enum(['embedded', 'hosted']);

/** A webhook as the renderer may see it: never the secret itself, only whether one is stored. */
export const webhookInfoSchema = z.object({ name: z.enum(WEBHOOK_NAMES), url: z.string(), auth: z.enum(['ninguna', 'bearer', 'basic', 'cabeceras']), secretoGuardado: z.boolean() });

/** The data backend as Conexión shows it (never the key itself). */
export const backendInfoSchema = z.object({
  /** The choice saved in settings. */
  backend: tipoBackend,
  supabaseUrl: z.string(),
  claveGuardada: z.boolean(),
  /** The backend this process is running on now. */
  activo: tipoBackend,
});
export type WebhookInfo = z.infer<typeof webhookInfoSchema>;

export interface WebhookSetting {
  url: string;
  auth: WebhookAuthKind;
}

export const WEBHOOK_SETTINGS_KEY = 'webhooks';
export const webhookSecretAccount = (name: WebhookName) => `webhook:${name}`;

/** Only absolute http(s) addresses; an empty string means "not configured". */
export function isWebhookUrl(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The headers a request carries for the stored auth kind and secret. */
export function authHeaders(kind: WebhookAuthKind, secret: WebhookSecret | null): Record<string, string> {
  if (!secret) return {};
  switch (kind) {
    case 'bearer':
      return secret.token ? { Authorization: `Bearer ${secret.token}` } : {};
    case 'basic': {
      if (!secret.usuario) return {};
      const raw = `${secret.usuario}:${secret.contrasena ?? ''}`;
      const bytes = new TextEncoder().encode(raw);
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return { Authorization: `Basic ${btoa(binary)}` };
    }
    case 'cabeceras':
      return { ...(secret.cabeceras ?? {}) };
    default:
      return {};
  }
}

/** Non-secret connection choice, kept in settings; the anon key is in the keychain under its own account. */
export interface ConnectionSettings {
  backend?: 'embedded' | 'hosted';
  supabaseUrl?: string;
}
export const CONNECTION_SETTINGS_KEY = 'conexion';
export const SUPABASE_ANON_KEY_ACCOUNT = 'supabase-anon-key';

export type BackendInfo = z.infer<typeof backendInfoSchema>;

/** A hosted project's address: https, or http only for a local server (127.0.0.1 / localhost). */
export function isSupabaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password || url.search || url.hash) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
