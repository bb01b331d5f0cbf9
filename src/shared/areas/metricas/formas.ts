/**
 * What the metricas operations answer, declared once as zod schemas (the types are inferred from them). Their
 * own module, beside the contract that uses them: ./rules.ts names these types and the contract needs the
 * rules, so declaring them in contract.ts would make an import cycle (tests/unit/import-cycles.test.ts).
 */
import { z } from 'zod';

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
