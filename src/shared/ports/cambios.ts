/**
 * Row changes, as the database announces them (issue 15 §2): the embedded database's NOTIFY on the channel
 * 'consola_cambios' (supabase/migrations/20261128001000_cambios_en_vivo.sql), hosted Supabase's Realtime.
 * A notice names only the contract area whose screens read the changed table: nothing of the row travels.
 */
export const AREAS_CAMBIO = ['llamadas', 'mensajes', 'auditoria'] as const;
export type AreaCambio = (typeof AREAS_CAMBIO)[number];

export const esAreaCambio = (valor: unknown): valor is AreaCambio => (AREAS_CAMBIO as readonly unknown[]).includes(valor);

/**
 * Whether notices can arrive now (issue 22 §3): 'en-vivo' once the source really listens (Realtime's channel
 * answered SUBSCRIBED, the database LISTENs), 'conectando' while it is being opened, 'sin-conexion' when it is
 * down, refused or absent. Anything but 'en-vivo' means a change may go unannounced: the renderer then
 * refreshes on a slow timer and says so.
 */
export const ESTADOS_CAMBIOS = ['en-vivo', 'conectando', 'sin-conexion'] as const;
export type EstadoCambios = (typeof ESTADOS_CAMBIOS)[number];

export const esEstadoCambios = (valor: unknown): valor is EstadoCambios => (ESTADOS_CAMBIOS as readonly unknown[]).includes(valor);

export interface CambiosPort {
  /** Calls `listener` once per notice (bursts are coalesced further up, by whoever shows them). Returns the unsubscribe. */
  suscribir(listener: (area: AreaCambio) => void): () => void;
  /**
   * Calls `oyente` at once with the source's state and again on every change; returns the unsubscribe. A source
   * without it (the embedded database's LISTEN, which is there as long as the database is) is always 'en-vivo'.
   */
  estado?(oyente: (estado: EstadoCambios) => void): () => void;
}

/** The state of `port` (see CambiosPort.estado), for sources that do not report one: always 'en-vivo'. */
export function seguirEstado(port: CambiosPort, oyente: (estado: EstadoCambios) => void): () => void {
  if (port.estado) return port.estado(oyente);
  oyente('en-vivo');
  return () => {};
}
