// Each area's operations: op(answerSchema)(inputSchema, { public?: true }). See src/shared/contract/define.ts.
import { z } from 'zod';
import { nada, op } from '../../contract/define';
import { es } from '../../i18n/es';
import { MAX_ARCHIVO_BASE64 } from './archivos';
import type { PropuestaSitio } from './propuesta';
import { problemaUrl } from './rules';

const m = es.marketing;

const archivo = z.object({
  nombre: z.string().trim().min(1, m.seleccionaArchivo).max(255, m.tipoNoValido),
  contenidoBase64: z.string().min(1, m.seleccionaArchivo).max(MAX_ARCHIVO_BASE64, m.archivoMuyGrande),
});

// ------------------------------------------------------------------------------------------------ answers

/** One row of agente_marketing as the screens see it. */
export const registroMarketingSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  nombreArchivoUrl: z.string(),
  nombrePersona: z.string().nullable(),
  dominioExtraido: z.string(),
  contenido: z.string().nullable(),
  archivoStoragePath: z.string().nullable(),
  archivoOriginalName: z.string().nullable(),
});

/**
 * The site proposal as propuesta.ts reads it out of the agent's free-form answer: its parser is the one
 * rule of its shape (a list of pages, each with its components, and whatever else the agent sent).
 */
const propuestaSitio = z.custom<PropuestaSitio>((v) => typeof v === 'object' && v !== null && Array.isArray((v as { paginas?: unknown }).paginas));
const analisis = { contenido: z.string(), dominio: z.string(), mensaje: z.string() };

/** What an analysis gives back to the screen (before it is saved). */
export const resultadoAnalisisSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('propuesta'), propuesta: propuestaSitio, ...analisis }),
  z.object({ tipo: z.literal('texto'), texto: z.string(), ...analisis }),
]);

export const resultadoGuardadoSchema = z.object({
  registro: registroMarketingSchema,
  /** False when the record was kept without its file because the upload failed. */
  archivoGuardado: z.boolean(),
  mensaje: z.string(),
});

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
