/**
 * Header operations: global search (§2.4, §5, §9) and notifications derived from the data.
 * Each search source runs on its own so a failing one is skipped (§8) while the others still answer.
 */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { shellRepository, type NotificacionRow } from './repository';
import { SEARCH_LIMITS, normalizeSearchQuery, type SearchResult } from '../../domain/search';
import type { AppNotification, NotificationType } from './rules';
import { formatFechaHora } from '../../domain/dates';
import { etiquetaEstadoLlamada } from '../llamadas/rules';
import { notificaciones as t } from "./texts";

function joinParts(...parts: Array<string | null | undefined>): string {
  return parts.filter((p): p is string => Boolean(p && p.trim())).join(' · ');
}

export function toNotification(row: NotificacionRow): AppNotification | null {
  const d = (row.detalle ?? {}) as Record<string, unknown>;
  const num = (key: string) => Number(d[key] ?? 0);
  const base = { id: row.clave, time: new Date(row.fecha).toISOString(), read: row.leida };
  const nombre = row.nombre ?? '';
  switch (row.tipo) {
    case 'campana_cerca':
      return { ...base, type: 'warning', title: t.campanaCercaTitulo, message: t.campanaCerca(nombre, num('consumidos'), num('tope')), link: '/dashboard/equipo' };
    case 'campana_excedida':
      return { ...base, type: 'error', title: t.campanaExcedidaTitulo, message: t.campanaExcedida(nombre, num('consumidos'), num('tope')), link: '/dashboard/equipo' };
    case 'llamadas_fallidas':
      return { ...base, type: 'warning', title: t.llamadasFallidasTitulo, message: t.llamadasFallidas(num('cantidad')), link: '/dashboard/resumen' };
    case 'servicio_error':
      return { ...base, type: 'error' as NotificationType, title: t.servicioErrorTitulo, message: t.servicioError(nombre, String(d.proyecto ?? '')), link: '/dashboard/proyectos' };
    default:
      return null; // a kind this version does not know yet is not shown rather than shown wrong
  }
}

export function shellOperations({ log }: ApiDeps): AreaImplementation<'shell'> {
  return {
    async buscar(input, ctx) {
      const q = normalizeSearchQuery(input.q);
      if (!q) return [];
      const repo = shellRepository(ctx.data);
      const [clientes, campanas, llamadas] = await Promise.allSettled([
        repo.buscarClientes(q, SEARCH_LIMITS.cliente),
        repo.buscarCampanas(q, SEARCH_LIMITS.campana),
        repo.buscarLlamadas(q, SEARCH_LIMITS.llamada),
      ]);
      const results: SearchResult[] = [];
      if (clientes.status === 'fulfilled') {
        for (const c of clientes.value.slice(0, SEARCH_LIMITS.cliente)) {
          results.push({
            id: String(c.id),
            type: 'cliente',
            title: joinParts(c.nombre, c.apellido).replace(' · ', ' '),
            subtitle: joinParts(c.email, c.telefono, c.empresa),
            data: { ...c },
          });
        }
      } else log('búsqueda de clientes falló', clientes.reason);
      if (campanas.status === 'fulfilled') {
        for (const c of campanas.value.slice(0, SEARCH_LIMITS.campana)) {
          results.push({ id: String(c.id), type: 'campana', title: c.nombre, subtitle: `${c.minutos ?? 0} minutos`, data: { ...c } });
        }
      } else log('búsqueda de campañas falló', campanas.reason);
      if (llamadas.status === 'fulfilled') {
        for (const l of llamadas.value.slice(0, SEARCH_LIMITS.llamada)) {
          results.push({
            id: String(l.id),
            type: 'llamada',
            title: l.phone ?? l.conversationId ?? String(l.id),
            // The status in Spanish (the stored value stays in data.status).
            subtitle: joinParts(etiquetaEstadoLlamada(l.status), l.createdAt ? formatFechaHora(l.createdAt) : null),
            data: { ...l },
          });
        }
      } else log('búsqueda de llamadas falló', llamadas.reason);
      return results;
    },

    async notificaciones(_input, ctx) {
      const rows = await shellRepository(ctx.data).notificacionesPendientes();
      return rows.map(toNotification).filter((n): n is AppNotification => n !== null);
    },

    async marcarLeida(input, ctx) {
      await shellRepository(ctx.data).guardarEstado(ctx.session.operator.id, [input.id], { leida: true });
      return null;
    },

    async marcarTodasLeidas(_input, ctx) {
      const repo = shellRepository(ctx.data);
      const unread = (await repo.notificacionesPendientes()).filter((n) => !n.leida).map((n) => n.clave);
      await repo.guardarEstado(ctx.session.operator.id, unread, { leida: true });
      return null;
    },

    async eliminarNotificacion(input, ctx) {
      await shellRepository(ctx.data).guardarEstado(ctx.session.operator.id, [input.id], { eliminada: true });
      return null;
    },
  };
}
