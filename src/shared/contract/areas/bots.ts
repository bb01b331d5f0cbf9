// Each area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../define.ts.
/** Chat-bot companies per channel, message browsers, WhatsApp summary (issue: bot channels). */
import { z } from 'zod';
import { op } from '../define';
import { CANALES_BOT } from '../../domain/bot-tablas';
import type { EmpresaBot } from '../../domain/bots';
import type { EmpresaOpcion, Estadisticas, MensajeConversacion, PaginaSesiones, ResumenWhatsapp, Sesion } from '../../domain/mensajes';
import { OPCIONES_POR_PAGINA } from '../../domain/mensajes';
import { bots as t, mensajes as tm } from '../../i18n/areas/bots';

const canal = z.enum(CANALES_BOT);
const canalMensajes = z.enum(['wordpress', 'shopify', 'whatsapp']);
const clave = z.string().trim().min(1).max(100);
/** A message table name as it may be registered; whether it IS registered is decided in SQL. */
const tabla = z.string().trim().min(1, tm.seleccionaEmpresa).max(63).regex(/^[a-z0-9_]+$/, tm.tablaNoRegistrada);
const busqueda = z.string().max(200).default('');

/** The details of the 'conflict' that asks to confirm a table change (guardarEmpresa). */
export interface CambioTablaPendiente {
  anterior: string;
  nueva: string;
  webhook: boolean;
  mensajes: boolean;
}

export interface CrearFlujoResultado {
  empresa: EmpresaBot;
  /** Shopify/WordPress: the table could not be created; the text and SQL to create it by hand. */
  tablaManual: { mensaje: string; sql: string } | null;
}

export const bots = {
  listarEmpresas: op<EmpresaBot[]>()(z.object({ canal })),
  guardarEmpresa: op<EmpresaBot>()(
    z.object({
      canal,
      /** Absent: create; present: update that company. */
      clave: clave.optional(),
      name: z.string().max(200, t.errorGuardar),
      table_supabase: z.string().max(200, t.tablaSoloLetras),
      /**
       * Editing only: the operator confirmed changing the table of a company that has a flow or messages.
       * Without it such a change is refused with a 'conflict' whose details name both tables.
       */
      confirmarCambioTabla: z.boolean().optional(),
    }),
  ),
  eliminarEmpresa: op<null>()(z.object({ canal, clave })),
  crearFlujo: op<CrearFlujoResultado>()(z.object({ canal, clave })),
} as const;

export const mensajes = {
  empresas: op<EmpresaOpcion[]>()(z.object({ canal: canalMensajes })),
  sesiones: op<PaginaSesiones>()(
    z.object({
      tabla,
      busqueda,
      enMensajes: z.boolean().default(false),
      pagina: z.number().int().min(1).max(1_000_000).default(1),
      porPagina: z.union(OPCIONES_POR_PAGINA.map((n) => z.literal(n)) as [z.ZodLiteral<5>, z.ZodLiteral<10>, z.ZodLiteral<20>, z.ZodLiteral<50>]).default(10),
    }),
  ),
  estadisticas: op<Estadisticas>()(z.object({ tabla })),
  conversacion: op<MensajeConversacion[]>()(z.object({ tabla, sessionId: z.string().min(1).max(255) })),
  /** Every session matching the filter (one CSV row each); at most 100 000. */
  exportar: op<Sesion[]>()(z.object({ tabla, busqueda, enMensajes: z.boolean().default(false) })),
} as const;

export const whatsappResumen = {
  resumen: op<ResumenWhatsapp>()(z.object({ tabla, busqueda })),
} as const;
