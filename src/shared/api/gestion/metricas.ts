/** Dashboard de Métricas (part 2 §2, §9): computed in SQL; snapshot upsert; CSV report. */
import type { ApiDeps, ApiImplementation } from '../types';
import type { DataPort } from '../../ports';
import { metricas as t } from '../../i18n/areas/gestion';
import { nombreArchivoReporte, rangoPeriodo, reporteCsv, type DashboardMetricas } from '../../domain/metricas';
import { etiquetaEstadoProyecto } from '../../domain/proyectos';
import { conMensaje, num, sesion } from '../comun';

type Periodo = { dias: number } | { desde: string; hasta: string };

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

async function dashboard(data: DataPort, periodo: Periodo, ahora: Date): Promise<DashboardMetricas> {
  const rango = rangoPeriodo(periodo, ahora);
  const { rows } = await data.run<{ value: DashboardMetricas }>({
    kind: 'rpc',
    fn: 'metricas_dashboard',
    args: { p_desde: rango.desde, p_hasta: rango.hasta, p_ahora: ahora.toISOString() },
  });
  return normalizar(rows[0]!.value);
}

export function metricasApi({ backend, log }: ApiDeps): ApiImplementation['metricas'] {
  const ahora = () => (backend.now ?? (() => new Date()))();
  return {
    async dashboard(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCarga, () => dashboard(data, input.periodo, ahora()), log);
    },
    async actualizar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCarga, async () => {
        const momento = ahora();
        await data.run({ kind: 'rpc', fn: 'registrar_metricas_proyectos', args: { p_ahora: momento.toISOString() } });
        return dashboard(data, input.periodo, momento);
      }, log);
    },
    async exportar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorExportar, async () => {
        const momento = ahora();
        const d = await dashboard(data, input.periodo, momento);
        return { nombreArchivo: nombreArchivoReporte(momento), contenido: reporteCsv(d.top, etiquetaEstadoProyecto) };
      }, log);
    },
  };
}
