/**
 * Row changes, as the database announces them (issue 15 §2): the embedded database's NOTIFY on the channel
 * 'consola_cambios' (supabase/migrations/20261128001000_cambios_en_vivo.sql), hosted Supabase's Realtime.
 * A notice names only the contract area whose screens read the changed table: nothing of the row travels.
 */
export const AREAS_CAMBIO = ['llamadas', 'mensajes'] as const;
export type AreaCambio = (typeof AREAS_CAMBIO)[number];

export const esAreaCambio = (valor: unknown): valor is AreaCambio => (AREAS_CAMBIO as readonly unknown[]).includes(valor);

export interface CambiosPort {
  /** Calls `listener` once per notice (bursts are coalesced further up, by whoever shows them). Returns the unsubscribe. */
  suscribir(listener: (area: AreaCambio) => void): () => void;
}
