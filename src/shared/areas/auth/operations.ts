/**
 * Sign-in, first administrator, sign-out. The lockout rule (five failures in a row lock the e-mail for
 * five minutes) is decided once (./rules.ts, driven by ./attempts.ts), for both backends; each backend
 * only stores the counters, with an atomic compare-and-set. Every operation here is public: it gets the
 * bare call context and reads or sets the caller's token itself.
 */
import type { ApiDeps, AreaImplementation } from '../../api/types';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';
import { countedAttempt, lockedError } from './attempts';

export function authOperations({ backend }: ApiDeps): AreaImplementation<'auth'> {
  const now = backend.now ?? (() => new Date());

  return {
    async estado(_input, ctx) {
      const token = ctx.getToken();
      const session = token ? await backend.auth.getSession(token) : null;
      if (token && !session) ctx.setToken(null);
      const needsSetup = session ? false : await backend.auth.needsSetup();
      return { needsSetup, operator: session?.operator ?? null, backend: backend.kind };
    },

    async crearPrimerAdmin(input, ctx) {
      if (!(await backend.auth.needsSetup())) throw new AppError('conflict', es.primerAdmin.yaExiste);
      const session = await backend.auth.createFirstAdmin(input);
      ctx.setToken(session.token);
      return session.operator;
    },

    async iniciarSesion(input, ctx) {
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

    async cerrarSesion(_input, ctx) {
      const token = ctx.getToken();
      ctx.setToken(null);
      if (token) await backend.auth.signOut(token);
      return null;
    },
  };
}
