/**
 * The shapes the message operations answer (and the portal's, which read the same SQL), declared once as zod
 * schemas. Their own module, not rules.ts: the portal's screens import the rules at run time and only these
 * types, so zod stays out of the portal's bundle; the contract imports the schemas.
 */
import { z } from 'zod';

const textoONulo = z.string().nullable();

/** Messages counted by who wrote them (public.mensaje_es_humano): all, the person's, the agent's. */
export const mensajesPorAutor = { mensajes: z.number(), humanos: z.number(), ia: z.number() };

export const sesionSchema = z.object({
  sessionId: z.string(),
  ...mensajesPorAutor,
  /** ISO UTC of the first and last message (null when the rows have no time). */
  primerMensaje: textoONulo,
  ultimoMensaje: textoONulo,
  /** The stored value as the table API would send it, shown under the Colombia time. */
  ultimoMensajeCrudo: textoONulo,
  /** Text of the last message ('' when there is none). */
  ultimoTexto: z.string(),
});
export type Sesion = z.infer<typeof sesionSchema>;

export const paginaSesionesSchema = z.object({ sesiones: z.array(sesionSchema), total: z.number() });
export type PaginaSesiones = z.infer<typeof paginaSesionesSchema>;

export const estadisticasSchema = z.object({
  totalMensajes: z.number(),
  totalSesiones: z.number(),
  mensajesHoy: z.number(),
  sesionesActivas: z.number(),
});
export type Estadisticas = z.infer<typeof estadisticasSchema>;

export const mensajeConversacionSchema = z.object({
  id: z.number(),
  /** The stored message, as is (string, object, or anything else). */
  message: z.unknown(),
  fecha: textoONulo,
  fechaCruda: textoONulo,
});
export type MensajeConversacion = z.infer<typeof mensajeConversacionSchema>;

export const empresaOpcionSchema = z.object({ nombre: z.string(), tabla: z.string() });
export type EmpresaOpcion = z.infer<typeof empresaOpcionSchema>;
