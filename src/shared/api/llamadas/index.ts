import type { ApiDeps, ApiImplementation } from '../index';

/** This area's operations (one module per concern beside this file); see the contract in ../../contract/areas. */
export function llamadasApi(_deps: ApiDeps): Pick<ApiImplementation, 'llamadas'> {
  return {
    llamadas: {},
  };
}
