import type { Backend } from '../ports';
import type { AuthSession } from '../ports/auth';
import type { CallContext } from './context';
import { AppError } from '../errors';
import { es } from '../i18n/es';

/** The caller's live session, or an 'unauthenticated' error (and the stale token is dropped). */
export async function requireSession(backend: Backend, ctx: CallContext): Promise<AuthSession> {
  const token = ctx.getToken();
  const session = token ? await backend.auth.getSession(token) : null;
  if (!session) {
    if (token) ctx.setToken(null);
    throw new AppError('unauthenticated', token ? es.login.sesionExpirada : es.login.noAutenticado);
  }
  return session;
}
