/**
 * The embedded database's own notices (LISTEN/NOTIFY) as the backend's CambiosPort. The migration
 * 20261128001000_cambios_en_vivo.sql sends pg_notify('consola_cambios', <area>) once per statement on the
 * tables the calls and messages screens read; the connection (PGlite in its worker or in this thread,
 * node-postgres with a dedicated client) listens on that channel.
 */
import { esAreaCambio, type AreaCambio, type CambiosPort } from '../../shared/ports/cambios';

/** The channel the database's triggers notify. */
export const CANAL_CAMBIOS = 'consola_cambios';

/** A connection that can LISTEN: the callback gets each notice's payload; the answer stops listening. */
export interface Escuchable {
  escuchar(canal: string, oyente: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface CambiosDeBase {
  cambios: CambiosPort;
  /** Stops listening (before the connection closes). */
  cerrar(): Promise<void>;
}

/**
 * Listens at once (so nothing committed after this resolves is missed) and hands every notice naming a known
 * area to the subscribers. Anything else on the channel is ignored.
 */
export async function cambiosDeBase(db: Escuchable, log: (message: string, error?: unknown) => void = () => {}): Promise<CambiosDeBase> {
  const oyentes = new Set<(area: AreaCambio) => void>();
  const dejar = await db.escuchar(CANAL_CAMBIOS, (payload) => {
    if (!esAreaCambio(payload)) return;
    for (const oyente of [...oyentes]) {
      try {
        oyente(payload);
      } catch (error) {
        log('Aviso de cambios', error);
      }
    }
  });
  let cerrado = false;
  return {
    cambios: {
      suscribir(oyente) {
        oyentes.add(oyente);
        return () => void oyentes.delete(oyente);
      },
    },
    async cerrar() {
      if (cerrado) return;
      cerrado = true;
      oyentes.clear();
      await dejar().catch((error: unknown) => log('Fin de la escucha de cambios', error));
    },
  };
}
