/**
 * The api's long work: the engine (./motor.ts) with every job written to `trabajos` as the operator who
 * started it (./repository.ts), so a reload, a new sign-in or a restart finds it again — and a job the process
 * no longer runs reads 'interrumpido', never 'en_curso' forever. One per api; its `cerrar` runs before the
 * backend closes (crearApi), so a quit records its running jobs as interrupted.
 */
import type { AuthSession } from '../../ports/auth';
import type { DataPort } from '../../ports/consultas';
import type { Trabajo } from '../../domain/trabajos';
import { AppError } from '../../errors';
import { crearMotorTrabajos, type ContextoTrabajo, type FinTrabajo, type MotorTrabajos } from './motor';
import { trabajosRepository } from './repository';
import { trabajos } from "./texts";

/** What a signed-in call gives (api/types.ts SignedIn, not imported: that file imports this one). */
type Sesion = { session: AuthSession; data: DataPort };

export interface TrabajosApi {
  readonly motor: MotorTrabajos;
  /** The id of this api's process, written into each row it runs. */
  readonly proceso: string;
  /** Writes the job's row, starts `cuerpo` on the next turn and answers its first state. */
  iniciar<R>(
    ctx: Sesion,
    opciones: { tipo: string; total: number; fallo: string; referencia?: string | null },
    cuerpo: (ctx: ContextoTrabajo) => Promise<FinTrabajo<R>>,
  ): Promise<Trabajo>;
  leer(ctx: Sesion, id: string): Promise<Trabajo>;
  cancelar(ctx: Sesion, id: string): Promise<Trabajo>;
  listar(ctx: Sesion, filtro: { tipo?: string; referencia?: string }): Promise<Trabajo[]>;
  /** On quit: running jobs end 'interrumpido', written before the backend closes. */
  cerrar(): Promise<void>;
}

export function crearTrabajosApi(now: () => Date = () => new Date(), log: (mensaje: string, error?: unknown) => void = () => {}): TrabajosApi {
  const motor = crearMotorTrabajos({ now, log });
  const proceso = globalThis.crypto.randomUUID();
  const repo = (data: Sesion['data']) => trabajosRepository(data, proceso, now);
  const vivo = (id: string) => motor.leer(id)?.estado === 'en_curso';

  async function leer(ctx: Sesion, id: string): Promise<Trabajo> {
    const enMemoria = motor.leer(id, ctx.session.operator.id);
    if (enMemoria) return enMemoria;
    const fila = await repo(ctx.data).leer(id, vivo);
    if (!fila) throw new AppError('not_found', trabajos.noEncontrado);
    return fila;
  }

  return {
    motor,
    proceso,
    async iniciar(ctx, opciones, cuerpo) {
      const filas = repo(ctx.data);
      // The first write creates the row; the answer waits for it, so the job's id is never read before it.
      let primero = true;
      const estado = motor.iniciar(
        {
          tipo: opciones.tipo,
          dueño: ctx.session.operator.id,
          total: opciones.total,
          fallo: opciones.fallo,
          guardar: async (t) => {
            if (!primero) return filas.actualizar(t);
            primero = false;
            await filas.crear(t, opciones.referencia ?? null);
          },
        },
        cuerpo,
      );
      await motor.escrito(estado.id);
      return estado;
    },
    leer,
    async cancelar(ctx, id) {
      motor.cancelar(id, ctx.session.operator.id);
      return leer(ctx, id);
    },
    async listar(ctx, filtro) {
      return repo(ctx.data).listar(ctx.session.operator.id, filtro, vivo).then((filas) =>
        filas.map((f) => motor.leer(f.id, ctx.session.operator.id) ?? f),
      );
    },
    cerrar: () => motor.interrumpirTodos(),
  };
}
