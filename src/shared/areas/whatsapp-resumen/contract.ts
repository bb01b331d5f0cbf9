// The area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../../contract/define.ts.
/** The WhatsApp summary (part 3 §2.4): cards, percentages and the last 7 days of one company's messages. */
import { z } from 'zod';
import { op } from '../../contract/define';
import { busquedaSesiones, tablaMensajes } from '../mensajes/contract';
import type { ResumenWhatsapp } from './rules';

export const whatsappResumen = {
  resumen: op<ResumenWhatsapp>()(z.object({ tabla: tablaMensajes, busqueda: busquedaSesiones })),
} as const;
