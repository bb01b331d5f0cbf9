/**
 * Maps a request path to a file of the built renderer, refusing anything outside its folder (`..`,
 * encoded dots, backslashes, NUL), and falling back to index.html for app routes (deep links) but not
 * for missing assets (a missing /assets/x.js must be a 404, not HTML).
 */
import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

export const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

export type StaticTarget = { kind: 'file'; file: string; immutable: boolean } | { kind: 'not_found' };

export function resolveStaticPath(urlPath: string, rootDir: string): StaticTarget {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return { kind: 'not_found' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'not_found' };
  const root = resolve(rootDir);
  const candidate = resolve(root, '.' + normalize('/' + decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return { kind: 'not_found' };
  if (candidate !== root && existsSync(candidate) && statSync(candidate).isFile()) {
    return { kind: 'file', file: candidate, immutable: decoded.startsWith('/assets/') };
  }
  // A path with an extension is an asset: missing means 404. Anything else is a route of the app.
  if (extname(decoded) && !decoded.endsWith('.html')) return { kind: 'not_found' };
  const index = join(root, 'index.html');
  return existsSync(index) ? { kind: 'file', file: index, immutable: false } : { kind: 'not_found' };
}
