/** The live notices' coalescer: per area, trailing after a quiet time, never later than the longest wait. */
import { describe, expect, it } from 'vitest';
import { coalescerCambios, ESPERA_CAMBIOS_MS, ESPERA_MAXIMA_CAMBIOS_MS } from '../../src/main/cambios/coalescer';
import { RelojManual, fuenteDeCambios } from '../support/reloj-manual';
import type { AreaCambio } from '../../src/shared/ports';

const fuente = fuenteDeCambios;

describe('coalescerCambios', () => {
  it('un aviso sale tras la espera de calma; otro durante ella la alarga', () => {
    const { port, avisar } = fuente();
    const reloj = new RelojManual();
    const c = coalescerCambios(port, { reloj });
    const salidas: Array<[AreaCambio, number]> = [];
    c.suscribir((area) => salidas.push([area, reloj.ahora()]));
    avisar('llamadas');
    reloj.avanzar(ESPERA_CAMBIOS_MS - 1);
    expect(salidas).toEqual([]);
    avisar('llamadas');
    reloj.avanzar(ESPERA_CAMBIOS_MS - 1);
    expect(salidas).toEqual([]);
    reloj.avanzar(1);
    expect(salidas).toEqual([['llamadas', 2 * ESPERA_CAMBIOS_MS - 1]]);
  });

  it('un flujo continuo sale al menos cada espera máxima, y cada área va por su lado', () => {
    const { port, avisar } = fuente();
    const reloj = new RelojManual();
    const c = coalescerCambios(port, { reloj });
    const salidas: Array<[AreaCambio, number]> = [];
    c.suscribir((area) => salidas.push([area, reloj.ahora()]));
    // 50 changes a second for three seconds.
    for (let t = 0; t < 3_000; t += 20) {
      avisar('llamadas');
      reloj.avanzar(20);
    }
    avisar('mensajes');
    reloj.avanzar(5_000);
    const llamadas = salidas.filter(([a]) => a === 'llamadas').map(([, t]) => t);
    expect(llamadas).toEqual([ESPERA_MAXIMA_CAMBIOS_MS, 2 * ESPERA_MAXIMA_CAMBIOS_MS, 3 * ESPERA_MAXIMA_CAMBIOS_MS]);
    expect(salidas.filter(([a]) => a === 'mensajes')).toEqual([['mensajes', 3_000 + ESPERA_CAMBIOS_MS]]);
  });

  it('escucha la fuente solo mientras tiene oyentes; cerrar descarta lo pendiente', () => {
    const { port, oyentes, avisar } = fuente();
    const reloj = new RelojManual();
    const c = coalescerCambios(port, { reloj });
    expect(oyentes.size).toBe(0);
    const salidas: AreaCambio[] = [];
    const a = c.suscribir((area) => salidas.push(area));
    const b = c.suscribir((area) => salidas.push(area));
    expect(oyentes.size).toBe(1);
    a();
    expect(oyentes.size).toBe(1);
    avisar('mensajes');
    b();
    expect(oyentes.size).toBe(0);
    expect(reloj.pendientes).toBe(0);
    c.suscribir((area) => salidas.push(area));
    avisar('llamadas');
    c.cerrar();
    reloj.avanzar(5_000);
    expect(salidas).toEqual([]);
    expect(oyentes.size).toBe(0);
  });
});
