/**
 * Reads behind the header: global search (three SQL functions) and derived notifications. The rows leave
 * here with the api's camelCase names; the SQL functions' column names stay in this file.
 */
import type { DataPort } from '../../ports';

export interface ClienteHit {
  id: number | string;
  nombre: string;
  apellido: string | null;
  email: string | null;
  telefono: string | null;
  empresa: string | null;
  campanaId: number | string | null;
}
export interface CampanaHit {
  id: number | string;
  nombre: string;
  minutos: number | null;
  createdAt: string | null;
}
export interface LlamadaHit {
  id: number | string;
  phone: string | null;
  conversationId: string | null;
  status: string | null;
  campana: number | string | null;
  createdAt: string | null;
}
export interface NotificacionRow {
  clave: string;
  tipo: 'campana_cerca' | 'campana_excedida' | 'llamadas_fallidas' | 'servicio_error' | string;
  referencia: string | null;
  nombre: string | null;
  detalle: Record<string, unknown> | null;
  fecha: string;
  leida: boolean;
}

function camelCase(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
}

export function shellRepository(data: DataPort) {
  // The search functions' columns (campana_id, conversation_id, created_at…) under the api's camelCase names.
  const search = <Hit>(fn: string, q: string, limite: number) =>
    data.run<Record<string, unknown>>({ kind: 'rpc', fn, args: { q, limite } }).then((r) => r.rows.map((row) => camelCase(row) as Hit));

  return {
    buscarClientes: (q: string, limite: number) => search<ClienteHit>('buscar_clientes', q, limite),
    buscarCampanas: (q: string, limite: number) => search<CampanaHit>('buscar_campanas', q, limite),
    buscarLlamadas: (q: string, limite: number) => search<LlamadaHit>('buscar_llamadas', q, limite),

    async notificacionesPendientes(): Promise<NotificacionRow[]> {
      return (await data.run<NotificacionRow>({ kind: 'rpc', fn: 'notificaciones_pendientes', args: {} })).rows;
    },

    async guardarEstado(operadorId: string, claves: string[], estado: { leida?: boolean; eliminada?: boolean }) {
      if (claves.length === 0) return;
      await data.run({
        kind: 'upsert',
        table: 'notificaciones_estado',
        onConflict: ['operador_id', 'clave'],
        rows: claves.map((clave) => ({ operador_id: operadorId, clave, ...estado, updated_at: new Date().toISOString() })),
      });
    },
  };
}
