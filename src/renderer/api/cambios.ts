/**
 * Live screens (issue 15 §2), the renderer's half: where row-change notices come from and which reads they
 * refresh. On the desktop the preload's `window.cambios` (IPC events from the main process); in a browser
 * served by the HTTP host, the server-sent events of GET /api/cambios. Both are already coalesced per area by
 * the Node side (a burst of 1,000 changes is a few notices); no polling anywhere.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Area } from '../../shared/contract';
import { clave } from './queries';
import { AREAS_CAMBIO, esAreaCambio, type AreaCambio } from '../../shared/ports/cambios';

/** The HTTP host's stream (src/main/serve.ts CAMBIOS_PATH). */
export const RUTA_CAMBIOS = '/api/cambios';

/**
 * The contract areas whose reads show each notice's rows: the calls area (statuses, badges, consumption,
 * Resumen, batches), and for messages also the WhatsApp summary, which reads the same summary tables.
 */
export const AREAS_A_REFRESCAR: Readonly<Record<AreaCambio, readonly Area[]>> = {
  llamadas: ['llamadas'],
  mensajes: ['mensajes', 'whatsappResumen'],
};

export interface OyenteCambios {
  /** Rows of this area changed. */
  cambio(area: AreaCambio): void;
  /** The stream came back after a break: notices may have been missed, so every live area is stale. */
  reconectado(): void;
}

type FabricaEventSource = (url: string) => EventSource;

export interface FuenteCambios {
  puente?: Window['cambios'];
  eventSource?: FabricaEventSource | null;
}

function fuentePorDefecto(): FuenteCambios {
  if (typeof window === 'undefined') return {};
  return {
    ...(window.cambios ? { puente: window.cambios } : {}),
    eventSource: typeof EventSource === 'function' ? (url) => new EventSource(url) : null,
  };
}

/**
 * Subscribes `oyente` to the notices of whichever transport this page has; answers the unsubscribe. Without
 * either (a static web build, tests), nothing happens. An SSE stream refused for good (401 after signing out,
 * 404 on a host without it) is not retried here: the hook subscribes again on the next sign-in.
 */
export function suscribirCambios(oyente: OyenteCambios, fuente: FuenteCambios = fuentePorDefecto()): () => void {
  if (fuente.puente) return fuente.puente.suscribir((area) => oyente.cambio(area));
  if (!fuente.eventSource) return () => {};
  const stream = fuente.eventSource(RUTA_CAMBIOS);
  let cortado = false;
  stream.addEventListener('cambio', (event) => {
    const area = (event as MessageEvent<unknown>).data;
    if (esAreaCambio(area)) oyente.cambio(area);
  });
  stream.addEventListener('error', () => {
    cortado = true;
  });
  stream.addEventListener('open', () => {
    if (!cortado) return;
    cortado = false;
    oyente.reconectado();
  });
  return () => stream.close();
}

/** Every contract area a notice can refresh (after a reconnection all of them are stale). */
export const TODAS_LAS_AREAS_EN_VIVO: readonly Area[] = [...new Set(AREAS_CAMBIO.flatMap((area) => AREAS_A_REFRESCAR[area]))];

/**
 * What a notice does to the data cache: invalidate the reads of its areas (those on screen refetch at once,
 * the rest are marked stale); after a reconnection, of every live area.
 */
export function refrescarConsultas(queryClient: Pick<QueryClient, 'invalidateQueries'>): OyenteCambios {
  const refrescar = (areas: readonly Area[]) => {
    for (const area of areas) void queryClient.invalidateQueries({ queryKey: clave(area) });
  };
  return {
    cambio: (area) => refrescar(AREAS_A_REFRESCAR[area]),
    reconectado: () => refrescar(TODAS_LAS_AREAS_EN_VIVO),
  };
}
