/** Settings: the account block and the password change (part 3 §2.5, §2.8). Connections are ../conexion. */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { AppError } from '../../errors';
import { countedAttempt, lockedError } from '../auth/attempts';
import { problemaCambioContrasena } from './rules';
import { configuracion as t } from "./texts";

export function configuracionOperations({ backend }: ApiDeps): AreaImplementation<'configuracion'> {
  const now = backend.now ?? (() => new Date());
  return {
    async perfil(_input, ctx) {
      const { email, esAdmin, createdAt } = ctx.session.operator;
      return { email, esAdmin, createdAt };
    },

    async cambiarContrasena(input, ctx) {
      const problem = problemaCambioContrasena(input);
      if (problem) throw new AppError('validation', problem);
      const { operator, token } = ctx.session;
      // Wrong current passwords count like failed logins: the same lockout stops guessing through here.
      // Counted before the check, like a login, so parallel guesses cannot outrun the lock.
      const outcome = await countedAttempt(backend, operator.email, async () =>
        (await backend.auth.changePassword(token, input.actual, input.nueva)) ? true : null,
      );
      if (!outcome.ok) {
        if (outcome.locked) throw lockedError(outcome.locked, now());
        throw new AppError('validation', t.actualIncorrecta);
      }
      return null;
    },
  };
}
