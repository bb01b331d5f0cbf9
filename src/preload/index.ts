/**
 * The sandboxed preload: bundled into one CommonJS file (out/preload/index.cjs). It exposes, through
 * contextBridge, one function per contract operation under `window.api`, `window.platform`, and the live
 * row-change notices under `window.cambios`; never
 * ipcRenderer itself, never a channel name the page can choose, never a token.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNEL, type Envelope } from '../shared/contract/envelope';
import { buildCambiosBridge, buildPreloadApi, CAMBIOS_CHANNEL, type PlatformInfo } from '../shared/contract/preload-api';

const api = buildPreloadApi(
  (area, name, input) => ipcRenderer.invoke(IPC_CHANNEL, area, name, input) as Promise<Envelope>,
);
const platform: PlatformInfo = { kind: 'desktop' };

// Live row-change notices: the page subscribes a callback and gets only an area's name (never the event).
const cambios = buildCambiosBridge((handler) => {
  const listener = (_event: unknown, dato: unknown) => handler(dato);
  ipcRenderer.on(CAMBIOS_CHANNEL, listener);
  return () => void ipcRenderer.removeListener(CAMBIOS_CHANNEL, listener);
});

contextBridge.exposeInMainWorld('api', api);
contextBridge.exposeInMainWorld('cambios', cambios);
contextBridge.exposeInMainWorld('platform', platform);
