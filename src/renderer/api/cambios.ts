/**
 * Live screens (issue 15 §2), the renderer's half: where row-change notices come from and which reads they
 * refresh. On the desktop the preload's `window.cambios` (IPC events from the main process); in a browser
 * served by the HTTP host, the server-sent events of GET /api/cambios. Both are already coalesced per area by
 * the Node side (a burst of 1,000 changes is a few notices). Both also say whether notices can come at all: when
 * they cannot (hosted Realtime unreachable, the stream cut), and only then, the live areas are refreshed on a
 * slow timer and the header says so (respaldoSinEnVivo).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Area } from '../../shared/contract';
import { clave } from './queries';
import { AREAS_CAMBIO, esAreaCambio, esEstadoCambios, type AreaCambio, type EstadoCambios } from '../../shared/ports/cambios';

/** The HTTP host's stream (src/main/serve.ts CAMBIOS_PATH). */
export const RUTA_CAMBIOS = '/api/cambios';

/**
 * The contract areas whose reads show each notice's rows: the calls area (statuses, badges, consumption,
 * Resumen, batches), and for messages also the WhatsApp summary, which reads the same summary tables.
 */
export const AREAS_A_REFRESCAR: Readonly<Record<AreaCambio, readonly Area[]>> = {
  llamadas: ['llamadas'],
  mensajes: ['mensajes', 'whatsappResumen'],
  auditoria: ['auditoria'],
};

export interface OyenteCambios {
  /** Rows of this area changed. */
  cambio(area: AreaCambio): void;
  /**
   * Whether notices can come now: 'conectando' at first and while the transport reopens, then what the Node
   * side says of its own source (hosted Realtime may be down); 'sin-conexion' while the transport itself is
   * down or refused.
   */
  estado(estado: EstadoCambios): void;
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
 * Subscribes `oyente` to the notices of whichever transport this page has, and to whether they can come;
 * answers the unsubscribe. Without either transport (a static web build) nothing can come: 'sin-conexion'. An
 * SSE stream refused for good (401 after signing out, 404 on a host without it) is not retried here (the hook
 * subscribes again on the next sign-in); a stream cut is retried by the browser, and is 'sin-conexion' until
 * it reopens and the server says again.
 */
export function suscribirCambios(oyente: OyenteCambios, fuente: FuenteCambios = fuentePorDefecto()): () => void {
  oyente.estado('conectando');
  if (fuente.puente) {
    const dejar = fuente.puente.suscribir((area) => oyente.cambio(area));
    const dejarEstado = fuente.puente.suscribirEstado((estado) => oyente.estado(estado));
    return () => {
      dejarEstado();
      dejar();
    };
  }
  if (!fuente.eventSource) {
    oyente.estado('sin-conexion');
    return () => {};
  }
  const stream = fuente.eventSource(RUTA_CAMBIOS);
  stream.addEventListener('cambio', (event) => {
    const area = (event as MessageEvent<unknown>).data;
    if (esAreaCambio(area)) oyente.cambio(area);
  });
  stream.addEventListener('estado', (event) => {
    const estado = (event as MessageEvent<unknown>).data;
    if (esEstadoCambios(estado)) oyente.estado(estado);
  });
  // Until the server says, after a reopening, whether its own source listens.
  stream.addEventListener('open', () => oyente.estado('conectando'));
  stream.addEventListener('error', () => oyente.estado('sin-conexion'));
  return () => stream.close();
}

/** Every contract area a notice can refresh (after a break, or on each slow refresh, all of them are stale). */
export const TODAS_LAS_AREAS_EN_VIVO: readonly Area[] = [...new Set(AREAS_CAMBIO.flatMap((area) => AREAS_A_REFRESCAR[area]))];

export interface Refresco {
  /** Rows of one area changed: its reads. */
  cambio(area: AreaCambio): void;
  /** Notices may have been missed: every live area's reads. */
  todas(): void;
}

/**
 * What a notice does to the data cache: invalidate the reads of its areas (those on screen refetch at once,
 * the rest are marked stale); when notices may have been missed, of every live area.
 */
export function refrescarConsultas(queryClient: Pick<QueryClient, 'invalidateQueries'>): Refresco {
  const refrescar = (areas: readonly Area[]) => {
    for (const area of areas) void queryClient.invalidateQueries({ queryKey: clave(area) });
  };
  return {
    cambio: (area) => refrescar(AREAS_A_REFRESCAR[area]),
    todas: () => refrescar(TODAS_LAS_AREAS_EN_VIVO),
  };
}

/** How often the live areas are refreshed while notices cannot come (the notice on screen names it). */
export const INTERVALO_RESPALDO_MS = 15_000;
/**
 * How long 'conectando' may last before the notice shows (the refresh runs from the start): opening the stream
 * and the Node side's own subscription take a moment, and a notice flashing on every page load would be noise.
 */
export const GRACIA_CONECTANDO_MS = 5_000;

/** Timers, injectable so tests decide when they fire. */
export interface Temporizador {
  /** Runs fn once after ms; answers the function that cancels it. */
  programar(fn: () => void, ms: number): () => void;
}

export const TEMPORIZADOR_REAL: Temporizador = {
  programar(fn, ms) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

export interface OpcionesRespaldo {
  /** Invalidates every live area's reads. */
  refrescarTodas(): void;
  /** Whether the notice 'Sin actualizaciones en vivo…' should be on screen now (called on each change). */
  alAviso(visible: boolean): void;
  temporizador?: Temporizador;
  intervaloMs?: number;
  graciaMs?: number;
}

export interface Respaldo {
  /** The transport's latest state (OyenteCambios.estado). */
  estado(estado: EstadoCambios): void;
  /** Stops every timer (the page signs out or unmounts). */
  cerrar(): void;
}

/**
 * The fallback when live notices cannot come (issue 22 §3): nothing on screen may wait for an event that will
 * not arrive. While the state is not 'en-vivo' every live area is refreshed each `intervaloMs`, and the notice
 * shows ('sin-conexion' at once, 'conectando' after `graciaMs`); back 'en-vivo', the refresh stops, the notice
 * goes, and — if notices were live before or the source was down — every live area is refreshed once, since
 * changes made meanwhile were announced to nobody.
 */
export function respaldoSinEnVivo(opciones: OpcionesRespaldo): Respaldo {
  const temporizador = opciones.temporizador ?? TEMPORIZADOR_REAL;
  const intervaloMs = opciones.intervaloMs ?? INTERVALO_RESPALDO_MS;
  const graciaMs = opciones.graciaMs ?? GRACIA_CONECTANDO_MS;
  let actual: EstadoCambios | null = null;
  let perdido = false;
  let aviso = false;
  let pararSondeo: (() => void) | null = null;
  let pararGracia: (() => void) | null = null;
  let cerrado = false;

  const fijarAviso = (visible: boolean) => {
    if (visible === aviso) return;
    aviso = visible;
    opciones.alAviso(visible);
  };
  const sondear = () => {
    pararSondeo = temporizador.programar(() => {
      opciones.refrescarTodas();
      sondear();
    }, intervaloMs);
  };
  const cancelarGracia = () => {
    pararGracia?.();
    pararGracia = null;
  };

  return {
    estado(estado) {
      if (cerrado || estado === actual) return;
      const antes = actual;
      actual = estado;
      if (estado === 'en-vivo') {
        pararSondeo?.();
        pararSondeo = null;
        cancelarGracia();
        fijarAviso(false);
        if (perdido) opciones.refrescarTodas();
        return;
      }
      if (antes === 'en-vivo' || estado === 'sin-conexion') perdido = true;
      if (!pararSondeo) sondear();
      if (estado === 'sin-conexion') {
        cancelarGracia();
        fijarAviso(true);
      } else if (!aviso && !pararGracia) {
        pararGracia = temporizador.programar(() => {
          pararGracia = null;
          fijarAviso(true);
        }, graciaMs);
      }
    },
    cerrar() {
      cerrado = true;
      pararSondeo?.();
      pararSondeo = null;
      cancelarGracia();
    },
  };
}
