/**
 * The company portal's operations (contract: ./contract.ts). All public: they decide on the portal token
 * alone, never on an operator session. Written once over a "call this SQL function" port (portalSobreRpc),
 * which two callers use:
 * - crearApi (portalOperations below): the Node side (IPC, HTTP), as role anon through the data port;
 * - the direct transport (src/renderer/api/direct-portal.ts): the browser, with supabase-js and the anon key.
 * Every read is a SQL function that derives the company from the token; here we only check that the token's
 * company is the one of the address being shown.
 */
import type { ApiDeps, AreaImplementation, CallContext } from '../../operaciones/types';
import type { ApiClient, ParsedInputOf, Contract } from '../../contract';
import type { DataPort } from '../../ports';
import { AppError } from '../../errors';
import { portal as t } from './texts';
import { minutosRestantes } from './rules';
import type { PortalSesion } from './contract';
import { portalRepository, type Lectura, type PortalRpc } from './repository';

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

/** A token kept by the caller itself (desktop window, direct transport): it travels in the input. */
export function tokenEnEntrada(input: { token?: string | undefined }): PortalTokenStore {
  let token = input.token ?? null;
  return { get: () => token, set: (next) => void (token = next), oculto: false };
}

/** Waits `ms` outside any database call (the slow-down of failed sign-ins). Tests inject theirs. */
export type Esperar = (ms: number) => Promise<void>;

export const esperarDeVerdad: Esperar = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How many times one sign-in waits for the company's slow-down and asks again before giving up: at one check
 * per second at most, a minute of others' attempts ahead of it.
 */
export const MAX_ESPERAS_LOGIN = 60;

export function portalSobreRpc(rpc: PortalRpc, ahora: () => number = () => Date.now(), esperar: Esperar = esperarDeVerdad): Ops {
  const repo = portalRepository(rpc);
  const desde = (pagina: number, porPagina: number) => (pagina - 1) * porPagina;

  /**
   * Runs a read with the caller's token; refuses without a session or for another company's address, and
   * (reads of a message table) when the table is not one of the company's.
   */
  async function leer<T>(
    empresaId: string,
    tokens: PortalTokenStore,
    lectura: (token: string) => Promise<Lectura<T> | null>,
    { tabla = false }: { tabla?: boolean } = {},
  ): Promise<T> {
    const token = tokens.get();
    if (!token) throw sinSesion(tokens, false);
    const r = await lectura(token);
    if (!r) throw sinSesion(tokens, true);
    if (r.empresaId.toLowerCase() !== empresaId.toLowerCase()) throw sinSesion(tokens, false);
    if (tabla && !r.permitida) throw new AppError('not_found', t.tablaNoEncontrada);
    return r.datos;
  }

  return {
    async iniciarSesion(input, tokens) {
      // The database decides the slow-down and never waits itself (one embedded connection, pooled ones on
      // hosted): here, between calls, is where the wait happens.
      let r = await repo.iniciarSesion(input.empresaId, input.usuario, input.contrasena);
      for (let esperas = 0; !r.ok && r.motivo === 'espera'; esperas++) {
        if (esperas >= MAX_ESPERAS_LOGIN) throw new AppError('locked', t.demasiadosIntentosAhora);
        await esperar(r.esperaMs);
        r = await repo.iniciarSesion(input.empresaId, input.usuario, input.contrasena);
      }
      if (!r.ok) {
        if (r.demoraMs > 0) await esperar(r.demoraMs);
        if (r.motivo === 'bloqueada') throw new AppError('locked', t.bloqueada(minutosRestantes(r.bloqueadaHasta, ahora())));
        if (r.motivo === 'inactiva') throw new AppError('forbidden', t.inactiva);
        throw new AppError('unauthenticated', t.credencialesInvalidas);
      }
      // A previous session of this browser is ended first (another company's, or a stale one).
      const anterior = tokens.get();
      if (anterior && anterior !== r.token) await repo.cerrarSesion(anterior).catch(() => undefined);
      tokens.set(r.token);
      return { empresa: r.empresa, expiraEn: r.expiraEn, token: tokens.oculto ? null : r.token };
    },

    async sesion(input, tokens): Promise<PortalSesion | null> {
      const token = tokens.get();
      if (!token) return null;
      const sesion = await repo.sesion(token);
      if (!sesion) {
        tokens.set(null);
        return null;
      }
      // The browser's session belongs to another company: not this address's (the screens go to its login).
      if (sesion.empresa.id.toLowerCase() !== input.empresaId.toLowerCase()) return null;
      return { ...sesion, token: tokens.oculto ? null : token };
    },

    async cerrarSesion(_input, tokens) {
      const token = tokens.get();
      tokens.set(null);
      if (token) await repo.cerrarSesion(token);
      return null;
    },

    async servicios(input, tokens) {
      return leer(input.empresaId, tokens, repo.servicios);
    },

    async campana(input, tokens) {
      const campana = await leer(input.empresaId, tokens, (token) =>
        repo.campana(token, input.campanaId, input.busqueda, desde(input.pagina, input.porPagina), input.porPagina),
      );
      if (!campana) throw new AppError('not_found', t.campanaNoEncontrada);
      return campana;
    },

    async tablas(input, tokens) {
      return leer(input.empresaId, tokens, repo.tablas);
    },

    async sesiones(input, tokens) {
      return leer(
        input.empresaId,
        tokens,
        (token) => repo.sesiones(token, input.tabla, input.busqueda, desde(input.pagina, input.porPagina), input.porPagina),
        { tabla: true },
      );
    },

    async estadisticas(input, tokens) {
      return leer(input.empresaId, tokens, (token) => repo.estadisticas(token, input.tabla), { tabla: true });
    },

    async conversacion(input, tokens) {
      return leer(input.empresaId, tokens, (token) => repo.conversacion(token, input.tabla, input.sessionId), { tabla: true });
    },
  };
}

/** Where the token lives for a call on the Node side. */
function tokensDe(ctx: CallContext, input: { token?: string | undefined }): PortalTokenStore {
  // Only the HTTP host's portal cookie may carry the token; a desktop window's token is the operator's own.
  if (ctx.portalCookie === true) {
    return { get: () => ctx.getToken(), set: (token) => ctx.setToken(token), oculto: true };
  }
  return tokenEnEntrada(input);
}

/** The portal's part of crearApi: the SQL functions run as anon through the backend's data port. */
export function portalOperations({ backend }: ApiDeps): AreaImplementation<'portal'> {
  // Read at each wait, so a test can hold the waits behind a gate of its own.
  const esperar: Esperar = (ms) => (backend.esperar ?? esperarDeVerdad)(ms);
  /**
   * The caller's address (where the transport knows it) goes along: the login counts failures per company
   * and address. Reads decide on the token alone.
   */
  const portalData = (clientAddress: string | undefined): DataPort => {
    if (backend.anonData) return backend.anonData(clientAddress);
    throw new AppError('config', t.portalSinServidor);
  };
  const rpcDesde =
    (clientAddress?: string): PortalRpc =>
    async (fn, args) => {
      const { rows } = await portalData(clientAddress).run<{ value: unknown }>({ kind: 'rpc', fn, args });
      return rows[0]?.value ?? null;
    };
  const ahora = () => (backend.now?.() ?? new Date()).getTime();
  const ops = portalSobreRpc(rpcDesde(), ahora, esperar);
  return {
    iniciarSesion: (input, ctx) => portalSobreRpc(rpcDesde(ctx.clientAddress), ahora, esperar).iniciarSesion(input, tokensDe(ctx, {})),
    sesion: (input, ctx) => ops.sesion(input, tokensDe(ctx, input)),
    cerrarSesion: (input, ctx) => ops.cerrarSesion(input, tokensDe(ctx, input)),
    servicios: (input, ctx) => ops.servicios(input, tokensDe(ctx, input)),
    campana: (input, ctx) => ops.campana(input, tokensDe(ctx, input)),
    tablas: (input, ctx) => ops.tablas(input, tokensDe(ctx, input)),
    sesiones: (input, ctx) => ops.sesiones(input, tokensDe(ctx, input)),
    estadisticas: (input, ctx) => ops.estadisticas(input, tokensDe(ctx, input)),
    conversacion: (input, ctx) => ops.conversacion(input, tokensDe(ctx, input)),
  };
}
