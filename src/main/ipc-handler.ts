/**
 * The IPC transport without Electron (so it is unit-tested under plain Node): checks the sender frame,
 * keeps the session token of each window in the main process and hands the call to the shared dispatcher.
 * ipc.ts binds it to ipcMain.handle(IPC_CHANNEL, …).
 */
import type { Envelope } from '../shared/operaciones/envelope';
import { es } from '../shared/i18n/es';
import type { CallContext, Dispatch } from './dispatch';
import { isTrustedSender, type SenderFrameLike } from './ventana/security';

/** The parts of Electron's IpcMainInvokeEvent the handler reads. */
export interface IpcInvokeEventLike {
  sender: {
    id: number;
    mainFrame?: { frameTreeNodeId?: number } | null;
    once?(event: 'destroyed', listener: () => void): unknown;
  };
  senderFrame: SenderFrameLike | null;
}

export interface IpcHandlerOptions {
  dispatch: Dispatch;
  /** Development only: the exact Vite dev-server URL the window loads. */
  devServerUrl?: string;
  log?: (message: string) => void;
}

export function crearManejadorIpc(options: IpcHandlerOptions) {
  const { dispatch, devServerUrl, log = () => {} } = options;
  /** Session token per webContents id. Lives only here; never sent to the renderer. */
  const tokens = new Map<number, string>();
  const watched = new Set<number>();

  function contextFor(id: number): CallContext {
    return {
      getToken: () => tokens.get(id) ?? null,
      setToken: (token) => {
        if (token) tokens.set(id, token);
        else tokens.delete(id);
      },
    };
  }

  function forget(id: number): void {
    tokens.delete(id);
    watched.delete(id);
  }

  async function handle(event: IpcInvokeEventLike, area: unknown, name: unknown, input: unknown): Promise<Envelope> {
    const mainFrameId = event.sender.mainFrame?.frameTreeNodeId;
    if (!isTrustedSender(event.senderFrame, mainFrameId, devServerUrl)) {
      // The URL of a refused frame is not secret; the input may be, so it is never logged.
      log(`IPC rechazado: remitente no permitido (${event.senderFrame?.url ?? 'sin marco'})`);
      return { ok: false, error: { code: 'forbidden', message: es.escritorio.remitenteNoPermitido } };
    }
    if (typeof area !== 'string' || typeof name !== 'string') {
      return { ok: false, error: { code: 'not_found', message: es.errores.operacionDesconocida } };
    }
    const id = event.sender.id;
    if (!watched.has(id) && event.sender.once) {
      watched.add(id);
      event.sender.once('destroyed', () => forget(id));
    }
    return dispatch(area, name, input, contextFor(id));
  }

  return {
    handle,
    forget,
    /** For tests and diagnostics: how many windows hold a session (never the tokens themselves). */
    sessionCount: () => tokens.size,
  };
}

export type IpcHandler = ReturnType<typeof crearManejadorIpc>;
