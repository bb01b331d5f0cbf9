/**
 * The desktop window and everything Electron-specific about its security: the privileged app:// scheme
 * serving out/renderer (CSP header on every response), permission handlers that deny, navigation and
 * window.open locked to our pages, external links only through the allow-list, no <webview>.
 * The decisions themselves are the pure functions of security.ts; what app:// answers is src/main/sitio-web's.
 */
import { BrowserWindow, protocol, session, shell, type Session, type WebContents } from 'electron';
import { es } from '../../shared/i18n/es';
import { contentSecurityPolicy } from '../sitio-web/policy';
import { crearSitioEstatico } from '../sitio-web/static-site';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  APP_SCHEME,
  DEFAULT_EXTERNAL_ALLOW_LIST,
  isAllowedExternalUrl,
  isAppUrl,
  permissionDecision,
  secureWebPreferences,
} from './security';

export interface WindowSecurityOptions {
  /** Development only: the Vite dev-server URL (ELECTRON_RENDERER_URL). */
  devServerUrl?: string;
  externalAllowList?: readonly string[];
  log?: (message: string) => void;
}

/** Must run before app "ready": app:// behaves like https (standard, secure origin, fetch, media streaming). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
    },
  ]);
}

/**
 * Serves out/renderer on app://app/ for the given session: the serving module's handler, the same one the HTTP
 * host answers its static requests with (src/main/sitio-web/static-site.ts), limited to the app://app origin.
 */
export function serveAppProtocol(ses: Session, rendererDir: string, options: { devServerUrl?: string }): void {
  const policy = options.devServerUrl ? { devServerUrl: options.devServerUrl } : {};
  if (ses.protocol.isProtocolHandled(APP_SCHEME)) ses.protocol.unhandle(APP_SCHEME);
  ses.protocol.handle(APP_SCHEME, crearSitioEstatico({ rootDir: rendererDir, origin: APP_ORIGIN, ...policy }));

  // In development the page comes from the Vite dev server: send it the (dev) CSP too.
  if (options.devServerUrl) {
    const devUrl = options.devServerUrl;
    const csp = contentSecurityPolicy(policy);
    ses.webRequest.onHeadersReceived((details, callback) => {
      const responseHeaders = { ...details.responseHeaders };
      if (isAppUrl(details.url, devUrl) && details.resourceType === 'mainFrame') {
        responseHeaders['Content-Security-Policy'] = [csp];
      }
      callback({ responseHeaders });
    });
  }
}

/** Every permission (camera, microphone, notifications, geolocation, HID, USB, serial…) is denied. */
export function denyAllPermissions(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(permissionDecision()));
  ses.setPermissionCheckHandler(() => permissionDecision());
  ses.setDevicePermissionHandler(() => permissionDecision());
  ses.setDisplayMediaRequestHandler((_request, callback) => callback({}));
}

/**
 * Locks one webContents down: navigation and redirects only to our pages, window.open always denied
 * (an allowed external link goes to the OS browser instead), no <webview>. Applied to every webContents
 * created, not only the main window.
 */
const hardened = new WeakSet<WebContents>();

export function hardenWebContents(contents: WebContents, options: WindowSecurityOptions = {}): void {
  if (hardened.has(contents)) return; // idempotent: index.ts hardens every webContents, createMainWindow too
  hardened.add(contents);
  const { devServerUrl, externalAllowList = DEFAULT_EXTERNAL_ALLOW_LIST, log = () => {} } = options;

  const openExternally = (url: string): void => {
    if (isAllowedExternalUrl(url, externalAllowList)) {
      void shell.openExternal(url).catch(() => log('No se pudo abrir el enlace externo.'));
    } else {
      log(`${es.escritorio.enlaceNoPermitido} (${safeForLog(url)})`);
    }
  };

  contents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url, devServerUrl)) {
      event.preventDefault();
      openExternally(event.url);
    }
  });
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) return; // sub-frames are blocked by CSP frame-src 'none'
    if (!isAppUrl(event.url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, devServerUrl)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** A URL for the log: scheme, host and path only (never the query, which may carry a token). */
function safeForLog(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.slice(0, 200);
  } catch {
    return '(URL inválida)';
  }
}

export interface CreateWindowOptions extends WindowSecurityOptions {
  preloadPath: string;
  rendererDir: string;
  iconPath?: string;
}

/** Prepares the default session (protocol, permissions) once; then opens the main window. */
export function prepareDefaultSession(options: { rendererDir: string; devServerUrl?: string }): void {
  const ses = session.defaultSession;
  serveAppProtocol(ses, options.rendererDir, options.devServerUrl ? { devServerUrl: options.devServerUrl } : {});
  denyAllPermissions(ses);
}

export function crearVentanaPrincipal(options: CreateWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: es.app.nombre,
    backgroundColor: '#f8f9fa',
    autoHideMenuBar: true,
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  hardenWebContents(window.webContents, options);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.devServerUrl ?? APP_ENTRY_URL);
  return window;
}
