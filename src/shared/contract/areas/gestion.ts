// Each area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../define.ts.
/** Projects, service provisioning, catalogue, client companies, plans, metrics (issue: projects). */
import { z } from 'zod';
import { op } from '../define';
import type { JobState } from '../../domain/jobs';
import {
  ESTADOS_PROYECTO,
  type DependenciasEliminacion,
  type EmpresaWhatsappOpcion,
  type ProyectoResumen,
  type ReporteProyecto,
  type ResultadoAprovisionamiento,
  type ResultadoEliminarProyecto,
} from '../../domain/proyectos';
import { CATEGORIAS_SERVICIO, ICONOS_SERVICIO, reglasServicio, type ServicioDisponible } from '../../domain/servicios';
import type { CredencialesPortal, Empresa } from '../../domain/empresas';
import type { EmpresaDePlan, Plan } from '../../domain/planes';
import { PERIODOS_DIAS, type DashboardMetricas } from '../../domain/metricas';
import { validarNombreInstancia } from '../../domain/bot-tablas';
import { proyectos as tp, servicios as ts, empresas as te, planes as tpl, metricas as tm } from '../../i18n/areas/gestion';

const id = z.string().uuid();
const fecha = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable()
  .optional();
const textoOpcional = z.string().trim().max(2000).nullable().optional();

const proyectoCampos = z
  .object({
    nombre: z.string().trim().min(1, tp.nombreObligatorio).max(200),
    plan_id: z.string({ message: tp.planObligatorio }).uuid(tp.planObligatorio),
    descripcion: z.string({ message: tp.descripcionObligatoria }).trim().min(1, tp.descripcionObligatoria).max(2000),
    empresa_id: z.string({ message: tp.empresaObligatoria }).uuid(tp.empresaObligatoria),
    estado: z.enum(ESTADOS_PROYECTO, { message: tp.estadoObligatorio }),
    fecha_inicio: fecha,
    fecha_fin: fecha,
  })
  .refine((p) => !p.fecha_inicio || !p.fecha_fin || p.fecha_fin >= p.fecha_inicio, { message: tp.fechasInvalidas, path: ['fecha_fin'] });

const servicioPedido = z
  .object({
    tipo: z.string().trim().regex(/^[a-z_]{3,50}$/),
    nombre_instancia: z.string().max(200),
    empresa_whatsapp_uuid: z.string().uuid().nullable().optional(),
  })
  .superRefine((s, ctx) => {
    const problema = validarNombreInstancia(s.tipo, s.nombre_instancia);
    if (problema) ctx.addIssue({ code: 'custom', message: problema, path: ['nombre_instancia'] });
  });

const conRegla = (regla: (v: string) => string | null) =>
  z.string().superRefine((v, ctx) => {
    const problema = regla(v);
    if (problema) ctx.addIssue({ code: 'custom', message: problema });
  });

const servicioCampos = z.object({
  nombre: conRegla(reglasServicio.nombre).transform((v) => v.trim()),
  tipo: conRegla(reglasServicio.tipo).transform((v) => v.trim()),
  descripcion: conRegla(reglasServicio.descripcion).transform((v) => v.trim()),
  categoria: z.enum(CATEGORIAS_SERVICIO, { message: ts.categoriaInvalida }),
  icono: z.enum(ICONOS_SERVICIO, { message: ts.iconoInvalido }),
  permite_multiple: z.boolean().default(false),
  activo: z.boolean().default(true),
  /** The form's JSON text: '' is {}; anything else must be a JSON object. */
  configuracion_default: conRegla(reglasServicio.configuracion),
});

const empresaCampos = {
  nombre: z.string().trim().min(1, te.nombreObligatorio).max(200),
  descripcion: textoOpcional,
  ruc: z.string().trim().max(50).nullable().optional(),
  direccion: textoOpcional,
  telefono: z.string().trim().max(50).nullable().optional(),
  email: z
    .string()
    .trim()
    .max(320)
    .refine((v) => v === '' || z.string().email().safeParse(v).success, te.emailInvalido)
    .nullable()
    .optional(),
  website: z.string().trim().max(500).nullable().optional(),
  logo_url: z.string().trim().max(1000).nullable().optional(),
  activo: z.boolean().default(true),
  usuario_cliente: z.string().trim().min(1, te.usuarioObligatorio).max(200),
};

const planCampos = z
  .object({
    title: z.string().max(200),
    description: z.string().max(2000),
    cost: z.coerce.number({ message: tpl.camposIncompletos }),
  })
  .refine((p) => p.title.trim() !== '' && p.description.trim() !== '' && Number.isFinite(p.cost) && p.cost > 0, { message: tpl.camposIncompletos });

const periodo = z.union([
  z.object({ dias: z.number().int().refine((d) => (PERIODOS_DIAS as readonly number[]).includes(d), tm.rangoInvalido) }),
  z
    .object({ desde: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, tm.rangoInvalido), hasta: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, tm.rangoInvalido) })
    .refine((p) => p.desde <= p.hasta, { message: tm.rangoInvalido }),
]);

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
  aplicarServicios: op<JobState<ResultadoAprovisionamiento>>()(
    z.object({ proyectoId: id, servicios: z.array(servicioPedido).min(1, tp.ningunServicio).max(20) }),
  ),
  /** 'Completar aprovisionamiento': retries the provisioning of an instance left incomplete. */
  reintentarAprovisionamiento: op<JobState<ResultadoAprovisionamiento>>()(z.object({ instanciaId: z.string().min(1).max(200) })),
  eliminarServicio: op<{ id: string; empresa_desactivada: boolean }>()(z.object({ instanciaId: z.string().min(1).max(200) })),
} as const;

export const servicios = {
  /** The whole catalogue (administration) or only the active services (project picker). */
  listar: op<ServicioDisponible[]>()(z.object({ soloActivos: z.boolean().optional() })),
  crear: op<ServicioDisponible>()(servicioCampos),
  actualizar: op<ServicioDisponible>()(z.intersection(z.object({ id }), servicioCampos)),
  cambiarEstado: op<ServicioDisponible>()(z.object({ id, activo: z.boolean() })),
} as const;

export const empresas = {
  listar: op<Empresa[]>()(z.object({})),
  /** Creating stores the password only as a bcrypt hash; the plain one is answered once for the operator to copy. */
  crear: op<{ empresa: Empresa; credenciales: CredencialesPortal }>()(
    z.object({ ...empresaCampos, contrasena_cliente: z.string().min(1, te.contrasenaObligatoria).max(200) }),
  ),
  /** Omit contrasena_cliente (or send '') to keep the stored one. */
  actualizar: op<{ empresa: Empresa; credenciales: CredencialesPortal | null }>()(
    z.object({ id, ...empresaCampos, contrasena_cliente: z.string().max(200).optional() }),
  ),
  cambiarEstado: op<Empresa>()(z.object({ id, activo: z.boolean() })),
  /** What depends on the company (projects, bot companies, its portal) for the delete dialog. */
  dependencias: op<DependenciasEliminacion>()(z.object({ id })),
  eliminar: op<{ id: string }>()(z.object({ id })),
  /** A new random password (crypto source), stored hashed, answered once. */
  restablecerContrasena: op<CredencialesPortal>()(z.object({ id })),
} as const;

export const planes = {
  listar: op<Plan[]>()(z.object({})),
  crear: op<Plan>()(planCampos),
  actualizar: op<Plan>()(z.intersection(z.object({ id }), planCampos)),
  /** What depends on the plan (projects, linked WordPress companies) for the delete dialog. */
  dependencias: op<DependenciasEliminacion>()(z.object({ id })),
  eliminar: op<{ id: string }>()(z.object({ id })),
  empresas: op<EmpresaDePlan[]>()(z.object({ planId: id })),
  desasociar: op<{ id: string }>()(z.object({ id })),
  /** WordPress-company assignment screen. */
  empresasWordpress: op<Array<{ uuid: string; name: string; table_supabase: string; status: boolean }>>()(z.object({})),
  asignarEmpresa: op<EmpresaDePlan>()(z.object({ planId: id, empresaWordpressUuid: id })),
} as const;

export const metricas = {
  dashboard: op<DashboardMetricas>()(z.object({ periodo })),
  /** 'Actualizar': stores today's snapshot in metricas_proyectos (upsert) and answers the dashboard. */
  actualizar: op<DashboardMetricas>()(z.object({ periodo })),
  /** The CSV report (first 10 projects, the listed columns). */
  exportar: op<{ nombreArchivo: string; contenido: string }>()(z.object({ periodo })),
} as const;
