/**
 * What only an administrator may do outside SQL (Conexión: settings and the keychain; Datos: files, the keychain
 * and the whole database — not rows an SQL policy could guard).
 * The session's operator is read from the profile on every call (embedded) or every few seconds (hosted),
 * so a demoted administrator loses these at once.
 */
import type { AuthSession } from '../../ports/auth';
import type { Area } from '../../contract';
import type { AreaImplementation, SignedIn } from '../../operaciones/types';
import { AppError } from '../../errors';
import { errores } from "../../textos";

export function exigirAdmin(session: AuthSession): void {
  if (session.operator.rol !== 'administrador') throw new AppError('forbidden', errores.sinPermiso);
}

/** Every operation of an area for administrators only: the role is checked before each one runs. */
export function soloAdministradores<A extends Area>(ops: AreaImplementation<A>): AreaImplementation<A> {
  const guarded: Record<string, (input: never, ctx: SignedIn) => Promise<unknown>> = {};
  for (const [name, op] of Object.entries(ops) as Array<[string, (input: never, ctx: SignedIn) => Promise<unknown>]>) {
    guarded[name] = (input, ctx) => {
      exigirAdmin(ctx.session);
      return op(input, ctx);
    };
  }
  return guarded as unknown as AreaImplementation<A>;
}
