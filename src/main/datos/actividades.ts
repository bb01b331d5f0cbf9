/**
 * The one data activity of this process (a backup, a restore or a move to a hosted project): its progress, its
 * cancellation and its outcome. It belongs to the host, not to an api, because a restore and the end of a move
 * reopen the backend: the screen keeps polling the same activity across the switch.
 *
 * One at a time on purpose: a restore while a backup is being written, or a move while a restore swaps the
 * folder, would each read a database the other is replacing.
 */
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { actividadDatos, type ActividadDatos, type ActividadesPort, type TipoActividadDatos } from '../../shared/ports/datos';
import type { Trabajo } from '../../shared/domain/trabajos';
import type { SettingsPort } from '../../shared/ports/settings';
import type { BaseEmbebida } from '../motores/embebido/pglite-worker-client';
import { AppError } from '../../shared/errors';
import { crearMotorTrabajos } from '../../shared/areas/jobs/motor';
import { es } from '../../shared/i18n/es';

/** What the host hands each data service (backups, the move to a hosted project). */
export interface EntornoDatos {
  dataDir: string;
  settings: SettingsPort;
  log: (message: string, error?: unknown) => void;
  actividades: Actividades;
  now: () => Date;
  /** Version of the app (written into each copy and snapshot). */
  version: string;
  /** The embedded database open now, or null (hosted, or between a close and an open). */
  base: () => BaseEmbebida | null;
}

export interface ContextoActividad {
  señal: AbortSignal;
  /** Updates what the screen shows; `total` 0 = unknown. */
  progreso(fase: string, hechos?: number, total?: number): void;
}

export interface Actividades extends ActividadesPort {
  /**
   * Starts `trabajo` unless another activity runs (AppError 'conflict', Spanish). Its resolved text is the
   * outcome shown ('terminado'); an AppError's message is shown as it is ('fallido'); a cancellation ends it
   * 'cancelado'; anything else is logged and shown as `fallo` (the generic Spanish text for this kind of work).
   */
  iniciar(tipo: TipoActividadDatos, fallo: string, trabajo: (ctx: ContextoActividad) => Promise<string>): ActividadDatos;
  /** Resolves when the running activity (if any) has ended. */
  esperar(): Promise<void>;
  /** Resolves when what the activity has written to its file so far is written. */
  escrito(): Promise<void>;
}

/**
 * `archivo` (the host gives `<data folder>/actividad-datos.json`): the activity's start and end are written
 * there, so after a restart the last one is found again — one the process did not live to finish reads
 * 'interrumpido', never 'en_curso' (a table cannot hold it: the database may be the very thing replaced).
 */
export function crearActividades(log: (message: string, error?: unknown) => void, now: () => Date = () => new Date(), archivo?: string): Actividades {
  // The one engine of long work (areas/jobs/motor.ts), in memory: the database may be the thing replaced.
  const motor = crearMotorTrabajos({ now, log });
  let actualId: string | null = null;
  let anterior = archivo ? leerAnterior(archivo, now) : null;
  const actual = (): ActividadDatos | null => (actualId ? ((motor.leer(actualId) as ActividadDatos | undefined) ?? null) : anterior);
  let escrito: string | null = null;
  const guardar = archivo
    ? async (t: Trabajo) => {
        // Its start and its end, not every block of progress.
        if (escrito === `${t.id}:${t.estado}`) return;
        escrito = `${t.id}:${t.estado}`;
        const parcial = `${archivo}.parcial`;
        await writeFile(parcial, JSON.stringify(t), { mode: 0o600 });
        await rename(parcial, archivo);
      }
    : undefined;

  return {
    actual,
    cancelar: () => (actualId ? motor.cancelar(actualId) : false),
    esperar: () => (actualId ? motor.esperar(actualId) : Promise.resolve()),
    escrito: () => (actualId ? motor.escrito(actualId) : Promise.resolve()),
    iniciar(tipo, fallo, trabajo) {
      if (actual()?.estado === 'en_curso') throw new AppError('conflict', es.datos.actividadEnCurso);
      const iniciada = motor.iniciar({ tipo, dueño: 'host', fallo, cancelado: es.datos.cancelada, ...(guardar ? { guardar } : {}) }, async (ctx) => {
        const mensaje = await trabajo({ señal: ctx.señal, progreso: (fase, hechos = 0, total = 0) => ctx.progreso({ fase, hechos, total }) });
        return { mensaje };
      });
      actualId = iniciada.id;
      anterior = null;
      void motor.esperar(iniciada.id).then(() => log(`Datos: ${tipo} ${motor.leer(iniciada.id)?.estado ?? 'terminado'}`));
      return iniciada as ActividadDatos;
    },
  };
}

/** The last activity a previous run of the app wrote; one it left running was cut by the quit or a crash. */
function leerAnterior(archivo: string, now: () => Date): ActividadDatos | null {
  try {
    const leida = actividadDatos.safeParse(JSON.parse(readFileSync(archivo, 'utf8')));
    if (!leida.success) return null;
    const a = leida.data;
    return a.estado === 'en_curso' ? { ...a, estado: 'interrumpido', mensaje: es.trabajos.interrumpido, fin: now().toISOString() } : a;
  } catch {
    return null;
  }
}
