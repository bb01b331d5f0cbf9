/**
 * Security decisions of the desktop window, as pure functions (no Electron import) so they are unit-tested
 * under plain Node. create-window.ts, ipc.ts and index.ts only wire them to Electron's events.
 */
import { statSync } from 'node:fs';
import { extname, isAbsolute, join, resolve, sep } from 'node:path';

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

/**
 * The Content-Security-Policy sent as a header with every page. Styles allow 'unsafe-inline' because
 * Mantine injects style tags. In development the Vite dev server needs its inline React-refresh preamble
 * and its HMR websocket, so that (and only that) is added.
 */
export function contentSecurityPolicy(options: { dev: boolean; devServerUrl?: string }): string {
  const dev = options.dev ? devOrigin(options.devServerUrl ?? 'http://localhost:5173') : null;
  const ws = dev ? dev.replace(/^http/, 'ws') : null;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', dev ? ["'self'", "'unsafe-inline'", dev] : ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['media-src', ["'self'", 'blob:', 'data:']],
    ['connect-src', dev && ws ? ["'self'", dev, ws] : ["'self'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Camera, microphone, notifications, geolocation, clipboard…: the app needs none, so every request is denied. */
export function permissionDecision(): false {
  return false;
}

export type AppPathResult =
  | { kind: 'file'; filePath: string; fallback: boolean }
  | { kind: 'forbidden' }
  | { kind: 'not_found' };

function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Maps app://app/<path> to a file inside rendererDir. Anything that could leave the folder is forbidden:
 * `..` segments (plain or percent-encoded), encoded slashes or backslashes, null bytes, absolute or drive
 * paths, another host. A missing asset (a name with an extension) is not_found; any other unknown path is
 * a client-side route and gets index.html (SPA fallback).
 */
export function resolveAppProtocolPath(
  requestUrl: string,
  rendererDir: string,
  fileExists: (path: string) => boolean = isFile,
): AppPathResult {
  if (typeof requestUrl !== 'string' || requestUrl.includes('\0') || requestUrl.includes('\\')) return { kind: 'forbidden' };
  const prefix = `${APP_ORIGIN}/`;
  if (!requestUrl.toLowerCase().startsWith(prefix)) return { kind: 'forbidden' };
  // Read the raw path ourselves: the URL parser would silently resolve `..` and hide the attempt.
  const rawPath = requestUrl.slice(prefix.length).split(/[?#]/, 1)[0] ?? '';
  const decoded = safeDecode(rawPath);
  if (decoded === null) return { kind: 'forbidden' };
  if (/[\0\\:]/.test(decoded) || /%[0-9a-f]{2}/i.test(decoded)) return { kind: 'forbidden' };
  if (isAbsolute(decoded) || decoded.startsWith('/')) return { kind: 'forbidden' };
  const segments = decoded.split('/').filter((s) => s.length > 0);
  if (segments.some((s) => s === '..' || s === '.')) return { kind: 'forbidden' };
  const parsed = parse(requestUrl);
  if (!parsed || parsed.host !== APP_HOST || parsed.username || parsed.password) return { kind: 'forbidden' };

  const root = resolve(rendererDir);
  const indexFile = join(root, 'index.html');
  if (segments.length === 0) return { kind: 'file', filePath: indexFile, fallback: false };
  const candidate = resolve(root, ...segments);
  if (!candidate.startsWith(root + sep)) return { kind: 'forbidden' };
  if (fileExists(candidate)) return { kind: 'file', filePath: candidate, fallback: false };
  const last = segments[segments.length - 1] ?? '';
  if (extname(last) !== '') return { kind: 'not_found' };
  return { kind: 'file', filePath: indexFile, fallback: true };
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.webm': 'audio/webm',
  '.txt': 'text/plain; charset=utf-8',
};

export function mimeType(filePath: string): string {
  return MIME[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers added to every app:// response. */
export function securityHeaders(options: { dev: boolean; devServerUrl?: string }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
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
