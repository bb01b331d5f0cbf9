import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { operatorSchema } from '../../ports/operador';
import { cambioContrasena, problemaCambioContrasena } from './rules';
import { configuracion as t } from "./texts";

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
    { sinSesion: t.noAutenticado },
  ),
} as const;
