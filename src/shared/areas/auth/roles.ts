/**
 * What only an administrator may do outside SQL (Conexión: settings and the keychain, not the database).
 * The session's operator is read from the profile on every call (embedded) or every few seconds (hosted),
 * so a demoted administrator loses these at once.
 */
import type { AuthSession } from '../../ports/auth';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';

export function exigirAdmin(session: AuthSession): void {
  if (session.operator.rol !== 'administrador') throw new AppError('forbidden', es.errores.sinPermiso);
}
