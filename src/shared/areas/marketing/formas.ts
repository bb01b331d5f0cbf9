/**
 * What the marketing operations answer, declared once as zod schemas (the types are inferred from them). Their
 * own module, beside the contract that uses them: ./rules.ts names these types and the contract needs the
 * rules, so declaring them in contract.ts would make an import cycle (tests/unit/import-cycles.test.ts).
 */
import { z } from 'zod';
import type { PropuestaSitio } from './propuesta';

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
