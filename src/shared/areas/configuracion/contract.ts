import { z } from 'zod';
import { op } from '../../contract/define';
import { es } from '../../i18n/es';
import type { Operator } from '../auth/operador';
import { cambioContrasena, problemaCambioContrasena } from './rules';

/** The account block: the signed-in operator as the profile shows it. */
export type PerfilUsuario = Pick<Operator, 'email' | 'esAdmin' | 'createdAt'>;

/** Settings: the account block and the password change (part 3 §2.5, §2.8). */
export const configuracion = {
  perfil: op<PerfilUsuario>()(z.object({})),
  cambiarContrasena: op<null>()(
    cambioContrasena.superRefine((value, ctx) => {
      const problem = problemaCambioContrasena(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    { sinSesion: es.configuracion.noAutenticado },
  ),
} as const;
