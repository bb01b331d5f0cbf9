/**
 * Every answer checked against its schema in the contract, where answers leave the api (withSessions,
 * ./session.ts). On in tests and development, so the whole suite proves the shapes the screens rely on; off
 * in the production build, where it would only cost time (the mode is chosen by the host: src/main/modo.ts).
 */
import type { z } from 'zod';
import { AppError } from '../errors';

/**
 * The answer as it was (never the parsed copy: with the check off the caller must get the same value), or
 * a loud failure that names the operation and each field that does not match. It is an AppError 'internal'
 * so the message reaches the test or the developer's screen as it is; production never builds one.
 */
export function comprobarRespuesta(operacion: string, esquema: z.ZodType, respuesta: unknown): unknown {
  // Transports send a missing answer as null (dispatch.ts), so that is what is checked.
  const resultado = esquema.safeParse(respuesta ?? null);
  if (resultado.success) return respuesta;
  const campos = resultado.error.issues
    .slice(0, 8)
    .map((i) => `${i.path.join('.') || '(respuesta)'}: ${i.message}`)
    .join('; ');
  throw new AppError('internal', `La respuesta de ${operacion} no cumple su forma del contrato — ${campos}`, {
    operacion,
    problemas: resultado.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}
