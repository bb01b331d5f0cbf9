/**
 * Binds the contract to Electron's IPC: ONE ipcMain.handle on IPC_CHANNEL. The sender frame is checked
 * on every call (see ipc-handler.ts); the session token stays in the main process, per webContents.
 */
import { ipcMain } from 'electron';
import { IPC_CHANNEL } from '../shared/contract/envelope';
import type { Host } from './host';
import { createIpcHandler, type IpcHandler } from './ipc-handler';

export function registerIpc(
  host: Pick<Host, 'dispatch'>,
  options: { devServerUrl?: string; log?: (message: string) => void } = {},
): { handler: IpcHandler; dispose(): void } {
  const handler = createIpcHandler({ dispatch: host.dispatch, ...options });
  ipcMain.removeHandler(IPC_CHANNEL);
  ipcMain.handle(IPC_CHANNEL, (event, area: unknown, name: unknown, input: unknown) =>
    handler.handle(event, area, name, input),
  );
  return {
    handler,
    dispose: () => ipcMain.removeHandler(IPC_CHANNEL),
  };
}
