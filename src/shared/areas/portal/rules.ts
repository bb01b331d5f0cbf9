/**
 * Company portal (part 3 §2.10, §3, §6): the browser-session rule of §6 (empresa_sesion), the token and
 * address formats. Pure: used by the api (Node side), the direct transport (browser → hosted Supabase) and
 * the portal's screens (the shapes they read are in ./contract.ts).
 */
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

/** Whole minutes (at least 1) until a lock ends. */
export function minutosRestantes(hasta: string | null, ahora: number): number {
  const t = hasta ? new Date(hasta).getTime() : NaN;
  if (!Number.isFinite(t)) return PORTAL_BLOQUEO_MIN;
  return Math.max(1, Math.ceil((t - ahora) / 60_000));
}
