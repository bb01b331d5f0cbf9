/**
 * The one engine of long work: it runs a job's body after answering its `Trabajo` at once, keeps its progress,
 * stops it on `cancelar`, and ends it in the one vocabulary (domain/trabajos.ts). The api's jobs write each
 * change through `guardar` (rows of `trabajos`, found again after a restart); the host's data activity keeps
 * only memory, because a restore or a move replaces the very database a row would live in.
 */
import type { Trabajo } from '../../domain/trabajos';
import { AppError } from '../../errors';
import { trabajos as t } from "./texts";

export interface ContextoTrabajo {
  señal: AbortSignal;
  /** Updates what the screen shows (phase text, units done of total, units ok / failed). */
  progreso(cambio: Partial<Pick<Trabajo, 'fase' | 'hechos' | 'total' | 'ok' | 'fallidos'>>): void;
}

/** What a body answers when it ends well: the outcome shown and, when it has one, its answer. */
export interface FinTrabajo<R = unknown> {
  mensaje: string;
  resultado?: R;
}

export interface OpcionesTrabajo {
  tipo: string;
  /** Who started it: only he reads or cancels it from memory. */
  dueño: string;
  total?: number;
  /** The Spanish outcome when the body fails with anything but an AppError a person can read. */
  fallo: string;
  /** The Spanish outcome of a cancellation (default es.trabajos.cancelado). */
  cancelado?: string;
  /**
   * Writes the job as it is now (its first state, each change, its end; and every LATIDO_MS while it runs,
   * as a sign of life). Writes are made in order, one at a time; a failed write is logged, never fatal.
   */
  guardar?: (estado: Trabajo) => Promise<void>;
}

export interface MotorTrabajos {
  /** Starts `cuerpo` on the next turn and answers its first state ('en_curso'). */
  iniciar<R>(opciones: OpcionesTrabajo, cuerpo: (ctx: ContextoTrabajo) => Promise<FinTrabajo<R>>): Trabajo;
  /** The job as this process knows it (running, or ended in the last ten minutes); undefined otherwise. */
  leer(id: string, dueño?: string): Trabajo | undefined;
  /** Asks a running job of `dueño` to stop; false when it is not running here. */
  cancelar(id: string, dueño?: string): boolean;
  /** The jobs of `dueño` this process knows. */
  listar(dueño: string): Trabajo[];
  /** Resolves when what the job has written so far is written. */
  escrito(id: string): Promise<void>;
  /** Resolves when the job (or every job) has ended and its end was written. */
  esperar(id?: string): Promise<void>;
  /**
   * On quit: every running job ends 'interrumpido' at once (written), and its body is asked to stop. What the
   * body does after that is not recorded: the process is going away.
   */
  interrumpirTodos(): Promise<void>;
}

/** How often a running job that is written says it is alive; a row silent for LATIDO_VENCIDO_MS was cut. */
export const LATIDO_MS = 20_000;
export const LATIDO_VENCIDO_MS = 90_000;
const GUARDAR_TERMINADOS_MS = 10 * 60_000;
const CIERRE = 'cierre';

interface Entrada {
  estado: Trabajo;
  dueño: string;
  control: AbortController;
  fin: Promise<void>;
  escribir: (estado: Trabajo) => Promise<void>;
  /** The writes queued so far. */
  cola: () => Promise<void>;
  /** Stops the sign of life. */
  callar: () => void;
}

export function crearMotorTrabajos(opciones: { now?: () => Date; log?: (mensaje: string, error?: unknown) => void } = {}): MotorTrabajos {
  const now = opciones.now ?? (() => new Date());
  const log = opciones.log ?? (() => {});
  const trabajos = new Map<string, Entrada>();

  const barrer = () => {
    const limite = now().getTime() - GUARDAR_TERMINADOS_MS;
    for (const [id, e] of trabajos) if (e.estado.fin && new Date(e.estado.fin).getTime() < limite) trabajos.delete(id);
  };
  const copia = (e: Entrada): Trabajo => ({ ...e.estado });
  const propia = (id: string, dueño?: string) => {
    const e = trabajos.get(id);
    return e && (dueño === undefined || e.dueño === dueño) ? e : undefined;
  };

  return {
    iniciar(op, cuerpo) {
      barrer();
      const control = new AbortController();
      const estado: Trabajo = {
        id: globalThis.crypto.randomUUID(),
        tipo: op.tipo,
        estado: 'en_curso',
        fase: '',
        hechos: 0,
        total: op.total ?? 0,
        ok: 0,
        fallidos: 0,
        mensaje: null,
        inicio: now().toISOString(),
        fin: null,
      };
      // Writes go one after another, so the row never moves back to an older state.
      let cola: Promise<void> = Promise.resolve();
      const escribir = (e: Trabajo) => {
        if (!op.guardar) return cola;
        const guardar = op.guardar;
        cola = cola.then(() => guardar(e)).catch((error: unknown) => log(`Trabajo ${op.tipo}: no se pudo guardar su estado`, error));
        return cola;
      };
      const latido = op.guardar ? setInterval(() => void escribir(copia(entrada)), LATIDO_MS) : null;
      (latido as { unref?: () => void } | null)?.unref?.();
      const entrada: Entrada = { estado, dueño: op.dueño, control, fin: Promise.resolve(), escribir, cola: () => cola, callar: () => { if (latido) clearInterval(latido); } };
      trabajos.set(estado.id, entrada);
      void escribir({ ...estado });

      const terminar = (final: Pick<Trabajo, 'estado' | 'mensaje'> & { resultado?: unknown }) => {
        if (entrada.estado.estado !== 'en_curso') return cola;
        entrada.callar();
        entrada.estado = { ...entrada.estado, ...final, fin: now().toISOString() };
        return escribir(copia(entrada));
      };
      const ctx: ContextoTrabajo = {
        señal: control.signal,
        progreso(cambio) {
          if (entrada.estado.estado !== 'en_curso') return;
          entrada.estado = { ...entrada.estado, ...cambio };
          void escribir(copia(entrada));
        },
      };
      entrada.fin = (async () => {
        // Never in the caller's turn: the operation answers with the job first.
        await Promise.resolve();
        try {
          const fin = await cuerpo(ctx);
          if (control.signal.aborted) await terminar(cortado(control.signal, op));
          else await terminar({ estado: 'terminado', mensaje: fin.mensaje, ...(fin.resultado !== undefined ? { resultado: fin.resultado } : {}) });
        } catch (error) {
          if (control.signal.aborted) await terminar(cortado(control.signal, op));
          else if (error instanceof AppError && error.code !== 'internal') await terminar({ estado: 'fallido', mensaje: error.message });
          else {
            log(`Trabajo ${op.tipo} fallido`, error);
            await terminar({ estado: 'fallido', mensaje: op.fallo });
          }
        }
      })();
      return { ...estado };
    },
    leer(id, dueño) {
      const e = propia(id, dueño);
      return e ? copia(e) : undefined;
    },
    cancelar(id, dueño) {
      const e = propia(id, dueño);
      if (!e || e.estado.estado !== 'en_curso') return false;
      e.control.abort();
      return true;
    },
    listar(dueño) {
      barrer();
      return [...trabajos.values()].filter((e) => e.dueño === dueño).map(copia);
    },
    async escrito(id) {
      await trabajos.get(id)?.cola();
    },
    async esperar(id) {
      if (id !== undefined) return trabajos.get(id)?.fin;
      await Promise.all([...trabajos.values()].map((e) => e.fin));
    },
    async interrumpirTodos() {
      const vivos = [...trabajos.values()].filter((e) => e.estado.estado === 'en_curso');
      await Promise.all(
        vivos.map((e) => {
          e.callar();
          e.control.abort(CIERRE);
          if (e.estado.estado !== 'en_curso') return Promise.resolve();
          e.estado = { ...e.estado, estado: 'interrumpido', mensaje: t.interrumpido, fin: now().toISOString() };
          return e.escribir(copia(e));
        }),
      );
    },
  };
}

function cortado(señal: AbortSignal, op: OpcionesTrabajo): Pick<Trabajo, 'estado' | 'mensaje'> {
  return señal.reason === CIERRE
    ? { estado: 'interrumpido', mensaje: t.interrumpido }
    : { estado: 'cancelado', mensaje: op.cancelado ?? t.cancelado };
}
