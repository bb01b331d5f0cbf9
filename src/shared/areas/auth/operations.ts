/**
 * Sign-in, first administrator, sign-out. The lockout rule (five failures in a row lock the e-mail for
 * five minutes) is decided once (./rules.ts, driven by ./attempts.ts), for both backends; each backend
 * only stores the counters, with an atomic compare-and-set. Every operation here is public: it gets the
 * bare call context and reads or sets the caller's token itself.
 */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { AppError } from '../../errors';
import { countedAttempt, lockedError } from './attempts';
import { auditar } from '../auditoria/registrar';
import type { Dispositivo } from '../../ports/auth';
import type { CallContext } from '../../operaciones/context';
import { primerAdmin as t, login } from "./texts";
import { seguridad } from "../seguridad/texts";

const dispositivoDe = (ctx: CallContext): Dispositivo => ({
  ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}),
  ...(ctx.clientAddress ? { ip: ctx.clientAddress } : {}),
});

export function authOperations({ backend, log }: ApiDeps): AreaImplementation<'auth'> {
  const now = backend.now ?? (() => new Date());

  /**
   * A refused sign-in in the audit trail. Embedded: the app writes it with its privileged port. Hosted: Supabase
   * Auth refused it and writes nothing our SQL sees, so the console reports what it received, as anon
   * (auditar_inicio_rechazado: recorded only for an operator's e-mail, capped, marked as reported by the console).
   * Attempts made straight against Supabase Auth, without the console, are only in the project's Auth logs.
   */
  async function auditarRechazo(ctx: CallContext, email: string, dispositivo: Dispositivo, motivo: 'credenciales' | 'bloqueado' | 'codigo'): Promise<void> {
    const sistema = backend.datosSistema?.();
    if (sistema) {
      await auditar(sistema, 'sesion.rechazada', email.toLowerCase(), { ...dispositivo, bloqueado: motivo === 'bloqueado' }, log);
      return;
    }
    if (!backend.anonData) return;
    try {
      await backend.anonData(ctx.clientAddress).run({ kind: 'rpc', fn: 'auditar_inicio_rechazado', args: { p_email: email.toLowerCase(), p_motivo: motivo } });
    } catch (error) {
      log('No se pudo registrar el inicio de sesión rechazado', error);
    }
  }

  return {
    async estado(_input, ctx) {
      const token = ctx.getToken();
      const session = token ? await backend.auth.getSession(token) : null;
      if (token && !session) ctx.setToken(null);
      const needsSetup = session ? false : await backend.auth.needsSetup();
      // A session still waiting for its second factor is no operator yet: the login screen asks for the code.
      if (session?.mfaPendiente) return { needsSetup, operator: null, backend: backend.kind, requiereCodigo: true };
      return { needsSetup, operator: session?.operator ?? null, backend: backend.kind };
    },

    async crearPrimerAdmin(input, ctx) {
      if (!(await backend.auth.needsSetup())) throw new AppError('conflict', t.yaExiste);
      const session = await backend.auth.createFirstAdmin(input);
      ctx.setToken(session.token);
      return session.operator;
    },

    async iniciarSesion(input, ctx) {
      const email = input.email.trim();
      if (!email || !input.password.trim()) throw new AppError('validation', login.camposIncompletos);
      const dispositivo = dispositivoDe(ctx);
      const attempt = await countedAttempt(backend, email, () => backend.auth.verifyPassword(email, input.password, dispositivo));
      if (!attempt.ok) {
        await auditarRechazo(ctx, email, dispositivo, attempt.locked ? 'bloqueado' : 'credenciales');
        if (attempt.locked) throw lockedError(attempt.locked, now());
        throw new AppError('unauthenticated', login.credencialesInvalidas);
      }
      const session = attempt.value;
      ctx.setToken(session.token);
      await auditar(backend.dataFor(session), 'sesion.iniciar', null, { ...dispositivo, requiereCodigo: session.mfaPendiente === true }, log);
      return session.mfaPendiente ? { ...session.operator, requiereCodigo: true } : session.operator;
    },

    async verificarCodigo(input, ctx) {
      const token = ctx.getToken();
      const session = token ? await backend.auth.getSession(token) : null;
      if (!token || !session) throw new AppError('unauthenticated', login.sesionExpirada);
      if (!session.mfaPendiente) return session.operator;
      const mfa = backend.auth.mfa;
      if (!mfa) throw new AppError('config', seguridad.noDisponible);
      // Wrong codes count against the same lockout as wrong passwords (five in a row lock the e-mail).
      const attempt = await countedAttempt(backend, session.operator.email, async () => ((await mfa.verificar(token, input.codigo)) ? true : null));
      // Embedded records the second step in SQL, in the same transaction; Supabase Auth's MFA writes nothing ours sees.
      if (backend.kind === 'hosted') {
        await auditar(backend.dataFor(session), attempt.ok ? 'sesion.segundo_paso' : 'sesion.codigo_rechazado', null, { ...dispositivoDe(ctx) }, log);
      }
      if (!attempt.ok) {
        if (attempt.locked) {
          ctx.setToken(null);
          await backend.auth.signOut(token);
          throw lockedError(attempt.locked, now());
        }
        throw new AppError('validation', seguridad.codigoIncorrecto);
      }
      return session.operator;
    },

    async cerrarSesion(_input, ctx) {
      const token = ctx.getToken();
      ctx.setToken(null);
      if (token) await backend.auth.signOut(token);
      return null;
    },
  };
}
