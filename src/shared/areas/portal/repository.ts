/**
 * The portal's SQL functions (portal_*), called through a "call this SQL function" port, and their JSON
 * turned into the portal's shapes. Each read derives the company from the token; this module only reports
 * which company answered and whether the table asked for is one of its own (the operations decide).
 */
import { instante, lista, numero, numeroONulo, objeto, texto, textoONulo, textoVacioONulo } from '../../operaciones/filas';
import { mensajeDesdeFila, sesionDesdeFila } from '../mensajes/repository';
import { llamadasDelCliente } from '../llamadas/repository';
import type { Estadisticas, MensajeConversacion, PaginaSesiones } from '../mensajes/formas';
import type { PortalCampana, PortalEmpresa, PortalServicio, PortalTablaWhatsapp } from './contract';

/** Calls one portal SQL function with named arguments; answers its jsonb value (null included). */
export type PortalRpc = (fn: string, args: Record<string, unknown>) => Promise<unknown>;


function leerServicios(value: unknown): PortalServicio[] {
  return lista(objeto(value).servicios).map((x) => {
    const s = objeto(x);
    return {
      id: texto(s.id),
      tipoServicio: texto(s.tipo_servicio),
      servicio: textoONulo(s.servicio),
      nombreInstancia: texto(s.nombre_instancia),
      estado: texto(s.estado),
      categoria: textoONulo(s.categoria),
      proyecto: textoONulo(s.proyecto),
      createdAt: instante(s.created_at),
      campanaId: numeroONulo(s.campana_id),
      campanaNombre: textoONulo(s.campana_nombre),
      tablaWhatsapp: textoONulo(s.tabla_whatsapp),
    };
  });
}

/** null when the campaign is not the company's. */
function leerCampana(value: unknown): PortalCampana | null {
  const v = objeto(value);
  if (v.campana === null || v.campana === undefined) return null;
  const c = objeto(v.campana);
  const k = objeto(v.consumo);
  return {
    campana: { id: numero(c.id), nombre: texto(c.nombre), minutos: numero(c.minutos) },
    consumo: {
      totalLlamadas: numero(k.total_llamadas),
      segundos: numero(k.segundos),
      minutosConsumidos: numero(k.minutos_consumidos),
      minutosTope: numero(k.minutos_tope),
    },
    estados: lista(v.estados).map((e) => ({ estado: texto(objeto(e).estado), llamadas: numero(objeto(e).llamadas) })),
    total: numero(v.total),
    clientes: lista(v.clientes).map((x) => {
      const r = objeto(x);
      return {
        id: numero(r.id),
        nombre: texto(r.nombre),
        apellido: texto(r.apellido),
        email: texto(r.email),
        telefono: texto(r.telefono),
        empresa: textoVacioONulo(r.empresa),
        cargo: textoVacioONulo(r.cargo),
        ...llamadasDelCliente(r),
      };
    }),
  };
}

function leerTablas(value: unknown): PortalTablaWhatsapp[] {
  return lista(objeto(value).tablas).map((x) => {
    const t = objeto(x);
    return { id: numero(t.id), nombre: texto(t.nombre), tabla: texto(t.tabla), activa: t.activa !== false };
  });
}

function leerSesiones(value: unknown): PaginaSesiones {
  const v = objeto(value);
  return { total: numero(v.total), sesiones: lista(v.sesiones).map((x) => sesionDesdeFila(objeto(x))) };
}

function leerEstadisticas(value: unknown): Estadisticas {
  const v = objeto(value);
  return {
    totalMensajes: numero(v.totalMensajes),
    totalSesiones: numero(v.totalSesiones),
    mensajesHoy: numero(v.mensajesHoy),
    sesionesActivas: numero(v.sesionesActivas),
  };
}

function leerConversacion(value: unknown): MensajeConversacion[] {
  return lista(objeto(value).mensajes).map((x) => mensajeDesdeFila(objeto(x)));
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
  const v = objeto(value);
  if (v.ok === true && typeof v.token === 'string') {
    const e = objeto(v.empresa);
    return { ok: true, token: v.token, expiraEn: instante(v.expira_at) ?? '', empresa: { id: texto(e.id), nombre: texto(e.nombre) } };
  }
  if (v.motivo === 'espera') return { ok: false, motivo: 'espera', esperaMs: Math.max(1, msDeEspera(v.espera_ms)) };
  const motivo = v.motivo === 'bloqueada' || v.motivo === 'inactiva' ? v.motivo : 'credenciales';
  return { ok: false, motivo, bloqueadaHasta: instante(v.bloqueada_hasta), demoraMs: msDeEspera(v.demora_ms) };
}

/** A read for a token: the company it belongs to, whether the table asked for is that company's, the data. */
export interface Lectura<T> {
  empresaId: string;
  permitida: boolean;
  datos: T;
}

export function portalRepository(rpc: PortalRpc) {
  /** null when the token has no live session. */
  async function leer<T>(fn: string, token: string, args: Record<string, unknown>, convertir: (v: Record<string, unknown>) => T): Promise<Lectura<T> | null> {
    const value = await rpc(fn, { p_token: token, ...args });
    if (value === null || value === undefined || typeof value !== 'object') return null;
    const v = value as Record<string, unknown>;
    return { empresaId: String(v.empresa_id ?? ''), permitida: v.permitida === true, datos: convertir(v) };
  }

  return {
    async iniciarSesion(empresaId: string, usuario: string, contrasena: string): Promise<ResultadoLogin> {
      return leerLogin(await rpc('portal_iniciar_sesion', { p_empresa: empresaId, p_usuario: usuario, p_contrasena: contrasena }));
    },

    /** The token's live session, or null. */
    async sesion(token: string): Promise<{ empresa: PortalEmpresa; expiraEn: string } | null> {
      const value = (await rpc('portal_sesion', { p_token: token })) as Record<string, unknown> | null;
      const empresa = value && typeof value === 'object' ? (value.empresa as Record<string, unknown> | undefined) : undefined;
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
