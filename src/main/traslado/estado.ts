/**
 * A move's state between runs and restarts, in settings (non-secret: ids, instants and counts; the connection
 * string is in the keychain). The snapshot itself is a file in `<dataDir>/traslado`.
 */
import { join } from 'node:path';
import type { SettingsPort } from '../../shared/ports/settings';

export const TRASLADO_SETTINGS_KEY = 'traslado';
/** Keychain account of the target database's connection string (deleted when the move finishes). */
export const CUENTA_CONEXION_TRASLADO = 'traslado:conexion-base';
/** Keychain account of the project's service_role key, for the marketing documents (deleted when the move finishes). */
export const CUENTA_CLAVE_SERVICIO_TRASLADO = 'traslado:clave-servicio';

export interface EstadoGuardado {
  /** The snapshot being moved (its id is recorded on the target with every block). */
  instantanea: string;
  /** Every snapshot id this computer started a move with: their rows on the target are ours to replace. */
  propias: string[];
  iniciado: string;
  tablasHechas: number;
  tablasTotal: number;
  /** ISO instant the move finished, or null while it is pending. */
  terminado: string | null;
}

export const carpetaTraslado = (dataDir: string) => join(dataDir, 'traslado');
export const rutaInstantanea = (dataDir: string) => join(carpetaTraslado(dataDir), 'instantanea.sql');

export function leerEstado(settings: SettingsPort): EstadoGuardado | null {
  const guardado = settings.get<Partial<EstadoGuardado>>(TRASLADO_SETTINGS_KEY);
  if (!guardado || typeof guardado.instantanea !== 'string' || typeof guardado.iniciado !== 'string') return null;
  return {
    instantanea: guardado.instantanea,
    propias: Array.isArray(guardado.propias) ? guardado.propias.filter((x): x is string => typeof x === 'string') : [guardado.instantanea],
    iniciado: guardado.iniciado,
    tablasHechas: Number(guardado.tablasHechas) || 0,
    tablasTotal: Number(guardado.tablasTotal) || 0,
    terminado: typeof guardado.terminado === 'string' ? guardado.terminado : null,
  };
}

export function guardarEstado(settings: SettingsPort, estado: EstadoGuardado): void {
  settings.set<EstadoGuardado>(TRASLADO_SETTINGS_KEY, estado);
}
