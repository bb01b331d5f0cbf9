/**
 * The company portal's operations, written once against a "call this SQL function" port. Two callers:
 * - createApi (./index.ts): the Node side (IPC, HTTP), with the database reached through the data port;
 * - the direct transport (src/renderer/api/direct-portal.ts): the browser, with supabase-js and the anon key.
 * Every read is a SQL function that derives the company from the token; here we only check that the token's
 * company is the one of the address being shown, and turn the JSON into the screens' shapes.
 */
import { AppError } from '../../errors';
import { portal as t } from '../../i18n/areas/portal';
import type { ApiClient, ParsedInputOf, Contract } from '../../contract';
import {
  leerCampana,
  leerConversacion,
  leerEstadisticas,
  leerLogin,
  leerServicios,
  leerSesiones,
  leerTablas,
  minutosRestantes,
  type PortalSesion,
} from '../../domain/portal';

/** Calls one portal SQL function with named arguments; answers its jsonb value (null included). */
export type PortalRpc = (fn: string, args: Record<string, unknown>) => Promise<unknown>;

/** Where the caller's portal token lives. */
export interface PortalTokenStore {
  get(): string | null;
  set(token: string | null): void;
  /**
   * True when page scripts cannot read the token (an HttpOnly cookie): the sign-in answer then carries no
   * token. False where the browser must hold it itself (sessionStorage).
   */
  oculto: boolean;
}

type Portal = Contract['portal'];
type Ops = { [K in keyof Portal]: (input: ParsedInputOf<Portal[K]>, tokens: PortalTokenStore) => ReturnType<ApiClient['portal'][K]> };

function sinSesion(tokens: PortalTokenStore, expirada: boolean): AppError {
  if (tokens.get()) tokens.set(null);
  return new AppError('unauthenticated', expirada ? t.sesionExpirada : t.sinSesion);
}

type Obj = Record<string, unknown>;

export function portalOperaciones(rpc: PortalRpc, ahora: () => number = () => Date.now()): Ops {
  /** Runs a read with the caller's token; refuses without a session or for another company's address. */
  async function leer(fn: string, empresaId: string, tokens: PortalTokenStore, args: Obj = {}): Promise<Obj> {
    const token = tokens.get();
    if (!token) throw sinSesion(tokens, false);
    const value = await rpc(fn, { p_token: token, ...args });
    if (value === null || value === undefined || typeof value !== 'object') throw sinSesion(tokens, true);
    const v = value as Obj;
    if (String(v.empresa_id ?? '').toLowerCase() !== empresaId.toLowerCase()) throw sinSesion(tokens, false);
    return v;
  }
  const desde = (pagina: number, porPagina: number) => (pagina - 1) * porPagina;

  return {
    async iniciarSesion(input, tokens) {
      const r = leerLogin(
        await rpc('portal_iniciar_sesion', { p_empresa: input.empresaId, p_usuario: input.usuario, p_contrasena: input.contrasena }),
      );
      if (!r.ok) {
        if (r.motivo === 'bloqueada') throw new AppError('locked', t.bloqueada(minutosRestantes(r.bloqueadaHasta, ahora())));
        if (r.motivo === 'inactiva') throw new AppError('forbidden', t.inactiva);
        throw new AppError('unauthenticated', t.credencialesInvalidas);
      }
      // A previous session of this browser is ended first (another company's, or a stale one).
      const anterior = tokens.get();
      if (anterior && anterior !== r.token) await rpc('portal_cerrar_sesion', { p_token: anterior }).catch(() => undefined);
      tokens.set(r.token);
      return { empresa: r.empresa, expiraEn: r.expiraEn, token: tokens.oculto ? null : r.token };
    },

    async sesion(input, tokens): Promise<PortalSesion | null> {
      const token = tokens.get();
      if (!token) return null;
      const value = (await rpc('portal_sesion', { p_token: token })) as Obj | null;
      const empresa = value && typeof value === 'object' ? (value.empresa as Obj | undefined) : undefined;
      if (!empresa) {
        tokens.set(null);
        return null;
      }
      // The browser's session belongs to another company: not this address's (the screens go to its login).
      if (String(empresa.id).toLowerCase() !== input.empresaId.toLowerCase()) return null;
      return {
        empresa: { id: String(empresa.id), nombre: String(empresa.nombre ?? '') },
        expiraEn: new Date(String(value!.expira_at)).toISOString(),
        token: tokens.oculto ? null : token,
      };
    },

    async cerrarSesion(_input, tokens) {
      const token = tokens.get();
      tokens.set(null);
      if (token) await rpc('portal_cerrar_sesion', { p_token: token });
      return null;
    },

    async servicios(input, tokens) {
      return leerServicios(await leer('portal_servicios', input.empresaId, tokens));
    },

    async campana(input, tokens) {
      const v = await leer('portal_campana', input.empresaId, tokens, {
        p_campana: input.campanaId,
        p_busqueda: input.busqueda,
        p_desde: desde(input.pagina, input.porPagina),
        p_limite: input.porPagina,
      });
      const campana = leerCampana(v);
      if (!campana) throw new AppError('not_found', t.campanaNoEncontrada);
      return campana;
    },

    async tablas(input, tokens) {
      return leerTablas(await leer('portal_whatsapp_tablas', input.empresaId, tokens));
    },

    async sesiones(input, tokens) {
      const v = await leer('portal_whatsapp_sesiones', input.empresaId, tokens, {
        p_tabla: input.tabla,
        p_busqueda: input.busqueda,
        p_desde: desde(input.pagina, input.porPagina),
        p_limite: input.porPagina,
      });
      if (v.permitida !== true) throw new AppError('not_found', t.tablaNoEncontrada);
      return leerSesiones(v);
    },

    async estadisticas(input, tokens) {
      const v = await leer('portal_whatsapp_estadisticas', input.empresaId, tokens, { p_tabla: input.tabla });
      if (v.permitida !== true) throw new AppError('not_found', t.tablaNoEncontrada);
      return leerEstadisticas(v);
    },

    async conversacion(input, tokens) {
      const v = await leer('portal_whatsapp_conversacion', input.empresaId, tokens, { p_tabla: input.tabla, p_sesion: input.sessionId });
      if (v.permitida !== true) throw new AppError('not_found', t.tablaNoEncontrada);
      return leerConversacion(v);
    },
  };
}
