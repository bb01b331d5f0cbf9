import type { z } from 'zod';
import type { InputOf, OutputOf } from '../operaciones/define';
import { auth } from '../areas/auth/contract';
import { shell } from '../areas/shell/contract';
import { jobs } from '../areas/jobs/contract';
import { conexion } from '../areas/conexion/contract';
import { llamadas } from '../areas/llamadas/contract';
import { proyectos } from '../areas/proyectos/contract';
import { servicios } from '../areas/servicios/contract';
import { empresas } from '../areas/empresas/contract';
import { planes } from '../areas/planes/contract';
import { metricas } from '../areas/metricas/contract';
import { bots } from '../areas/bots/contract';
import { mensajes } from '../areas/mensajes/contract';
import { whatsappResumen } from '../areas/whatsapp-resumen/contract';
import { marketing } from '../areas/marketing/contract';
import { configuracion } from '../areas/configuracion/contract';
import { operadores } from '../areas/operadores/contract';
import { portal } from '../areas/portal/contract';
import { datos } from '../areas/datos/contract';
import { seguridad } from '../areas/seguridad/contract';
import { auditoria } from '../areas/auditoria/contract';

export { op } from '../operaciones/define';
export type { OperationDef, PublicOperationDef, InputOf, OutputOf, ParsedInputOf, IsPublic } from '../operaciones/define';

export type { AuthState } from '../areas/auth/contract';

/**
 * The one list of operations. Each transport (IPC, HTTP, direct) and the renderer client are generated
 * from this object; crearApi implements every entry. Each area declares its operations in
 * src/shared/areas/<area>/contract.ts.
 */
export const contract = {
  auth,
  shell,
  jobs,
  conexion,
  llamadas,
  proyectos,
  servicios,
  empresas,
  planes,
  metricas,
  bots,
  mensajes,
  whatsappResumen,
  marketing,
  configuracion,
  operadores,
  portal,
  datos,
  seguridad,
  auditoria,
} as const;

export type Contract = typeof contract;
export type Area = keyof Contract;
export type OperationName<A extends Area> = keyof Contract[A] & string;

/** The client-side shape: api.area.operation(input) → Promise<output>. */
export type ApiClient = {
  [A in Area]: {
    [O in OperationName<A>]: (input: InputOf<Contract[A][O]>) => Promise<OutputOf<Contract[A][O]>>;
  };
};

export function getOperation(area: string, name: string) {
  if (!Object.hasOwn(contract, area)) return undefined;
  const group = contract[area as Area] as Record<string, { input: z.ZodType; public?: boolean }>;
  return Object.hasOwn(group, name) ? group[name] : undefined;
}
