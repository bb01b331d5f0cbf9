/**
 * "An operator's session may have ended": told the moment the auth port ends one (sign-out, a password
 * changed or reset, an operator deactivated — endSessions), so whoever holds something open for a session (the
 * HTTP host's live-update streams) checks it at once instead of at its next heartbeat. The notice names no
 * one: the listener asks the auth port about the sessions it holds.
 */
import type { AuthPort } from '../shared/ports/auth';

export interface AvisoSesiones {
  /** Calls `oyente` after each change that may have ended sessions. Returns the unsubscribe. */
  suscribir(oyente: () => void): () => void;
}

export function crearAvisoSesiones() {
  const oyentes = new Set<() => void>();
  const avisar = () => {
    for (const oyente of [...oyentes]) oyente();
  };
  const aviso: AvisoSesiones = {
    suscribir(oyente) {
      oyentes.add(oyente);
      return () => void oyentes.delete(oyente);
    },
  };
  /** The same auth port, which tells after every call that ends sessions (once it has answered). */
  const vigilar = (auth: AuthPort): AuthPort => {
    const despues =
      <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await fn(...args);
        } finally {
          avisar();
        }
      };
    return {
      ...auth,
      signOut: despues(auth.signOut.bind(auth)),
      changePassword: despues(auth.changePassword.bind(auth)),
      endSessions: despues(auth.endSessions.bind(auth)),
      ...(auth.setPassword ? { setPassword: despues(auth.setPassword.bind(auth)) } : {}),
      // Sessions closed in SQL (Configuración → Seguridad) are announced by the backend's own notice: it
      // reaches this one too, so those sessions' streams end at once as well.
      ...(auth.sesionesTerminadas
        ? {
            sesionesTerminadas: {
              suscribir: auth.sesionesTerminadas.suscribir.bind(auth.sesionesTerminadas),
              avisar: () => {
                auth.sesionesTerminadas?.avisar();
                avisar();
              },
            },
          }
        : {}),
    };
  };
  return { aviso, avisar, vigilar };
}
