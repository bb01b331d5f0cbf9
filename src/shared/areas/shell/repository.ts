/** Reads behind the header: global search (three SQL functions) and derived notifications. */
import type { DataPort } from '../../ports';

export interface ClienteHit {
  id: number | string;
  nombre: string;
  apellido: string | null;
  email: string | null;
  telefono: string | null;
  empresa: string | null;
  campana_id: number | string | null;
}
export interface CampanaHit {
  id: number | string;
  nombre: string;
  minutos: number | null;
}
export interface LlamadaHit {
  id: number | string;
  phone: string | null;
  conversation_id: string | null;
  status: string | null;
  campana: number | string | null;
  created_at: string | null;
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

export function shellRepository(data: DataPort) {
  const search = <Row>(fn: string, q: string, limite: number) =>
    data.run<Row>({ kind: 'rpc', fn, args: { q, limite } }).then((r) => r.rows);

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
