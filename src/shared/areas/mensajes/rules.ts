/**
 * Chat messages, sessions and stats (part 3 §2.3, §2.4, §3, §9). Pure rules: message parsing, the Bogotá
 * "today" and 24-hour activity, pagination and the CSV export. The database computes sessions
 * and stats in SQL; `agruparSesiones` / `calcularEstadisticas` are the same rules in JavaScript (the way the
 * original screens did it), kept as the reference the SQL is tested and benchmarked against.
 */
import { ZONA_HORARIA } from '../../domain/dates';
import type { Estadisticas, Sesion } from './formas';

export type RolMensaje = 'humano' | 'ia';

export interface MensajeParseado {
  rol: RolMensaje;
  texto: string;
}

function comoTexto(valor: unknown): string {
  if (valor === null || valor === undefined) return '';
  if (typeof valor === 'string') return valor;
  if (typeof valor === 'number' || typeof valor === 'boolean' || typeof valor === 'bigint') return String(valor);
  try {
    return JSON.stringify(valor) ?? String(valor);
  } catch {
    return String(valor);
  }
}

/**
 * A message is a plain string or { type: 'human' | 'ai', content }. Anything else is shown as its text and
 * on the AI side; nothing here throws.
 */
export function parsearMensaje(raw: unknown): MensajeParseado {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const obj = raw as Record<string, unknown>;
    const tipo = typeof obj.type === 'string' ? obj.type.toLowerCase() : '';
    const texto = Object.hasOwn(obj, 'content') ? comoTexto(obj.content) : comoTexto(raw);
    return { rol: tipo === 'human' ? 'humano' : 'ia', texto };
  }
  return { rol: 'ia', texto: comoTexto(raw) };
}

// ------------------------------------------------------------------------------------------------ time

/** §9: stored timestamps have no zone and are UTC; a value without a zone gets 'Z'. */
export function comoUtc(raw: string): string {
  const t = raw.trim().replace(' ', 'T');
  return /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(t) ? t : `${t}Z`;
}

/** The instant of a stored timestamp, or null when unreadable. */
export function instante(raw: string | null | undefined): Date | null {
  if (!raw) return null;
  const d = new Date(comoUtc(raw));
  return Number.isNaN(d.getTime()) ? null : d;
}

const diaFormato = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA_HORARIA, year: 'numeric', month: '2-digit', day: '2-digit' });
const fechaHoraFormato = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONA_HORARIA, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** 'YYYY-MM-DD' of an instant in Colombia. */
export function diaBogota(d: Date): string {
  const p = Object.fromEntries(diaFormato.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in Colombia (the CSV export), or '' when unreadable. */
export function fechaHoraBogotaIso(raw: string | null | undefined): string {
  const d = instante(raw);
  if (!d) return '';
  const p = Object.fromEntries(fechaHoraFormato.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** 'Mensajes hoy': the message's Colombia date is the current Colombia date. */
export function esDeHoy(raw: string | null | undefined, ahora: Date): boolean {
  const d = instante(raw);
  return d !== null && diaBogota(d) === diaBogota(ahora);
}

export const VENTANA_ACTIVA_MS = 24 * 60 * 60 * 1000;

/** An active session's last message is within the past 24 hours (a future one counts as active). */
export function esActiva(ultimo: string | null | undefined, ahora: Date): boolean {
  const d = instante(ultimo);
  return d !== null && d.getTime() >= ahora.getTime() - VENTANA_ACTIVA_MS;
}

// ------------------------------------------------------------------------------------------------ shapes

// ------------------------------------------------------------------------------------------------ JS reference

export interface FilaMensaje {
  id: number;
  session_id: string;
  message: unknown;
  created_at: string | null;
}

const clave = (f: FilaMensaje) => [instante(f.created_at)?.getTime() ?? Number.NEGATIVE_INFINITY, f.id] as const;
const despues = (a: FilaMensaje, b: FilaMensaje) => {
  const [ta, ia] = clave(a);
  const [tb, ib] = clave(b);
  return ta > tb || (ta === tb && ia > ib);
};

/** Sessions from every row, latest message first (the original way: download everything, group here). */
export function agruparSesiones(filas: readonly FilaMensaje[]): Sesion[] {
  const grupos = new Map<string, { n: number; h: number; primero: FilaMensaje; ultimo: FilaMensaje }>();
  for (const f of filas) {
    const humano = parsearMensaje(f.message).rol === 'humano';
    const g = grupos.get(f.session_id);
    if (!g) {
      grupos.set(f.session_id, { n: 1, h: humano ? 1 : 0, primero: f, ultimo: f });
      continue;
    }
    g.n += 1;
    if (humano) g.h += 1;
    if (despues(f, g.ultimo)) g.ultimo = f;
    if (f.created_at && (!g.primero.created_at || despues(g.primero, f))) g.primero = f;
  }
  const sesiones = [...grupos.entries()].map(([sessionId, g]): Sesion => ({
    sessionId,
    mensajes: g.n,
    humanos: g.h,
    ia: g.n - g.h,
    primerMensaje: instante(g.primero.created_at)?.toISOString() ?? null,
    ultimoMensaje: instante(g.ultimo.created_at)?.toISOString() ?? null,
    ultimoMensajeCrudo: g.ultimo.created_at,
    ultimoTexto: parsearMensaje(g.ultimo.message).texto,
  }));
  return sesiones.sort((a, b) => {
    const ta = a.ultimoMensaje ? Date.parse(a.ultimoMensaje) : Number.NEGATIVE_INFINITY;
    const tb = b.ultimoMensaje ? Date.parse(b.ultimoMensaje) : Number.NEGATIVE_INFINITY;
    return tb - ta || (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0);
  });
}

/** The four cards from every row (the original way). */
export function calcularEstadisticas(filas: readonly FilaMensaje[], ahora: Date): Estadisticas {
  const sesiones = agruparSesiones(filas);
  return {
    totalMensajes: filas.length,
    totalSesiones: sesiones.length,
    mensajesHoy: filas.filter((f) => esDeHoy(f.created_at, ahora)).length,
    sesionesActivas: sesiones.filter((s) => esActiva(s.ultimoMensaje, ahora)).length,
  };
}

// ------------------------------------------------------------------------------------------------ pagination

export const OPCIONES_POR_PAGINA = [5, 10, 20, 50] as const;
export type PorPagina = (typeof OPCIONES_POR_PAGINA)[number];
export const POR_PAGINA_INICIAL: PorPagina = 10;

export function totalPaginas(total: number, porPagina: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, porPagina)));
}

/** §9: the page numbers shown, current ±2, at most 5, shifted to stay within 1..paginas. */
export function ventanaPaginas(actual: number, paginas: number): number[] {
  const tamano = Math.min(5, paginas);
  let inicio = Math.max(1, actual - 2);
  inicio = Math.min(inicio, paginas - tamano + 1);
  return Array.from({ length: tamano }, (_, k) => inicio + k);
}

/** 'Mostrando a-b de n sesiones': a and b are 1-based and b never passes n. */
export function rangoMostrado(pagina: number, porPagina: number, total: number): { desde: number; hasta: number } {
  if (total <= 0) return { desde: 0, hasta: 0 };
  const desde = (pagina - 1) * porPagina + 1;
  return { desde, hasta: Math.min(total, pagina * porPagina) };
}

// ------------------------------------------------------------------------------------------------ CSV

export const COLUMNAS_CSV = [
  'session_id',
  'mensajes',
  'mensajes_humanos',
  'mensajes_ia',
  'primer_mensaje_bogota',
  'ultimo_mensaje_bogota',
  'ultimo_mensaje_texto',
] as const;

/** One CSV field: quoted when needed; a text a spreadsheet would run as a formula gets a leading quote. */
export function campoCsv(valor: string | number): string {
  let s = String(valor);
  if (typeof valor === 'string' && /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d[\d\s]*$/.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row per session, UTF-8 with BOM so spreadsheets read the accents, CRLF line ends (RFC 4180). */
export function sesionesCsv(sesiones: readonly Sesion[]): string {
  const filas = sesiones.map((s) =>
    [s.sessionId, s.mensajes, s.humanos, s.ia, fechaHoraBogotaIso(s.primerMensaje), fechaHoraBogotaIso(s.ultimoMensaje), s.ultimoTexto]
      .map(campoCsv)
      .join(','),
  );
  return `\uFEFF${[COLUMNAS_CSV.join(','), ...filas].join('\r\n')}\r\n`;
}

/** 'mensajes_<tabla>_<YYYY-MM-DD>.csv' */
export function nombreArchivoCsv(tabla: string, ahora: Date): string {
  return `mensajes_${tabla.replace(/[^a-z0-9_]/gi, '_')}_${diaBogota(ahora)}.csv`;
}
