/** The metrics SQL functions (metricas_dashboard, registrar_metricas_proyectos): the only module of the area that names them. */
import type { DataPort } from '../../ports';
import { numero } from '../../operaciones/filas';
import type { DashboardMetricas } from './rules';

/** metricas_dashboard's JSON as SQL builds it (snake_case keys, numbers possibly as text). */
type Fila = Record<string, unknown>;
const obj = (v: unknown): Fila => (v && typeof v === 'object' ? (v as Fila) : {});
const lista = (v: unknown): Fila[] => (Array.isArray(v) ? (v as Fila[]) : []);
const conteos = (o: unknown) => Object.fromEntries(Object.entries(obj(o)).map(([k, v]) => [k, numero(v)]));

function normalizar(d: Fila): DashboardMetricas {
  const tarjetas = obj(d.tarjetas);
  const porEstado = obj(d.servicios_por_estado);
  const alertas = obj(d.alertas);
  return {
    desde: new Date(String(d.desde)).toISOString(),
    hasta: new Date(String(d.hasta)).toISOString(),
    tarjetas: {
      totalProyectos: numero(tarjetas.total_proyectos),
      proyectosActivos: numero(tarjetas.proyectos_activos),
      proyectosCompletados: numero(tarjetas.proyectos_completados),
      totalServicios: numero(tarjetas.total_servicios),
      serviciosActivos: numero(tarjetas.servicios_activos),
      progresoPromedio: numero(tarjetas.progreso_promedio),
      crecimientoMensual: numero(tarjetas.crecimiento_mensual),
      serviciosRecientes: numero(tarjetas.servicios_recientes),
    },
    // Keyed by status value (activo, en_proceso…): data, not column names.
    estadosProyectos: conteos(d.estados_proyectos),
    serviciosPorEstado: {
      activo: numero(porEstado.activo),
      inactivo: numero(porEstado.inactivo),
      en_proceso: numero(porEstado.en_proceso),
      completado: numero(porEstado.completado),
      error: numero(porEstado.error),
      eliminados: 0,
    },
    serviciosPorCategoria: lista(d.servicios_por_categoria).map((c) => ({ categoria: String(c.categoria), total: numero(c.total) })),
    tendencia: lista(d.tendencia).map((m) => ({ mes: String(m.mes), proyectos: numero(m.proyectos), servicios: numero(m.servicios) })),
    top: lista(d.top).map((p) => ({
      id: String(p.id),
      nombre: String(p.nombre),
      estado: String(p.estado),
      progreso: numero(p.progreso),
      totalServicios: numero(p.total_servicios),
      serviciosActivos: numero(p.servicios_activos),
      serviciosCompletados: numero(p.servicios_completados),
      diasActivo: numero(p.dias_activo),
      ultimaActividad: new Date(String(p.ultima_actividad)).toISOString(),
    })),
    alertas: {
      proyectosLargos: numero(alertas.proyectos_largos),
      sinNuevos: Boolean(alertas.sin_nuevos),
      sinServicios: numero(alertas.sin_servicios),
      serviciosError: numero(alertas.servicios_error),
    },
  };
}

/** The dashboard of the projects created in [desde, hasta], computed in SQL as of `ahora`. */
export async function leerDashboard(data: DataPort, rango: { desde: string; hasta: string }, ahora: Date): Promise<DashboardMetricas> {
  const { rows } = await data.run<{ value: Fila }>({
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
