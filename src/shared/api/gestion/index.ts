import type { ApiDeps, ApiImplementation } from '../types';
import { proyectosApi } from './proyectos';
import { serviciosApi } from './servicios';
import { empresasApi } from './empresas';
import { planesApi } from './planes';
import { metricasApi } from './metricas';

/** This area's operations (one module per concern beside this file); see the contract in ../../contract/areas. */
export function gestionApi(deps: ApiDeps): Pick<ApiImplementation, 'proyectos' | 'servicios' | 'empresas' | 'planes' | 'metricas'> {
  return {
    proyectos: proyectosApi(deps),
    servicios: serviciosApi(deps),
    empresas: empresasApi(deps),
    planes: planesApi(deps),
    metricas: metricasApi(deps),
  };
}
