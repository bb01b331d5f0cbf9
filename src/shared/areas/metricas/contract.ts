/** Dashboard de Métricas (part 2 §2, §9): the dashboard of a period, its snapshot and the CSV report. */
import { z } from 'zod';
import { op } from '../../contract/define';
import { PERIODOS_DIAS } from './rules';
import { metricas as tm } from './texts';

export const filaProyectoMetricasSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  estado: z.string(),
  progreso: z.number(),
  totalServicios: z.number(),
  serviciosActivos: z.number(),
  serviciosCompletados: z.number(),
  diasActivo: z.number(),
  ultimaActividad: z.string(),
});

export const dashboardMetricasSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  tarjetas: z.object({
    totalProyectos: z.number(),
    proyectosActivos: z.number(),
    proyectosCompletados: z.number(),
    totalServicios: z.number(),
    serviciosActivos: z.number(),
    progresoPromedio: z.number(),
    /** Projects created in the last month (§9 'monthly growth'). */
    crecimientoMensual: z.number(),
    serviciosRecientes: z.number(),
  }),
  /** Projects per status (all six, zeros included). */
  estadosProyectos: z.record(z.string(), z.number()),
  /** Services per status: activo, inactivo, en_proceso, completado, error; eliminados fixed at 0 (§9). */
  serviciosPorEstado: z.object({ activo: z.number(), inactivo: z.number(), en_proceso: z.number(), completado: z.number(), error: z.number(), eliminados: z.literal(0) }),
  serviciosPorCategoria: z.array(z.object({ categoria: z.string(), total: z.number() })),
  /** The last six months, oldest first: 'YYYY-MM'. */
  tendencia: z.array(z.object({ mes: z.string(), proyectos: z.number(), servicios: z.number() })),
  top: z.array(filaProyectoMetricasSchema),
  alertas: z.object({ proyectosLargos: z.number(), sinNuevos: z.boolean(), sinServicios: z.number(), serviciosError: z.number() }),
});

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, tm.rangoInvalido);

const periodo = z.union([
  z.object({ dias: z.number().int().refine((d) => (PERIODOS_DIAS as readonly number[]).includes(d), tm.rangoInvalido) }),
  z.object({ desde: dia, hasta: dia }).refine((p) => p.desde <= p.hasta, { message: tm.rangoInvalido }),
]);

export const metricas = {
  dashboard: op(dashboardMetricasSchema)(z.object({ periodo })),
  /** 'Actualizar': stores today's snapshot in metricas_proyectos (upsert) and answers the dashboard. */
  actualizar: op(dashboardMetricasSchema)(z.object({ periodo })),
  /** The CSV report (first 10 projects, the listed columns). */
  exportar: op(z.object({ nombreArchivo: z.string(), contenido: z.string() }))(z.object({ periodo })),
} as const;
