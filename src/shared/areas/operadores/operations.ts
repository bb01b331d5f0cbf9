/**
 * Configuración → Operadores. The database decides who may (each operadores_* function starts with
 * exigir_admin, as the caller); only then does the auth service, which acts as the owner, create the user,
 * set a password or end sessions. The embedded database answers a one-time password; a hosted Supabase
 * project cannot create users with the anon key, so there the e-mail is authorised and the administrator
 * invites the person from Supabase's dashboard (the screen says how).
 */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { conMensaje } from '../../operaciones/comun';
import { AppError } from '../../errors';
import { auditar } from '../auditoria/registrar';
import { operadores as t } from './texts';
import { contrasenaDeUnSoloUso } from './rules';
import { agregarOperador, cambiarActivo, cambiarRol, cancelarInvitacion, listarOperadores, verificarRestablecer } from './repository';

export function operadoresOperations({ backend, log }: ApiDeps): AreaImplementation<'operadores'> {
  const { auth } = backend;

  return {
    listar: (_input, { data }) => conMensaje(t.errorListar, () => listarOperadores(data), log),

    agregar: (input, { data }) =>
      conMensaje(t.errorAgregar, async () => {
        const email = input.email.toLowerCase();
        const { id, pendiente } = await agregarOperador(data, { ...input, email });
        if (!auth.createUser || !auth.setPassword) {
          // Hosted: an existing auth user keeps his password; a new e-mail waits for Supabase's invitation.
          return { email, pendiente, contrasena: null };
        }
        const contrasena = contrasenaDeUnSoloUso();
        if (id) await auth.setPassword(id, contrasena);
        else await auth.createUser({ email, nombre: input.nombre, password: contrasena });
        return { email, pendiente: false, contrasena };
      }, log),

    cambiarRol: (input, { data }) =>
      conMensaje(t.errorCambiarRol, async () => {
        await cambiarRol(data, input.id, input.rol);
        return null;
      }, log),

    desactivar: (input, { data }) =>
      conMensaje(t.errorCambiarEstado, async () => {
        await cambiarActivo(data, input.id, false);
        // The database already refuses him from now on; his sessions end too (embedded: at once; hosted: the
        // ones this process holds, the others on their next request).
        await auth.endSessions(input.id);
        return null;
      }, log),

    reactivar: (input, { data }) =>
      conMensaje(t.errorCambiarEstado, async () => {
        await cambiarActivo(data, input.id, true);
        return null;
      }, log),

    restablecerContrasena: (input, { data, session }) =>
      conMensaje(t.errorRestablecer, async () => {
        const email = await verificarRestablecer(data, input.id);
        if (!auth.setPassword) throw new AppError('config', t.restablecerAlojado);
        const contrasena = contrasenaDeUnSoloUso();
        await auth.setPassword(input.id, contrasena, session.token);
        await auditar(data, 'operador.restablecer_contrasena', email, { operador: input.id }, log);
        return { contrasena };
      }, log),

    cancelarInvitacion: (input, { data }) =>
      conMensaje(t.errorCancelarInvitacion, async () => {
        await cancelarInvitacion(data, input.email);
        return null;
      }, log),
  };
}
