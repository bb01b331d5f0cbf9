/**
 * Configuración → Actividad. auditoria_buscar starts with exigir_admin (administrators only; aal2 when the
 * agency demands it), so the rule holds for any client. The export is itself recorded.
 */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { conMensaje } from '../../operaciones/comun';
import { auditoria as t } from './texts';
import { buscarAuditoria } from './repository';
import { csvAuditoria } from './rules';
import { auditar } from './registrar';

/** The most rows one export carries (newest first): narrow the dates for more. */
export const EXPORTAR_MAX = 10_000;

export function auditoriaOperations({ log }: ApiDeps): AreaImplementation<'auditoria'> {
  return {
    buscar: (input, { data }) =>
      conMensaje(t.errorCargar, () => buscarAuditoria(data, input.filtros, input.porPagina, input.pagina * input.porPagina), log),

    exportarCsv: (input, { data }) =>
      conMensaje(t.errorExportar, async () => {
        const { filas } = await buscarAuditoria(data, input.filtros, EXPORTAR_MAX, 0);
        await auditar(data, 'exportar.actividad', null, { filas: filas.length, filtros: input.filtros }, log);
        return { csv: csvAuditoria(filas), filas: filas.length };
      }, log),
  };
}
