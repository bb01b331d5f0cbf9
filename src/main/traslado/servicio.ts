/**
 * The move of the embedded data to a hosted Supabase project (issue 16): TrasladoPort of Configuración → Datos.
 */
import type { TrasladoPort } from '../../shared/ports/datos';
import type { SecretsPort } from '../../shared/ports/secrets';
import type { SettingsPort } from '../../shared/ports/settings';
import type { BaseEmbebida } from '../backends/embedded/pglite-worker-client';
import type { Actividades } from '../datos/actividades';
import { AppError } from '../../shared/errors';

export interface OpcionesTraslado {
  dataDir: string;
  settings: SettingsPort;
  secretos: SecretsPort;
  log: (message: string, error?: unknown) => void;
  actividades: Actividades;
  now: () => Date;
  version: string;
  /** The embedded database open now, or null (hosted). */
  base: () => BaseEmbebida | null;
  /** Closes the backend and opens the one the connection settings now choose (hosted after a move). */
  reabrir(): Promise<void>;
}

export function crearServicioTraslado(opciones: OpcionesTraslado): TrasladoPort {
  void opciones;
  const falta = (): never => {
    throw new AppError('unavailable', 'En construcción.');
  };
  return { estado: falta, iniciar: falta, eliminarDatosLocales: falta };
}
