import type { ApiDeps, ApiImplementation } from '../types';
import type { Backend, DataPort } from '../../ports';
import type { CallContext } from '../context';
import { AppError } from '../../errors';
import { portal as t } from '../../i18n/areas/portal';
import { portalOperaciones, type PortalRpc, type PortalTokenStore } from './operaciones';

export { portalOperaciones, type PortalRpc, type PortalTokenStore } from './operaciones';

/**
 * Portal functions run as anon: they decide on the portal token alone, never on an operator session. The
 * caller's address (where the transport knows it) goes along: the login counts failures per company and address.
 */
function portalData(backend: Backend, clientAddress: string | undefined): DataPort {
  if (backend.anonData) return backend.anonData(clientAddress);
  throw new AppError('config', t.portalSinServidor);
}

function tokensDe(ctx: CallContext, input: { token?: string | undefined }): PortalTokenStore {
  // Only the HTTP host's portal cookie may carry the token; a desktop window's token is the operator's own.
  if (ctx.portalCookie === true) {
    return { get: () => ctx.getToken(), set: (token) => ctx.setToken(token), oculto: true };
  }
  let token = input.token ?? null;
  return { get: () => token, set: (next) => void (token = next), oculto: false };
}

/** This area's operations; see ./operaciones.ts (shared with the browser's direct transport). */
export function portalApi({ backend }: ApiDeps): Pick<ApiImplementation, 'portal'> {
  const rpcDesde =
    (clientAddress?: string): PortalRpc =>
    async (fn, args) => {
      const { rows } = await portalData(backend, clientAddress).run<{ value: unknown }>({ kind: 'rpc', fn, args });
      return rows[0]?.value ?? null;
    };
  const ahora = () => (backend.now?.() ?? new Date()).getTime();
  // Reads decide on the token alone; only the login needs to know where the caller is.
  const ops = portalOperaciones(rpcDesde(), ahora);
  return {
    portal: {
      iniciarSesion: (input, ctx) => portalOperaciones(rpcDesde(ctx.clientAddress), ahora).iniciarSesion(input, tokensDe(ctx, {})),
      sesion: (input, ctx) => ops.sesion(input, tokensDe(ctx, input)),
      cerrarSesion: (input, ctx) => ops.cerrarSesion(input, tokensDe(ctx, input)),
      servicios: (input, ctx) => ops.servicios(input, tokensDe(ctx, input)),
      campana: (input, ctx) => ops.campana(input, tokensDe(ctx, input)),
      tablas: (input, ctx) => ops.tablas(input, tokensDe(ctx, input)),
      sesiones: (input, ctx) => ops.sesiones(input, tokensDe(ctx, input)),
      estadisticas: (input, ctx) => ops.estadisticas(input, tokensDe(ctx, input)),
      conversacion: (input, ctx) => ops.conversacion(input, tokensDe(ctx, input)),
    },
  };
}
