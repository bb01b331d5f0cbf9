/**
 * The live notices by hand: a clock for the coalescer whose timers fire only when the test moves time (no
 * waiting, no day), and a source of notices the test fires itself.
 */
import type { RelojCambios } from '../../src/main/cambios/coalescer';
import type { AreaCambio, CambiosPort } from '../../src/shared/ports';

/** A CambiosPort the test fires by hand (`avisar(area, veces)`), with its subscribers in view. */
export function fuenteDeCambios() {
  const oyentes = new Set<(area: AreaCambio) => void>();
  const port: CambiosPort = {
    suscribir(oyente) {
      oyentes.add(oyente);
      return () => void oyentes.delete(oyente);
    },
  };
  const avisar = (area: AreaCambio, veces = 1) => {
    for (let i = 0; i < veces; i++) for (const o of [...oyentes]) o(area);
  };
  return { port, oyentes, avisar };
}

export class RelojManual implements RelojCambios {
  #ahora = 0;
  #timers: Array<{ at: number; fn: () => void }> = [];

  ahora = () => this.#ahora;

  programar = (fn: () => void, ms: number) => {
    const timer = { at: this.#ahora + ms, fn };
    this.#timers.push(timer);
    return () => void (this.#timers = this.#timers.filter((t) => t !== timer));
  };

  /** Timers waiting to fire. */
  get pendientes(): number {
    return this.#timers.length;
  }

  /** Moves time forward, firing every timer that falls due, in order. */
  avanzar(ms: number): void {
    const hasta = this.#ahora + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= hasta).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#ahora = due.at;
      due.fn();
    }
    this.#ahora = hasta;
  }
}
