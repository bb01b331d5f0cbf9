/**
 * Company portal (part 3 §2.10, §3, §6): the shapes the portal screens read, the browser-session rule of
 * §6 (empresa_sesion), and the readers that turn the SQL functions' JSON into those shapes. Pure: used by
 * the api (Node side) and by the direct transport (browser → hosted Supabase).
 */
import type { Estadisticas, MensajeConversacion, PaginaSesiones, Sesion } from './mensajes';

/** localStorage key of the company session (§3): { empresa_slug, timestamp }. Holds no secret. */
export const EMPRESA_SESION_KEY = 'empresa_sesion';
/** sessionStorage key of the portal token where the browser must hold it (direct transport, desktop). */
export const EMPRESA_TOKEN_KEY = 'empresa_token';
/** Company session lifetime (§6, §9): 24 hours. */
export const PORTAL_SESION_MS = 24 * 60 * 60 * 1000;
/** Minutes a company's portal login stays locked after too many failed logins (enforced in SQL). */
export const PORTAL_BLOQUEO_MIN = 5;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The portal token: 32 random bytes in hex (gen_random_bytes in SQL). */
export const PORTAL_TOKEN_RE = /^[0-9a-f]{64}$/;

export interface EmpresaSesion {
  empresa_slug: string;
  timestamp: number;
}

export type ChequeoSesion = { ok: true; sesion: EmpresaSesion } | { ok: false; motivo: 'ausente' | 'ilegible' | 'otra_empresa' | 'expirada' };

/**
 * §6: entry to the protected screens only with a stored company session whose empresa_slug matches the
 * address's id and that is no older than 24 hours. Anything else must be removed (the caller does it) and
 * the visitor sent to /accesoempresas/{id}.
 */
export function comprobarEmpresaSesion(raw: string | null, empresaId: string, ahora: number): ChequeoSesion {
  if (raw === null || raw === '') return { ok: false, motivo: 'ausente' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, motivo: 'ilegible' };
  }
  if (typeof value !== 'object' || value === null) return { ok: false, motivo: 'ilegible' };
  const v = value as Record<string, unknown>;
  const slug = v.empresa_slug;
  const ts = typeof v.timestamp === 'string' && v.timestamp.trim() !== '' ? Number(v.timestamp) : v.timestamp;
  if (typeof slug !== 'string' || typeof ts !== 'number' || !Number.isFinite(ts)) return { ok: false, motivo: 'ilegible' };
  if (slug !== empresaId) return { ok: false, motivo: 'otra_empresa' };
  // A timestamp in the future (clock moved back, or forged) is not trusted either.
  if (ts > ahora + 60_000 || ahora - ts >= PORTAL_SESION_MS) return { ok: false, motivo: 'expirada' };
  return { ok: true, sesion: { empresa_slug: slug, timestamp: ts } };
}

export function nuevaEmpresaSesion(empresaId: string, ahora: number): EmpresaSesion {
  return { empresa_slug: empresaId, timestamp: ahora };
}

// ------------------------------------------------------------------------------------------------ shapes

export interface PortalEmpresa {
  id: string;
  nombre: string;
}

export interface PortalSesion {
  empresa: PortalEmpresa;
  /** ISO timestamp (24 h after sign-in). */
  expiraEn: string;
  /**
   * The token, only where the browser must keep it (direct transport, desktop window). Over HTTP it lives
   * in an HttpOnly cookie and this is null.
   */
  token: string | null;
}

export interface PortalServicio {
  id: string;
  tipoServicio: string;
  /** Catalogue name of the type, when it is in the catalogue. */
  servicio: string | null;
  nombreInstancia: string;
  estado: string;
  categoria: string | null;
  proyecto: string | null;
  createdAt: string | null;
  campanaId: number | null;
  campanaNombre: string | null;
  tablaWhatsapp: string | null;
}

export interface PortalClienteLlamada {
  id: number;
  nombre: string;
  apellido: string;
  email: string;
  telefono: string;
  empresa: string | null;
  cargo: string | null;
  ultimoEstado: string | null;
  ultimaLlamada: string | null;
  llamadas: number;
}

export interface PortalCampana {
  campana: { id: number; nombre: string; minutos: number };
  consumo: { totalLlamadas: number; segundos: number; minutosConsumidos: number; minutosTope: number };
  estados: Array<{ estado: string; llamadas: number }>;
  total: number;
  clientes: PortalClienteLlamada[];
}

export interface PortalTablaWhatsapp {
  id: number;
  nombre: string;
  tabla: string;
  activa: boolean;
}

export type { Estadisticas, MensajeConversacion, PaginaSesiones, Sesion };

// ------------------------------------------------------------------------------------------------ readers

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};
const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);
/** Timestamps from SQL may be ISO or PostgreSQL text ('2026-11-21 15:00:00+00'): always ISO out. */
const iso = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = new Date(String(v).replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
};

export function leerServicios(value: unknown): PortalServicio[] {
  return arr(obj(value).servicios).map((x) => {
    const s = obj(x);
    return {
      id: str(s.id),
      tipoServicio: str(s.tipo_servicio),
      servicio: strOrNull(s.servicio),
      nombreInstancia: str(s.nombre_instancia),
      estado: str(s.estado),
      categoria: strOrNull(s.categoria),
      proyecto: strOrNull(s.proyecto),
      createdAt: iso(s.created_at),
      campanaId: numOrNull(s.campana_id),
      campanaNombre: strOrNull(s.campana_nombre),
      tablaWhatsapp: strOrNull(s.tabla_whatsapp),
    };
  });
}

/** null when the campaign is not the company's. */
export function leerCampana(value: unknown): PortalCampana | null {
  const v = obj(value);
  if (v.campana === null || v.campana === undefined) return null;
  const c = obj(v.campana);
  const k = obj(v.consumo);
  return {
    campana: { id: num(c.id), nombre: str(c.nombre), minutos: num(c.minutos) },
    consumo: {
      totalLlamadas: num(k.total_llamadas),
      segundos: num(k.segundos),
      minutosConsumidos: num(k.minutos_consumidos),
      minutosTope: num(k.minutos_tope),
    },
    estados: arr(v.estados).map((e) => ({ estado: str(obj(e).estado), llamadas: num(obj(e).llamadas) })),
    total: num(v.total),
    clientes: arr(v.clientes).map((x) => {
      const r = obj(x);
      return {
        id: num(r.id),
        nombre: str(r.nombre),
        apellido: str(r.apellido),
        email: str(r.email),
        telefono: str(r.telefono),
        empresa: strOrNull(r.empresa),
        cargo: strOrNull(r.cargo),
        ultimoEstado: strOrNull(r.ultimo_estado),
        ultimaLlamada: iso(r.ultima_llamada),
        llamadas: num(r.llamadas),
      };
    }),
  };
}

export function leerTablas(value: unknown): PortalTablaWhatsapp[] {
  return arr(obj(value).tablas).map((x) => {
    const t = obj(x);
    return { id: num(t.id), nombre: str(t.nombre), tabla: str(t.tabla), activa: t.activa !== false };
  });
}

export function leerSesiones(value: unknown): PaginaSesiones {
  const v = obj(value);
  return {
    total: num(v.total),
    sesiones: arr(v.sesiones).map((x) => {
      const s = obj(x);
      const mensajes = num(s.mensajes);
      const humanos = num(s.humanos);
      return {
        sessionId: str(s.session_id),
        mensajes,
        humanos,
        ia: mensajes - humanos,
        primerMensaje: strOrNull(s.primer_mensaje),
        ultimoMensaje: strOrNull(s.ultimo_mensaje),
        ultimoMensajeCrudo: strOrNull(s.ultimo_mensaje_crudo),
        ultimoTexto: str(s.ultimo_texto),
      };
    }),
  };
}

export function leerEstadisticas(value: unknown): Estadisticas {
  const v = obj(value);
  return {
    totalMensajes: num(v.totalMensajes),
    totalSesiones: num(v.totalSesiones),
    mensajesHoy: num(v.mensajesHoy),
    sesionesActivas: num(v.sesionesActivas),
  };
}

export function leerConversacion(value: unknown): MensajeConversacion[] {
  return arr(obj(value).mensajes).map((x) => {
    const m = obj(x);
    return { id: num(m.id), message: m.message, fecha: strOrNull(m.created_at), fechaCruda: strOrNull(m.created_at_crudo) };
  });
}

/** The sign-in answer of portal_iniciar_sesion. */
export type ResultadoLogin =
  | { ok: true; token: string; expiraEn: string; empresa: PortalEmpresa }
  | { ok: false; motivo: 'credenciales' | 'bloqueada' | 'inactiva'; bloqueadaHasta: string | null };

export function leerLogin(value: unknown): ResultadoLogin {
  const v = obj(value);
  if (v.ok === true && typeof v.token === 'string') {
    const e = obj(v.empresa);
    return { ok: true, token: v.token, expiraEn: iso(v.expira_at) ?? '', empresa: { id: str(e.id), nombre: str(e.nombre) } };
  }
  const motivo = v.motivo === 'bloqueada' || v.motivo === 'inactiva' ? v.motivo : 'credenciales';
  return { ok: false, motivo, bloqueadaHasta: iso(v.bloqueada_hasta) };
}

/** Whole minutes (at least 1) until a lock ends. */
export function minutosRestantes(hasta: string | null, ahora: number): number {
  const t = hasta ? new Date(hasta).getTime() : NaN;
  if (!Number.isFinite(t)) return PORTAL_BLOQUEO_MIN;
  return Math.max(1, Math.ceil((t - ahora) / 60_000));
}
