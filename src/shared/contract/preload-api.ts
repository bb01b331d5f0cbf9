/**
 * The shape of `window.api` on the desktop: the preload (src/preload/index.ts) exposes one function per
 * contract operation, each answering the transport Envelope (an AppError cannot cross contextBridge as a
 * class; the renderer's ipc client unwraps it). Platform-free: no Electron, no DOM, no Node.
 */
import { contract, type Area, type Contract, type InputOf, type OperationName, type OutputOf } from './index';
import type { Envelope } from './envelope';
import { esAreaCambio, type AreaCambio } from '../ports/cambios';

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

/** `window.cambios` on the desktop: live row-change notices for the page (issue 15 §2). */
export interface CambiosBridge {
  /** Calls `oyente` with the area whose rows changed (coalesced by the main process); answers the unsubscribe. */
  suscribir(oyente: (area: AreaCambio) => void): () => void;
}

/**
 * Builds `window.cambios` over the preload's listener on CAMBIOS_CHANNEL (`escuchar` registers one handler
 * and answers its removal). The page gets only a known area's name: no event object, no sender, no channel
 * of its choosing. Frozen.
 */
export function buildCambiosBridge(escuchar: (handler: (dato: unknown) => void) => () => void): CambiosBridge {
  return Object.freeze({
    suscribir(oyente: (area: AreaCambio) => void): () => void {
      if (typeof oyente !== 'function') throw new TypeError('suscribir espera una función');
      const dejar = escuchar((dato) => {
        if (esAreaCambio(dato)) oyente(dato);
      });
      let activo = true;
      return () => {
        if (!activo) return;
        activo = false;
        dejar();
      };
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
