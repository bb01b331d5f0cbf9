/**
 * The portal's SQL functions (portal_*), called through a "call this SQL function" port, and their JSON
 * turned into the portal's shapes. Each read derives the company from the token; this module only reports
 * which company answered and whether the table asked for is one of its own (the operations decide).
 */
import { num } from '../../api/comun';
import { mensajeDesdeFila, sesionDesdeFila } from '../mensajes/repository';
import type { Estadisticas, MensajeConversacion, PaginaSesiones } from '../mensajes/formas';
import type { PortalCampana, PortalEmpresa, PortalServicio, PortalTablaWhatsapp } from './contract';

/** Calls one portal SQL function with named arguments; answers its jsonb value (null included). */
export type PortalRpc = (fn: string, args: Record<string, unknown>) => Promise<unknown>;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);
/** Timestamps from SQL may be ISO or PostgreSQL text ('2026-11-21 15:00:00+00'): always ISO out. */
const iso = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = new Date(String(v).replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
};

function leerServicios(value: unknown): PortalServicio[] {
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
function leerCampana(value: unknown): PortalCampana | null {
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

function leerTablas(value: unknown): PortalTablaWhatsapp[] {
  return arr(obj(value).tablas).map((x) => {
    const t = obj(x);
    return { id: num(t.id), nombre: str(t.nombre), tabla: str(t.tabla), activa: t.activa !== false };
  });
}

function leerSesiones(value: unknown): PaginaSesiones {
  const v = obj(value);
  return { total: num(v.total), sesiones: arr(v.sesiones).map((x) => sesionDesdeFila(obj(x))) };
}

function leerEstadisticas(value: unknown): Estadisticas {
  const v = obj(value);
  return {
    totalMensajes: num(v.totalMensajes),
    totalSesiones: num(v.totalSesiones),
    mensajesHoy: num(v.mensajesHoy),
    sesionesActivas: num(v.sesionesActivas),
  };
}

function leerConversacion(value: unknown): MensajeConversacion[] {
  return arr(obj(value).mensajes).map((x) => mensajeDesdeFila(obj(x)));
}

/** The sign-in answer of portal_iniciar_sesion. */
/**
 * The sign-in's answer. `espera`: the company's slow-down is on and nothing was checked: ask again after
 * `esperaMs`. `demoraMs` on a failure: how long to wait before telling the visitor (outside any transaction).
 */
export type ResultadoLogin =
  | { ok: true; token: string; expiraEn: string; empresa: PortalEmpresa }
  | { ok: false; motivo: 'espera'; esperaMs: number }
  | { ok: false; motivo: 'credenciales' | 'bloqueada' | 'inactiva'; bloqueadaHasta: string | null; demoraMs: number };

/** A wait the database asked for, kept within what it may sensibly ask (a few seconds). */
const msDeEspera = (v: unknown): number => Math.min(10_000, Math.max(0, Number.isFinite(Number(v)) ? Number(v) : 0));

function leerLogin(value: unknown): ResultadoLogin {
  const v = obj(value);
  if (v.ok === true && typeof v.token === 'string') {
    const e = obj(v.empresa);
    return { ok: true, token: v.token, expiraEn: iso(v.expira_at) ?? '', empresa: { id: str(e.id), nombre: str(e.nombre) } };
  }
  if (v.motivo === 'espera') return { ok: false, motivo: 'espera', esperaMs: Math.max(1, msDeEspera(v.espera_ms)) };
  const motivo = v.motivo === 'bloqueada' || v.motivo === 'inactiva' ? v.motivo : 'credenciales';
  return { ok: false, motivo, bloqueadaHasta: iso(v.bloqueada_hasta), demoraMs: msDeEspera(v.demora_ms) };
}

/** A read for a token: the company it belongs to, whether the table asked for is that company's, the data. */
export interface Lectura<T> {
  empresaId: string;
  permitida: boolean;
  datos: T;
}

export function portalRepository(rpc: PortalRpc) {
  /** null when the token has no live session. */
  async function leer<T>(fn: string, token: string, args: Obj, convertir: (v: Obj) => T): Promise<Lectura<T> | null> {
    const value = await rpc(fn, { p_token: token, ...args });
    if (value === null || value === undefined || typeof value !== 'object') return null;
    const v = value as Obj;
    return { empresaId: String(v.empresa_id ?? ''), permitida: v.permitida === true, datos: convertir(v) };
  }

  return {
    async iniciarSesion(empresaId: string, usuario: string, contrasena: string): Promise<ResultadoLogin> {
      return leerLogin(await rpc('portal_iniciar_sesion', { p_empresa: empresaId, p_usuario: usuario, p_contrasena: contrasena }));
    },

    /** The token's live session, or null. */
    async sesion(token: string): Promise<{ empresa: PortalEmpresa; expiraEn: string } | null> {
      const value = (await rpc('portal_sesion', { p_token: token })) as Obj | null;
      const empresa = value && typeof value === 'object' ? (value.empresa as Obj | undefined) : undefined;
      if (!empresa) return null;
      return {
        empresa: { id: String(empresa.id), nombre: String(empresa.nombre ?? '') },
        expiraEn: new Date(String(value!.expira_at)).toISOString(),
      };
    },

    async cerrarSesion(token: string): Promise<void> {
      await rpc('portal_cerrar_sesion', { p_token: token });
    },

    servicios: (token: string) => leer('portal_servicios', token, {}, leerServicios),
    campana: (token: string, campanaId: number, busqueda: string, desde: number, limite: number) =>
      leer('portal_campana', token, { p_campana: campanaId, p_busqueda: busqueda, p_desde: desde, p_limite: limite }, leerCampana),
    tablas: (token: string) => leer('portal_whatsapp_tablas', token, {}, leerTablas),
    sesiones: (token: string, tabla: string, busqueda: string, desde: number, limite: number) =>
      leer('portal_whatsapp_sesiones', token, { p_tabla: tabla, p_busqueda: busqueda, p_desde: desde, p_limite: limite }, leerSesiones),
    estadisticas: (token: string, tabla: string) => leer('portal_whatsapp_estadisticas', token, { p_tabla: tabla }, leerEstadisticas),
    conversacion: (token: string, tabla: string, sessionId: string) =>
      leer('portal_whatsapp_conversacion', token, { p_tabla: tabla, p_sesion: sessionId }, leerConversacion),
  };
}
