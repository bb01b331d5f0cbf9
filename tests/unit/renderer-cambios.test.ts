/**
 * Live screens, the renderer's half: notices come from the desktop's `window.cambios` or from the HTTP host's
 * server-sent events, only known areas pass, a stream that comes back after a break marks every live area
 * stale, and a notice invalidates exactly the reads of its areas (a real QueryClient).
 */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { AREAS_A_REFRESCAR, refrescarConsultas, RUTA_CAMBIOS, suscribirCambios, type OyenteCambios } from '../../src/renderer/api/cambios';
import { buildCambiosBridge } from '../../src/shared/contract/preload-api';
import { CAMBIOS_PATH } from '../../src/main/serve';
import type { AreaCambio } from '../../src/shared/ports';

function registro() {
  const cambios: AreaCambio[] = [];
  let reconexiones = 0;
  const oyente: OyenteCambios = { cambio: (area) => cambios.push(area), reconectado: () => void reconexiones++ };
  return { oyente, cambios, reconexiones: () => reconexiones };
}

/** The part of EventSource the renderer uses, fired by hand. */
class EventSourceFalso extends EventTarget {
  static abiertos: EventSourceFalso[] = [];
  cerrado = false;
  constructor(readonly url: string) {
    super();
    EventSourceFalso.abiertos.push(this);
  }
  close() {
    this.cerrado = true;
  }
  emitir(tipo: string, data?: unknown) {
    this.dispatchEvent(data === undefined ? new Event(tipo) : new MessageEvent(tipo, { data }));
  }
}

describe('suscribirCambios', () => {
  it('en el escritorio usa window.cambios', () => {
    const handlers = new Set<(dato: unknown) => void>();
    const puente = buildCambiosBridge((h) => {
      handlers.add(h);
      return () => void handlers.delete(h);
    });
    const r = registro();
    const dejar = suscribirCambios(r.oyente, { puente, eventSource: () => { throw new Error('no debe abrir un flujo'); } });
    for (const h of handlers) h('mensajes');
    dejar();
    expect(r.cambios).toEqual(['mensajes']);
    expect(handlers.size).toBe(0);
  });

  it('en el navegador abre el flujo del servidor, deja pasar solo áreas conocidas y avisa al reconectar', () => {
    expect(RUTA_CAMBIOS).toBe(CAMBIOS_PATH);
    const r = registro();
    const dejar = suscribirCambios(r.oyente, { eventSource: (url) => new EventSourceFalso(url) as unknown as EventSource });
    const flujo = EventSourceFalso.abiertos.at(-1)!;
    expect(flujo.url).toBe('/api/cambios');
    flujo.emitir('open');
    flujo.emitir('cambio', 'llamadas');
    flujo.emitir('cambio', 'clientes');
    flujo.emitir('message', 'mensajes'); // only the named event counts
    flujo.emitir('cambio', 'mensajes');
    expect(r.cambios).toEqual(['llamadas', 'mensajes']);
    expect(r.reconexiones()).toBe(0);
    flujo.emitir('error');
    flujo.emitir('open');
    flujo.emitir('open');
    expect(r.reconexiones()).toBe(1);
    dejar();
    expect(flujo.cerrado).toBe(true);
  });

  it('sin puente ni EventSource no hace nada', () => {
    const dejar = suscribirCambios(registro().oyente, { eventSource: null });
    expect(() => dejar()).not.toThrow();
  });
});

describe('refrescarConsultas', () => {
  function cache() {
    const qc = new QueryClient();
    for (const key of [
      ['llamadas', 'resumen', {}],
      ['llamadas', 'clientesPagina', { campanaId: 1 }],
      ['mensajes', 'sesiones', { tabla: 't' }],
      ['whatsappResumen', 'resumen', { tabla: 't' }],
      ['planes', 'listar', {}],
    ]) qc.setQueryData(key, 'dato');
    const invalidadas = () =>
      qc.getQueryCache().getAll().filter((q) => q.state.isInvalidated).map((q) => q.queryKey[0]).sort();
    return { qc, invalidadas };
  }

  it('un aviso invalida las lecturas de sus áreas y de ninguna otra', () => {
    expect(AREAS_A_REFRESCAR).toEqual({ llamadas: ['llamadas'], mensajes: ['mensajes', 'whatsappResumen'] });
    const llamadas = cache();
    refrescarConsultas(llamadas.qc).cambio('llamadas');
    expect(llamadas.invalidadas()).toEqual(['llamadas', 'llamadas']);
    const mensajes = cache();
    refrescarConsultas(mensajes.qc).cambio('mensajes');
    expect(mensajes.invalidadas()).toEqual(['mensajes', 'whatsappResumen']);
    const todas = cache();
    refrescarConsultas(todas.qc).reconectado();
    expect(todas.invalidadas()).toEqual(['llamadas', 'llamadas', 'mensajes', 'whatsappResumen']);
  });
});
