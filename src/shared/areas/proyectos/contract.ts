/** Projects and the provisioning of their services (part 2 §2–§5, §7, §8). */
import { z } from 'zod';
import { op } from '../../contract/define';
import { fecha, id } from '../../contract/campos';
import type { TrabajoCon } from '../../domain/trabajos';
import {
  ESTADOS_PROYECTO,
  type DependenciasEliminacion,
  type EmpresaWhatsappOpcion,
  type ProyectoResumen,
  type ReporteProyecto,
  type ResultadoAprovisionamiento,
  type ResultadoEliminarProyecto,
} from './rules';
import { validarNombreInstancia } from '../../domain/bot-tablas';
import { proyectos as tp } from './texts';

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
  listar: op<ProyectoResumen[]>()(z.object({})),
  obtener: op<ProyectoResumen>()(z.object({ id })),
  crear: op<ProyectoResumen>()(proyectoCampos),
  actualizar: op<ProyectoResumen>()(z.intersection(z.object({ id }), proyectoCampos)),
  /** What depends on the project and what deleting it does (services, bot companies deactivated or kept, campaigns). */
  dependencias: op<DependenciasEliminacion>()(z.object({ id })),
  /** Deletes its services as 'Eliminar servicio' does (bot companies only it used are deactivated), then the project. */
  eliminar: op<ResultadoEliminarProyecto>()(z.object({ id })),
  /** Details: status history (newest first) and the report aggregate of §3. */
  reporte: op<ReporteProyecto>()(z.object({ id })),
  /** Active WhatsApp companies to choose from in 'Gestionar Servicios'. */
  empresasWhatsapp: op<EmpresaWhatsappOpcion[]>()(z.object({})),
  /** 'Aplicar Cambios': adds the services and provisions them as a job (progress, cancel). */
  aplicarServicios: op<TrabajoCon<ResultadoAprovisionamiento>>()(
    z.object({ proyectoId: id, servicios: z.array(servicioPedido).min(1, tp.ningunServicio).max(20) }),
  ),
  /** 'Completar aprovisionamiento': retries the provisioning of an instance left incomplete. */
  reintentarAprovisionamiento: op<TrabajoCon<ResultadoAprovisionamiento>>()(z.object({ instanciaId: z.string().min(1).max(200) })),
  eliminarServicio: op<{ id: string; empresaDesactivada: boolean }>()(z.object({ instanciaId: z.string().min(1).max(200) })),
} as const;
