/**
 * Data safety (issue 16), as Configuración → Datos sees it: backups of the embedded database and their restore,
 * the move of the embedded data to a hosted Supabase project, and the diagnostic log. Implemented in src/main
 * (copias/, traslado/, registro/) and handed by the host to every backend it opens, like the inbound listener.
 *
 * Backups, restores and the move are long work that outlives the api that started it (a restore and the end of a
 * move reopen the backend behind the same dispatch), so their progress is kept here, by the host, not in the
 * api's jobs: one activity at a time, read by polling `actividad()` and stopped with `cancelar()`. It is a
 * `Trabajo` (domain/trabajos.ts), run by the same engine, in the same vocabulary.
 */
import { z } from 'zod';
import { trabajo, type EstadoTrabajo } from '../domain/trabajos';

export const TIPOS_ACTIVIDAD_DATOS = ['copia', 'restauracion', 'traslado'] as const;
export type TipoActividadDatos = (typeof TIPOS_ACTIVIDAD_DATOS)[number];
/** The one vocabulary of long work (domain/trabajos.ts). */
export type EstadoActividadDatos = EstadoTrabajo;

/** The current or the last data activity of this process: a `Trabajo` of one of the three kinds. */
export const actividadDatos = trabajo.extend({ tipo: z.enum(TIPOS_ACTIVIDAD_DATOS) });
export type ActividadDatos = z.infer<typeof actividadDatos>;

/** Who made a copy: the daily timer, an administrator, or the start of a newer version before it migrates. */
export type TipoCopia = 'diaria' | 'manual' | 'antes-de-migrar';

// The answers of datos.copias and datos.traslado, declared here because the ports name them (the contract uses them).
export const copiaInfoSchema = z.object({
  /** File name inside the copies folder (consola-AAAAMMDD-HHMMSS-<tipo>.sql). */
  nombre: z.string(),
  /** Who made it: the daily timer, an administrator, or the start of a newer version before it migrates. */
  tipo: z.enum(['diaria', 'manual', 'antes-de-migrar']),
  /** ISO instant the snapshot was taken. */
  creada: z.string(),
  bytes: z.number(),
  /** Version of the app that made it. */
  version: z.string(),
  /** Rows in the copy, all tables together. */
  filas: z.number(),
});

export const ajustesCopiasSchema = z.object({
  /** Absolute folder the copies go to. */
  carpeta: z.string(),
  /** The folder used when the administrator chose none (next to the data folder). */
  carpetaPredeterminada: z.string(),
  /** Daily copies while the app runs (on unless turned off). */
  automaticas: z.boolean(),
  /** ISO instant of the newest automatic copy, and when the next one is due; null when none / off. */
  ultimaAutomatica: z.string().nullable(),
  proximaAutomatica: z.string().nullable(),
});

/** The hosted project the embedded data can move to, and a move's state (it survives restarts). */
export const estadoTrasladoSchema = z.object({
  /** The hosted project configured in Conexión (its URL), or null: configure it first. */
  supabaseUrl: z.string().nullable(),
  /** The database connection string is in the keychain (kept only until the move finishes). */
  conexionGuardada: z.boolean(),
  /** The project's service_role key is in the keychain (kept only until the move finishes). */
  claveServicioGuardada: z.boolean(),
  /** Marketing documents on this computer that a move uploads to the project's bucket (with the service_role key). */
  documentos: z.number(),
  /** A move started and not finished: it resumes where it stopped. */
  pendiente: z.object({ iniciado: z.string(), tablasHechas: z.number(), tablasTotal: z.number() }).nullable(),
  /** When the last move finished (ISO), or null. */
  terminado: z.string().nullable(),
  /** The embedded data is still on this computer (a finished move deletes nothing until the administrator says so). */
  datosLocales: z.boolean(),
});


export type CopiaInfo = z.infer<typeof copiaInfoSchema>;

export type AjustesCopias = z.infer<typeof ajustesCopiasSchema>;

/**
 * Who asked for a restore: the audit row (datos.restaurar) is written into the RESTORED database once it is
 * open, in his name; written before, it went into the database the restore then replaced.
 */
export interface QuienRestaura {
  id: string;
  email: string;
}

export interface CopiasPort {
  ajustes(): Promise<AjustesCopias>;
  /** `carpeta` null = the default folder. A folder that cannot be written is refused (AppError, Spanish). */
  guardarAjustes(input: { carpeta: string | null; automaticas: boolean }): Promise<AjustesCopias>;
  /** The copies in the folder, newest first (files that are not copies are ignored). */
  listar(): Promise<CopiaInfo[]>;
  /** Starts a manual copy (AppError 'conflict' while another data activity runs). */
  crear(): ActividadDatos;
  /**
   * Starts a restore of `archivo` (a name from listar() or an absolute path): the file is checked whole first,
   * loaded into a new folder, and swapped in only once it opens; the current data stays until then (kept as
   * pgdata-antes-de-restaurar). A corrupt, truncated or foreign file ends the activity 'fallida' with a clear
   * Spanish message and nothing changed. A copy without this install's signature (another computer's, or edited)
   * is refused with AppError 'conflict' (details {deOtroEquipo: true}) before anything starts, unless
   * `deOtroEquipo` says the administrator confirmed it by name.
   */
  restaurar(archivo: string, opciones?: { deOtroEquipo?: boolean; quien?: QuienRestaura }): Promise<ActividadDatos>;
  /** Deletes one copy from the folder (only a name from listar()). */
  eliminar(nombre: string): Promise<void>;
}

/** The hosted project the embedded data can move to, and a move's state (it survives restarts). */
export type EstadoTraslado = z.infer<typeof estadoTrasladoSchema>;

export interface TrasladoPort {
  estado(): Promise<EstadoTraslado>;
  /**
   * Starts (or resumes) the move. `supabaseUrl` + `anonKey` name the hosted project (saved as Conexión's hosted
   * project, the key in the keychain; omitted = the saved ones); `conexionBase` is its database's connection
   * string (postgresql://postgres:…@db.<ref>.supabase.co:5432/postgres), kept in the keychain until the move
   * finishes; omitted = the stored one. `claveServicio` (the project's service_role key, kept the same way) uploads the
   * marketing documents of this computer to the project's Storage bucket. Checks the target has the console's migrations and no data of its own, pushes a consistent snapshot
   * with progress, compares every table's rows, then switches the app to the hosted backend.
   */
  iniciar(input: { supabaseUrl?: string; anonKey?: string; conexionBase?: string; claveServicio?: string }): Promise<ActividadDatos>;
  /** After a finished move, and only when the administrator asks: deletes the embedded database from this computer. */
  eliminarDatosLocales(): Promise<void>;
}

export interface RegistroPort {
  /** The log file's absolute path. */
  ruta: string;
  /** The last `lineas` lines (already free of secrets and personal text: nothing else is ever written). */
  leer(lineas: number): Promise<string[]>;
  /** Opens the file with the system's viewer (desktop only). */
  abrir?(): Promise<void>;
}

/** The one activity of this process, read and cancelled from any backend the host opens. */
export interface ActividadesPort {
  actual(): ActividadDatos | null;
  cancelar(): boolean;
}
