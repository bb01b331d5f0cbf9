/**
 * Refused sign-ins and permission refusals, as the diagnostic log keeps them: the operation and the error code
 * only. The dispatcher already logs every unexpected failure; these are answers (an AppError a person reads),
 * so they are logged here, around the dispatch the transports call, without the e-mail, the password or any
 * other input.
 */
import type { Dispatch } from '../dispatch';
import { es } from '../../shared/i18n/es';
import type { Log } from './registro';

const t = es.datos.registro.lineas;

/** Operations that check a credential: each refusal is worth a line (a lock-out starts as five of them). */
export const OPERACIONES_DE_ACCESO = new Set([
  'auth.iniciarSesion',
  'auth.crearPrimerAdmin',
  'portal.iniciarSesion',
  'configuracion.cambiarContrasena',
]);

/**
 * Answers already logged: a dispatch may be wrapped at more than one layer (the host and an entry point), and
 * each refusal must still be one line.
 */
const registradas = new WeakSet<object>();

/** The same dispatch, logging refused credential checks and any 'forbidden' answer. */
export function registrarRechazos(dispatch: Dispatch, log: Log): Dispatch {
  return async (area, name, input, ctx) => {
    const respuesta = await dispatch(area, name, input, ctx);
    if (!respuesta.ok && !registradas.has(respuesta)) {
      registradas.add(respuesta);
      const operacion = `${area}.${name}`;
      const codigo = respuesta.error.code;
      if (OPERACIONES_DE_ACCESO.has(operacion)) log(t.accesoRechazado(operacion, codigo));
      else if (codigo === 'forbidden') log(t.permisoDenegado(operacion));
    }
    return respuesta;
  };
}
