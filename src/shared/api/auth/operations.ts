/**
 * Sign-in, first administrator, sign-out. The lockout rule (five failures in a row lock the e-mail for
 * five minutes) is decided here once, for both backends; each backend only stores the counters.
 */
import type { Backend } from '../../ports';
import type { AuthState } from '../../contract';
import type { Operator } from '../../domain/operator';
import type { CallContext } from '../context';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';
import { afterFailure, isLocked, minutesLeft } from '../../domain/lockout';

export function authOperations(backend: Backend) {
  const now = backend.now ?? (() => new Date());

  return {
    async estado(_input: Record<string, never>, ctx: CallContext): Promise<AuthState> {
      const token = ctx.getToken();
      const session = token ? await backend.auth.getSession(token) : null;
      if (token && !session) ctx.setToken(null);
      const needsSetup = session ? false : await backend.auth.needsSetup();
      return { needsSetup, operator: session?.operator ?? null, backend: backend.kind };
    },

    async crearPrimerAdmin(input: { nombre: string; email: string; password: string }, ctx: CallContext): Promise<Operator> {
      if (!(await backend.auth.needsSetup())) throw new AppError('conflict', es.primerAdmin.yaExiste);
      const session = await backend.auth.createFirstAdmin(input);
      ctx.setToken(session.token);
      return session.operator;
    },

    async iniciarSesion(input: { email: string; password: string }, ctx: CallContext): Promise<Operator> {
      const email = input.email.trim();
      if (!email || !input.password.trim()) throw new AppError('validation', es.login.camposIncompletos);
      const lock = await backend.auth.getLoginLock(email);
      if (isLocked(lock, now())) throw new AppError('locked', es.login.bloqueado(minutesLeft(lock, now())));
      const session = await backend.auth.verifyPassword(email, input.password);
      if (!session) {
        const next = afterFailure(lock, now());
        await backend.auth.recordLoginFailure(email, next);
        if (isLocked(next, now())) throw new AppError('locked', es.login.bloqueado(minutesLeft(next, now())));
        throw new AppError('unauthenticated', es.login.credencialesInvalidas);
      }
      if (lock.failedCount > 0) await backend.auth.clearLoginFailures(email);
      ctx.setToken(session.token);
      return session.operator;
    },

    async cerrarSesion(_input: Record<string, never>, ctx: CallContext): Promise<null> {
      const token = ctx.getToken();
      ctx.setToken(null);
      if (token) await backend.auth.signOut(token);
      return null;
    },
  };
}
