/**
 * Bursts of row changes become a few notices (issue 15 §2): a screen refetches once per quiet moment, not once
 * per row. Per area, a notice waits ESPERA_CAMBIOS_MS after the last change (trailing) and never longer than
 * ESPERA_MAXIMA_CAMBIOS_MS after the first one of the burst, so a steady stream (1,000 outcomes at 50 per
 * second) still redraws about once a second. No timer runs while nothing changes.
 */
import type { AreaCambio, CambiosPort, EstadoCambios } from '../../shared/ports';
import { seguirEstado } from '../../shared/ports/cambios';

/** Quiet time after the last change of an area before its notice goes out. */
export const ESPERA_CAMBIOS_MS = 250;
/** Longest a change waits for its notice while changes keep coming. */
export const ESPERA_MAXIMA_CAMBIOS_MS = 1_000;

/** Time and timers, injectable so tests decide when a notice fires. */
export interface RelojCambios {
  ahora(): number;
  /** Runs fn once after ms; answers the function that cancels it. */
  programar(fn: () => void, ms: number): () => void;
}

export const RELOJ_REAL: RelojCambios = {
  ahora: () => Date.now(),
  programar(fn, ms) {
    const timer = setTimeout(fn, ms);
    // A pending notice never keeps the process alive on its own.
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

export interface OpcionesCoalescer {
  esperaMs?: number;
  esperaMaximaMs?: number;
  reloj?: RelojCambios;
}

export interface CambiosCoalescidos extends CambiosPort {
  /** The source's state, passed through as it comes (it changes seldom: nothing to coalesce). */
  estado(oyente: (estado: EstadoCambios) => void): () => void;
  /** Drops pending notices and stops listening to the source. */
  cerrar(): void;
}

interface Pendiente {
  primero: number;
  cancelar: () => void;
}

/**
 * A CambiosPort over `origen` that coalesces per area. It listens to the source only while it has listeners
 * of its own.
 */
export function coalescerCambios(origen: CambiosPort, opciones: OpcionesCoalescer = {}): CambiosCoalescidos {
  const espera = opciones.esperaMs ?? ESPERA_CAMBIOS_MS;
  const esperaMaxima = Math.max(espera, opciones.esperaMaximaMs ?? ESPERA_MAXIMA_CAMBIOS_MS);
  const reloj = opciones.reloj ?? RELOJ_REAL;
  const oyentes = new Set<(area: AreaCambio) => void>();
  const pendientes = new Map<AreaCambio, Pendiente>();
  let desuscribir: (() => void) | null = null;

  const emitir = (area: AreaCambio) => {
    pendientes.delete(area);
    for (const oyente of [...oyentes]) oyente(area);
  };

  const recibir = (area: AreaCambio) => {
    const ahora = reloj.ahora();
    const previo = pendientes.get(area);
    previo?.cancelar();
    const primero = previo?.primero ?? ahora;
    const ms = Math.max(0, Math.min(espera, primero + esperaMaxima - ahora));
    pendientes.set(area, { primero, cancelar: reloj.programar(() => emitir(area), ms) });
  };

  const soltar = () => {
    desuscribir?.();
    desuscribir = null;
    for (const pendiente of pendientes.values()) pendiente.cancelar();
    pendientes.clear();
  };

  return {
    suscribir(oyente) {
      oyentes.add(oyente);
      desuscribir ??= origen.suscribir(recibir);
      return () => {
        oyentes.delete(oyente);
        if (oyentes.size === 0) soltar();
      };
    },
    estado: (oyente) => seguirEstado(origen, oyente),
    cerrar() {
      oyentes.clear();
      soltar();
    },
  };
}
