import type { ApiClient } from '../../shared/contract';
import { crearClienteApi } from './create-client';
import { httpTransport, ipcTransport, preloadApi } from './transports';
import { staticAwareFetch } from './direct-static';
import { crearConsultas } from './queries';

export { isEnvelope, unwrapEnvelope, crearClienteApi as createApiClient } from './create-client';
export type { Transport } from './create-client';

const bridge = preloadApi();

/**
 * The one client every screen uses: IPC inside the desktop app, HTTP in the browser. On a static host
 * (no Node side) operator operations answer that they need the desktop app instead of "no connection".
 */
export const api: ApiClient = crearClienteApi(bridge ? ipcTransport(bridge) : httpTransport(staticAwareFetch()));


/** Query options for every read of the contract (see ./queries.ts). */
export const consultas = crearConsultas(api);
export { clave } from './queries';
