/**
 * Binds the contract to Electron's IPC: ONE ipcMain.handle on IPC_CHANNEL. The sender frame is checked
 * on every call (see ipc-handler.ts); the session token stays in the main process, per webContents.
 */
import { ipcMain, type WebContents } from 'electron';
import { IPC_CHANNEL } from '../shared/operaciones/envelope';
import { CAMBIOS_CHANNEL, CAMBIOS_ESTADO_CHANNEL } from '../shared/contract/preload-api';
import type { CambiosPort, EstadoCambios } from '../shared/ports';
import type { Host } from './host';
import { crearManejadorIpc, type IpcHandler } from './ipc-handler';
import { coalescerCambios, type OpcionesCoalescer } from './cambios/coalescer';
import { isAppUrl } from './ventana/security';

export function registerIpc(
  host: Pick<Host, 'dispatch'>,
  options: { devServerUrl?: string; log?: (message: string) => void } = {},
): { handler: IpcHandler; dispose(): void } {
  const handler = crearManejadorIpc({ dispatch: host.dispatch, ...options });
  ipcMain.removeHandler(IPC_CHANNEL);
  ipcMain.handle(IPC_CHANNEL, (event, area: unknown, name: unknown, input: unknown) =>
    handler.handle(event, area, name, input),
  );
  return {
    handler,
    dispose: () => ipcMain.removeHandler(IPC_CHANNEL),
  };
}

/**
 * Live screens on the desktop (issue 15 §2): the host's row-change notices, coalesced per area, are sent to
 * the window on the one fixed channel CAMBIOS_CHANNEL, only while it shows one of our pages (app://app/, or
 * the exact dev server in development). Only the area's name travels. The preload hands them to
 * `window.cambios.suscribir`. Whether notices can come at all (hosted Realtime may be down) goes on
 * CAMBIOS_ESTADO_CHANNEL when it changes and whenever that page asks (`window.cambios.suscribirEstado` asks once
 * it listens: a page loaded later must not wait for the next change). Answers the function that stops it.
 */
export function pushCambios(
  cambios: CambiosPort,
  destino: () => WebContents | null,
  options: { devServerUrl?: string; coalescer?: OpcionesCoalescer } = {},
): () => void {
  const coalescido = coalescerCambios(cambios, options.coalescer);
  const nuestra = (): WebContents | null => {
    const contents = destino();
    if (!contents || contents.isDestroyed() || !isAppUrl(contents.getURL(), options.devServerUrl)) return null;
    return contents;
  };
  const dejar = coalescido.suscribir((area) => nuestra()?.send(CAMBIOS_CHANNEL, area));
  let estado: EstadoCambios = 'conectando';
  let alSuscribir = true;
  const enviarEstado = () => nuestra()?.send(CAMBIOS_ESTADO_CHANNEL, estado);
  const dejarEstado = coalescido.estado((nuevo) => {
    estado = nuevo;
    // The state at subscription is only recorded: the page asks for it when it listens.
    if (!alSuscribir) enviarEstado();
  });
  alSuscribir = false;
  const pedido = (event: { sender: unknown }) => {
    if (event.sender === destino()) enviarEstado();
  };
  ipcMain.on(CAMBIOS_ESTADO_CHANNEL, pedido);
  return () => {
    ipcMain.removeListener(CAMBIOS_ESTADO_CHANNEL, pedido);
    dejarEstado();
    dejar();
    coalescido.cerrar();
  };
}
