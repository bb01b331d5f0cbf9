/**
 * Backups of the embedded database (issue 16): the CopiasPort of Configuración → Datos, the copy a newer
 * version makes before it migrates, and the daily copy while the app runs. Built once per host (host.ts) and
 * handed to every embedded backend it opens.
 */
import type { CopiasPort } from '../../shared/ports/datos';
import type { SettingsPort } from '../../shared/ports/settings';
import type { BaseEmbebida } from '../backends/embedded/pglite-worker-client';
import type { Actividades } from '../datos/actividades';
import { AppError } from '../../shared/errors';

/** A change of the data folder the host applies between closing the backend and opening it again. */
export interface CambioDeDatos {
  aplicar(): Promise<void>;
  /** Puts things back when the backend does not open after `aplicar`. */
  deshacer(): Promise<void>;
}

export interface OpcionesCopias {
  dataDir: string;
  settings: SettingsPort;
  log: (message: string, error?: unknown) => void;
  actividades: Actividades;
  now: () => Date;
  /** Version of the app (written into each copy). */
  version: string;
  /** The embedded database open now, or null (hosted, or between a close and an open). */
  base: () => BaseEmbebida | null;
  /** Closes the backend, applies the change, opens again (undoing the change if it does not open). */
  reemplazar(cambio: CambioDeDatos): Promise<void>;
}

export interface ServicioCopias {
  port: CopiasPort;
  /** Called by openEmbeddedBackend before it applies `pendientes` to a database that already has data. */
  antesDeMigrar(db: BaseEmbebida, pendientes: string[]): Promise<void>;
  /** Starts the daily copy while the app runs (one timer); `detener` stops it. */
  programar(): void;
  detener(): void;
}

export function crearServicioCopias(opciones: OpcionesCopias): ServicioCopias {
  void opciones;
  const falta = (): never => {
    throw new AppError('unavailable', 'En construcción.');
  };
  return {
    port: { ajustes: falta, guardarAjustes: falta, listar: falta, crear: falta, restaurar: falta, eliminar: falta },
    antesDeMigrar: async () => {},
    programar: () => {},
    detener: () => {},
  };
}
