import { z } from 'zod';
import { nada, op } from '../../contract/define';
import { es } from '../../i18n/es';
import { operatorSchema } from '../auth/operador';
import { cambioContrasena, problemaCambioContrasena } from './rules';

/** The account block: the signed-in operator as the profile shows it. */
export const perfilUsuarioSchema = operatorSchema.pick({ email: true, esAdmin: true, createdAt: true });
export type PerfilUsuario = z.infer<typeof perfilUsuarioSchema>;

/** Settings: the account block and the password change (part 3 §2.5, §2.8). */
export const configuracion = {
  perfil: op(perfilUsuarioSchema)(z.object({})),
  cambiarContrasena: op(nada)(
    cambioContrasena.superRefine((value, ctx) => {
      const problem = problemaCambioContrasena(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    { sinSesion: es.configuracion.noAutenticado },
  ),
} as const;
