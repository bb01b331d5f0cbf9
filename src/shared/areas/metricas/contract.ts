/** Dashboard de Métricas (part 2 §2, §9): the dashboard of a period, its snapshot and the CSV report. */
import { z } from 'zod';
import { op } from '../../contract/define';
import { PERIODOS_DIAS, type DashboardMetricas } from './rules';
import { metricas as tm } from './texts';

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, tm.rangoInvalido);

const periodo = z.union([
  z.object({ dias: z.number().int().refine((d) => (PERIODOS_DIAS as readonly number[]).includes(d), tm.rangoInvalido) }),
  z.object({ desde: dia, hasta: dia }).refine((p) => p.desde <= p.hasta, { message: tm.rangoInvalido }),
]);

export const metricas = {
  dashboard: op<DashboardMetricas>()(z.object({ periodo })),
  /** 'Actualizar': stores today's snapshot in metricas_proyectos (upsert) and answers the dashboard. */
  actualizar: op<DashboardMetricas>()(z.object({ periodo })),
  /** The CSV report (first 10 projects, the listed columns). */
  exportar: op<{ nombreArchivo: string; contenido: string }>()(z.object({ periodo })),
} as const;
