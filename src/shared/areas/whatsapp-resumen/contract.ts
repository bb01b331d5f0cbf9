// The area's operations: op(answerSchema)(inputSchema, { public?: true }). See ../../contract/define.ts.
/** The WhatsApp summary (part 3 §2.4): cards, percentages and the last 7 days of one company's messages. */
import { z } from 'zod';
import { op } from '../../operaciones/define';
import { busquedaSesiones, tablaMensajes } from '../mensajes/contract';
import { estadisticasSchema, mensajesPorAutor } from '../mensajes/formas';

export const diaResumenSchema = z.object({
  /** YYYY-MM-DD, Colombia. */
  dia: z.string(),
  ...mensajesPorAutor,
});
export type DiaResumen = z.infer<typeof diaResumenSchema>;

export const resumenWhatsappSchema = estadisticasSchema.extend({ humanos: z.number(), ia: z.number(), dias: z.array(diaResumenSchema) });
export type ResumenWhatsapp = z.infer<typeof resumenWhatsappSchema>;

export const whatsappResumen = {
  resumen: op(resumenWhatsappSchema)(z.object({ tabla: tablaMensajes, busqueda: busquedaSesiones })),
} as const;
