/**
 * Live screens on hosted Supabase: Realtime postgres_changes on the tables the migration publishes, carried by
 * one signed-in operator's client (Realtime applies RLS), moved to another live session's client when that
 * operator signs out, and open only while someone listens. Fakes stand in for supabase-js's channel API.
 */
import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { seguirRealtime, TABLAS_REALTIME } from '../../src/main/cambios/realtime';
import { abrirRealtime } from '../../src/main/motores/alojado/open-hosted';
import type { AreaCambio, EstadoCambios } from '../../src/shared/ports';

/** A client whose subscription the test fires by table name, and whose channel state it sets. */
function clienteFalso(nombre: string) {
  return { nombre, abierto: false, aperturas: 0, avisar: (_tabla: string) => {}, alEstado: (_estado: EstadoCambios) => {} };
}
type Falso = ReturnType<typeof clienteFalso>;

function seguidor() {
  return seguirRealtime<Falso>((cliente, avisar, alEstado) => {
    cliente.abierto = true;
    cliente.aperturas++;
    cliente.avisar = avisar;
    cliente.alEstado = alEstado;
    return () => {
      cliente.abierto = false;
    };
  });
}

describe('seguirRealtime', () => {
  it('se suscribe solo con alguien escuchando y una sesión viva; cada tabla avisa su área', () => {
    const s = seguidor();
    const ana = clienteFalso('ana');
    s.agregarCliente(ana);
    expect(ana.abierto).toBe(false); // nobody listens yet
    const recibidos: AreaCambio[] = [];
    const dejar = s.cambios.suscribir((area) => recibidos.push(area));
    expect(ana.abierto).toBe(true);
    ana.avisar('registro_escrito_llamada');
    ana.avisar('mensajes_resumen_sesiones');
    ana.avisar('perfiles'); // not a screen's table
    expect(recibidos).toEqual(['llamadas', 'mensajes']);
    dejar();
    expect(ana.abierto).toBe(false);
  });

  it('si el operador que la lleva cierra sesión, la suscripción pasa a otra sesión viva; sin sesiones, ninguna', () => {
    const s = seguidor();
    const ana = clienteFalso('ana');
    const luis = clienteFalso('luis');
    const recibidos: AreaCambio[] = [];
    s.cambios.suscribir((area) => recibidos.push(area));
    s.agregarCliente(ana);
    s.agregarCliente(luis);
    expect([ana.abierto, luis.abierto]).toEqual([true, false]);
    s.quitarCliente(ana);
    expect([ana.abierto, luis.abierto]).toEqual([false, true]);
    luis.avisar('clientes');
    expect(recibidos).toEqual(['llamadas']);
    s.quitarCliente(luis);
    expect(luis.abierto).toBe(false);
    s.agregarCliente(ana);
    expect(ana.abierto).toBe(true);
    expect(ana.aperturas).toBe(2);
  });
});

describe('seguirRealtime: si el canal escucha de verdad', () => {
  it('en vivo solo tras SUBSCRIBED; caído, sin conexión; sin sesión o sin oyentes, sin conexión', () => {
    const s = seguidor();
    const estados: EstadoCambios[] = [];
    s.cambios.estado!((e) => estados.push(e));
    expect(estados).toEqual(['sin-conexion']); // no channel yet
    const dejar = s.cambios.suscribir(() => {});
    const ana = clienteFalso('ana');
    s.agregarCliente(ana);
    expect(estados).toEqual(['sin-conexion', 'conectando']);
    ana.alEstado('en-vivo');
    ana.alEstado('en-vivo');
    ana.alEstado('sin-conexion'); // Realtime dropped the channel
    ana.alEstado('en-vivo'); // realtime-js rejoined
    expect(estados).toEqual(['sin-conexion', 'conectando', 'en-vivo', 'sin-conexion', 'en-vivo']);
    dejar();
    expect(estados.at(-1)).toBe('sin-conexion');
    ana.alEstado('en-vivo'); // a closed channel's late word counts for nothing
    expect(estados.at(-1)).toBe('sin-conexion');
  });

  it('al pasar a la sesión de otro operador vuelve a conectar; la del anterior ya no cuenta', () => {
    const s = seguidor();
    const estados: EstadoCambios[] = [];
    s.cambios.suscribir(() => {});
    const ana = clienteFalso('ana');
    const luis = clienteFalso('luis');
    s.agregarCliente(ana);
    s.agregarCliente(luis);
    ana.alEstado('en-vivo');
    s.cambios.estado!((e) => estados.push(e));
    s.quitarCliente(ana);
    expect(estados).toEqual(['en-vivo', 'sin-conexion', 'conectando']);
    ana.alEstado('en-vivo');
    expect(estados.at(-1)).toBe('conectando');
    luis.alEstado('en-vivo');
    expect(estados.at(-1)).toBe('en-vivo');
  });

  it('si abrir el canal falla: sin conexión, y se reintenta con la próxima sesión', () => {
    let falla = true;
    const s = seguirRealtime<string>(() => {
      if (falla) throw new Error('sin transporte');
      return () => {};
    });
    const estados: EstadoCambios[] = [];
    s.cambios.estado!((e) => estados.push(e));
    s.cambios.suscribir(() => {});
    s.agregarCliente('ana');
    expect(estados).toEqual(['sin-conexion', 'conectando', 'sin-conexion']);
    falla = false;
    s.agregarCliente('luis');
    expect(estados.at(-1)).toBe('conectando');
  });
});

describe('abrirRealtime (canal de supabase-js)', () => {
  it('un canal con un postgres_changes por tabla publicada; cerrarlo quita el canal', () => {
    const enlaces: Array<{ tipo: string; filtro: Record<string, string>; cb: () => void }> = [];
    const quitados: unknown[] = [];
    let suscrito = 0;
    let nombreCanal = '';
    let alSuscribir: (estado: string) => void = () => {};
    const canal = {
      on(tipo: string, filtro: Record<string, string>, cb: () => void) {
        enlaces.push({ tipo, filtro, cb });
        return canal;
      },
      subscribe(cb: (estado: string) => void) {
        suscrito++;
        alSuscribir = cb;
        return canal;
      },
    };
    const cliente = {
      channel(nombre: string) {
        nombreCanal = nombre;
        return canal;
      },
      removeChannel: async (c: unknown) => void quitados.push(c),
    } as unknown as SupabaseClient;
    const avisos: string[] = [];
    const estados: EstadoCambios[] = [];
    const cerrar = abrirRealtime(cliente, (tabla) => avisos.push(tabla), (e) => estados.push(e));
    for (const estado of ['SUBSCRIBED', 'CHANNEL_ERROR', 'SUBSCRIBED', 'TIMED_OUT', 'CLOSED']) alSuscribir(estado);
    expect(estados).toEqual(['en-vivo', 'sin-conexion', 'en-vivo', 'sin-conexion', 'sin-conexion']);
    expect(nombreCanal).toBe('consola-cambios');
    expect(suscrito).toBe(1);
    expect(enlaces.map((e) => [e.tipo, e.filtro])).toEqual(
      Object.keys(TABLAS_REALTIME).map((table) => ['postgres_changes', { event: '*', schema: 'public', table }]),
    );
    enlaces[0]!.cb();
    expect(avisos).toEqual([Object.keys(TABLAS_REALTIME)[0]]);
    cerrar();
    expect(quitados).toEqual([canal]);
  });
});
