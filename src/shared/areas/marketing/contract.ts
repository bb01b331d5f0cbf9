// Each area's operations: op(answerSchema)(inputSchema, { public?: true }). See src/shared/operaciones/define.ts.
import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { MAX_ARCHIVO_BASE64 } from './archivos';
import { problemaUrl } from './rules';
import { registroMarketingSchema, resultadoAnalisisSchema, resultadoGuardadoSchema } from './formas';
import { marketing as t } from "./texts";

const m = t;

const archivo = z.object({
  nombre: z.string().trim().min(1, m.seleccionaArchivo).max(255, m.tipoNoValido),
  contenidoBase64: z.string().min(1, m.seleccionaArchivo).max(MAX_ARCHIVO_BASE64, m.archivoMuyGrande),
});

// ------------------------------------------------------------------------------------------------ answers


export const estadoConexionMarketingSchema = z.object({ autenticado: z.boolean(), email: z.string().nullable() });
export type EstadoConexionMarketing = z.infer<typeof estadoConexionMarketingSchema>;

export const archivoDescargadoSchema = z.object({ nombre: z.string(), tipo: z.string(), contenidoBase64: z.string() });
export type ArchivoDescargado = z.infer<typeof archivoDescargadoSchema>;

/** Marketing agent (part 3 §2.6, §2.7, §4, §5, §7). */
export const marketing = {
  /** The connection badge: answers for anyone, signed in or not. */
  estadoConexion: op(estadoConexionMarketingSchema)(z.object({}), { public: true }),
  registros: op(z.array(registroMarketingSchema))(z.object({})),
  analizarArchivo: op(resultadoAnalisisSchema)(archivo),
  analizarUrl: op(resultadoAnalisisSchema)(
    z.object({
      url: z.string().superRefine((value, ctx) => {
        const problem = problemaUrl(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    }),
  ),
  /** Saving needs a session like the rest, with the message of part 3 §8 when there is none. */
  guardar: op(resultadoGuardadoSchema)(
    z.object({
      nombreArchivoUrl: z.string().trim().min(1, m.errorGuardar).max(2000, m.errorGuardar),
      dominio: z.string().trim().max(500).optional(),
      contenido: z.string().max(5_000_000, m.errorGuardar),
      archivo: archivo.optional(),
    }),
    { sinSesion: m.debesAutenticarte },
  ),
  descargarArchivo: op(archivoDescargadoSchema)(z.object({ id: z.number().int().positive() })),
  eliminar: op(nada)(z.object({ id: z.number().int().positive() })),
} as const;
