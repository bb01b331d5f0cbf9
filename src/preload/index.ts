/**
 * The sandboxed preload: bundled into one CommonJS file (out/preload/index.cjs). It exposes, through
 * contextBridge, one function per contract operation under `window.api` and `window.platform`; never
 * ipcRenderer itself, never a channel name the page can choose, never a token.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNEL, type Envelope } from '../shared/contract/envelope';
import { buildPreloadApi, type PlatformInfo } from '../shared/contract/preload-api';

const api = buildPreloadApi(
  (area, name, input) => ipcRenderer.invoke(IPC_CHANNEL, area, name, input) as Promise<Envelope>,
);
const platform: PlatformInfo = { kind: 'desktop' };

contextBridge.exposeInMainWorld('api', api);
contextBridge.exposeInMainWorld('platform', platform);
