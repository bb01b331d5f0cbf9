/**
 * Live notices on the desktop (issue 15 §2), against a fake `electron`: the main process pushes the host's
 * row changes, coalesced, on the one fixed channel to a window showing our page and to nothing else; the
 * preload exposes `window.cambios.suscribir(cb)`, which hands the page a known area's name and nothing of the
 * IPC event. Timers are a manual clock.
 */
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RelojManual, fuenteDeCambios } from '../support/reloj-manual';
import type { AreaCambio } from '../../src/shared/ports';
import { buildCambiosBridge, CAMBIOS_CHANNEL, CAMBIOS_ESTADO_CHANNEL, type CambiosBridge } from '../../src/shared/contract/preload-api';
import type { EstadoCambios } from '../../src/shared/ports';

const fake = vi.hoisted(() => ({
  expuesto: new Map<string, unknown>(),
  ipcRenderer: null as unknown as EventEmitter,
  ipcMain: null as unknown as EventEmitter,
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  fake.ipcRenderer = new Emitter();
  fake.ipcMain = Object.assign(new Emitter(), { handle: () => {}, removeHandler: () => {} });
  return {
    ipcMain: fake.ipcMain,
    contextBridge: { exposeInMainWorld: (name: string, value: unknown) => fake.expuesto.set(name, value) },
    ipcRenderer: Object.assign(fake.ipcRenderer, {
      invoke: async () => ({ ok: true, data: null }),
      sent: [] as unknown[][],
      send(...args: unknown[]) {
        this.sent.push(args);
      },
    }),
  };
});

const fuente = fuenteDeCambios;

function ventana(url = 'app://app/index.html') {
  const enviados: unknown[][] = [];
  return {
    enviados,
    url,
    destruida: false,
    getURL() {
      return this.url;
    },
    isDestroyed() {
      return this.destruida;
    },
    send(...args: unknown[]) {
      enviados.push(args);
    },
  };
}

describe('pushCambios (proceso principal → ventana)', () => {
  it('una ráfaga de avisos es un mensaje por área en el canal fijo, solo el nombre del área', async () => {
    const { pushCambios } = await import('../../src/main/ipc');
    const { port, oyentes, avisar } = fuente();
    const reloj = new RelojManual();
    const win = ventana();
    const detener = pushCambios(port, () => win as never, { coalescer: { reloj } });
    avisar('llamadas', 1_000);
    avisar('mensajes', 3);
    expect(win.enviados).toEqual([]);
    reloj.avanzar(1_000);
    expect(win.enviados).toEqual([
      [CAMBIOS_CHANNEL, 'llamadas'],
      [CAMBIOS_CHANNEL, 'mensajes'],
    ]);
    detener();
    expect(oyentes.size).toBe(0);
    expect(reloj.pendientes).toBe(0);
  });

  it('nada a una página ajena, a una ventana destruida o cuando no hay ventana', async () => {
    const { pushCambios } = await import('../../src/main/ipc');
    const { port, avisar } = fuente();
    const reloj = new RelojManual();
    const win = ventana('https://evil.example/');
    let actual: ReturnType<typeof ventana> | null = win;
    pushCambios(port, () => actual as never, { coalescer: { reloj } });
    avisar('llamadas');
    reloj.avanzar(1_000);
    expect(win.enviados).toEqual([]);

    win.url = 'app://app/llamadas';
    win.destruida = true;
    avisar('llamadas');
    reloj.avanzar(1_000);
    expect(win.enviados).toEqual([]);

    actual = null;
    avisar('llamadas');
    expect(() => reloj.avanzar(1_000)).not.toThrow();

    // The dev server's exact origin is ours only in development.
    const dev = ventana('http://localhost:5173/');
    actual = dev;
    avisar('mensajes');
    reloj.avanzar(1_000);
    expect(dev.enviados).toEqual([]);
    const { port: port2, avisar: avisar2 } = fuente();
    pushCambios(port2, () => dev as never, { devServerUrl: 'http://localhost:5173', coalescer: { reloj } });
    avisar2('mensajes');
    reloj.avanzar(1_000);
    expect(dev.enviados).toEqual([[CAMBIOS_CHANNEL, 'mensajes']]);
  });
});

describe('pushCambios: el estado del canal en vivo', () => {
  function fuenteConEstado() {
    const base = fuente();
    const oyentesEstado = new Set<(estado: EstadoCambios) => void>();
    let actual: EstadoCambios = 'conectando';
    const port = {
      ...base.port,
      estado(oyente: (estado: EstadoCambios) => void) {
        oyentesEstado.add(oyente);
        oyente(actual);
        return () => void oyentesEstado.delete(oyente);
      },
    };
    const fijar = (estado: EstadoCambios) => {
      actual = estado;
      for (const o of oyentesEstado) o(estado);
    };
    return { port, fijar, oyentesEstado };
  }

  it('cada cambio de estado va a la ventana; la página que lo pide recibe el actual; una ajena, nada', async () => {
    const { pushCambios } = await import('../../src/main/ipc');
    const { port, fijar, oyentesEstado } = fuenteConEstado();
    const win = ventana();
    const antes = fake.ipcMain.listenerCount(CAMBIOS_ESTADO_CHANNEL); // earlier tests' pushes still listen
    const detener = pushCambios(port, () => win as never, { coalescer: { reloj: new RelojManual() } });
    expect(fake.ipcMain.listenerCount(CAMBIOS_ESTADO_CHANNEL)).toBe(antes + 1);
    expect(win.enviados).toEqual([]); // the page asks when it listens
    fake.ipcMain.emit(CAMBIOS_ESTADO_CHANNEL, { sender: win });
    expect(win.enviados).toEqual([[CAMBIOS_ESTADO_CHANNEL, 'conectando']]);
    fijar('sin-conexion');
    fijar('en-vivo');
    fake.ipcMain.emit(CAMBIOS_ESTADO_CHANNEL, { sender: { otra: true } });
    expect(win.enviados.slice(1)).toEqual([
      [CAMBIOS_ESTADO_CHANNEL, 'sin-conexion'],
      [CAMBIOS_ESTADO_CHANNEL, 'en-vivo'],
    ]);
    win.url = 'https://evil.example/';
    fijar('sin-conexion');
    fake.ipcMain.emit(CAMBIOS_ESTADO_CHANNEL, { sender: win });
    expect(win.enviados).toHaveLength(3);
    detener();
    expect(oyentesEstado.size).toBe(0);
    expect(fake.ipcMain.listenerCount(CAMBIOS_ESTADO_CHANNEL)).toBe(antes);
  });
});

describe('window.cambios (preload)', () => {
  beforeEach(() => {
    vi.resetModules();
    fake.expuesto.clear();
  });

  it('expone suscribir: la página recibe solo áreas conocidas, nunca el evento; desuscribir quita el oyente', async () => {
    await import('../../src/preload/index');
    expect([...fake.expuesto.keys()].sort()).toEqual(['api', 'cambios', 'platform']);
    expect(Object.keys(fake.expuesto.get('cambios') as object).sort()).toEqual(['suscribir', 'suscribirEstado']);
    const cambios = fake.expuesto.get('cambios') as CambiosBridge;
    expect(Object.isFrozen(cambios)).toBe(true);

    const recibidos: unknown[][] = [];
    const dejar = cambios.suscribir((...args: unknown[]) => recibidos.push(args));
    expect(fake.ipcRenderer.listenerCount(CAMBIOS_CHANNEL)).toBe(1);
    const evento = { sender: { secreto: true }, ports: [] };
    fake.ipcRenderer.emit(CAMBIOS_CHANNEL, evento, 'llamadas');
    fake.ipcRenderer.emit(CAMBIOS_CHANNEL, evento, 'otra');
    fake.ipcRenderer.emit(CAMBIOS_CHANNEL, evento, { area: 'mensajes' });
    fake.ipcRenderer.emit(CAMBIOS_CHANNEL, evento, 'mensajes');
    fake.ipcRenderer.emit('api:call', evento, 'llamadas'); // another channel: not a notice
    expect(recibidos).toEqual([['llamadas'], ['mensajes']]);

    dejar();
    dejar();
    expect(fake.ipcRenderer.listenerCount(CAMBIOS_CHANNEL)).toBe(0);
    fake.ipcRenderer.emit(CAMBIOS_CHANNEL, evento, 'llamadas');
    expect(recibidos).toHaveLength(2);
    expect(() => cambios.suscribir('no' as never)).toThrow(TypeError);
  });

  it('expone suscribirEstado: pide el estado al proceso principal y pasa solo estados conocidos', async () => {
    await import('../../src/preload/index');
    const cambios = fake.expuesto.get('cambios') as CambiosBridge;
    const enviados = (fake.ipcRenderer as unknown as { sent: unknown[][] }).sent;
    enviados.length = 0;
    const estados: unknown[][] = [];
    const dejar = cambios.suscribirEstado((...args: unknown[]) => estados.push(args));
    expect(enviados).toEqual([[CAMBIOS_ESTADO_CHANNEL]]);
    const evento = { sender: { secreto: true }, ports: [] };
    fake.ipcRenderer.emit(CAMBIOS_ESTADO_CHANNEL, evento, 'sin-conexion');
    fake.ipcRenderer.emit(CAMBIOS_ESTADO_CHANNEL, evento, 'llamadas');
    fake.ipcRenderer.emit(CAMBIOS_CHANNEL, evento, 'en-vivo'); // the notices' channel carries no state
    fake.ipcRenderer.emit(CAMBIOS_ESTADO_CHANNEL, evento, 'en-vivo');
    expect(estados).toEqual([['sin-conexion'], ['en-vivo']]);
    dejar();
    expect(fake.ipcRenderer.listenerCount(CAMBIOS_ESTADO_CHANNEL)).toBe(0);
  });

  it('buildCambiosBridge no depende de Electron', () => {
    const handlers = new Set<(dato: unknown) => void>();
    const puente = buildCambiosBridge({
      escuchar: (h) => {
        handlers.add(h);
        return () => void handlers.delete(h);
      },
      escucharEstado: () => () => {},
      pedirEstado: () => {},
    });
    const areas: AreaCambio[] = [];
    const dejar = puente.suscribir((a) => areas.push(a));
    for (const h of handlers) h('mensajes');
    dejar();
    expect(areas).toEqual(['mensajes']);
    expect(handlers.size).toBe(0);
  });
});
