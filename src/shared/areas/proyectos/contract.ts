/** Projects and the provisioning of their services (part 2 §2–§5, §7, §8). */
import { z } from 'zod';
import { op } from '../../operaciones/define';
import { fecha, id } from '../../operaciones/campos';
import { trabajoCon } from '../../domain/trabajos';
import { ESTADOS_PROYECTO } from './rules';
import { validarNombreInstancia } from '../../domain/bot-tablas';
import {
  proyectoResumenSchema,
  reporteProyectoSchema,
  dependenciasEliminacionSchema,
  resultadoEliminarProyectoSchema,
  empresaWhatsappOpcionSchema,
  resultadoAprovisionamientoSchema,
} from './formas';
import { proyectos as tp } from './texts';

// ------------------------------------------------------------------------------------------------ answers


/** Provisioning answers a job (domain/trabajos.ts) whose `resultado`, once it ended, is what was provisioned. */
const trabajoAprovisionamiento = trabajoCon(resultadoAprovisionamientoSchema);

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
