/** Metrics dashboard (part 2 §2, §9): periods, alerts, the CSV report. Aggregates are computed in SQL. */
import type { z } from 'zod';
import { metricas as t } from './texts';
import type { dashboardMetricasSchema, filaProyectoMetricasSchema } from './formas';
import { ZONA_HORARIA, formatFechaHora } from '../../domain/dates';

export const PERIODOS_DIAS = [7, 30, 90, 180, 365] as const;
export type PeriodoDias = (typeof PERIODOS_DIAS)[number];
export const PERIODO_POR_DEFECTO: PeriodoDias = 30;
export const TOP_PROYECTOS = 10;

export type FilaProyectoMetricas = z.infer<typeof filaProyectoMetricasSchema>;

export type DashboardMetricas = z.infer<typeof dashboardMetricasSchema>;

export type RutaAlerta = '/dashboard/proyectos' | '/dashboard/proyectos/administrar-servicios';

export interface Alerta {
  tipo: 'proyectos_largos' | 'sin_nuevos' | 'sin_servicios' | 'servicios_error';
  color: 'yellow' | 'orange' | 'red' | 'blue';
  mensaje: string;
  accion: string;
  ruta: RutaAlerta;
}

/** The four alert rules (§9) with their navigation (§2). */
export function alertasDe(a: DashboardMetricas['alertas']): Alerta[] {
  const out: Alerta[] = [];
  if (a.proyectosLargos > 0) {
    out.push({ tipo: 'proyectos_largos', color: 'yellow', mensaje: t.alertaLargos(a.proyectosLargos), accion: t.verProyectos, ruta: '/dashboard/proyectos' });
  }
  if (a.sinNuevos) out.push({ tipo: 'sin_nuevos', color: 'blue', mensaje: t.alertaSinNuevos, accion: t.verProyectos, ruta: '/dashboard/proyectos' });
  if (a.sinServicios > 0) {
    out.push({ tipo: 'sin_servicios', color: 'orange', mensaje: t.alertaSinServicios(a.sinServicios), accion: t.verProyectos, ruta: '/dashboard/proyectos' });
  }
  if (a.serviciosError > 0) {
    out.push({ tipo: 'servicios_error', color: 'red', mensaje: t.alertaErrores(a.serviciosError), accion: t.verServicios, ruta: '/dashboard/proyectos/administrar-servicios' });
  }
  return out;
}

/** The calendar date in Bogotá ('YYYY-MM-DD'). */
export function fechaBogota(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONA_HORARIA, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** Bogotá is UTC−5 all year. */
const OFFSET_BOGOTA_MS = 5 * 3_600_000;

/** A period of the dashboard: the last N days, or a custom range of Bogotá days ('YYYY-MM-DD'). */
export type Periodo = { dias: number } | { desde: string; hasta: string };

/** The period as instants: the last N days up to now, or a custom range of whole Bogotá days. */
export function rangoPeriodo(periodo: Periodo, ahora: Date): { desde: string; hasta: string } {
  if ('dias' in periodo) {
    return { desde: new Date(ahora.getTime() - periodo.dias * 86_400_000).toISOString(), hasta: ahora.toISOString() };
  }
  const desde = new Date(`${periodo.desde}T00:00:00.000Z`).getTime() + OFFSET_BOGOTA_MS;
  const hasta = new Date(`${periodo.hasta}T00:00:00.000Z`).getTime() + OFFSET_BOGOTA_MS + 86_400_000 - 1;
  return { desde: new Date(desde).toISOString(), hasta: new Date(hasta).toISOString() };
}

/** One CSV field: quoted when it holds a separator, a quote or a line break; formula-looking text is defused. */
export function campoCsv(valor: string | number): string {
  let s = String(valor);
  if (typeof valor === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The report (§9): the first 10 projects, exactly the listed columns. */
export function reporteCsv(filas: readonly FilaProyectoMetricas[], etiquetaEstado: (e: string) => string): string {
  const lineas = [t.csvColumnas.map(campoCsv).join(',')];
  for (const f of filas.slice(0, TOP_PROYECTOS)) {
    lineas.push(
      [
        f.nombre,
        etiquetaEstado(f.estado),
        f.progreso,
        f.totalServicios,
        f.serviciosActivos,
        f.serviciosCompletados,
        f.diasActivo,
        formatFechaHora(f.ultimaActividad),
      ]
        .map(campoCsv)
        .join(','),
    );
  }
  return `${lineas.join('\r\n')}\r\n`;
}

export function nombreArchivoReporte(ahora: Date): string {
  return t.archivo(fechaBogota(ahora));
}
