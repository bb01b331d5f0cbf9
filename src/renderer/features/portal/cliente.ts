/**
 * The company portal's client: the same operations (contract area `portal`) over whichever transport this
 * build has, without importing the operators' api client (the contract with every zod schema), so the
 * portal's first load stays small.
 *
 * - direct: a static build configured with VITE_SUPABASE_URL + VITE_SUPABASE_ANON_KEY calls the portal SQL
 *   functions on hosted Supabase from the browser (api/direct-portal.ts, loaded lazily with supabase-js).
 * - ipc: inside the desktop app, through the preload bridge.
 * - http: served by the Node side (`serve`), POST /api/portal/<op>.
 *
 * Where the token lives (decided here, documented in the report of issue 7):
 * - http: an HttpOnly cookie (consola_portal, Path=/api/portal) set by serve.ts; page scripts never see it.
 * - direct and ipc: sessionStorage under `empresa_token` (the browser must send it; it ends with the tab).
 * The company session of §6 (`empresa_sesion`: empresa_slug + timestamp, no secret) is in localStorage.
 */
import type { ApiClient } from '../../../shared/contract';
import type { Envelope } from '../../../shared/operaciones/envelope';
import { AppError, type ErrorCode } from '../../../shared/errors';
import { portal as t } from '../../../shared/areas/portal/texts';
import { EMPRESA_SESION_KEY, EMPRESA_TOKEN_KEY, comprobarEmpresaSesion, nuevaEmpresaSesion, type ChequeoSesion } from '../../../shared/areas/portal/rules';

export type PortalClient = ApiClient['portal'];
/** Fired when the server refuses the company session (detail: the Spanish message). */
export const PORTAL_SIN_SESION_EVENT = 'consola:portal-sin-sesion';
export type PortalTransporte = 'direct' | 'ipc' | 'http';

type Bridge = Record<string, Record<string, (input: unknown) => Promise<Envelope>>>;

function bridge(): Bridge | null {
  const w = typeof window === 'undefined' ? undefined : (window as unknown as { api?: unknown }).api;
  return typeof w === 'object' && w !== null ? (w as Bridge) : null;
}

const SUPABASE_URL = (import.meta.env.VITE_SUPABASE_URL as string | undefined)?.trim() ?? '';
const SUPABASE_ANON_KEY = (import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined)?.trim() ?? '';

export function transportePortal(): PortalTransporte {
  if (SUPABASE_URL && SUPABASE_ANON_KEY) return 'direct';
  return bridge() ? 'ipc' : 'http';
}

// ------------------------------------------------------------------------------------------------ storage

function leer(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}
function escribir(storage: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage refused (private mode): the session then lasts only for this page.
  }
}

/** §6 check of the stored company session for the address's company. */
/**
 * This tab's memory that a company's session expired (its id), until someone signs in again: the session is
 * removed when found expired, so a guard mounted again afterwards (a page that re-renders on a busy machine)
 * would read 'ausente' and trade "Tu sesión expiró" for "Inicia sesión para continuar".
 */
const EXPIRADA_KEY = 'empresa_sesion_expirada';

export function chequearSesionLocal(empresaId: string, ahora = Date.now()): ChequeoSesion {
  const chequeo = comprobarEmpresaSesion(leer('local', EMPRESA_SESION_KEY), empresaId, ahora);
  if (!chequeo.ok && chequeo.motivo === 'ausente' && leer('session', EXPIRADA_KEY) === empresaId) return { ok: false, motivo: 'expirada' };
  return chequeo;
}

export function guardarSesionLocal(empresaId: string, ahora = Date.now()): void {
  escribir('session', EXPIRADA_KEY, null);
  escribir('local', EMPRESA_SESION_KEY, JSON.stringify(nuevaEmpresaSesion(empresaId, ahora)));
}

/** Removes the company session and the token kept by the browser (if any); `expiradaPara`: it ended by expiring. */
export function borrarSesionLocal(expiradaPara?: string): void {
  escribir('local', EMPRESA_SESION_KEY, null);
  escribir('session', EMPRESA_TOKEN_KEY, null);
  escribir('session', EXPIRADA_KEY, expiradaPara ?? null);
}

// ------------------------------------------------------------------------------------------------ transports

function desenvolver(envelope: unknown): unknown {
  if (typeof envelope === 'object' && envelope !== null) {
    const e = envelope as Envelope;
    if (e.ok === true) return e.data;
    if (e.ok === false && e.error && typeof e.error.message === 'string') {
      throw new AppError(e.error.code as ErrorCode, e.error.message, e.error.details);
    }
  }
  throw new AppError('unavailable', t.errorCargar);
}

type Llamada = (op: string, input: Record<string, unknown>) => Promise<unknown>;

function http(): Llamada {
  return async (op, input) => {
    let response: Response;
    try {
      response = await fetch(`/api/portal/${op}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(input),
      });
    } catch {
      throw new AppError('unavailable', t.errorCargar);
    }
    if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
      // A static host without the Node side and without the Supabase settings in the build.
      throw new AppError('config', t.portalSinServidor);
    }
    return desenvolver(await response.json().catch(() => null));
  };
}

function ipc(b: Bridge): Llamada {
  return async (op, input) => {
    const fn = b.portal?.[op];
    if (typeof fn !== 'function') throw new AppError('unavailable', t.errorCargar);
    return desenvolver(await fn(input));
  };
}

function direct(): Llamada {
  let cliente: Promise<PortalClient> | null = null;
  return async (op, input) => {
    cliente ??= import('../../api/direct-portal').then((m) => m.crearPortalDirecto({ url: SUPABASE_URL, anonKey: SUPABASE_ANON_KEY }));
    const c = (await cliente) as unknown as Record<string, (i: unknown) => Promise<unknown>>;
    return c[op]!(input);
  };
}

/**
 * The portal operations for this build. Where the browser holds the token (direct, ipc) it is added to every
 * input and kept from the sign-in answer; a session refused by the server forgets it.
 */
export function crearClientePortal(kind: PortalTransporte = transportePortal()): PortalClient {
  const b = bridge();
  const llamada = kind === 'direct' ? direct() : kind === 'ipc' && b ? ipc(b) : http();
  const guardaToken = kind !== 'http';
  const ops = ['iniciarSesion', 'sesion', 'cerrarSesion', 'servicios', 'campana', 'tablas', 'sesiones', 'estadisticas', 'conversacion'] as const;
  const client: Record<string, (input: Record<string, unknown>) => Promise<unknown>> = {};
  for (const op of ops) {
    client[op] = async (input) => {
      const token = guardaToken && op !== 'iniciarSesion' ? leer('session', EMPRESA_TOKEN_KEY) : null;
      try {
        const out = await llamada(op, token ? { ...input, token } : input);
        if (guardaToken && op === 'iniciarSesion') {
          const nuevo = (out as { token?: string | null } | null)?.token ?? null;
          escribir('session', EMPRESA_TOKEN_KEY, nuevo);
        }
        if (op === 'cerrarSesion') escribir('session', EMPRESA_TOKEN_KEY, null);
        return out;
      } catch (error) {
        if (AppError.is(error) && error.code === 'unauthenticated' && op !== 'iniciarSesion') {
          // The server refused the company session. Reported to the portal's guard (which clears §6's
          // empresa_sesion and goes to the login) and NOT as 'unauthenticated': inside the operators' app
          // that code would sign the operator out.
          escribir('session', EMPRESA_TOKEN_KEY, null);
          window.dispatchEvent(new CustomEvent(PORTAL_SIN_SESION_EVENT, { detail: error.message }));
          throw new AppError('forbidden', error.message, { portalSinSesion: true });
        }
        throw error;
      }
    };
  }
  return client as unknown as PortalClient;
}

export const portalApi: PortalClient = crearClientePortal();

/**
 * Query options of one portal read: key ['portal', operation, input] and the call, as the operators'
 * `consultas` (api/queries.ts) build them, without loading the contract into the portal's bundle.
 */
export function consultaPortal<O extends keyof PortalClient>(op: O, input: Parameters<PortalClient[O]>[0]) {
  const llamar = portalApi[op] as unknown as (i: typeof input) => ReturnType<PortalClient[O]>;
  return { queryKey: ['portal', op, input] as const, queryFn: () => llamar(input) };
}
