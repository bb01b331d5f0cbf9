import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { portal as t } from './texts';
import { PORTAL_TOKEN_RE, UUID_RE } from './rules';
import { busquedaSesiones, paginaSesiones, porPaginaSesiones } from '../mensajes/contract';
import { estadisticasSchema, mensajeConversacionSchema, paginaSesionesSchema } from '../mensajes/formas';
import { campana, clienteFila, estadisticasCampana } from '../llamadas/contract';
import { instanciaServicioSchema } from '../proyectos/formas';

// ------------------------------------------------------------------------------------------------ answers

export const portalEmpresaSchema = z.object({ id: z.string(), nombre: z.string() });
export type PortalEmpresa = z.infer<typeof portalEmpresaSchema>;

export const portalSesionSchema = z.object({
  empresa: portalEmpresaSchema,
  /** ISO timestamp (24 h after sign-in). */
  expiraEn: z.string(),
  /**
   * The token, only where the browser must keep it (direct transport, desktop window). Over HTTP it lives
   * in an HttpOnly cookie and this is null.
   */
  token: z.string().nullable(),
});
export type PortalSesion = z.infer<typeof portalSesionSchema>;

/** A service instance (the operators' instanciaServicioSchema) as the portal's SQL (portal_servicios) sends it. */
export const portalServicioSchema = instanciaServicioSchema.pick({ id: true, tipoServicio: true, nombreInstancia: true, estado: true, categoria: true }).extend({
  /** Catalogue name of the type, when it is in the catalogue. */
  servicio: z.string().nullable(),
  proyecto: z.string().nullable(),
  createdAt: z.string().nullable(),
  campanaId: z.number().nullable(),
  campanaNombre: z.string().nullable(),
  tablaWhatsapp: z.string().nullable(),
});
export type PortalServicio = z.infer<typeof portalServicioSchema>;

/**
 * What the portal's SQL (portal_campana) sends of a client: these fields, picked by name, so a new column of
 * the operators' client row does not reach the company's page unless the portal's function sends it.
 */
export const portalClienteLlamadaSchema = clienteFila.pick({
  id: true,
  nombre: true,
  apellido: true,
  email: true,
  telefono: true,
  empresa: true,
  cargo: true,
  ultimoEstado: true,
  ultimaLlamada: true,
  llamadas: true,
});
export type PortalClienteLlamada = z.infer<typeof portalClienteLlamadaSchema>;

export const portalCampanaSchema = z.object({
  campana: campana.pick({ id: true, nombre: true, minutos: true }),
  consumo: estadisticasCampana.pick({ totalLlamadas: true, segundos: true, minutosConsumidos: true }).extend({ minutosTope: z.number() }),
  estados: z.array(z.object({ estado: z.string(), llamadas: z.number() })),
  total: z.number(),
  clientes: z.array(portalClienteLlamadaSchema),
});
export type PortalCampana = z.infer<typeof portalCampanaSchema>;

export const portalTablaWhatsappSchema = z.object({ id: z.number(), nombre: z.string(), tabla: z.string(), activa: z.boolean() });
export type PortalTablaWhatsapp = z.infer<typeof portalTablaWhatsappSchema>;

/** The company of the address /accesoempresas/{id}: the token's company must be this one. */
const empresaId = z.string().trim().regex(UUID_RE, t.enlaceInvalido);
/**
 * The portal token, only where the browser keeps it (desktop window). Over HTTP it is an HttpOnly cookie and
 * this is ignored; the direct transport passes it straight to the SQL functions.
 */
const token = z.string().regex(PORTAL_TOKEN_RE, t.sesionExpirada).optional();
const tabla = z.string().trim().regex(/^[a-z0-9_]{1,63}$/, t.tablaNoEncontrada);
const busqueda = busquedaSesiones;
const pagina = paginaSesiones;
const porPagina = porPaginaSesiones;

/**
 * Company portal operations (part 3 §2.10, §6). All public: the company is derived from the portal token by
 * the SQL functions, never from the operator session, and never from anything else the caller sends.
 */
export const portal = {
  iniciarSesion: op(portalSesionSchema)(
    z.object({
      empresaId,
      usuario: z.string().trim().min(1, t.camposIncompletos).max(200, t.usuarioDemasiadoLargo),
      contrasena: z.string().min(1, t.camposIncompletos).max(200, t.contrasenaDemasiadoLarga),
    }),
    { public: true },
  ),
  /** The live session for this company, or null (missing, expired, another company, company deactivated). */
  sesion: op(portalSesionSchema.nullable())(z.object({ empresaId, token }), { public: true }),
  cerrarSesion: op(nada)(z.object({ token }), { public: true }),
  servicios: op(z.array(portalServicioSchema))(z.object({ empresaId, token }), { public: true }),
  campana: op(portalCampanaSchema)(
    z.object({ empresaId, token, campanaId: z.number().int().positive(), busqueda, pagina, porPagina }),
    { public: true },
  ),
  tablas: op(z.array(portalTablaWhatsappSchema))(z.object({ empresaId, token }), { public: true }),
  sesiones: op(paginaSesionesSchema)(z.object({ empresaId, token, tabla, busqueda, pagina, porPagina }), { public: true }),
  estadisticas: op(estadisticasSchema)(z.object({ empresaId, token, tabla }), { public: true }),
  conversacion: op(z.array(mensajeConversacionSchema))(
    z.object({ empresaId, token, tabla, sessionId: z.string().min(1).max(255) }),
    { public: true },
  ),
} as const;
