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
import { buildCambiosBridge, CAMBIOS_CHANNEL, type CambiosBridge } from '../../src/shared/contract/preload-api';

const fake = vi.hoisted(() => ({
  expuesto: new Map<string, unknown>(),
  ipcRenderer: null as unknown as EventEmitter,
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  fake.ipcRenderer = new Emitter();
  return {
    ipcMain: { handle: () => {}, removeHandler: () => {} },
    contextBridge: { exposeInMainWorld: (name: string, value: unknown) => fake.expuesto.set(name, value) },
    ipcRenderer: Object.assign(fake.ipcRenderer, { invoke: async () => ({ ok: true, data: null }) }),
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

describe('window.cambios (preload)', () => {
  beforeEach(() => {
    vi.resetModules();
    fake.expuesto.clear();
  });

  it('expone suscribir: la página recibe solo áreas conocidas, nunca el evento; desuscribir quita el oyente', async () => {
    await import('../../src/preload/index');
    expect([...fake.expuesto.keys()].sort()).toEqual(['api', 'cambios', 'platform']);
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

  it('buildCambiosBridge no depende de Electron', () => {
    const handlers = new Set<(dato: unknown) => void>();
    const puente = buildCambiosBridge((h) => {
      handlers.add(h);
      return () => void handlers.delete(h);
    });
    const areas: AreaCambio[] = [];
    const dejar = puente.suscribir((a) => areas.push(a));
    for (const h of handlers) h('mensajes');
    dejar();
    expect(areas).toEqual(['mensajes']);
    expect(handlers.size).toBe(0);
  });
});
