/**
 * The renderer's data layer, built from the contract: `consultas.area.operacion(input)` is the query
 * options (key + function) of one read, so no screen writes a query key by hand, and `clave(area)` /
 * `clave(area, operacion)` are the prefixes to invalidate after a change.
 *
 *   const planes = useQuery(consultas.planes.listar({}));
 *   onSuccess: () => queryClient.invalidateQueries({ queryKey: clave('planes') })
 */
import type { QueryKey } from '@tanstack/react-query';
import { contract, type ApiClient, type Area, type Contract, type InputOf, type OperationName, type OutputOf } from '../../shared/contract';

/** Query options of one operation's answer. Spread them and add what the screen needs (enabled, refetchInterval…). */
export interface Consulta<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
}

export type Consultas = {
  [A in Area]: { [O in OperationName<A>]: (input: InputOf<Contract[A][O]>) => Consulta<OutputOf<Contract[A][O]>> };
};

/**
 * The key of an operation's answer is [area, operation, input]: invalidating [area] refreshes every read of
 * the area, [area, operation] every input of one read.
 */
export function clave<A extends Area>(area: A, operacion?: OperationName<A>, input?: unknown): QueryKey {
  if (operacion === undefined) return [area];
  return input === undefined ? [area, operacion] : [area, operacion, input];
}

export function crearConsultas(client: ApiClient): Consultas {
  const consultas: Record<string, Record<string, (input: unknown) => Consulta<unknown>>> = {};
  for (const area of Object.keys(contract) as Area[]) {
    const operaciones = client[area] as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    consultas[area] = {};
    for (const nombre of Object.keys(contract[area])) {
      consultas[area][nombre] = (input) => ({ queryKey: [area, nombre, input], queryFn: () => operaciones[nombre]!(input) });
    }
  }
  return consultas as Consultas;
}
