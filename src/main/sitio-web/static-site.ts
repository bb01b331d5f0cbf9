/**
 * The built renderer as a web-standard handler, `(request) => Promise<Response>`, served the same way by both
 * hosts: Electron's `protocol.handle('app', …)` passes its Request straight in (window/create-window.ts), and
 * the HTTP server hands it each GET/HEAD outside /api (serve.ts). One MIME table, one path resolver, one set of
 * headers (policy.ts). Plain Node (node:fs, node:path), no Electron, so both paths are tested under vitest.
 *
 * Why not Hono's serveStatic: it follows symlinks out of its root, has no fallback to index.html for the
 * app's own routes, and would still need this MIME table and these headers; see docs/ARCHITECTURE.md.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, resolve, sep } from 'node:path';
import { es } from '../../shared/i18n/es';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, securityHeaders, type PolicyOptions } from './policy';

/** The content types of what Vite writes (and of the sounds and icons the build ships). */
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
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
};

/** Unknown extensions are bytes: with nosniff, a browser will not run or render them. */
export function mimeType(filePath: string): string {
  return MIME[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticTarget =
  | { kind: 'file'; filePath: string; fallback: boolean; immutable: boolean }
  | { kind: 'forbidden' }
  | { kind: 'not_found' };

const FORBIDDEN: StaticTarget = { kind: 'forbidden' };
const NOT_FOUND: StaticTarget = { kind: 'not_found' };

/**
 * The raw path of a request URL (still percent-encoded, without query or fragment), read from the string
 * itself: a URL parser would fold `..` segments and hide the attempt. With `origin` the URL must be of exactly
 * that origin (the desktop's app://app: no other host, port or credentials); without it any
 * `scheme://authority` is taken (the HTTP host checked the Host header before). Null: not ours.
 */
export function requestPath(url: string, origin?: string): string | null {
  if (typeof url !== 'string') return null;
  let rest: string;
  if (origin !== undefined) {
    if (!url.toLowerCase().startsWith(`${origin.toLowerCase()}/`)) return null;
    rest = url.slice(origin.length);
  } else {
    const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
    if (!authority) return null;
    rest = url.slice(authority[0].length);
  }
  if (!rest.startsWith('/')) return null;
  return rest.split(/[?#]/, 1)[0] ?? '';
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

type OnDisk = 'file' | 'missing' | 'escape';

/** Whether `path` is a regular file whose real location (every symlink followed) is still inside `realRoot`. */
async function fileInside(path: string, realRoot: string): Promise<OnDisk> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return 'missing';
  }
  if (!real.startsWith(realRoot + sep)) return 'escape';
  try {
    return (await stat(real)).isFile() ? 'file' : 'missing';
  } catch {
    return 'missing';
  }
}

/**
 * Maps a raw request path ("/assets/x.js", "/llamadas/campanas") to a file inside `rootDir`. Anything that
 * could leave the folder is forbidden: raw control characters, spaces or backslashes; `..` or `.` segments
 * (plain or percent-encoded); encoded slashes, backslashes, colons (drive letters) or NUL; what is still
 * encoded after one decoding (double encoding); and a symlink whose target lies outside. A missing asset
 * (a name with an extension) is not_found; any other unknown path is a route of the app and gets
 * index.html. Only files under assets/ (content-hashed by Vite) are immutable.
 */
export async function resolveStaticPath(rawPath: string, rootDir: string): Promise<StaticTarget> {
  if (!rawPath.startsWith('/') || /[^\x21-\x7e]|\\/.test(rawPath)) return FORBIDDEN;
  const decoded = safeDecode(rawPath.slice(1));
  if (decoded === null) return FORBIDDEN;
  if (/[\0\\:]/.test(decoded) || /%[0-9a-f]{2}/i.test(decoded)) return FORBIDDEN;
  if (isAbsolute(decoded) || decoded.startsWith('/')) return FORBIDDEN;
  const segments = decoded.split('/').filter((s) => s.length > 0);
  if (segments.some((s) => s === '..' || s === '.')) return FORBIDDEN;

  const root = resolve(rootDir);
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return NOT_FOUND;
  }
  const index = async (fallback: boolean): Promise<StaticTarget> => {
    const indexFile = join(root, 'index.html');
    const found = await fileInside(indexFile, realRoot);
    if (found === 'escape') return FORBIDDEN;
    return found === 'file' ? { kind: 'file', filePath: indexFile, fallback, immutable: false } : NOT_FOUND;
  };
  if (segments.length === 0) return index(false);

  const candidate = resolve(root, ...segments);
  if (!candidate.startsWith(root + sep)) return FORBIDDEN;
  const found = await fileInside(candidate, realRoot);
  if (found === 'escape') return FORBIDDEN;
  if (found === 'file') {
    return { kind: 'file', filePath: candidate, fallback: false, immutable: segments[0] === 'assets' && segments.length > 1 };
  }
  if (extname(segments[segments.length - 1] ?? '') !== '') return NOT_FOUND;
  return index(true);
}

/** Only what the handler reads of a request: Electron passes a whole Request, the HTTP server these two. */
export type StaticRequest = Pick<Request, 'url' | 'method'>;
export type StaticHandler = (request: StaticRequest) => Promise<Response>;

export interface StaticSiteOptions extends PolicyOptions {
  /** The built renderer (out/renderer, or dist-web). */
  rootDir: string;
  /** When set, only URLs of this origin are served (the desktop: app://app); others are forbidden. */
  origin?: string;
}

/** The built renderer as a `Request → Response` function, with the security headers on every answer. */
export function crearSitioEstatico(options: StaticSiteOptions): StaticHandler {
  const headers = securityHeaders(options);
  const answer = (status: number, body: BodyInit | null, extra: Record<string, string>) =>
    new Response(body, { status, headers: { ...headers, ...extra } });
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return answer(405, null, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' });
    }
    const raw = requestPath(request.url, options.origin);
    const target = raw === null ? FORBIDDEN : await resolveStaticPath(raw, options.rootDir);
    if (target.kind === 'forbidden') return answer(403, null, { 'Cache-Control': 'no-store' });
    const notFound = () =>
      answer(404, es.app.paginaNoEncontrada, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    if (target.kind === 'not_found') return notFound();
    let body: Uint8Array<ArrayBuffer>;
    try {
      // The bundle's files are small (none reaches a megabyte): read whole, answered at once.
      const bytes = await readFile(target.filePath);
      body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    } catch {
      return notFound();
    }
    return answer(200, request.method === 'HEAD' ? null : body, {
      'Content-Type': mimeType(target.filePath),
      'Cache-Control': target.immutable ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
    });
  };
}
