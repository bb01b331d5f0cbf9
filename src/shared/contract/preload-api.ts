/**
 * The shape of `window.api` on the desktop: the preload (src/preload/index.ts) exposes one function per
 * contract operation, each answering the transport Envelope (an AppError cannot cross contextBridge as a
 * class; the renderer's ipc client unwraps it). Platform-free: no Electron, no DOM, no Node.
 */
import { contract, type Area, type Contract, type InputOf, type OperationName, type OutputOf } from './index';
import type { Envelope } from '../operaciones/envelope';
import { esAreaCambio, esEstadoCambios, type AreaCambio, type EstadoCambios } from '../ports/cambios';

export type PreloadApi = {
  [A in Area]: {
    [O in OperationName<A>]: (input: InputOf<Contract[A][O]>) => Promise<Envelope<OutputOf<Contract[A][O]>>>;
  };
};

/** What the renderer learns about where it runs (exposed as `window.platform` on the desktop). */
export interface PlatformInfo {
  kind: 'desktop';
}

/** Sends one call over the single IPC channel: (area, operation, input). */
export type PreloadInvoke = (area: string, name: string, input: unknown) => Promise<Envelope>;

/**
 * Builds the `window.api` object from the contract: only named operations, each a plain function (no
 * channel name, no ipcRenderer, nothing the page could redirect). The result is deeply frozen.
 */
export function buildPreloadApi(invoke: PreloadInvoke): PreloadApi {
  const api: Record<string, Record<string, (input: unknown) => Promise<Envelope>>> = {};
  for (const area of Object.keys(contract) as Area[]) {
    const group: Record<string, (input: unknown) => Promise<Envelope>> = {};
    for (const name of Object.keys(contract[area])) {
      group[name] = (input: unknown) => invoke(area, name, input === undefined ? {} : input);
    }
    api[area] = Object.freeze(group);
  }
  return Object.freeze(api) as unknown as PreloadApi;
}

/** The one channel the main process pushes live row-change notices on (the area's name, nothing else). */
export const CAMBIOS_CHANNEL = 'api:cambios';

/**
 * The channel the main process says on whether notices can come (EstadoCambios), and the page's preload asks
 * on for the current one (an empty message: the answer goes to the asking page only).
 */
export const CAMBIOS_ESTADO_CHANNEL = 'api:cambios-estado';

/** `window.cambios` on the desktop: live row-change notices for the page (issue 15 §2). */
export interface CambiosBridge {
  /** Calls `oyente` with the area whose rows changed (coalesced by the main process); answers the unsubscribe. */
  suscribir(oyente: (area: AreaCambio) => void): () => void;
  /**
   * Calls `oyente` with whether notices can come now ('en-vivo', 'conectando', 'sin-conexion'): the current
   * state soon after subscribing, then every change (issue 22 §3). Answers the unsubscribe.
   */
  suscribirEstado(oyente: (estado: EstadoCambios) => void): () => void;
}

/** The preload's two channels: `escuchar` registers one handler and answers its removal; `pedir` sends the ask. */
export interface CanalesCambios {
  escuchar(handler: (dato: unknown) => void): () => void;
  escucharEstado(handler: (dato: unknown) => void): () => void;
  pedirEstado(): void;
}

/** One subscription over `escuchar`, handing on only what `valido` accepts; its unsubscribe works once. */
function suscripcion<T>(escuchar: (handler: (dato: unknown) => void) => () => void, valido: (dato: unknown) => dato is T, oyente: (dato: T) => void): () => void {
  if (typeof oyente !== 'function') throw new TypeError('suscribir espera una función');
  const dejar = escuchar((dato) => {
    if (valido(dato)) oyente(dato);
  });
  let activo = true;
  return () => {
    if (!activo) return;
    activo = false;
    dejar();
  };
}

/**
 * Builds `window.cambios` over the preload's listeners on CAMBIOS_CHANNEL and CAMBIOS_ESTADO_CHANNEL. The page
 * gets only a known area's name or a known state: no event object, no sender, no channel of its choosing.
 * Frozen.
 */
export function buildCambiosBridge(c: CanalesCambios): CambiosBridge {
  return Object.freeze({
    suscribir: (oyente: (area: AreaCambio) => void) => suscripcion(c.escuchar, esAreaCambio, oyente),
    suscribirEstado(oyente: (estado: EstadoCambios) => void) {
      const dejar = suscripcion(c.escucharEstado, esEstadoCambios, oyente);
      c.pedirEstado();
      return dejar;
    },
  });
}

declare global {
  interface Window {
    /** Present only inside the desktop app (set by the preload). */
    api?: PreloadApi;
    platform?: PlatformInfo;
    cambios?: CambiosBridge;
  }
}
