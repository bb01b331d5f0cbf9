import { z } from 'zod';
import { op } from '../../contract/define';
import { es } from '../../i18n/es';
import { problemaCambioContrasena } from './rules';

export interface PerfilUsuario {
  email: string;
  esAdmin: boolean;
  createdAt: string;
}

/** Settings: the account block and the password change (part 3 §2.5, §2.8). */
export const configuracion = {
  perfil: op<PerfilUsuario>()(z.object({})),
  cambiarContrasena: op<null>()(
    z
      .object({ actual: z.string().max(200), nueva: z.string().max(200), confirmacion: z.string().max(200) })
      .superRefine((value, ctx) => {
        const problem = problemaCambioContrasena(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    { sinSesion: es.configuracion.noAutenticado },
  ),
} as const;
