/**
 * The HTTP host: serves the built renderer and the same operations as the IPC transport
 * (POST /api/<area>/<operation>, JSON in, Envelope out) on 127.0.0.1. The session lives in an HttpOnly,
 * SameSite=Strict cookie; the token is never readable by page scripts.
 *
 * Before a body is read: the Host must name this server (DNS rebinding), a sign-in must be within its
 * address's budget, a non-public operation must come with a live session, the body must fit its operation's
 * bound, and only so many bodies are read at once. Anything refused that early is answered at once and the
 * connection closed, without reading what the client is still sending.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatch } from './dispatch';
import type { Envelope } from '../shared/operaciones/envelope';
import type { AuthState } from '../shared/contract';
import { getOperation } from '../shared/contract';
import { es } from '../shared/i18n/es';
import { OPERATOR_SESSION_HOURS } from '../shared/ports/auth';
import { PORTAL_SESION_MS } from '../shared/areas/portal/rules';
import { crearSitioEstatico, type StaticHandler } from './sitio-web/static-site';
import { clientAddressBehind, crearLimiteIntentos, crearCupos, crearCuposPorDireccion, crearProxiesConfiables, hostAllowed, parseTrustedProxy } from './http-guards';
import { bodyPending, readBody, refuse, sendJson, type BodyResult } from './http-body';
import { estadoDeSobre, sobreDeError } from './http-respuesta';
import type { AreaCambio, CambiosPort } from '../shared/ports';
import { coalescerCambios, type CambiosCoalescidos } from './cambios/coalescer';
import type { AvisoSesiones } from './sesiones-terminadas';

export const SESSION_COOKIE = 'consola_sesion';
/**
 * The company portal's token (issue 7): its own HttpOnly cookie, sent only to /api/portal/*, so a company
 * session never mixes with an operator's and page scripts never read it. It lives as long as the portal
 * session it carries (24 hours, from the session's own expiry), not as long as an operator's.
 */
export const PORTAL_COOKIE = 'consola_portal';
/** Enough for a CSV import of a few thousand clients; larger bodies are refused with a clear error. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;
/** The live-changes stream (server-sent events) of a signed-in page: GET only, no body. */
export const CAMBIOS_PATH = '/api/cambios';
/** A comment line this often keeps an idle stream open through proxies, and its session is checked again. */
export const LATIDO_CAMBIOS_MS = 25_000;

/** The operations a client without a session may use to guess passwords: counted per client address. */
const SIGN_IN_OPERATIONS = new Set(['auth.iniciarSesion', 'auth.crearPrimerAdmin', 'portal.iniciarSesion']);

export interface ServerLimits {
  /** Largest body of a public operation (sign-in, first run, the portal): they need a few hundred bytes. */
  publicBodyBytes: number;
  /** Largest body of a signed-in operator's operation. */
  bodyBytes: number;
  /** Public bodies read at the same moment; past it the server answers 503 instead of holding more. */
  concurrentPublicBodies: number;
  /** Of those, public bodies one client address may be sending at once. */
  publicBodiesPerAddress: number;
  /** Signed-in operators' bodies read at the same moment (apart, so anonymous clients cannot starve them). */
  concurrentBodies: number;
  /** Sign-in attempts (operator, first run, portal) one client address may make per window. */
  signInAttempts: number;
  signInWindowMs: number;
  /** Live-changes streams open at once (one per open page); past it the server answers 503. */
  concurrentEventStreams: number;
  /** Of those, streams one operator session may hold (its open tabs), so one session cannot take them all. */
  eventStreamsPerSession: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  publicBodyBytes: 64 * 1024,
  bodyBytes: MAX_BODY_BYTES,
  concurrentPublicBodies: 16,
  publicBodiesPerAddress: 4,
  concurrentBodies: 8,
  signInAttempts: 20,
  signInWindowMs: 60_000,
  concurrentEventStreams: 64,
  eventStreamsPerSession: 8,
};

export interface ServerOptions {
  dispatch: Dispatch;
  rendererDir: string;
  port?: number;
  host?: string;
  /**
   * Names besides 127.0.0.1, localhost and [::1] this server answers to, e.g. the name the company portal is
   * published under on a network ("portal.agencia.co", or "portal.agencia.co:8443" for that port only).
   * Requests naming any other host are refused (421).
   */
  allowedHosts?: readonly string[];
  /**
   * The hosted project a direct web build (VITE_SUPABASE_URL) talks to: its origin joins the pages'
   * connect-src, or the browser would block the portal's calls (docs/PUBLICAR-PORTAL.md).
   */
  supabaseUrl?: string;
  limits?: Partial<ServerLimits>;
  /**
   * Reverse proxies in front of this server (addresses or CIDR ranges; none by default): only a request whose
   * socket comes from one of them has its X-Forwarded-For believed, read from the right up to the first hop
   * that is not a trusted proxy. That address is the client's for every per-address budget (sign-ins, the
   * portal's lock, body slots). docs/PUBLICAR-PORTAL.md.
   */
  trustedProxies?: readonly string[];
  /**
   * Row changes to push to signed-in pages (GET /api/cambios, server-sent events), coalesced per area by this
   * server. Without it that path answers 404.
   */
  cambios?: CambiosPort;
  /** Interval of the live stream's comment line and session re-check (tests shorten it). */
  latidoCambiosMs?: number;
  /**
   * Told when sessions may have ended (sign-out, password change, deactivation: Host.sesiones): every open
   * stream's session is checked at once and the ended ones' streams end, without waiting for a heartbeat.
   */
  sesiones?: AvisoSesiones;
  /** Clock of the sign-in budget and of cookie lifetimes (tests pass theirs). */
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  cerrar(): Promise<void>;
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

function sessionCookie(token: string | null, name: string, path: string, maxAgeSeconds: number): string {
  if (!token) return `${name}=; HttpOnly; SameSite=Strict; Path=${path}; Max-Age=0`;
  return `${name}=${token}; HttpOnly; SameSite=Strict; Path=${path}; Max-Age=${maxAgeSeconds}`;
}

/**
 * The portal cookie lasts until its session's own expiry (the sign-in answer's `expiraEn`), never past the
 * portal's 24 hours; the operator's cookie, an operator session.
 */
function cookieLifetime(portal: boolean, envelope: Envelope, now: Date): number {
  if (!portal) return OPERATOR_SESSION_HOURS * 3600;
  const data = envelope.ok ? (envelope.data as { expiraEn?: unknown } | null) : null;
  const left = typeof data?.expiraEn === 'string' ? Date.parse(data.expiraEn) - now.getTime() : Number.NaN;
  const ms = Number.isFinite(left) && left > 0 ? Math.min(left, PORTAL_SESION_MS) : PORTAL_SESION_MS;
  return Math.floor(ms / 1000);
}

/**
 * A browser on another site cannot make a JSON POST without a preflight we never answer; also check Origin.
 * (A page whose own name resolves to 127.0.0.1 passes this check: the Host check before it stops that one.)
 */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host?.toLowerCase();
  } catch {
    return false;
  }
}

/** The open live streams of one server, and the coalesced notices they share. */
interface Vivo {
  coalescido: CambiosCoalescidos;
  /** Each open stream's ending, so closing the server ends them cleanly. */
  flujos: Set<() => void>;
  /** The open streams of each session token: the per-session cap, and what to check when sessions end. */
  porSesion: Map<string, Set<() => void>>;
  latidoMs: number;
}

/**
 * Checks every session that holds a stream, now: the streams of the ones that ended end. Run on each
 * "sessions may have ended" notice.
 */
async function revisarSesiones(dispatch: Dispatch, vivo: Vivo): Promise<void> {
  await Promise.all(
    [...vivo.porSesion].map(async ([token, flujos]) => {
      const vigente = await signedIn(dispatch, token).catch(() => false);
      if (!vigente) for (const terminar of [...flujos]) terminar();
    }),
  );
}

interface Guards {
  options: ServerOptions;
  limits: ServerLimits;
  now: () => Date;
  signIns: ReturnType<typeof crearLimiteIntentos>;
  publicSlots: ReturnType<typeof crearCuposPorDireccion>;
  proxies: ReturnType<typeof crearProxiesConfiables>;
  operatorSlots: ReturnType<typeof crearCupos>;
}

/** Whether an operator token is a live session: asked through the same dispatch (auth.estado), nothing else. */
async function signedIn(dispatch: Dispatch, token: string): Promise<boolean> {
  const envelope = await dispatch('auth', 'estado', {}, { getToken: () => token, setToken: () => {} });
  return envelope.ok && (envelope.data as AuthState | null)?.operator != null;
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, guards: Guards): Promise<void> {
  const { options, limits } = guards;
  const no = (status: number, body: Envelope, headers?: Record<string, string>) => refuse(req, res, limits.bodyBytes, status, body, headers);
  const match = /^\/api\/([a-zA-Z]+)\/([a-zA-Z]+)$/.exec(url.pathname);
  if (!match) return no(404, sobreDeError('not_found', es.errores.operacionDesconocida));
  if (req.method !== 'POST') return no(405, sobreDeError('validation', es.errores.entradaInvalida), { Allow: 'POST' });
  if (!sameOrigin(req)) return no(403, sobreDeError('forbidden', es.errores.origenNoPermitido));
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return no(415, sobreDeError('validation', es.errores.entradaInvalida));
  }
  const [area, name] = [match[1]!, match[2]!];
  const operation = getOperation(area, name);
  if (!operation) return no(404, sobreDeError('not_found', es.errores.operacionDesconocida));
  const clientAddress = clientAddressBehind(req.socket.remoteAddress, req.headers['x-forwarded-for'], guards.proxies);
  if (SIGN_IN_OPERATIONS.has(`${area}.${name}`) && !guards.signIns.take(clientAddress ?? '')) {
    return no(429, sobreDeError('locked', es.errores.demasiadosIntentosDireccion), {
      'Retry-After': String(Math.ceil(limits.signInWindowMs / 1000)),
    });
  }

  const portal = area === 'portal';
  const cookieName = portal ? PORTAL_COOKIE : SESSION_COOKIE;
  const cookiePath = portal ? '/api/portal' : '/';
  let token = readCookie(req, cookieName);
  // Only a signed-in operator's request is worth reading in full (up to a CSV import); anyone else's is
  // answered from its headers alone.
  if (!operation.public) {
    if (!token) return no(401, sobreDeError('unauthenticated', es.login.noAutenticado));
    if (!(await signedIn(options.dispatch, token))) {
      return no(401, sobreDeError('unauthenticated', es.login.sesionExpirada), {
        'Set-Cookie': sessionCookie(null, cookieName, cookiePath, 0),
      });
    }
  }
  const limit = operation.public ? limits.publicBodyBytes : limits.bodyBytes;
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return no(413, sobreDeError('validation', es.errores.cuerpoDemasiadoGrande));
  const release = operation.public ? guards.publicSlots.tryAcquire(clientAddress ?? '') : guards.operatorSlots.tryAcquire();
  if (!release) return no(503, sobreDeError('unavailable', es.errores.servidorOcupado), { 'Retry-After': '5' });
  let body: BodyResult;
  try {
    body = await readBody(req, limit);
  } finally {
    release();
  }
  if (body.kind === 'gone') return void res.destroy();
  if (body.kind === 'too_large') return no(413, sobreDeError('validation', es.errores.cuerpoDemasiadoGrande));
  let input: unknown;
  try {
    const text = body.bytes.toString('utf8');
    input = text ? JSON.parse(text) : {};
  } catch {
    return sendJson(res, 400, sobreDeError('validation', es.errores.entradaInvalida));
  }

  let tokenChanged = false;
  const ctx = {
    getToken: () => token,
    setToken: (next: string | null) => {
      token = next;
      tokenChanged = true;
    },
    ...(clientAddress ? { clientAddress } : {}),
    ...(req.headers['user-agent'] ? { userAgent: String(req.headers['user-agent']).slice(0, 400) } : {}),
    // The portal's operations keep their token in this cookie (src/shared/api/portal).
    ...(portal ? { portalCookie: true } : {}),
  };
  const envelope = await options.dispatch(area, name, input, ctx);
  const headers: Record<string, string> = tokenChanged
    ? { 'Set-Cookie': sessionCookie(token, cookieName, cookiePath, cookieLifetime(portal, envelope, guards.now())) }
    : {};
  sendJson(res, estadoDeSobre(envelope), envelope, headers);
}

/**
 * GET /api/cambios: a server-sent-events stream of the areas whose rows changed (`event: cambio`, `data:
 * llamadas`) and of whether such notices can come now (`event: estado`, `data: en-vivo|conectando|sin-conexion`,
 * first when it opens, then on each change), for a signed-in operator's page only (the same cookie, Host and
 * Origin checks as the API). No body is read and no body slot is taken; streams are capped apart, in all and per
 * session (one session's tabs cannot take every stream). Nothing of a row travels, only the area's name: the page
 * refetches what it shows. A session's streams end the moment it ends (options.sesiones: sign-out, password
 * change, deactivation); a comment line every LATIDO_CAMBIOS_MS keeps a stream open and re-checks the session
 * (expiry); closing the server ends every stream.
 */
async function handleCambios(req: IncomingMessage, res: ServerResponse, guards: Guards, vivo: Vivo | null): Promise<void> {
  const { options, limits } = guards;
  const no = (status: number, body: Envelope, headers?: Record<string, string>) => refuse(req, res, limits.publicBodyBytes, status, body, headers);
  if (!vivo) return no(404, sobreDeError('not_found', es.errores.operacionDesconocida));
  if (req.method !== 'GET') return no(405, sobreDeError('validation', es.errores.entradaInvalida), { Allow: 'GET' });
  if (!sameOrigin(req)) return no(403, sobreDeError('forbidden', es.errores.origenNoPermitido));
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return no(401, sobreDeError('unauthenticated', es.login.noAutenticado));
  if (!(await signedIn(options.dispatch, token))) {
    return no(401, sobreDeError('unauthenticated', es.login.sesionExpirada), { 'Set-Cookie': sessionCookie(null, SESSION_COOKIE, '/', 0) });
  }
  if (res.destroyed) return;
  const deLaSesion = vivo.porSesion.get(token) ?? new Set<() => void>();
  if (vivo.flujos.size >= limits.concurrentEventStreams || deLaSesion.size >= limits.eventStreamsPerSession) {
    return no(503, sobreDeError('unavailable', es.errores.servidorOcupado), { 'Retry-After': '5' });
  }

  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    // A reverse proxy in front (nginx) must pass each event at once.
    'X-Accel-Buffering': 'no',
  });
  res.write('retry: 3000\n: conectado\n\n');
  let terminado = false;
  const enviar = (area: AreaCambio) => void res.write(`event: cambio\ndata: ${area}\n\n`);
  const dejar = vivo.coalescido.suscribir(enviar);
  // Whether notices can come at all (hosted Realtime may be down): at once, then on every change.
  const dejarEstado = vivo.coalescido.estado((estado) => void res.write(`event: estado\ndata: ${estado}\n\n`));
  const latido = setInterval(() => {
    void signedIn(options.dispatch, token)
      .catch(() => false)
      .then((vigente) => (!vigente ? terminar() : terminado ? undefined : void res.write(': latido\n\n')));
  }, vivo.latidoMs);
  latido.unref?.();
  const terminar = () => {
    if (terminado) return;
    terminado = true;
    clearInterval(latido);
    dejar();
    dejarEstado();
    vivo.flujos.delete(terminar);
    deLaSesion.delete(terminar);
    if (deLaSesion.size === 0 && vivo.porSesion.get(token) === deLaSesion) vivo.porSesion.delete(token);
    res.end();
  };
  vivo.flujos.add(terminar);
  deLaSesion.add(terminar);
  vivo.porSesion.set(token, deLaSesion);
  res.on('close', terminar);
}

/**
 * Any request outside /api (GET and HEAD; anything else gets 405): the serving module's handler, the same one
 * the desktop's app:// scheme uses (src/main/sitio-web/static-site.ts). It gets the request line's path as the
 * client sent it, not a parsed URL (which would fold `..` away): what tries to leave the folder is refused, not
 * quietly resolved.
 */
async function serveStatic(req: IncomingMessage, res: ServerResponse, site: StaticHandler): Promise<void> {
  const response = await site({ url: `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, method: req.method ?? 'GET' });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(req.method === 'HEAD' || !response.body ? undefined : Buffer.from(await response.arrayBuffer()));
}

/** A request naming a host this server was not started for: refused before anything else is looked at. */
function refuseHost(req: IncomingMessage, res: ServerResponse, api: boolean): void {
  // Nothing of a foreign name's request is read: its connection is closed once answered.
  const close: Record<string, string> = bodyPending(req) ? { Connection: 'close' } : {};
  if (api) return sendJson(res, 421, sobreDeError('forbidden', es.errores.hostNoPermitido), close);
  res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...close });
  res.end(es.errores.hostNoPermitido);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const now = options.now ?? (() => new Date());
  const guards: Guards = {
    options,
    limits,
    now,
    signIns: crearLimiteIntentos({ max: limits.signInAttempts, windowMs: limits.signInWindowMs, now }),
    publicSlots: crearCuposPorDireccion(limits.concurrentPublicBodies, limits.publicBodiesPerAddress),
    proxies: crearProxiesConfiables(options.trustedProxies ?? []),
    operatorSlots: crearCupos(limits.concurrentBodies),
  };
  const allowedHosts = options.allowedHosts ?? [];
  for (const entrada of options.trustedProxies ?? []) {
    if (!parseTrustedProxy(entrada)) options.log?.(`Proxy de confianza ignorado (no es una dirección IP ni un rango CIDR): ${entrada}`);
  }
  const site = crearSitioEstatico({ rootDir: options.rendererDir, ...(options.supabaseUrl ? { supabaseUrl: options.supabaseUrl } : {}) });
  const vivo: Vivo | null = options.cambios
    ? { coalescido: coalescerCambios(options.cambios), flujos: new Set(), porSesion: new Map(), latidoMs: options.latidoCambiosMs ?? LATIDO_CAMBIOS_MS }
    : null;
  const dejarSesiones =
    vivo && options.sesiones
      ? options.sesiones.suscribir(() => {
          revisarSesiones(options.dispatch, vivo).catch((error: unknown) => options.log?.('Revisión de sesiones de los flujos en vivo', error));
        })
      : null;
  let port = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const api = url.pathname.startsWith('/api/');
    if (!hostAllowed(req.headers.host, port, allowedHosts)) return refuseHost(req, res, api);
    const work =
      url.pathname === CAMBIOS_PATH ? handleCambios(req, res, guards, vivo) : api ? handleApi(req, res, url, guards) : serveStatic(req, res, site);
    work.catch((error) => {
      options.log?.('Error en el servidor HTTP', error);
      if (!res.headersSent) sendJson(res, 500, sobreDeError('internal', es.app.errorInesperado));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    cerrar: () =>
      new Promise<void>((resolve) => {
        dejarSesiones?.();
        for (const terminar of [...(vivo?.flujos ?? [])]) terminar();
        vivo?.coalescido.cerrar();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
