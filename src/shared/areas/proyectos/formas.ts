/**
 * What the proyectos operations answer, declared once as zod schemas (the types are inferred from them). Their
 * own module, beside the contract that uses them: ./rules.ts names these types and the contract needs the
 * rules, so declaring them in contract.ts would make an import cycle (tests/unit/import-cycles.test.ts).
 */
import { z } from 'zod';
import { CANALES_BOT } from '../../domain/bot-tablas';
import { registroConNombre } from '../../operaciones/campos';

/**
 * The stored configuracion document the spec describes (jsonb): its keys stay as stored, snake_case included. A
 * document written by n8n or by hand may hold null for any of them (the demo's WordPress instance has
 * webhook_n8n null), so each is nullish, not only optional.
 */
export const configuracionInstanciaSchema = z.looseObject({
  empresa_uuid: z.string().nullish(),
  table_supabase: z.string().nullish(),
  webhook_n8n: z.string().nullish(),
  status: z.boolean().nullish(),
  empresas_whatsapp_ids: z.array(z.string()).nullish(),
  empresa_whatsapp_id: z.string().nullish(),
  empresas_adicionales: z.array(z.string()).nullish(),
  empresa_principal: z.string().nullish(),
  reutiliza_empresa_existente: z.boolean().nullish(),
  comparte_tabla_con: z.string().nullish(),
  tabla_independiente: z.boolean().nullish(),
  campana_id: z.number().nullish(),
  campana_nombre: z.string().nullish(),
  minutos_tope: z.number().nullish(),
  /** Provisioning state (beyond the original): 'completo', or 'incompleto' with the reason. */
  aprovisionamiento: z.enum(['pendiente', 'completo', 'incompleto']).nullish(),
  error_aprovisionamiento: z.string().nullish(),
  /** What the failing step answered (e.g. 'Error HTTP: 500'), shown under the §8 message. */
  error_detalle: z.string().nullish(),
  /** Steps already done, so a retry continues where it stopped. */
  tabla_creada: z.boolean().nullish(),
  /** SQL for manual execution when the table could not be created (WordPress, Shopify). */
  sql_manual: z.string().nullish(),
});

export const instanciaServicioSchema = z.object({
  id: z.string(),
  proyectoId: z.string(),
  empresaId: z.string().nullable(),
  tipoServicio: z.string(),
  nombreInstancia: z.string(),
  estado: z.string(),
  categoria: z.string().nullable(),
  configuracion: configuracionInstanciaSchema,
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});

/** A service instance as a list names it (what a project's deletion takes with it, what provisioning added). */
const instanciaNombradaSchema = instanciaServicioSchema.pick({ id: true, nombreInstancia: true, tipoServicio: true });

export const proyectoResumenSchema = registroConNombre.extend({
  planId: z.string().nullable(),
  empresaId: z.string().nullable(),
  estado: z.string(),
  fechaInicio: z.string().nullable(),
  fechaFin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  planTitle: z.string().nullable(),
  planDescription: z.string().nullable(),
  planCost: z.number().nullable(),
  empresaNombre: z.string().nullable(),
  instancias: z.array(instanciaServicioSchema),
});

export const cambioEstadoSchema = z.object({
  fecha: z.string(),
  estadoAnterior: z.string().nullable(),
  estadoNuevo: z.string(),
  usuarioId: z.string().nullable(),
  usuario: z.string().nullable(),
});

export const hitoSchema = z.object({ fecha: z.string(), descripcion: z.string().nullable(), tipo: z.enum(['deadline', 'review']) });

/** The report aggregate of part 2 §3. */
export const reporteProyectoSchema = z.object({
  proyectoId: z.string(),
  serviciosPorEstado: z.record(z.string(), z.number()),
  serviciosPorCategoria: z.record(z.string(), z.number()),
  historial: z.array(cambioEstadoSchema),
  diasVida: z.number(),
  progreso: z.number(),
  hitos: z.array(hitoSchema),
});

/** A bot company that depends on the record; for a project, `desactivar` says whether deleting it deactivates the company. */
export const empresaBotDependienteSchema = z.object({
  canal: z.enum(CANALES_BOT),
  uuid: z.string(),
  name: z.string(),
  tableSupabase: z.string(),
  status: z.boolean(),
  webhook: z.boolean(),
  desactivar: z.boolean(),
});

/** What depends on a plan, a client company or a project (issue 12), for the delete dialog. */
export const dependenciasEliminacionSchema = z.object({
  tipo: z.enum(['plan', 'empresa', 'proyecto']),
  nombre: z.string(),
  /** Plan, client company: the projects that use it. */
  proyectos: z.array(z.object({ id: z.string(), nombre: z.string() })),
  /** Plan: its linked WordPress companies (the links go, the companies stay). */
  empresasWordpress: z.array(z.object({ uuid: z.string(), name: z.string(), tableSupabase: z.string() })),
  /** Client company: its bot companies; project: the bot companies of its services. */
  empresasBot: z.array(empresaBotDependienteSchema),
  /** Project: its services. */
  servicios: z.array(instanciaNombradaSchema),
  /** Project: its calls campaigns (kept). */
  campanas: z.array(z.object({ id: z.number(), nombre: z.string() })),
  /** Client company: it has portal credentials (its portal goes with it). */
  portal: z.boolean(),
});

export const resultadoEliminarProyectoSchema = z.object({
  id: z.string(),
  /** The bot companies deactivated because only this project used them. */
  empresasDesactivadas: z.array(z.object({ tipoServicio: z.string(), empresaUuid: z.string() })),
});

export const empresaWhatsappOpcionSchema = z.object({ uuid: z.string(), name: z.string(), tableSupabase: z.string(), webhookN8n: z.string().nullable() });

/** What provisioning answers once it ended (a job's `resultado`): each service added, and the ones left out. */
export const resultadoAprovisionamientoSchema = z.object({
  /** error: the §8 message; detalle: what the failing step answered (e.g. 'Error HTTP: 500'). */
  agregados: z.array(
    instanciaNombradaSchema.extend({
      completo: z.boolean(),
      error: z.string().optional(),
      detalle: z.string().optional(),
      aviso: z.string().optional(),
    }),
  ),
  omitidos: z.array(z.string()),
});
