/**
 * Live screens on hosted Supabase: Realtime postgres_changes on the tables the migration publishes, carried by
 * one signed-in operator's client (Realtime applies RLS), moved to another live session's client when that
 * operator signs out, and open only while someone listens. Fakes stand in for supabase-js's channel API.
 */
import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { seguirRealtime, TABLAS_REALTIME } from '../../src/main/cambios/realtime';
import { abrirRealtime } from '../../src/main/backends/hosted/open-hosted';
import type { AreaCambio } from '../../src/shared/ports';

/** A client whose subscription the test fires by table name. */
function clienteFalso(nombre: string) {
  return { nombre, abierto: false, aperturas: 0, avisar: (_tabla: string) => {} };
}
type Falso = ReturnType<typeof clienteFalso>;

function seguidor() {
  return seguirRealtime<Falso>((cliente, avisar) => {
    cliente.abierto = true;
    cliente.aperturas++;
    cliente.avisar = avisar;
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

describe('abrirRealtime (canal de supabase-js)', () => {
  it('un canal con un postgres_changes por tabla publicada; cerrarlo quita el canal', () => {
    const enlaces: Array<{ tipo: string; filtro: Record<string, string>; cb: () => void }> = [];
    const quitados: unknown[] = [];
    let suscrito = 0;
    let nombreCanal = '';
    const canal = {
      on(tipo: string, filtro: Record<string, string>, cb: () => void) {
        enlaces.push({ tipo, filtro, cb });
        return canal;
      },
      subscribe() {
        suscrito++;
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
    const cerrar = abrirRealtime(cliente, (tabla) => avisos.push(tabla));
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
