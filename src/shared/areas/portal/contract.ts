import { z } from 'zod';
import { op } from '../../contract/define';
import { portal as t } from './texts';
import { PORTAL_TOKEN_RE, UUID_RE, type PortalCampana, type PortalServicio, type PortalSesion, type PortalTablaWhatsapp } from './rules';
import type { Estadisticas, MensajeConversacion, PaginaSesiones } from '../mensajes/rules';

/** The company of the address /accesoempresas/{id}: the token's company must be this one. */
const empresaId = z.string().trim().regex(UUID_RE, t.enlaceInvalido);
/**
 * The portal token, only where the browser keeps it (desktop window). Over HTTP it is an HttpOnly cookie and
 * this is ignored; the direct transport passes it straight to the SQL functions.
 */
const token = z.string().regex(PORTAL_TOKEN_RE, t.sesionExpirada).optional();
const tabla = z.string().trim().regex(/^[a-z0-9_]{1,63}$/, t.tablaNoEncontrada);
const busqueda = z.string().max(200).default('');
const pagina = z.number().int().min(1).max(1_000_000).default(1);
const porPagina = z.union([z.literal(5), z.literal(10), z.literal(20), z.literal(50)]).default(10);

/**
 * Company portal operations (part 3 §2.10, §6). All public: the company is derived from the portal token by
 * the SQL functions, never from the operator session, and never from anything else the caller sends.
 */
export const portal = {
  iniciarSesion: op<PortalSesion>()(
    z.object({
      empresaId,
      usuario: z.string().trim().min(1, t.camposIncompletos).max(200, t.usuarioDemasiadoLargo),
      contrasena: z.string().min(1, t.camposIncompletos).max(200, t.contrasenaDemasiadoLarga),
    }),
    { public: true },
  ),
  /** The live session for this company, or null (missing, expired, another company, company deactivated). */
  sesion: op<PortalSesion | null>()(z.object({ empresaId, token }), { public: true }),
  cerrarSesion: op<null>()(z.object({ token }), { public: true }),
  servicios: op<PortalServicio[]>()(z.object({ empresaId, token }), { public: true }),
  campana: op<PortalCampana>()(
    z.object({ empresaId, token, campanaId: z.number().int().positive(), busqueda, pagina, porPagina }),
    { public: true },
  ),
  tablas: op<PortalTablaWhatsapp[]>()(z.object({ empresaId, token }), { public: true }),
  sesiones: op<PaginaSesiones>()(z.object({ empresaId, token, tabla, busqueda, pagina, porPagina }), { public: true }),
  estadisticas: op<Estadisticas>()(z.object({ empresaId, token, tabla }), { public: true }),
  conversacion: op<MensajeConversacion[]>()(
    z.object({ empresaId, token, tabla, sessionId: z.string().min(1).max(255) }),
    { public: true },
  ),
} as const;
