/**
 * The sandboxed preload: bundled into one CommonJS file (out/preload/index.cjs). It exposes, through
 * contextBridge, one function per contract operation under `window.api`, `window.platform`, and the live
 * row-change notices under `window.cambios`; never
 * ipcRenderer itself, never a channel name the page can choose, never a token.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNEL, type Envelope } from '../shared/operaciones/envelope';
import { buildCambiosBridge, buildPreloadApi, CAMBIOS_CHANNEL, CAMBIOS_ESTADO_CHANNEL, type PlatformInfo } from '../shared/contract/preload-api';

const api = buildPreloadApi(
  (area, name, input) => ipcRenderer.invoke(IPC_CHANNEL, area, name, input) as Promise<Envelope>,
);
const platform: PlatformInfo = { kind: 'desktop' };

// Live row-change notices: the page subscribes a callback and gets only an area's name or the live state
// (never the event).
const escucharEn = (canal: string) => (handler: (dato: unknown) => void) => {
  const listener = (_event: unknown, dato: unknown) => handler(dato);
  ipcRenderer.on(canal, listener);
  return () => void ipcRenderer.removeListener(canal, listener);
};
const cambios = buildCambiosBridge({
  escuchar: escucharEn(CAMBIOS_CHANNEL),
  escucharEstado: escucharEn(CAMBIOS_ESTADO_CHANNEL),
  pedirEstado: () => ipcRenderer.send(CAMBIOS_ESTADO_CHANNEL),
});

contextBridge.exposeInMainWorld('api', api);
contextBridge.exposeInMainWorld('cambios', cambios);
contextBridge.exposeInMainWorld('platform', platform);
