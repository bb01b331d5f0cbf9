import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { operatorSchema } from '../../ports/operador';
import { passwordProblem } from './rules';
import { codigoSchema } from '../seguridad/contract';
import { login as t, primerAdmin as primerAdminTextos } from "./texts";

/**
 * Lengths are bounded before anything reaches the database: an e-mail has at most 254 characters (RFC 5321),
 * and a password longer than 200 is no password anyone types (bcrypt reads 72 bytes of it anyway).
 */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 200;
export const NOMBRE_MAX = 120;

const email = z.string().trim().min(1, t.camposIncompletos).max(EMAIL_MAX, t.emailDemasiadoLargo);
const password = z.string().min(1, t.camposIncompletos).max(PASSWORD_MAX, t.contrasenaDemasiadoLarga);


export const authStateSchema = z.object({
  /** No operator exists yet: show the first-administrator screen. */
  needsSetup: z.boolean(),
  operator: operatorSchema.nullable(),
  backend: z.enum(['embedded', 'hosted']),
  /** Signed in with the password; the second factor's code is still missing (auth.verificarCodigo). */
  requiereCodigo: z.boolean().optional(),
});
export type AuthState = z.infer<typeof authStateSchema>;

/** What signing in answers: the operator, and whether the second step (a code) is still to come. */
export const sesionIniciadaSchema = operatorSchema.extend({ requiereCodigo: z.boolean().optional() });
export type SesionIniciada = z.infer<typeof sesionIniciadaSchema>;

const primerAdmin = z.object({
  nombre: z.string().trim().min(1, primerAdminTextos.nombreObligatorio).max(NOMBRE_MAX, primerAdminTextos.nombreDemasiadoLargo),
  email: z.string().trim().max(EMAIL_MAX, t.emailDemasiadoLargo).email(primerAdminTextos.emailInvalido),
  password: z.string().max(PASSWORD_MAX, t.contrasenaDemasiadoLarga).superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/** What the first-run screen sends. */
export type PrimerAdmin = z.input<typeof primerAdmin>;

/** Sign-in, first administrator, sign-out (part 1 §2.2, §4, §5, §8). */
export const auth = {
  estado: op(authStateSchema)(z.object({}), { public: true }),
  crearPrimerAdmin: op(operatorSchema)(primerAdmin, { public: true }),
  iniciarSesion: op(sesionIniciadaSchema)(z.object({ email, password }), { public: true }),
  /** Sign-in's second step: a code of the authenticator app or a recovery code (issue 27). */
  verificarCodigo: op(operatorSchema)(z.object({ codigo: codigoSchema }), { public: true }),
  cerrarSesion: op(nada)(z.object({}), { public: true }),
} as const;
