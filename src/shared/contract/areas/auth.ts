import { z } from 'zod';
import { op } from '../define';
import type { Operator } from '../../domain/operator';
import { es } from '../../i18n/es';
import { passwordProblem } from '../../domain/password';

const email = z.string().trim().min(1, es.login.camposIncompletos);
const password = z.string().min(1, es.login.camposIncompletos);

export interface AuthState {
  /** No operator exists yet: show the first-administrator screen. */
  needsSetup: boolean;
  operator: Operator | null;
  backend: 'embedded' | 'hosted';
}

/** Sign-in, first administrator, sign-out (part 1 §2.2, §4, §5, §8). */
export const auth = {
  estado: op<AuthState>()(z.object({}), { public: true }),
  crearPrimerAdmin: op<Operator>()(
    z.object({
      nombre: z.string().trim().min(1, es.primerAdmin.nombreObligatorio),
      email: z.string().trim().email(es.primerAdmin.emailInvalido),
      password: z.string().superRefine((value, ctx) => {
        const problem = passwordProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    }),
    { public: true },
  ),
  iniciarSesion: op<Operator>()(z.object({ email, password }), { public: true }),
  cerrarSesion: op<null>()(z.object({}), { public: true }),
} as const;
