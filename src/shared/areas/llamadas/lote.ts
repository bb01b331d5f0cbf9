/**
 * The bulk-call runner: items in order, at most `concurrency` at once, pausable, cancellable; a failure of
 * one item is recorded and the run goes on. Platform-free and unit-tested with fake senders.
 */
import type { ResultadoIntento } from './contract';

export interface Resultado {
  estado: ResultadoIntento;
  detalle?: string;
}

/** A pause gate: wait() resolves at once when open, else when reopened or the signal aborts. */
export class Compuerta {
  private abierta = true;
  private esperando: Array<() => void> = [];

  get pausada(): boolean {
    return !this.abierta;
  }

  pausar(): void {
    this.abierta = false;
  }

  reanudar(): void {
    this.abierta = true;
    const w = this.esperando;
    this.esperando = [];
    for (const resolve of w) resolve();
  }

  wait(signal?: AbortSignal): Promise<void> {
    if (this.abierta || signal?.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.esperando.push(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

export interface OpcionesLote<T> {
  concurrency: number;
  signal: AbortSignal;
  compuerta?: Compuerta;
  /** Sends one item; throwing counts as 'fallida' with the error's message. */
  send(item: T, index: number): Promise<Resultado>;
  onStart?(item: T, index: number): void;
  onResult?(item: T, index: number, result: Resultado): void;
}

export interface ResumenLote {
  exitosas: number;
  fallidas: number;
  omitidas: number;
  /** Sent without an answer in time: neither a success nor a failure. */
  sinConfirmacion: number;
  /** Items not started because the run was cancelled. */
  noIniciadas: number;
}

export async function ejecutarLote<T>(items: readonly T[], options: OpcionesLote<T>): Promise<ResumenLote> {
  const resumen: ResumenLote = { exitosas: 0, fallidas: 0, omitidas: 0, sinConfirmacion: 0, noIniciadas: 0 };
  const workers = Math.max(1, Math.min(Math.floor(options.concurrency) || 1, items.length || 1));
  let next = 0;
  const worker = async () => {
    for (;;) {
      if (options.compuerta) await options.compuerta.wait(options.signal);
      if (options.signal.aborted) return;
      const index = next;
      if (index >= items.length) return;
      next += 1;
      const item = items[index]!;
      options.onStart?.(item, index);
      let result: Resultado;
      try {
        result = await options.send(item, index);
      } catch (error) {
        result = { estado: 'fallida', detalle: error instanceof Error ? error.message : String(error) };
      }
      if (result.estado === 'exitosa') resumen.exitosas += 1;
      else if (result.estado === 'fallida') resumen.fallidas += 1;
      else if (result.estado === 'sin_confirmacion') resumen.sinConfirmacion += 1;
      else resumen.omitidas += 1;
      options.onResult?.(item, index, result);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  resumen.noIniciadas = items.length - next;
  return resumen;
}
