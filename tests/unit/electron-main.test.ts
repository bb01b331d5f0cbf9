/**
 * The Electron glue (src/main/index.ts, ipc.ts, window/create-window.ts) run against a fake `electron`
 * module, since the Electron binary cannot run here. It checks the wiring: scheme registration before
 * ready, single-instance lock, host + IPC + HTTP start, window webPreferences, hardening of every
 * webContents, denied permissions, the app:// handler with its CSP, and the clean close on quit.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  const state = {
    lock: true,
    windows: [] as Array<{ options: Record<string, unknown>; webContents: unknown; loaded: string[] }>,
    ipcHandlers: new Map<string, (...args: unknown[]) => unknown>(),
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    permission: {} as Record<string, (...args: unknown[]) => unknown>,
    privileged: [] as unknown[],
    openExternal: [] as string[],
    quitCalls: 0,
    exitCode: null as number | null,
    errorBoxes: [] as string[][],
  };
  return { state };
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const { state } = fake;
  class FakeWebContents extends Emitter {
    static nextId = 1;
    id = FakeWebContents.nextId++;
    windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
    mainFrame = { frameTreeNodeId: 1 };
    sent: unknown[][] = [];
    getURL = () => 'app://app/index.html';
    isDestroyed = () => false;
    send(...args: unknown[]) {
      this.sent.push(args);
    }
    setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
      this.windowOpenHandler = h;
    }
  }
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    requestSingleInstanceLock: () => state.lock,
    getPath: () => join(tmpdir(), 'fake-user-data'),
    getAppPath: () => process.cwd(),
    whenReady: () => Promise.resolve(),
    isReady: () => true,
    quit: () => {
      state.quitCalls++;
      const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
      app.emit('before-quit', event);
    },
    exit: (code: number) => {
      state.exitCode = code;
    },
  });
  class BrowserWindow extends Emitter {
    static all: BrowserWindow[] = [];
    static getAllWindows = () => BrowserWindow.all;
    webContents = new FakeWebContents();
    record: { options: Record<string, unknown>; webContents: unknown; loaded: string[] };
    constructor(options: Record<string, unknown>) {
      super();
      app.emit('web-contents-created', {}, this.webContents);
      this.record = { options, webContents: this.webContents, loaded: [] };
      state.windows.push(this.record);
      BrowserWindow.all.push(this);
    }
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    isDestroyed = () => false;
    isMinimized = () => false;
    restore() {}
    show() {}
    focus() {}
  }
  const defaultSession = {
    protocol: {
      handle: (scheme: string, fn: (r: Request) => Promise<Response>) => state.protocolHandlers.set(scheme, fn),
      isProtocolHandled: (scheme: string) => state.protocolHandlers.has(scheme),
      unhandle: (scheme: string) => state.protocolHandlers.delete(scheme),
    },
    webRequest: { onHeadersReceived: () => {} },
    setPermissionRequestHandler: (h: Handler) => (state.permission.request = h),
    setPermissionCheckHandler: (h: Handler) => (state.permission.check = h),
    setDevicePermissionHandler: (h: Handler) => (state.permission.device = h),
    setDisplayMediaRequestHandler: (h: Handler) => (state.permission.display = h),
  };
  return {
    app,
    BrowserWindow,
    protocol: { registerSchemesAsPrivileged: (s: unknown[]) => state.privileged.push(...s) },
    session: { defaultSession },
    ipcMain: {
      handle: (channel: string, fn: (...a: unknown[]) => unknown) => state.ipcHandlers.set(channel, fn),
      removeHandler: (channel: string) => state.ipcHandlers.delete(channel),
      // The live state's ask (pushCambios): listened to, never fired here.
      on: () => {},
      removeListener: () => {},
    },
    shell: { openExternal: async (url: string) => void state.openExternal.push(url) },
    dialog: { showErrorBox: (...a: string[]) => state.errorBoxes.push(a) },
  };
});

const hostMock = vi.hoisted(() => ({
  dispatch: vi.fn(async () => ({ ok: true, data: 'respuesta' })),
  close: vi.fn(async () => {}),
  openHost: vi.fn(),
  startServer: vi.fn(),
  serverClose: vi.fn(async () => {}),
  /** Listeners of the host's live notices (host.cambios). */
  oyentesCambios: new Set<(area: string) => void>(),
}));
vi.mock('../../src/main/host', () => ({ openHost: hostMock.openHost }));
vi.mock('../../src/main/serve', () => ({ startServer: hostMock.startServer }));
// electron-store needs a real Electron; the settings it backs are tested in json-settings.test.ts (same guard).
vi.mock('../../src/main/ajustes/electron-settings', () => ({ crearAjustesElectron: () => ({ get: () => undefined, set: () => {}, delete: () => {} }) }));

const flush = () => new Promise((r) => setTimeout(r, 20));
let dataDir: string;

beforeEach(() => {
  vi.resetModules();
  Object.assign(fake.state, {
    lock: true,
    windows: [],
    privileged: [],
    openExternal: [],
    quitCalls: 0,
    exitCode: null,
    errorBoxes: [],
  });
  fake.state.ipcHandlers.clear();
  fake.state.protocolHandlers.clear();
  dataDir = mkdtempSync(join(tmpdir(), 'electron-main-'));
  process.env.CONSOLA_DATA_DIR = dataDir;
  process.env.CONSOLA_HTTP_PORT = '0';
  hostMock.dispatch.mockClear();
  hostMock.close.mockClear();
  hostMock.serverClose.mockClear();
  hostMock.openHost.mockReset().mockImplementation(async (opts: { dataDir: string }) => ({
    dataDir: opts.dataDir,
    backendKind: 'embedded',
    dispatch: hostMock.dispatch,
    cambios: {
      suscribir: (oyente: (area: string) => void) => {
        hostMock.oyentesCambios.add(oyente);
        return () => void hostMock.oyentesCambios.delete(oyente);
      },
    },
    cerrar: hostMock.close,
  }));
  hostMock.oyentesCambios.clear();
  hostMock.startServer.mockReset().mockResolvedValue({ url: 'http://127.0.0.1:5999', port: 5999, cerrar: hostMock.serverClose });
});
afterEach(() => {
  delete process.env.CONSOLA_DATA_DIR;
  delete process.env.CONSOLA_HTTP_PORT;
  delete process.env.CONSOLA_HTTP;
  rmSync(dataDir, { recursive: true, force: true });
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
});

async function boot() {
  const electron = (await import('electron')) as unknown as { app: EventEmitter };
  electron.app.removeAllListeners();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await import('../../src/main/index');
  await flush();
  return electron;
}

function trustedEvent(webContents: unknown) {
  const frame: Record<string, unknown> = { url: 'app://app/index.html', parent: null, frameTreeNodeId: 1 };
  frame.top = frame;
  return { sender: webContents, senderFrame: frame };
}

describe('Electron main process (fake electron)', () => {
  it('quits at once when another instance holds the lock', async () => {
    fake.state.lock = false;
    await boot();
    expect(fake.state.quitCalls).toBe(1);
    expect(hostMock.openHost).not.toHaveBeenCalled();
    expect(fake.state.windows).toHaveLength(0);
  });

  it('registers app:// as privileged, opens the host in the data folder, binds IPC, opens a secure window; no HTTP unasked', async () => {
    await boot();
    expect(fake.state.privileged).toEqual([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }) }),
    ]);
    expect(hostMock.openHost).toHaveBeenCalledWith(expect.objectContaining({ dataDir }));
    // The local web server opens the api to every local user and process: only when the operator turns it on.
    expect(hostMock.startServer).not.toHaveBeenCalled();
    expect(fake.state.ipcHandlers.has('api:call')).toBe(true);

    expect(fake.state.windows).toHaveLength(1);
    const win = fake.state.windows[0]!;
    expect(win.loaded).toEqual(['app://app/index.html']);
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
  });

  it('IPC: a trusted call reaches the host dispatcher, an iframe gets forbidden', async () => {
    await boot();
    const handler = fake.state.ipcHandlers.get('api:call')!;
    const wc = fake.state.windows[0]!.webContents;
    const answer = await handler(trustedEvent(wc), 'auth', 'estado', {});
    expect(answer).toEqual({ ok: true, data: 'respuesta' });
    expect(hostMock.dispatch).toHaveBeenCalledWith('auth', 'estado', {}, expect.objectContaining({ getToken: expect.any(Function) }));

    const top = trustedEvent(wc).senderFrame;
    const refused = await handler({ sender: wc, senderFrame: { url: 'app://app/index.html', parent: top, top } }, 'auth', 'estado', {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(hostMock.dispatch).toHaveBeenCalledTimes(1);
  });

  it('hardens every webContents: navigation, window.open, webviews', async () => {
    const electron = await boot();
    const contents = Object.assign(new EventEmitter(), {
      handler: null as null | ((d: { url: string }) => { action: string }),
      setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
        this.handler = h;
      },
    });
    electron.app.emit('web-contents-created', {}, contents);

    const nav = (url: string) => {
      const event = { url, isMainFrame: true, preventDefault: vi.fn() };
      contents.emit('will-navigate', event);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(nav('https://evil.com/')).toBe(true);
    expect(nav('file:///etc/passwd')).toBe(true);
    expect(nav('app://app/llamadas')).toBe(false);

    expect(contents.handler!({ url: 'https://supabase.com/docs' })).toEqual({ action: 'deny' });
    expect(contents.handler!({ url: 'https://evil.com/' })).toEqual({ action: 'deny' });
    expect(contents.handler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    await flush();
    expect(fake.state.openExternal).toEqual(['https://supabase.com/docs']);

    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview, {}, {});
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('denies every permission', async () => {
    await boot();
    const answers: boolean[] = [];
    fake.state.permission.request!({}, 'media', (ok: boolean) => answers.push(ok));
    fake.state.permission.request!({}, 'notifications', (ok: boolean) => answers.push(ok));
    expect(answers).toEqual([false, false]);
    expect(fake.state.permission.check!({}, 'clipboard-read')).toBe(false);
    expect(fake.state.permission.device!({})).toBe(false);
  });

  it('serves app:// with the CSP header and refuses traversal', async () => {
    await boot();
    const serve = fake.state.protocolHandlers.get('app')!;
    const ok = await serve(new Request('app://app/index.html'));
    expect(ok.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(ok.headers.get('Content-Security-Policy')).toContain("object-src 'none'");
    // The same policy the HTTP host sends: one definition, in the serving module.
    const { contentSecurityPolicy } = await import('../../src/main/sitio-web/policy');
    expect(ok.headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy());
    // The URL parser already folds "%2e%2e" segments (Chromium does too): the path stays inside the folder.
    const folded = await serve(new Request('app://app/%2e%2e/%2e%2e/package.json'));
    expect(folded.status).toBe(404);
    // An encoded slash survives parsing and is refused by resolveAppProtocolPath.
    const traversal = await serve({ url: 'app://app/..%2f..%2fpackage.json', method: 'GET' } as Request);
    expect(traversal.status).toBe(403);
    expect(traversal.headers.get('Content-Security-Policy')).toBeTruthy();
    const post = await serve(new Request('app://app/index.html', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
  });

  it('serves HTTP on 127.0.0.1 when turned on (CONSOLA_HTTP=1), with the same dispatcher', async () => {
    process.env.CONSOLA_HTTP = '1';
    await boot();
    expect(hostMock.startServer).toHaveBeenCalledWith(expect.objectContaining({ host: '127.0.0.1', dispatch: hostMock.dispatch, port: 0 }));
  });

  it('live notices: the host\'s row changes reach the window on the fixed channel, coalesced; the HTTP host gets them too; none after quit', async () => {
    process.env.CONSOLA_HTTP = '1';
    const electron = await boot();
    expect(hostMock.startServer).toHaveBeenCalledWith(expect.objectContaining({ cambios: expect.objectContaining({ suscribir: expect.any(Function) }) }));
    const wc = fake.state.windows[0]!.webContents as { sent: unknown[][] };
    for (let i = 0; i < 100; i++) for (const oyente of hostMock.oyentesCambios) oyente('llamadas');
    await vi.waitFor(() => expect(wc.sent).toEqual([['api:cambios', 'llamadas']]), { timeout: 5_000 });

    electron.app.emit('before-quit', { defaultPrevented: false, preventDefault() {} });
    await flush();
    expect(hostMock.oyentesCambios.size).toBe(0);
  });

  it('on quit: prevents the first quit, closes HTTP and the host, then quits for real', async () => {
    process.env.CONSOLA_HTTP = '1';
    const electron = await boot();
    const first = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    electron.app.emit('before-quit', first);
    expect(first.defaultPrevented).toBe(true);
    await flush();
    expect(hostMock.serverClose).toHaveBeenCalledTimes(1);
    expect(hostMock.close).toHaveBeenCalledTimes(1);
    expect(fake.state.quitCalls).toBe(1); // app.quit() again after the clean close, not prevented this time
    expect(fake.state.ipcHandlers.has('api:call')).toBe(false);
  });

  it('a failing host start shows the Spanish error and exits', async () => {
    const { AppError } = await import('../../src/shared/errors');
    hostMock.openHost.mockRejectedValue(new AppError('conflict', 'La carpeta de datos X ya está en uso'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await boot();
    await flush();
    expect(fake.state.errorBoxes[0]?.[1]).toBe('La carpeta de datos X ya está en uso');
    expect(fake.state.exitCode).toBe(1);
  });
});
