import type { ApiDeps, ApiImplementation } from '../index';

/** This area's operations (one module per concern beside this file); see the contract in ../../contract/areas. */
export function botsApi(_deps: ApiDeps): Pick<ApiImplementation, 'bots' | 'mensajes' | 'whatsappResumen'> {
  return {
    bots: {},
    mensajes: {},
    whatsappResumen: {},
  };
}
