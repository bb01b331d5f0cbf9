/**
 * The HTTP host: serves the built renderer and the same operations as the IPC transport
 * (POST /api/<area>/<operation>, JSON in, Envelope out) on 127.0.0.1. The session lives in an HttpOnly,
 * SameSite=Strict cookie; the token is never readable by page scripts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Dispatch } from './dispatch';
import type { Envelope } from '../shared/contract/envelope';
import type { ErrorCode } from '../shared/errors';
import { es } from '../shared/i18n/es';
import { MIME, resolveStaticPath } from './static-files';
import { SESSION_HOURS } from './backends/embedded/embedded-auth';
import { PORTAL_COOKIE_CONTEXT } from '../shared/api/portal';

export const SESSION_COOKIE = 'consola_sesion';
/**
 * The company portal's token (issue 7): its own HttpOnly cookie, sent only to /api/portal/*, so a company
 * session never mixes with an operator's and page scripts never read it. 24 hours, as the SQL side.
 */
export const PORTAL_COOKIE = 'consola_portal';
/** Enough for a CSV import of a few thousand clients; larger bodies are refused with a clear error. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

const STATUS: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  locked: 429,
  config: 412,
  unavailable: 503,
  cancelled: 409,
  internal: 500,
};

/** The same strict policy as the desktop window (styles inline: Mantine injects them at run time). */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

export interface ServerOptions {
  dispatch: Dispatch;
  rendererDir: string;
  port?: number;
  host?: string;
  log?: (message: string, error?: unknown) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function readCookie(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
    }
  }
  return null;
}

function sessionCookie(token: string | null, name = SESSION_COOKIE, path = '/'): string {
  if (!token) return `${name}=; HttpOnly; SameSite=Strict; Path=${path}; Max-Age=0`;
  return `${name}=${token}; HttpOnly; SameSite=Strict; Path=${path}; Max-Age=${SESSION_HOURS * 3600}`;
}

function sendJson(res: ServerResponse, status: number, body: Envelope, extraHeaders: Record<string, string | string[]> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  });
  res.end(payload);
}

function errorEnvelope(code: ErrorCode, message: string): Envelope {
  return { ok: false, error: { code, message } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('too large'), { tooLarge: true });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A browser on another site cannot make a JSON POST without a preflight we never answer; also check Origin. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, options: ServerOptions): Promise<void> {
  const match = /^\/api\/([a-zA-Z]+)\/([a-zA-Z]+)$/.exec(url.pathname);
  if (!match) return sendJson(res, 404, errorEnvelope('not_found', es.errores.operacionDesconocida));
  if (req.method !== 'POST') return sendJson(res, 405, errorEnvelope('validation', es.errores.entradaInvalida), { Allow: 'POST' });
  if (!sameOrigin(req)) return sendJson(res, 403, errorEnvelope('forbidden', es.errores.origenNoPermitido));
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return sendJson(res, 415, errorEnvelope('validation', es.errores.entradaInvalida));
  }
  let input: unknown;
  try {
    const raw = await readBody(req);
    input = raw ? JSON.parse(raw) : {};
  } catch (error) {
    const tooLarge = (error as { tooLarge?: boolean }).tooLarge;
    return sendJson(res, tooLarge ? 413 : 400, errorEnvelope('validation', tooLarge ? es.errores.cuerpoDemasiadoGrande : es.errores.entradaInvalida));
  }
  const portal = match[1] === 'portal';
  const cookieName = portal ? PORTAL_COOKIE : SESSION_COOKIE;
  let token = readCookie(req, cookieName);
  let tokenChanged = false;
  const ctx = {
    getToken: () => token,
    setToken: (next: string | null) => {
      token = next;
      tokenChanged = true;
    },
    // The portal's operations read this marker (src/shared/api/portal): their token is this cookie.
    ...(portal ? { [PORTAL_COOKIE_CONTEXT]: true } : {}),
  };
  const envelope = await options.dispatch(match[1]!, match[2]!, input, ctx);
  const headers: Record<string, string> = tokenChanged
    ? { 'Set-Cookie': portal ? sessionCookie(token, PORTAL_COOKIE, '/api/portal') : sessionCookie(token) }
    : {};
  sendJson(res, envelope.ok ? 200 : STATUS[envelope.error.code] ?? 500, envelope, headers);
}

function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, rendererDir: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const target = resolveStaticPath(url.pathname, rendererDir);
  if (target.kind === 'not_found') {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(es.app.paginaNoEncontrada);
    return;
  }
  const type = MIME[extname(target.file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': target.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (type.startsWith('text/html')) {
    headers['Content-Security-Policy'] = WEB_CSP;
    headers['X-Frame-Options'] = 'DENY';
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(target.file).pipe(res);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const work = url.pathname.startsWith('/api/')
      ? handleApi(req, res, url, options)
      : Promise.resolve(serveStatic(req, res, url, options.rendererDir));
    work.catch((error) => {
      options.log?.('Error en el servidor HTTP', error);
      if (!res.headersSent) sendJson(res, 500, errorEnvelope('internal', es.app.errorInesperado));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
