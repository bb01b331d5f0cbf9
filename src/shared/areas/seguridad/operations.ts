/**
 * Configuración → Seguridad. The second factor goes through the backend's auth (embedded: TOTP in SQL, the
 * secret encrypted under a keychain key; hosted: Supabase Auth MFA); sessions and the agency's rule through
 * SQL (sesiones_*, seguridad_cambiar_exigir_2fa), which decide who may. Closing sessions tells the live
 * streams at once (auth.sesionesTerminadas), so a closed session's page stops receiving updates.
 */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { conMensaje } from '../../operaciones/comun';
import { AppError } from '../../errors';
import { seguridad as t } from './texts';
import { cambiarExigirDosPasos, cerrarOtras, cerrarSesion, exigeDosPasosAdmin, listarSesiones, restablecerDosPasos } from './repository';
import { auditar } from '../auditoria/registrar';

export function seguridadOperations({ backend, log }: ApiDeps): AreaImplementation<'seguridad'> {
  const { auth } = backend;
  const mfa = () => {
    if (!auth.mfa) throw new AppError('config', t.noDisponible);
    return auth.mfa;
  };

  return {
    estado: (_input, { data, session }) =>
      conMensaje(t.errorCargar, async () => {
        const propio = auth.mfa ? await auth.mfa.estado(session.token) : { activo: false, codigosRestantes: null };
        return {
          dosPasos: propio.activo,
          codigosRestantes: propio.codigosRestantes,
          exigirAdmin: await exigeDosPasosAdmin(data),
          aal2: session.aal === 'aal2',
          disponible: Boolean(auth.mfa),
          // Supabase Auth has no recovery codes: the screen says who helps when the phone is lost.
          recuperacion: backend.kind === 'hosted' ? 'administrador' : 'codigos',
        };
      }, log),

    iniciarDosPasos: (_input, { session }) => conMensaje(t.errorGuardar, () => mfa().iniciar(session.token), log),

    confirmarDosPasos: (input, { session, data }) =>
      conMensaje(t.errorGuardar, async () => {
        const r = await mfa().confirmar(session.token, input.codigo);
        // Embedded records it in the same transaction; hosted Supabase keeps factors outside our SQL.
        if (backend.kind === 'hosted') await auditar(data, 'mfa.activar', null, {}, log);
        return r;
      }, log),

    desactivarDosPasos: (input, { session, data }) =>
      conMensaje(t.errorGuardar, async () => {
        if (!(await mfa().desactivar(session.token, input.codigo))) throw new AppError('validation', t.codigoIncorrecto);
        if (backend.kind === 'hosted') await auditar(data, 'mfa.desactivar', null, {}, log);
        return null;
      }, log),

    exigirAdmin: (input, { data, session }) =>
      conMensaje(t.errorGuardar, async () => {
        // Turning it on without one's own factor would lock oneself out of administration.
        if (input.exigir && !(auth.mfa && (await auth.mfa.estado(session.token)).activo)) throw new AppError('validation', t.exigirSinFactor);
        await cambiarExigirDosPasos(data, input.exigir);
        return null;
      }, log),

    sesiones: (input, { data }) => conMensaje(t.errorCargar, () => listarSesiones(data, input.operadorId), log),

    cerrarSesion: (input, { data }) =>
      conMensaje(t.errorGuardar, async () => {
        await cerrarSesion(data, input.id);
        auth.sesionesTerminadas?.avisar();
        return null;
      }, log),

    restablecerDosPasos: (input, { data }) =>
      conMensaje(t.errorGuardar, async () => {
        if (!(await restablecerDosPasos(data, input.operadorId))) throw new AppError('validation', t.operadorSinDosPasos);
        return null;
      }, log),

    cerrarOtras: (_input, { data }) =>
      conMensaje(t.errorGuardar, async () => {
        const cerradas = await cerrarOtras(data);
        if (cerradas > 0) auth.sesionesTerminadas?.avisar();
        return { cerradas };
      }, log),
  };
}
