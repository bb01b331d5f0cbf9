import type { ApiDeps, ApiImplementation } from '../index';

/** This area's operations (one module per concern beside this file); see the contract in ../../contract/areas. */
export function gestionApi(_deps: ApiDeps): Pick<ApiImplementation, 'proyectos' | 'servicios' | 'empresas' | 'planes' | 'metricas'> {
  return {
    proyectos: {},
    servicios: {},
    empresas: {},
    planes: {},
    metricas: {},
  };
}
