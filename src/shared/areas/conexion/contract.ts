import { z } from 'zod';
import { op } from '../../operaciones/define';
import { WEBHOOK_NAMES, backendInfoSchema, isSupabaseUrl, isWebhookUrl, webhookInfoSchema } from '../../domain/webhooks';
import { servidorWebInfoSchema } from '../../domain/servidor-web';
import { configuracion as tc } from '../configuracion/texts';
import { conexion as t } from './texts';
import { RUTAS_ENTRADA, entradaInfoSchema, guardarEntrada } from './entrada';

// ------------------------------------------------------------------------------------------------ answers

// webhookInfoSchema and backendInfoSchema live in domain/webhooks.ts, entradaInfoSchema in ./entrada.ts: the
// settings code there names their types, and this contract depends on that code.
const tipoAuth = z.enum(['ninguna', 'bearer', 'basic', 'cabeceras']);




const headerName = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/**
 * Automation endpoints (Configuración → Conexión). Secrets go in and never come back out: the answer only
 * says whether one is stored. Omitting the secret fields keeps the stored credential.
 */
const guardarWebhook = z.object({
  name: z.enum(WEBHOOK_NAMES, { message: t.webhookDesconocido }),
  url: z.string().trim().max(2000).refine(isWebhookUrl, t.urlInvalida),
  auth: tipoAuth,
  token: z.string().max(4000).optional(),
  usuario: z.string().max(500).optional(),
  contrasena: z.string().max(500).optional(),
  cabeceras: z
    .record(z.string().regex(headerName, t.cabecerasInvalidas), z.string().max(4000).refine((v) => !/[\r\n]/.test(v), t.cabecerasInvalidas))
    .optional(),
});

/** A webhook's address and credential as the operation receives them (validated). */
export type GuardarWebhook = z.output<typeof guardarWebhook>;

export const conexion = {
  webhooks: op(z.array(webhookInfoSchema))(z.object({})),
  guardarWebhook: op(webhookInfoSchema)(guardarWebhook),
  /** The data backend: embedded database or a hosted Supabase project (anon key in the keychain). */
  backend: op(backendInfoSchema)(z.object({})),
  /** Tries the hosted project (the given key, or the stored one) and says clearly what failed. */
  probarSupabase: op(z.object({ mensaje: z.string() }))(
    z.object({
      supabaseUrl: z.string().trim().max(500).refine(isSupabaseUrl, tc.urlSupabaseInvalida),
      anonKey: z.string().trim().max(4000).optional(),
    }),
  ),
  /** Saves the choice, signs the caller out and makes the host reconnect to the chosen backend. */
  guardarBackend: op(backendInfoSchema)(
    z.discriminatedUnion('backend', [
      z.object({ backend: z.literal('embedded') }),
      z.object({
        backend: z.literal('hosted'),
        supabaseUrl: z.string().trim().max(500).refine(isSupabaseUrl, tc.urlSupabaseInvalida),
        anonKey: z.string().trim().max(4000).optional(),
      }),
    ]),
  ),
  /** The desktop's local web server (off unless turned on; domain/servidor-web.ts). */
  servidorWeb: op(servidorWebInfoSchema)(z.object({})),
  /** Turns it on or off (administrators only); the desktop applies it when it starts again. */
  guardarServidorWeb: op(servidorWebInfoSchema)(z.object({ activo: z.boolean() })),
  /** The inbound results endpoint for n8n (issue 15): its setting, addresses, secrets' state and live state. */
  entrada: op(entradaInfoSchema)(z.object({})),
  /** On/off, the address and port to listen on (applied at once where a listener follows it). */
  guardarEntrada: op(entradaInfoSchema)(guardarEntrada),
  /**
   * A new random secret for one route, stored in the keychain and answered ONCE (to copy into n8n); the old one
   * stops working at once.
   */
  rotarSecretoEntrada: op(z.object({ ruta: z.enum(RUTAS_ENTRADA), secreto: z.string(), info: entradaInfoSchema }))(
    z.object({ ruta: z.enum(RUTAS_ENTRADA, { message: t.entrada.rutaDesconocida }) }),
  ),
} as const;
