/**
 * The one data activity of this process (a backup, a restore or a move to a hosted project): its progress, its
 * cancellation and its outcome. It belongs to the host, not to an api, because a restore and the end of a move
 * reopen the backend: the screen keeps polling the same activity across the switch.
 *
 * One at a time on purpose: a restore while a backup is being written, or a move while a restore swaps the
 * folder, would each read a database the other is replacing.
 */
import type { ActividadDatos, ActividadesPort, TipoActividadDatos } from '../../shared/ports/datos';
import type { SettingsPort } from '../../shared/ports/settings';
import type { BaseEmbebida } from '../backends/embedded/pglite-worker-client';
import { AppError } from '../../shared/errors';
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
   * outcome shown; an AppError's message is shown as it is; a cancellation ends it 'cancelada'; anything else is
   * logged and shown as `fallo` (the generic Spanish text for this kind of work).
   */
  iniciar(tipo: TipoActividadDatos, fallo: string, trabajo: (ctx: ContextoActividad) => Promise<string>): ActividadDatos;
  /** Resolves when the running activity (if any) has ended. */
  esperar(): Promise<void>;
}

export function crearActividades(log: (message: string, error?: unknown) => void, now: () => Date = () => new Date()): Actividades {
  let actual: ActividadDatos | null = null;
  let controlador: AbortController | null = null;
  let terminando: Promise<void> = Promise.resolve();

  return {
    actual: () => (actual ? { ...actual } : null),
    cancelar() {
      if (!controlador || actual?.estado !== 'en_curso') return false;
      controlador.abort();
      return true;
    },
    esperar: () => terminando,
    iniciar(tipo, fallo, trabajo) {
      if (actual?.estado === 'en_curso') throw new AppError('conflict', es.datos.actividadEnCurso);
      const control = new AbortController();
      const actividad: ActividadDatos = {
        id: globalThis.crypto.randomUUID(),
        tipo,
        estado: 'en_curso',
        fase: '',
        hechos: 0,
        total: 0,
        mensaje: null,
        inicio: now().toISOString(),
        fin: null,
      };
      actual = actividad;
      controlador = control;
      const ctx: ContextoActividad = {
        señal: control.signal,
        progreso(fase, hechos = 0, total = 0) {
          if (actividad.estado !== 'en_curso') return;
          actividad.fase = fase;
          actividad.hechos = hechos;
          actividad.total = total;
        },
      };
      const terminar = (estado: ActividadDatos['estado'], mensaje: string) => {
        actividad.estado = estado;
        actividad.mensaje = mensaje;
        actividad.fin = now().toISOString();
        if (controlador === control) controlador = null;
      };
      terminando = (async () => {
        // Never in the caller's turn: the operation answers with the activity first.
        await Promise.resolve();
        try {
          const mensaje = await trabajo(ctx);
          if (control.signal.aborted) terminar('cancelada', es.datos.cancelada);
          else terminar('terminada', mensaje);
          log(`Datos: ${tipo} terminada`);
        } catch (error) {
          if (control.signal.aborted) {
            terminar('cancelada', es.datos.cancelada);
            log(`Datos: ${tipo} cancelada`);
          } else if (error instanceof AppError && error.code !== 'internal') {
            terminar('fallida', error.message);
            log(`Datos: ${tipo} fallida: ${error.message}`);
          } else {
            terminar('fallida', fallo);
            log(`Datos: ${tipo} fallida`, error);
          }
        }
      })();
      return { ...actividad };
    },
  };
}
