import { z } from 'zod';
import { op } from '../define';
import { WEBHOOK_NAMES, isWebhookUrl, type WebhookInfo } from '../../domain/webhooks';
import { conexion as t } from '../../i18n/areas/conexion';

const headerName = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/**
 * Automation endpoints (Configuración → Conexión). Secrets go in and never come back out: the answer only
 * says whether one is stored. Omitting the secret fields keeps the stored credential.
 */
export const conexion = {
  webhooks: op<WebhookInfo[]>()(z.object({})),
  guardarWebhook: op<WebhookInfo>()(
    z.object({
      name: z.enum(WEBHOOK_NAMES, { message: t.webhookDesconocido }),
      url: z.string().trim().max(2000).refine(isWebhookUrl, t.urlInvalida),
      auth: z.enum(['ninguna', 'bearer', 'basic', 'cabeceras']),
      token: z.string().max(4000).optional(),
      usuario: z.string().max(500).optional(),
      contrasena: z.string().max(500).optional(),
      cabeceras: z
        .record(z.string().regex(headerName, t.cabecerasInvalidas), z.string().max(4000).refine((v) => !/[\r\n]/.test(v), t.cabecerasInvalidas))
        .optional(),
    }),
  ),
} as const;
