// The area's operations: op(answerSchema)(inputSchema, { public?: true }). See ../../contract/define.ts.
/** The message browsers of the bot channels (part 3 §2.3, §5, §9). */
import { z } from 'zod';
import { op } from '../../operaciones/define';
import { empresaOpcionSchema, estadisticasSchema, mensajeConversacionSchema, paginaSesionesSchema, sesionSchema } from './formas';
import { OPCIONES_POR_PAGINA, POR_PAGINA_INICIAL } from './rules';
import { mensajes as t } from './texts';

const canalMensajes = z.enum(['wordpress', 'shopify', 'whatsapp']);
/** A message table name as it may be registered; whether it IS registered is decided in SQL. */
export const tablaMensajes = z.string().trim().min(1, t.seleccionaEmpresa).max(63).regex(/^[a-z0-9_]+$/, t.tablaNoRegistrada);
export const busquedaSesiones = z.string().max(200).default('');
export const paginaSesiones = z.number().int().min(1).max(1_000_000).default(1);
export const porPaginaSesiones = z.literal(OPCIONES_POR_PAGINA).default(POR_PAGINA_INICIAL);
const tabla = tablaMensajes;
const busqueda = busquedaSesiones;

export const mensajes = {
  empresas: op(z.array(empresaOpcionSchema))(z.object({ canal: canalMensajes })),
  sesiones: op(paginaSesionesSchema)(
    z.object({
      tabla,
      busqueda,
      enMensajes: z.boolean().default(false),
      pagina: paginaSesiones,
      porPagina: porPaginaSesiones,
    }),
  ),
  estadisticas: op(estadisticasSchema)(z.object({ tabla })),
  conversacion: op(z.array(mensajeConversacionSchema))(z.object({ tabla, sessionId: z.string().min(1).max(255) })),
  /** Every session matching the filter (one CSV row each); at most 100 000. */
  exportar: op(z.array(sesionSchema))(z.object({ tabla, busqueda, enMensajes: z.boolean().default(false) })),
} as const;
