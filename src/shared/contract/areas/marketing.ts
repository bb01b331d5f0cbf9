// Each area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../define.ts.
import { z } from 'zod';
import { op } from '../define';
import { es } from '../../i18n/es';
import { MAX_ARCHIVO_BASE64 } from '../../domain/archivos';
import { problemaUrl, type RegistroMarketing, type ResultadoAnalisis, type ResultadoGuardado } from '../../domain/marketing';
import { problemaCambioContrasena } from '../../domain/preferencias-contrasena';

const m = es.marketing;

const archivo = z.object({
  nombre: z.string().trim().min(1, m.seleccionaArchivo).max(255, m.tipoNoValido),
  contenidoBase64: z.string().min(1, m.seleccionaArchivo).max(MAX_ARCHIVO_BASE64, m.archivoMuyGrande),
});

export interface EstadoConexionMarketing {
  autenticado: boolean;
  email: string | null;
}

export interface ArchivoDescargado {
  nombre: string;
  tipo: string;
  contenidoBase64: string;
}

/** Marketing agent (part 3 §2.6, §2.7, §4, §5, §7). */
export const marketing = {
  /** The connection badge: answers for anyone, signed in or not. */
  estadoConexion: op<EstadoConexionMarketing>()(z.object({}), { public: true }),
  registros: op<RegistroMarketing[]>()(z.object({})),
  analizarArchivo: op<ResultadoAnalisis>()(archivo),
  analizarUrl: op<ResultadoAnalisis>()(
    z.object({
      url: z.string().superRefine((value, ctx) => {
        const problem = problemaUrl(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    }),
  ),
  guardar: op<ResultadoGuardado>()(
    z.object({
      nombreArchivoUrl: z.string().trim().min(1, m.errorGuardar).max(2000, m.errorGuardar),
      dominio: z.string().trim().max(500).optional(),
      contenido: z.string().max(5_000_000, m.errorGuardar),
      archivo: archivo.optional(),
    }),
  ),
  descargarArchivo: op<ArchivoDescargado>()(z.object({ id: z.number().int().positive() })),
  eliminar: op<null>()(z.object({ id: z.number().int().positive() })),
} as const;

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
  ),
} as const;
