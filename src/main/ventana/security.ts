/**
 * Security decisions of the desktop window, as pure functions (no Electron import) so they are unit-tested
 * under plain Node. create-window.ts, ipc.ts and index.ts only wire them to Electron's events. What app://
 * serves, and with which headers, is the serving module's (src/main/sitio-web), shared with the HTTP host.
 */

/** The privileged scheme the app is served from: app://app/<path>. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Control characters, whitespace (ASCII and Unicode) and backslashes: never part of a URL we accept. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const SUSPICIOUS_CHARS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/u;

function parse(url: unknown): URL | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > 8192) return null;
  if (SUSPICIOUS_CHARS.test(url)) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function devOrigin(devServerUrl: string | undefined): string | null {
  if (!devServerUrl) return null;
  const parsed = parse(devServerUrl);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return null;
  return parsed.origin;
}

/**
 * One of our own pages: app://app/... (no credentials, no port), or — only in development — a page of the
 * exact origin of the dev server (scheme, host and port).
 */
export function isAppUrl(url: string, devServerUrl?: string): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === `${APP_SCHEME}:`) {
    return parsed.host === APP_HOST && parsed.port === '' && url.toLowerCase().startsWith(`${APP_ORIGIN}/`);
  }
  const dev = devOrigin(devServerUrl);
  return dev !== null && parsed.origin === dev;
}

/**
 * An external link we may hand to the OS browser: a parsed http(s) URL without credentials, without an
 * explicit port, whose host is on the allow-list. Entries are host names ("example.com"); an entry
 * "*.example.com" also allows its sub-domains (not example.com itself). Matching is exact, so
 * "example.com.evil.com" or "evil.com@example.com" never pass; IDN hosts are compared in their punycode
 * form, so a look-alike (Cyrillic "а") does not match an ASCII entry.
 */
export function isAllowedExternalUrl(url: string, allowList: readonly string[]): boolean {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return false;
  const parsed = parse(url);
  if (!parsed) return false;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  // Credentials, even empty ones ("https://@host"): the authority part must not contain "@".
  const authorityEnd = url.slice(url.indexOf('//') + 2).search(/[/?#]/);
  const authority = authorityEnd === -1 ? url.slice(url.indexOf('//') + 2) : url.slice(url.indexOf('//') + 2).slice(0, authorityEnd);
  if (parsed.username || parsed.password || authority.includes('@')) return false;
  if (parsed.port !== '') return false;
  const host = parsed.hostname.toLowerCase();
  if (!host || host.endsWith('.') || host.startsWith('[') || /^[\d.]+$/.test(host)) return false;
  return allowList.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry || entry.includes('/') || entry.includes('@') || entry.includes(':')) return false;
    if (entry.startsWith('*.')) {
      const base = entry.slice(2);
      return base.length > 0 && host.length > base.length + 1 && host.endsWith(`.${base}`);
    }
    return host === entry;
  });
}

/** The parts of Electron's WebFrameMain that decide whether an IPC call is trusted. */
export interface SenderFrameLike {
  url: string;
  top?: SenderFrameLike | null;
  parent?: SenderFrameLike | null;
  frameTreeNodeId?: number;
  detached?: boolean;
}

/**
 * An IPC call is trusted only from the main frame of our window showing one of our pages: a null frame
 * (navigated away, destroyed), an iframe, about:blank or a foreign origin is refused. When the window's
 * main frame id is known, the sender must be exactly that frame.
 */
export function isTrustedSender(
  frame: SenderFrameLike | null | undefined,
  mainFrameId?: number,
  devServerUrl?: string,
): boolean {
  if (!frame || typeof frame.url !== 'string') return false;
  if (frame.detached) return false;
  if (frame.parent) return false;
  if (frame.top && frame.top !== frame) return false;
  if (mainFrameId !== undefined && frame.frameTreeNodeId !== mainFrameId) return false;
  return isAppUrl(frame.url, devServerUrl);
}

/** Camera, microphone, notifications, geolocation, clipboard…: the app needs none, so every request is denied. */
export function permissionDecision(): false {
  return false;
}

/**
 * webPreferences of every window: isolated, sandboxed, no Node in the page, web security on, only our
 * preload. Kept here (and not in create-window.ts) so the values are tested without Electron.
 */
export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    enableWebSQL: false,
    disableBlinkFeatures: 'Auxclick',
  } as const;
}

/** Host names the app may open in the OS browser (documentation and the services it links to). */
export const DEFAULT_EXTERNAL_ALLOW_LIST: readonly string[] = [
  'supabase.com',
  '*.supabase.co',
  'n8n.io',
  '*.n8n.cloud',
  'wa.me',
  'api.whatsapp.com',
  'wordpress.org',
  'shopify.com',
  '*.myshopify.com',
];
