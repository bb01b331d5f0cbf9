// The area's operations: op(answerSchema)(inputSchema, { public?: true }). See ../../contract/define.ts.
/** Chat-bot companies per channel (part 3 §2.2, §4, §7). */
import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { CANALES_BOT } from '../../domain/bot-tablas';
import { bots as t } from './texts';

const canal = z.enum(CANALES_BOT);
const clave = z.string().trim().min(1).max(100);

/** One company of a channel as every screen sees it. */
export const empresaBotSchema = z.object({
  canal,
  /** What update/delete/flow use: the uuid, or the id (as text) for WhatsApp. */
  clave: z.string(),
  uuid: z.string().nullable(),
  name: z.string(),
  tableSupabase: z.string(),
  /** The agent's webhook once its flow exists (§7); null while not connected. */
  webhook: z.string().nullable(),
  status: z.boolean(),
  createdAt: z.string().nullable(),
});
export type EmpresaBot = z.infer<typeof empresaBotSchema>;

/** The details of the 'conflict' that asks to confirm a table change (guardarEmpresa). */
export const cambioTablaPendienteSchema = z.object({ anterior: z.string(), nueva: z.string(), webhook: z.boolean(), mensajes: z.boolean() });
export type CambioTablaPendiente = z.infer<typeof cambioTablaPendienteSchema>;

export const crearFlujoResultadoSchema = z.object({
  empresa: empresaBotSchema,
  /** Shopify/WordPress: the table could not be created; the text and SQL to create it by hand. */
  tablaManual: z.object({ mensaje: z.string(), sql: z.string() }).nullable(),
});
export type CrearFlujoResultado = z.infer<typeof crearFlujoResultadoSchema>;

export const bots = {
  listarEmpresas: op(z.array(empresaBotSchema))(z.object({ canal })),
  guardarEmpresa: op(empresaBotSchema)(
    z.object({
      canal,
      /** Absent: create; present: update that company. */
      clave: clave.optional(),
      name: z.string().max(200, t.errorGuardar),
      tableSupabase: z.string().max(200, t.tablaSoloLetras),
      /**
       * Editing only: the operator confirmed changing the table of a company that has a flow or messages.
       * Without it such a change is refused with a 'conflict' whose details name both tables.
       */
      confirmarCambioTabla: z.boolean().optional(),
    }),
  ),
  eliminarEmpresa: op(nada)(z.object({ canal, clave })),
  crearFlujo: op(crearFlujoResultadoSchema)(z.object({ canal, clave })),
} as const;
