/** Dashboard de Métricas (part 2 §2, §9): the dashboard of a period, its snapshot and the CSV report. */
import { z } from 'zod';
import { op } from '../../operaciones/define';
import { PERIODOS_DIAS } from './rules';
import { metricas as tm } from './texts';
import { dashboardMetricasSchema } from './formas';


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
