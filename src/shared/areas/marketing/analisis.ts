/**
 * The analysis calls of the marketing agent (part 3 §7): from the Node side through backend.webhooks,
 * with the basic-auth credentials of the keychain (a warning and no header when there are none), and the
 * answer read by the pure leerRespuestaAnalisis.
 */
import type { Backend } from '../../ports';
import type { WebhookName } from '../../domain/webhooks';
import { webhookSecretAccount, WEBHOOK_SETTINGS_KEY, type WebhookSetting } from '../../domain/webhooks';
import { leerRespuestaAnalisis, contenidoGuardado, SITIO_SIN_NOMBRE, type RespuestaAnalisis } from './propuesta';
import type { ResultadoAnalisis } from './rules';
import { AppError } from '../../errors';
import { marketing as t } from "./texts";
import { conexion } from "../conexion/texts";
import { errores } from "../../textos";

/** Language-model flows take their time; the default webhook timeout (30 s) is too short. */
export const ANALISIS_TIMEOUT_MS = 180_000;

/** Logs a warning when the webhook would go out without its basic-auth credentials. */
export async function avisarSiSinCredencial(backend: Backend, name: WebhookName, log: (m: string) => void): Promise<void> {
  const setting = backend.settings?.get<Partial<Record<WebhookName, WebhookSetting>>>(WEBHOOK_SETTINGS_KEY)?.[name];
  let hasSecret = false;
  if (setting && setting.auth !== 'ninguna' && backend.secrets) {
    hasSecret = Boolean(await backend.secrets.get(webhookSecretAccount(name)).catch(() => null));
  }
  if (!hasSecret) log(t.sinCredencial(conexion.nombres[name]));
}

/** From the parsed answer to what the screen shows, or the Spanish error of part 3 §8. */
export function resultadoDe(respuesta: RespuestaAnalisis): ResultadoAnalisis {
  switch (respuesta.tipo) {
    case 'propuesta':
      return {
        tipo: 'propuesta',
        propuesta: respuesta.propuesta,
        contenido: contenidoGuardado(respuesta),
        dominio: respuesta.propuesta.nombre_sitio?.trim() || SITIO_SIN_NOMBRE,
        mensaje: t.estructuraGenerada,
      };
    case 'texto':
      return { tipo: 'texto', texto: respuesta.texto, contenido: respuesta.texto, dominio: SITIO_SIN_NOMBRE, mensaje: t.contenidoProcesado };
    case 'ilegible':
      throw new AppError('unavailable', t.errorRespuesta);
    default:
      throw new AppError('unavailable', t.sinContenidoValido);
  }
}

export async function analizar(
  backend: Backend,
  name: 'analisisArchivo' | 'analisisScraping',
  body: unknown,
  onHttpError: (status: number) => string,
  log: (m: string, e?: unknown) => void,
): Promise<ResultadoAnalisis> {
  if (!backend.webhooks) throw new AppError('config', errores.requiereEscritorio);
  await avisarSiSinCredencial(backend, name, log);
  const res = await backend.webhooks.post(name, body, { timeoutMs: ANALISIS_TIMEOUT_MS });
  if (!res.ok) throw new AppError('unavailable', onHttpError(res.status), { status: res.status });
  return resultadoDe(leerRespuestaAnalisis(res.json, res.text, res.contentType));
}
