/**
 * Sign-in, first administrator, sign-out. The lockout rule (five failures in a row lock the e-mail for
 * five minutes) is decided once (domain/lockout.ts, driven by ./attempts.ts), for both backends; each
 * backend only stores the counters, with an atomic compare-and-set.
 */
import type { Backend } from '../../ports';
import type { AuthState } from '../../contract';
import type { Operator } from '../../domain/operator';
import type { CallContext } from '../context';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';
import { countedAttempt, lockedError } from './attempts';

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
      const attempt = await countedAttempt(backend, email, () => backend.auth.verifyPassword(email, input.password));
      if (!attempt.ok) {
        if (attempt.locked) throw lockedError(attempt.locked, now());
        throw new AppError('unauthenticated', es.login.credencialesInvalidas);
      }
      ctx.setToken(attempt.value.token);
      return attempt.value.operator;
    },

    async cerrarSesion(_input: Record<string, never>, ctx: CallContext): Promise<null> {
      const token = ctx.getToken();
      ctx.setToken(null);
      if (token) await backend.auth.signOut(token);
      return null;
    },
  };
}
