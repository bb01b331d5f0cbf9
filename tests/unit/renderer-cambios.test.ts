/**
 * Live screens, the renderer's half: notices come from the desktop's `window.cambios` or from the HTTP host's
 * server-sent events, only known areas pass, each transport says whether notices can come at all, a notice
 * invalidates exactly the reads of its areas (a real QueryClient), and while notices cannot come the live areas
 * are refreshed on a slow timer with the header's notice on (issue 22 §3; timers by hand).
 */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  AREAS_A_REFRESCAR,
  GRACIA_CONECTANDO_MS,
  INTERVALO_RESPALDO_MS,
  refrescarConsultas,
  respaldoSinEnVivo,
  RUTA_CAMBIOS,
  suscribirCambios,
  type OyenteCambios,
} from '../../src/renderer/api/cambios';
import { buildCambiosBridge } from '../../src/shared/contract/preload-api';
import { CAMBIOS_PATH } from '../../src/main/serve';
import type { AreaCambio, EstadoCambios } from '../../src/shared/ports';
import { RelojManual } from '../support/reloj-manual';
import { es } from '../../src/shared/i18n/es';

function registro() {
  const cambios: AreaCambio[] = [];
  const estados: EstadoCambios[] = [];
  const oyente: OyenteCambios = { cambio: (area) => cambios.push(area), estado: (estado) => estados.push(estado) };
  return { oyente, cambios, estados };
}

/** The preload's channels by hand: handlers per channel and how often the page asked for the state. */
function canales() {
  const areas = new Set<(dato: unknown) => void>();
  const estados = new Set<(dato: unknown) => void>();
  let pedidos = 0;
  const puente = buildCambiosBridge({
    escuchar: (h) => (areas.add(h), () => void areas.delete(h)),
    escucharEstado: (h) => (estados.add(h), () => void estados.delete(h)),
    pedirEstado: () => void pedidos++,
  });
  return { puente, areas, estados, pedidos: () => pedidos };
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
  it('en el escritorio usa window.cambios: avisos y estado, que pide al suscribirse', () => {
    const c = canales();
    const r = registro();
    const dejar = suscribirCambios(r.oyente, { puente: c.puente, eventSource: () => { throw new Error('no debe abrir un flujo'); } });
    expect(c.pedidos()).toBe(1);
    for (const h of c.areas) h('mensajes');
    for (const h of c.estados) h('en-vivo');
    for (const h of c.estados) h('apagado'); // not a state
    for (const h of c.estados) h('sin-conexion');
    dejar();
    expect(r.cambios).toEqual(['mensajes']);
    expect(r.estados).toEqual(['conectando', 'en-vivo', 'sin-conexion']);
    expect(c.areas.size + c.estados.size).toBe(0);
  });

  it('en el navegador abre el flujo del servidor: solo áreas y estados conocidos; cortado es sin conexión hasta que el servidor vuelve a decir', () => {
    expect(RUTA_CAMBIOS).toBe(CAMBIOS_PATH);
    const r = registro();
    const dejar = suscribirCambios(r.oyente, { eventSource: (url) => new EventSourceFalso(url) as unknown as EventSource });
    const flujo = EventSourceFalso.abiertos.at(-1)!;
    expect(flujo.url).toBe('/api/cambios');
    expect(r.estados).toEqual(['conectando']);
    flujo.emitir('open');
    flujo.emitir('estado', 'en-vivo');
    flujo.emitir('cambio', 'llamadas');
    flujo.emitir('cambio', 'clientes');
    flujo.emitir('message', 'mensajes'); // only the named event counts
    flujo.emitir('cambio', 'mensajes');
    expect(r.cambios).toEqual(['llamadas', 'mensajes']);
    flujo.emitir('estado', 'sin-conexion'); // the server's own source went down (hosted Realtime)
    flujo.emitir('estado', 'quizas');
    flujo.emitir('error'); // the stream itself
    flujo.emitir('open');
    flujo.emitir('estado', 'en-vivo');
    expect(r.estados).toEqual(['conectando', 'conectando', 'en-vivo', 'sin-conexion', 'sin-conexion', 'conectando', 'en-vivo']);
    dejar();
    expect(flujo.cerrado).toBe(true);
  });

  it('sin puente ni EventSource no puede llegar nada: sin conexión', () => {
    const r = registro();
    const dejar = suscribirCambios(r.oyente, { eventSource: null });
    expect(r.estados).toEqual(['conectando', 'sin-conexion']);
    expect(() => dejar()).not.toThrow();
  });
});

describe('respaldoSinEnVivo (sin canal en vivo: refresco lento y aviso)', () => {
  function montar() {
    const reloj = new RelojManual();
    let refrescos = 0;
    const avisos: boolean[] = [];
    const respaldo = respaldoSinEnVivo({ refrescarTodas: () => void refrescos++, alAviso: (v) => avisos.push(v), temporizador: reloj });
    return { reloj, respaldo, avisos, refrescos: () => refrescos };
  }

  it('el aviso dice cada cuánto se refresca', () => {
    expect(INTERVALO_RESPALDO_MS).toBe(15_000);
    expect(es.shell.sinEnVivo(INTERVALO_RESPALDO_MS / 1000)).toBe('Sin actualizaciones en vivo: se actualiza cada 15 s');
  });

  it('en vivo desde el principio: ni refresco por tiempo ni aviso, ni siquiera mientras conecta un momento', () => {
    const m = montar();
    m.respaldo.estado('conectando');
    m.reloj.avanzar(GRACIA_CONECTANDO_MS - 1);
    m.respaldo.estado('en-vivo');
    m.reloj.avanzar(10 * INTERVALO_RESPALDO_MS);
    expect(m.refrescos()).toBe(0);
    expect(m.avisos).toEqual([]);
    expect(m.reloj.pendientes).toBe(0);
  });

  it('caído: aviso al momento y refresco cada intervalo; de vuelta en vivo, un refresco, sin aviso y sin temporizador', () => {
    const m = montar();
    m.respaldo.estado('conectando');
    m.respaldo.estado('en-vivo');
    m.respaldo.estado('sin-conexion');
    expect(m.avisos).toEqual([true]);
    m.reloj.avanzar(INTERVALO_RESPALDO_MS - 1);
    expect(m.refrescos()).toBe(0);
    m.reloj.avanzar(1);
    expect(m.refrescos()).toBe(1);
    m.reloj.avanzar(2 * INTERVALO_RESPALDO_MS);
    expect(m.refrescos()).toBe(3);
    m.respaldo.estado('conectando'); // reopening: still no notices, the notice stays
    m.reloj.avanzar(INTERVALO_RESPALDO_MS);
    expect(m.refrescos()).toBe(4);
    expect(m.avisos).toEqual([true]);
    m.respaldo.estado('en-vivo');
    expect(m.refrescos()).toBe(5); // what changed meanwhile was announced to nobody
    expect(m.avisos).toEqual([true, false]);
    m.reloj.avanzar(10 * INTERVALO_RESPALDO_MS);
    expect(m.refrescos()).toBe(5);
    expect(m.reloj.pendientes).toBe(0);
  });

  it('nunca suscrito (Realtime inalcanzable): refresca desde el principio y avisa pasada la espera', () => {
    const m = montar();
    m.respaldo.estado('conectando');
    m.reloj.avanzar(GRACIA_CONECTANDO_MS - 1);
    expect(m.avisos).toEqual([]);
    m.reloj.avanzar(1);
    expect(m.avisos).toEqual([true]);
    m.reloj.avanzar(INTERVALO_RESPALDO_MS - GRACIA_CONECTANDO_MS);
    expect(m.refrescos()).toBe(1);
    m.respaldo.estado('en-vivo');
    expect(m.avisos).toEqual([true, false]);
    expect(m.refrescos()).toBe(1); // first subscription: nothing was live before, the screens just read
  });

  it('cerrar para todo (cierre de sesión)', () => {
    const m = montar();
    m.respaldo.estado('sin-conexion');
    m.respaldo.cerrar();
    expect(m.reloj.pendientes).toBe(0);
    m.respaldo.estado('conectando');
    m.reloj.avanzar(10 * INTERVALO_RESPALDO_MS);
    expect(m.refrescos()).toBe(0);
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
      ['auditoria', 'buscar', { filtros: {} }],
      ['planes', 'listar', {}],
    ]) qc.setQueryData(key, 'dato');
    const invalidadas = () =>
      qc.getQueryCache().getAll().filter((q) => q.state.isInvalidated).map((q) => q.queryKey[0]).sort();
    return { qc, invalidadas };
  }

  it('un aviso invalida las lecturas de sus áreas y de ninguna otra', () => {
    expect(AREAS_A_REFRESCAR).toEqual({ llamadas: ['llamadas'], mensajes: ['mensajes', 'whatsappResumen'], auditoria: ['auditoria'] });
    const llamadas = cache();
    refrescarConsultas(llamadas.qc).cambio('llamadas');
    expect(llamadas.invalidadas()).toEqual(['llamadas', 'llamadas']);
    const mensajes = cache();
    refrescarConsultas(mensajes.qc).cambio('mensajes');
    expect(mensajes.invalidadas()).toEqual(['mensajes', 'whatsappResumen']);
    // Configuración → Actividad: a new row of the trail.
    const actividad = cache();
    refrescarConsultas(actividad.qc).cambio('auditoria');
    expect(actividad.invalidadas()).toEqual(['auditoria']);
    const todas = cache();
    refrescarConsultas(todas.qc).todas();
    expect(todas.invalidadas()).toEqual(['auditoria', 'llamadas', 'llamadas', 'mensajes', 'whatsappResumen']);
  });
});
