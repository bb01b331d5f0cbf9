/**
 * The Electron entry. One instance per user (single-instance lock; the data folder has its own lock file
 * too), the app:// scheme registered before "ready", the Node host (embedded database or hosted backend)
 * behind one dispatcher shared by IPC and, when the operator turns it on, the local HTTP server, a hardened
 * window, and a clean close of the database on quit. Logs go to the console and never carry secrets.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, session, shell } from 'electron';
import { AppError } from '../shared/errors';
import { es } from '../shared/i18n/es';
import { resolveDataDir } from './data-dir';
import type { Dispatch } from './dispatch';
import { openHost, type Host } from './host';
import { crearAjustesElectron } from './ajustes/electron-settings';
import { unirAjustesAntiguos } from './ajustes/ajustes-carpeta';
import { crearControlEntrada, entradaDeLineaDeOrdenes, type ControlEntrada } from './entrada/control';
import { ENTRADA_SETTINGS_KEY, type EntradaSettings } from '../shared/areas/conexion/entrada';
import { crearBoveda } from './secretos/vault';
import { pushCambios, registerIpc } from './ipc';
import { startServer } from './serve';
import { desktopHttpPlan, type DesktopHttpPlan } from './http-options';
import { restrictNewFiles } from './motores/embebido/private-folder';
import { SERVIDOR_WEB_SETTINGS_KEY, type ServidorWebSettings } from '../shared/domain/servidor-web';
import { crearVentanaPrincipal, denyAllPermissions, hardenWebContents, prepareDefaultSession, registerAppScheme } from './ventana/create-window';
import { crearRegistro, type Registro } from './registro/registro';
import { VERSION_APP } from './version';

const here = dirname(fileURLToPath(import.meta.url));
const preloadPath = join(here, '..', 'preload', 'index.cjs');
const rendererDir = join(here, '..', 'renderer');
const devServerUrl = !app.isPackaged && process.env.ELECTRON_RENDERER_URL ? process.env.ELECTRON_RENDERER_URL : undefined;

/**
 * The diagnostic log (src/main/registro: <data>/registro/consola.log, rotated, secrets hidden), made once the data
 * folder is known; it echoes each line to the console.
 */
let registro: Registro | null = null;

/** Log without secrets: the message, and for an error only its name and message (no inputs). */
function log(message: string, error?: unknown): void {
  if (registro) return registro.log(message, error);
  // Before the data folder is known (another instance, a failure to start): the console only.
  if (error === undefined) console.log(`[consola] ${message}`);
  else console.error(`[consola] ${message}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
}

// Whatever this process writes (database, settings, files) is the user's alone.
restrictNewFiles();

// Must happen before "ready".
registerAppScheme();

let mainWindow: BrowserWindow | null = null;
let host: Host | null = null;
/** The inbound results endpoint for n8n (src/main/entrada): follows its setting, applied at once when saved. */
let entrada: ControlEntrada | null = null;
let hostPromise: Promise<Host> | null = null;
let server: { url: string; cerrar(): Promise<void> } | null = null;
let disposeIpc: (() => void) | null = null;
let disposeCambios: (() => void) | null = null;
let shutdownDone = false;
let shuttingDown = false;

function showMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function openWindow(): void {
  const iconPath = join(app.getAppPath(), 'resources', 'icon.png');
  mainWindow = crearVentanaPrincipal({
    preloadPath,
    rendererDir,
    ...(devServerUrl ? { devServerUrl } : {}),
    ...(existsSync(iconPath) ? { iconPath } : {}),
    log,
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

/**
 * Starts the local HTTP host (the web build and the same operations) when the operator has turned it on: it
 * opens the api to every local user and process, so the desktop does not serve it unasked. Failure is
 * logged, not fatal.
 */
async function startHttp(dispatch: Dispatch, plan: DesktopHttpPlan, cambios: Host['cambios'], sesiones: Host['sesiones']): Promise<void> {
  const options = { dispatch, rendererDir, host: '127.0.0.1', allowedHosts: plan.allowedHosts, trustedProxies: plan.trustedProxies, cambios, sesiones, log };
  try {
    server = await startServer({ ...options, port: plan.port }).catch(() =>
      // The port is taken (another program): any free port will do.
      startServer({ ...options, port: 0 }),
    );
    log(`Versión web disponible en ${server.url}`);
  } catch (error) {
    log('No se pudo iniciar el servidor local', error);
  }
}

async function fatal(error: unknown): Promise<void> {
  log(es.escritorio.errorAlIniciar, error);
  const detail = AppError.is(error) ? error.message : es.app.errorInesperado;
  if (app.isReady()) dialog.showErrorBox(es.escritorio.errorAlIniciar, detail);
  await shutdown();
  app.exit(1);
}

async function start(): Promise<void> {
  const dataDir = resolveDataDir(process.argv, process.env, join(app.getPath('userData'), 'data'));
  registro = crearRegistro({
    dataDir,
    eco: (linea, nivel) => (nivel === 'ERROR' ? console.error(linea) : console.log(linea)),
    // 'Abrir registro' (Configuración → Datos): the system's viewer; Electron stays at this edge.
    abrirArchivo: (ruta) => shell.openPath(ruta),
  });
  // Lines still queued when the process ends are written synchronously.
  process.on('exit', () => registro?.vaciarYa());
  // A crash is worth a line (a monitor only: Node's own handling of the exception is unchanged).
  process.on('uncaughtExceptionMonitor', (error) => log(es.datos.registro.lineas.errorNoAtrapado, error));
  log(es.datos.registro.lineas.inicio(VERSION_APP, `Electron ${process.versions.electron ?? '?'}, ${process.platform}`));
  log(es.datos.registro.lineas.carpeta(dataDir));
  prepareDefaultSession({ rendererDir, ...(devServerUrl ? { devServerUrl } : {}) });

  // Desktop preferences live in electron-store, <data>/ajustes.json (never a secret: the guard refuses).
  const settings = crearAjustesElectron({ cwd: dataDir });
  // The served build's older settings.json of this folder joins ajustes.json (one file per data folder).
  unirAjustesAntiguos(dataDir, settings, log);
  entrada = crearControlEntrada({
    settings,
    secretos: crearBoveda(),
    datos: () => host?.datosSistema() ?? null,
    fijado: entradaDeLineaDeOrdenes(process.argv, process.env, settings.get<EntradaSettings>(ENTRADA_SETTINGS_KEY)),
    log,
  });
  hostPromise = openHost({ dataDir, log, settings, entrada, registro: registro.port });
  // IPC is bound at once; calls made while the database opens wait for it.
  const dispatch: Dispatch = async (area, name, input, ctx) => (await hostPromise!).dispatch(area, name, input, ctx);
  disposeIpc = registerIpc({ dispatch }, { ...(devServerUrl ? { devServerUrl } : {}), log }).dispose;
  openWindow();

  host = await hostPromise;
  log(`Backend: ${host.backendKind}`);
  // Live screens: row changes reach the window as IPC events (the HTTP host sends its own, below).
  disposeCambios = pushCambios(host.cambios, () => mainWindow?.webContents ?? null, devServerUrl ? { devServerUrl } : {});
  const plan = desktopHttpPlan(settings.get<ServidorWebSettings>(SERVIDOR_WEB_SETTINGS_KEY), process.argv, process.env);
  if (plan) await startHttp(host.dispatch, plan, host.cambios, host.sesiones);
  await entrada.aplicar();
  if (entrada.enMarcha) log(`Entrada de resultados en ${entrada.enMarcha.url}`);
}

/** Closes everything once: IPC, HTTP server, then the database (bounded, so quitting never hangs). */
async function shutdown(): Promise<void> {
  if (shutdownDone) return;
  disposeIpc?.();
  disposeIpc = null;
  disposeCambios?.();
  disposeCambios = null;
  const steps: Array<Promise<unknown>> = [];
  if (server) steps.push(server.cerrar().catch((e: unknown) => log('Cierre del servidor local', e)));
  if (entrada) steps.push(entrada.cerrar());
  const opened = host ?? (hostPromise ? await hostPromise.catch(() => null) : null);
  await Promise.all(steps);
  if (opened) await opened.cerrar().catch((e: unknown) => log('Cierre de la base de datos', e));
  log(es.datos.registro.lineas.cierre);
  // Written now, synchronously: quitting must not wait on one more turn of the disk.
  registro?.vaciarYa();
  server = null;
  host = null;
  shutdownDone = true;
}

const gotLock = app.requestSingleInstanceLock();
if (!gotLock) {
  log(es.escritorio.otraInstancia);
  app.quit();
} else {
  app.on('second-instance', () => showMainWindow());

  // Every webContents (windows, anything a library might create) gets the same lock-down.
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, { ...(devServerUrl ? { devServerUrl } : {}), log });
  });
  app.on('session-created', (ses) => denyAllPermissions(ses));

  app.on('before-quit', (event) => {
    if (shutdownDone) return;
    event.preventDefault();
    if (shuttingDown) return;
    shuttingDown = true;
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 15_000).unref());
    void Promise.race([shutdown(), timeout])
      .catch((error: unknown) => log('Error al cerrar', error))
      .finally(() => {
        shutdownDone = true;
        app.quit();
      });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0 && host) openWindow();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app
    .whenReady()
    .then(() => {
      denyAllPermissions(session.defaultSession);
      return start();
    })
    .catch((error: unknown) => fatal(error));
}
