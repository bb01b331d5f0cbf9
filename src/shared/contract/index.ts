import type { z } from 'zod';
import type { InputOf, OutputOf } from './define';
import { auth } from './areas/auth';
import { shell } from './areas/shell';
import { jobs } from './areas/jobs';
import { conexion } from './areas/conexion';
import { llamadas } from '../areas/llamadas/contract';
import { proyectos, servicios, empresas, planes, metricas } from './areas/gestion';
import { bots, mensajes, whatsappResumen } from './areas/bots';
import { marketing, configuracion } from './areas/marketing';
import { portal } from './areas/portal';

export { op } from './define';
export type { OperationDef, PublicOperationDef, InputOf, OutputOf, ParsedInputOf, IsPublic } from './define';

export type { AuthState } from './areas/auth';

/**
 * The one list of operations. Each transport (IPC, HTTP, direct) and the renderer client are generated
 * from this object; createApi implements every entry. Each area lives in its own file under ./areas.
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
  portal,
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
