import { useAuth } from './auth';

/**
 * True when the signed-in operator is an administrator. What only an administrator may do (deleting a plan,
 * a client company or a project; the Conexión, Operadores and Datos sections) is not offered to anyone
 * else: the api and the database refuse it anyway, and an action that can only fail is noise.
 */
export function useEsAdministrador(): boolean {
  return useAuth().operator?.rol === 'administrador';
}
