/** Dashboard de Métricas (part 2 §2, §9): computed in SQL; snapshot upsert; CSV report. */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import type { DataPort } from '../../ports';
import { conMensaje } from '../../operaciones/comun';
import { metricas as t } from './texts';
import { nombreArchivoReporte, rangoPeriodo, reporteCsv, type Periodo } from './rules';
import { etiquetaEstadoProyecto } from '../proyectos/rules';
import { leerDashboard, registrarInstantanea } from './repository';

const dashboard = (data: DataPort, periodo: Periodo, ahora: Date) => leerDashboard(data, rangoPeriodo(periodo, ahora), ahora);

export function metricasOperations({ backend, log }: ApiDeps): AreaImplementation<'metricas'> {
  const ahora = () => (backend.now ?? (() => new Date()))();
  return {
    dashboard: (input, { data }) => conMensaje(t.errorCarga, () => dashboard(data, input.periodo, ahora()), log),

    actualizar: (input, { data }) =>
      conMensaje(t.errorCarga, async () => {
        const momento = ahora();
        await registrarInstantanea(data, momento);
        return dashboard(data, input.periodo, momento);
      }, log),

    exportar: (input, { data }) =>
      conMensaje(t.errorExportar, async () => {
        const momento = ahora();
        const d = await dashboard(data, input.periodo, momento);
        return { nombreArchivo: nombreArchivoReporte(momento), contenido: reporteCsv(d.top, etiquetaEstadoProyecto) };
      }, log),
  };
}
