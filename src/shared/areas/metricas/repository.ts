/** The metrics SQL functions (metricas_dashboard, registrar_metricas_proyectos): the only module of the area that names them. */
import type { DataPort } from '../../ports';
import { num } from '../../api/comun';
import type { DashboardMetricas } from './rules';

function normalizar(d: DashboardMetricas): DashboardMetricas {
  const n = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'boolean' ? v : num(v)])) as T;
  return {
    desde: new Date(d.desde).toISOString(),
    hasta: new Date(d.hasta).toISOString(),
    tarjetas: n(d.tarjetas),
    estados_proyectos: n(d.estados_proyectos),
    servicios_por_estado: { ...n(d.servicios_por_estado), eliminados: 0 },
    servicios_por_categoria: d.servicios_por_categoria.map((c) => ({ categoria: c.categoria, total: num(c.total) })),
    tendencia: d.tendencia.map((m) => ({ mes: m.mes, proyectos: num(m.proyectos), servicios: num(m.servicios) })),
    top: d.top.map((p) => ({
      ...p,
      progreso: num(p.progreso),
      total_servicios: num(p.total_servicios),
      servicios_activos: num(p.servicios_activos),
      servicios_completados: num(p.servicios_completados),
      dias_activo: num(p.dias_activo),
      ultima_actividad: new Date(p.ultima_actividad).toISOString(),
    })),
    alertas: { ...n(d.alertas), sin_nuevos: Boolean(d.alertas.sin_nuevos) },
  };
}

/** The dashboard of the projects created in [desde, hasta], computed in SQL as of `ahora`. */
export async function leerDashboard(data: DataPort, rango: { desde: string; hasta: string }, ahora: Date): Promise<DashboardMetricas> {
  const { rows } = await data.run<{ value: DashboardMetricas }>({
    kind: 'rpc',
    fn: 'metricas_dashboard',
    args: { p_desde: rango.desde, p_hasta: rango.hasta, p_ahora: ahora.toISOString() },
  });
  return normalizar(rows[0]!.value);
}

/** Today's snapshot of every project (one row per project and day: an upsert). */
export async function registrarInstantanea(data: DataPort, ahora: Date): Promise<void> {
  await data.run({ kind: 'rpc', fn: 'registrar_metricas_proyectos', args: { p_ahora: ahora.toISOString() } });
}
