import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { isSupabaseUrl } from '../../domain/webhooks';
import { actividadDatos, ajustesCopiasSchema, copiaInfoSchema, estadoTrasladoSchema } from '../../ports/datos';
import { configuracion as tc } from '../configuracion/texts';
import { datos as t } from './texts';

/**
 * Configuración → Datos (issue 16), administrators only: backups and their restore (embedded database), the
 * move of the embedded data to a hosted Supabase project, and the diagnostic log. Backups, restores and the
 * move are one host-wide activity at a time (ports/datos.ts), started here and read with `actividad`.
 * Secrets (the anon key, the database connection string) go in and never come back.
 */

/**
 * An absolute path on any desktop the app runs on: POSIX `/…`, Windows `C:\…` or `\\server\share\…`. Written
 * here, not with node:path, because src/shared imports no Node built-in; the engine resolves it for real.
 */
export function esRutaAbsoluta(ruta: string): boolean {
  if (ruta.includes('\0')) return false;
  return ruta.startsWith('/') || /^[A-Za-z]:[\\/]/.test(ruta) || /^\\\\[^\\]+\\[^\\]+/.test(ruta);
}

/** A database connection string as Supabase shows it (postgresql://user:password@host:port/db). */
export function esCadenaConexion(valor: string): boolean {
  if (!/^postgres(ql)?:\/\//i.test(valor)) return false;
  try {
    return new URL(valor).hostname !== '';
  } catch {
    return false;
  }
}

const ruta = z.string().trim().max(4000);

/** The log lines the screen reads (the modal shows the last 200). */
export const LINEAS_REGISTRO = 200;

// ------------------------------------------------------------------------------------------------ answers

export const registroInfoSchema = z.object({
  /** The log file's absolute path. */
  ruta: z.string(),
  lineas: z.array(z.string()),
  /** The file can be opened with the system's viewer (the desktop window, where the port offers it). */
  puedeAbrir: z.boolean(),
});
export type RegistroInfo = z.infer<typeof registroInfoSchema>;


const actividad = actividadDatos;

export const datos = {
  /** The running or the last backup, restore or move of this process (null: none since it started). */
  actividad: op(actividad.nullable())(z.object({})),
  /** Asks the running activity to stop (a restore only before the swap); false when nothing runs. */
  cancelar: op(z.object({ cancelada: z.boolean() }))(z.object({})),
  /** The backups' settings and the copies in their folder, newest first (embedded only). */
  copias: op(z.object({ ajustes: ajustesCopiasSchema, copias: z.array(copiaInfoSchema) }))(z.object({})),
  /** The folder (null = the default, next to the data folder) and the daily copies on or off. */
  guardarAjustesCopias: op(ajustesCopiasSchema)(
    z.object({
      carpeta: ruta.refine(esRutaAbsoluta, t.copias.carpetaNoAbsoluta).nullable(),
      automaticas: z.boolean(),
    }),
  ),
  /** 'Crear copia ahora': starts a manual copy and answers the activity at once. */
  crearCopia: op(actividad)(z.object({})),
  /**
   * Restores a copy: a name from `copias` or an absolute path to a copy file elsewhere. A copy this install did
   * not sign answers 'conflict' with details {deOtroEquipo: true}; `deOtroEquipo: true` is the administrator's
   * confirmation that it may be restored anyway.
   */
  restaurar: op(actividad)(
    z.object({
      archivo: ruta
        .min(1, t.op.archivoRequerido)
        .refine((v) => esRutaAbsoluta(v) || esNombreCopia(v), t.copias.rutaNoAbsoluta),
      deOtroEquipo: z.boolean().optional(),
    }),
  ),
  /** Deletes one copy of the folder (only a name `copias` lists). */
  eliminarCopia: op(nada)(z.object({ nombre: z.string().trim().refine(esNombreCopia, t.copias.noEsDeLaLista) })),
  /** The hosted project the data can move to and the state of a move (it survives restarts). */
  traslado: op(estadoTrasladoSchema)(z.object({})),
  /**
   * Starts or resumes the move. Omitted fields use what is stored (Conexión's project and anon key, the
   * connection string kept in the keychain by an interrupted move).
   */
  trasladar: op(actividad)(
    z.object({
      supabaseUrl: z.string().trim().max(500).refine(isSupabaseUrl, tc.urlSupabaseInvalida).optional(),
      anonKey: z.string().trim().min(1, tc.faltaClave).max(4000).optional(),
      conexionBase: z.string().trim().max(2000).refine(esCadenaConexion, t.traslado.conexionInvalida).optional(),
      /** The project's service_role key, only to upload the marketing documents to Storage (keychain until the end). */
      claveServicio: z.string().trim().max(4000).regex(/^eyJ[\w-]*\.[\w-]+\.[\w-]+$/, t.traslado.claveServicioInvalida).optional(),
    }),
  ),
  /** After a finished move: deletes the embedded database from this computer (backups stay). */
  eliminarDatosLocales: op(nada)(z.object({})),
  /** The log's path and its last lines (at most 1000; default LINEAS_REGISTRO). */
  registro: op(registroInfoSchema)(
    z.object({ lineas: z.number({ message: t.op.lineasInvalidas }).int(t.op.lineasInvalidas).min(1, t.op.lineasInvalidas).max(1000, t.op.lineasInvalidas).optional() }),
  ),
  /** Opens the log file with the system's viewer (the desktop window only). */
  abrirRegistro: op(nada)(z.object({})),
} as const;

/** A file name inside the copies folder: no folder part, nothing hidden. The engine checks it is listed. */
function esNombreCopia(nombre: string): boolean {
  return nombre.length > 0 && nombre.length <= 255 && !/[/\\\0]/.test(nombre) && !nombre.startsWith('.');
}
