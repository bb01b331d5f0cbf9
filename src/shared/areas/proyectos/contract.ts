/** Projects and the provisioning of their services (part 2 §2–§5, §7, §8). */
import { z } from 'zod';
import { op, sinComprobar } from '../../contract/define';
import { fecha, id } from '../../contract/campos';
import type { JobState } from '../../domain/jobs';
import { ESTADOS_PROYECTO, type ResultadoAprovisionamiento } from './rules';
import { CANALES_BOT, validarNombreInstancia } from '../../domain/bot-tablas';
import { proyectos as tp } from './texts';

// ------------------------------------------------------------------------------------------------ answers

/** The stored configuracion document the spec describes (jsonb): its keys stay as stored, snake_case included. */
export const configuracionInstanciaSchema = z.looseObject({
  empresa_uuid: z.string().optional(),
  table_supabase: z.string().optional(),
  webhook_n8n: z.string().optional(),
  status: z.boolean().optional(),
  empresas_whatsapp_ids: z.array(z.string()).optional(),
  empresa_whatsapp_id: z.string().optional(),
  empresas_adicionales: z.array(z.string()).optional(),
  empresa_principal: z.string().optional(),
  reutiliza_empresa_existente: z.boolean().optional(),
  comparte_tabla_con: z.string().optional(),
  tabla_independiente: z.boolean().optional(),
  campana_id: z.number().optional(),
  campana_nombre: z.string().optional(),
  minutos_tope: z.number().optional(),
  /** Provisioning state (beyond the original): 'completo', or 'incompleto' with the reason. */
  aprovisionamiento: z.enum(['pendiente', 'completo', 'incompleto']).optional(),
  error_aprovisionamiento: z.string().optional(),
  /** What the failing step answered (e.g. 'Error HTTP: 500'), shown under the §8 message. */
  error_detalle: z.string().optional(),
  /** Steps already done, so a retry continues where it stopped. */
  tabla_creada: z.boolean().optional(),
  /** SQL for manual execution when the table could not be created (WordPress, Shopify). */
  sql_manual: z.string().optional(),
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

export const proyectoResumenSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  descripcion: z.string().nullable(),
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
  servicios: z.array(z.object({ id: z.string(), nombreInstancia: z.string(), tipoServicio: z.string() })),
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

/** Provisioning answers a job: its model is being replaced (issue 26 item 2), so this answer is not checked yet. */
const trabajoAprovisionamiento = sinComprobar<JobState<ResultadoAprovisionamiento>>();

const proyectoCampos = z
  .object({
    nombre: z.string().trim().min(1, tp.nombreObligatorio).max(200),
    planId: z.string({ message: tp.planObligatorio }).uuid(tp.planObligatorio),
    descripcion: z.string({ message: tp.descripcionObligatoria }).trim().min(1, tp.descripcionObligatoria).max(2000),
    empresaId: z.string({ message: tp.empresaObligatoria }).uuid(tp.empresaObligatoria),
    estado: z.enum(ESTADOS_PROYECTO, { message: tp.estadoObligatorio }),
    fechaInicio: fecha,
    fechaFin: fecha,
  })
  .refine((p) => !p.fechaInicio || !p.fechaFin || p.fechaFin >= p.fechaInicio, { message: tp.fechasInvalidas, path: ['fechaFin'] });

const servicioPedido = z
  .object({
    tipo: z.string().trim().regex(/^[a-z_]{3,50}$/),
    nombreInstancia: z.string().max(200),
    empresaWhatsappUuid: z.string().uuid().nullable().optional(),
  })
  .superRefine((s, ctx) => {
    const problema = validarNombreInstancia(s.tipo, s.nombreInstancia);
    if (problema) ctx.addIssue({ code: 'custom', message: problema, path: ['nombreInstancia'] });
  });

export const proyectos = {
  listar: op(z.array(proyectoResumenSchema))(z.object({})),
  obtener: op(proyectoResumenSchema)(z.object({ id })),
  crear: op(proyectoResumenSchema)(proyectoCampos),
  actualizar: op(proyectoResumenSchema)(z.intersection(z.object({ id }), proyectoCampos)),
  /** What depends on the project and what deleting it does (services, bot companies deactivated or kept, campaigns). */
  dependencias: op(dependenciasEliminacionSchema)(z.object({ id })),
  /** Deletes its services as 'Eliminar servicio' does (bot companies only it used are deactivated), then the project. */
  eliminar: op(resultadoEliminarProyectoSchema)(z.object({ id })),
  /** Details: status history (newest first) and the report aggregate of §3. */
  reporte: op(reporteProyectoSchema)(z.object({ id })),
  /** Active WhatsApp companies to choose from in 'Gestionar Servicios'. */
  empresasWhatsapp: op(z.array(empresaWhatsappOpcionSchema))(z.object({})),
  /** 'Aplicar Cambios': adds the services and provisions them as a job (progress, cancel). */
  aplicarServicios: op(trabajoAprovisionamiento)(
    z.object({ proyectoId: id, servicios: z.array(servicioPedido).min(1, tp.ningunServicio).max(20) }),
  ),
  /** 'Completar aprovisionamiento': retries the provisioning of an instance left incomplete. */
  reintentarAprovisionamiento: op(trabajoAprovisionamiento)(z.object({ instanciaId: z.string().min(1).max(200) })),
  eliminarServicio: op(z.object({ id: z.string(), empresaDesactivada: z.boolean() }))(z.object({ instanciaId: z.string().min(1).max(200) })),
} as const;
