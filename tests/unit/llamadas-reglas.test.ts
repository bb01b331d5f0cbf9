/** Pure rules of the call-campaign area: cap, consumption, cost, badges, transcript, window, day series, CSV, runner. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  badgeCliente,
  clavesDeReintento,
  dentroDeHorario,
  etiquetaEstadoLlamada,
  mensajeResultadoLote,
  seriesPorEtiqueta,
  diasEntre,
  elegirCampana,
  estadoTope,
  formatCosto,
  formatTiempo,
  isoALocalBogota,
  localBogotaAIso,
  minutosConsumidos,
  parseTranscript,
  serieDias,
  tonoLlamada,
} from '../../src/shared/areas/llamadas/rules';
import { analizarFilas, contarDuplicados, marcarExistentes, mensajeImportacion, claveCliente } from '../../src/shared/areas/llamadas/csv';
import { CSV_MAX_FILAS } from '../../src/shared/areas/llamadas/cliente';
import { parsearCsv } from '../../src/renderer/features/llamadas/csv';
import { Compuerta, ejecutarLote } from '../../src/shared/areas/llamadas/lote';
import { es } from '../../src/shared/i18n/es';

const t = es.llamadas;
/** A sender's wait: only used under the runner tests' fake timers (vi.useFakeTimers), never a wall-clock pause. */
const demora = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('tope y consumo (part 1 §4, §9)', () => {
  it('ok, cerca desde el 80 %, excedido al llegar al tope; sin tope siempre ok', () => {
    expect(estadoTope(0, 100)).toBe('ok');
    expect(estadoTope(79, 100)).toBe('ok');
    expect(estadoTope(80, 100)).toBe('cerca');
    expect(estadoTope(99, 100)).toBe('cerca');
    expect(estadoTope(100, 100)).toBe('excedido');
    expect(estadoTope(250, 100)).toBe('excedido');
    expect(estadoTope(1000, 0)).toBe('ok');
    expect(estadoTope(4, 5)).toBe('cerca');
  });
  it('minutos = segundos / 60 redondeado; costo es-ES con hasta 2 decimales', () => {
    expect(minutosConsumidos(89)).toBe(1);
    expect(minutosConsumidos(90)).toBe(2);
    expect(minutosConsumidos(29)).toBe(0);
    expect(minutosConsumidos(3600)).toBe(60);
    expect(formatCosto(1234.5678)).toBe('1234,57');
    expect(formatCosto(12345.5)).toBe('12.345,5');
    expect(formatCosto(0)).toBe('0');
    expect(formatCosto(Number.NaN)).toBe('0');
  });
});

describe('insignias', () => {
  it('cliente: desde la última llamada del teléfono (part 1 §4)', () => {
    expect(badgeCliente('done').etiqueta).toBe('Atendido');
    expect(badgeCliente('Atendido').etiqueta).toBe('Atendido');
    expect(badgeCliente('FAILED').etiqueta).toBe('Fallido');
    expect(badgeCliente('fallido').etiqueta).toBe('Fallido');
    expect(badgeCliente('pending').etiqueta).toBe('Pendiente');
    expect(badgeCliente('pendiente').etiqueta).toBe('Pendiente');
    expect(badgeCliente('in-progress').etiqueta).toBe('En proceso');
    expect(badgeCliente('initiated').etiqueta).toBe('En proceso');
    expect(badgeCliente('').etiqueta).toBe('En proceso'); // a call without status
    expect(badgeCliente(null).etiqueta).toBe('Sin llamadas');
  });
  it('histórico: completed/success/done, failed/error, pending, el resto default (part 2 §4)', () => {
    expect(tonoLlamada('completed')).toBe('success');
    expect(tonoLlamada('Success')).toBe('success');
    expect(tonoLlamada('done')).toBe('success');
    expect(tonoLlamada('failed')).toBe('error');
    expect(tonoLlamada('error')).toBe('error');
    expect(tonoLlamada('pending')).toBe('warning');
    expect(tonoLlamada('in-progress')).toBe('default');
    expect(tonoLlamada(null)).toBe('default');
  });
});

describe('estados de llamada en español (issue 12)', () => {
  it('el valor guardado se muestra con su etiqueta; mayúsculas, "_" y espacios no importan', () => {
    expect(etiquetaEstadoLlamada('done')).toBe('Completada');
    expect(etiquetaEstadoLlamada('DONE')).toBe('Completada');
    expect(etiquetaEstadoLlamada('completed')).toBe('Completada');
    expect(etiquetaEstadoLlamada('failed')).toBe('Fallida');
    expect(etiquetaEstadoLlamada('IN-PROGRESS')).toBe('En curso');
    expect(etiquetaEstadoLlamada('in_progress')).toBe('En curso');
    expect(etiquetaEstadoLlamada(' In Progress ')).toBe('En curso');
    expect(etiquetaEstadoLlamada('initiated')).toBe('Iniciada');
    expect(etiquetaEstadoLlamada('pending')).toBe('Pendiente');
    expect(etiquetaEstadoLlamada('no-answer')).toBe('Sin respuesta');
    expect(etiquetaEstadoLlamada('busy')).toBe('Ocupado');
    expect(etiquetaEstadoLlamada('sin estado')).toBe('Sin estado');
  });

  it('lo desconocido se muestra recortado tal cual; vacío es null', () => {
    expect(etiquetaEstadoLlamada('  voz_rara ')).toBe('voz_rara');
    expect(etiquetaEstadoLlamada('Transferida')).toBe('Transferida');
    expect(etiquetaEstadoLlamada('')).toBeNull();
    expect(etiquetaEstadoLlamada('   ')).toBeNull();
    expect(etiquetaEstadoLlamada(null)).toBeNull();
    expect(etiquetaEstadoLlamada(undefined)).toBeNull();
  });

  it('leyenda del resumen: una serie por etiqueta, sumando los estados que se leen igual', () => {
    const series = seriesPorEtiqueta(['completed', 'done', 'failed', 'in-progress', 'otro'], {
      completed: [1, 0, 2],
      done: [3, 1, 0],
      failed: [0, 2, 0],
      'in-progress': [1, 1, 1],
      otro: [0, 0, 5],
    });
    expect(series).toEqual([
      { etiqueta: 'Completada', datos: [4, 1, 2] },
      { etiqueta: 'En curso', datos: [1, 1, 1] },
      { etiqueta: 'Fallida', datos: [0, 2, 0] },
      { etiqueta: 'otro', datos: [0, 0, 5] },
    ]);
  });
});

describe('intentos de llamada: clave de idempotencia y mensaje final (issue 12)', () => {
  it('se reutiliza la clave solo si el último intento del cliente quedó sin confirmación', () => {
    const claves = clavesDeReintento([
      { clienteId: 1, resultado: 'sin_confirmacion', clave: 'k1' },
      { clienteId: 2, resultado: 'sin_confirmacion', clave: 'k2' },
      { clienteId: 2, resultado: 'exitosa', clave: 'k2' },
      { clienteId: 3, resultado: 'fallida', clave: 'k3' },
      { clienteId: 4, resultado: 'exitosa', clave: 'k4' },
      { clienteId: 4, resultado: 'sin_confirmacion', clave: 'k5' },
      { clienteId: 5, resultado: 'sin_confirmacion', clave: null },
    ]);
    expect([...claves.entries()]).toEqual([
      [1, 'k1'],
      [4, 'k5'],
    ]);
  });

  it('el mensaje del lote es el de la especificación, más los sin confirmación cuando los hay', () => {
    expect(mensajeResultadoLote({ exitosas: 2, fallidas: 1, sinConfirmacion: 0 })).toBe('Se iniciaron 2 llamadas exitosas y 1 fallidas.');
    expect(mensajeResultadoLote({ exitosas: 2, fallidas: 0, sinConfirmacion: 1 })).toBe(t.llamar.resultadoLoteSinConfirmacion(2, 0, 1));
    expect(t.llamar.resultadoLoteSinConfirmacion(2, 0, 1)).toContain('1 sin confirmación');
  });

  it('el ejecutor cuenta los sin confirmación aparte de fallidas y omitidas', async () => {
    const r = await ejecutarLote(['a', 'b', 'c'], {
      concurrency: 1,
      signal: new AbortController().signal,
      send: async (x) => ({ estado: x === 'b' ? 'sin_confirmacion' : 'exitosa' }),
    });
    expect(r).toEqual({ exitosas: 2, fallidas: 0, omitidas: 0, sinConfirmacion: 1, noIniciadas: 0 });
  });
});

describe('transcripción y audio', () => {
  it('texto JSON o lista; JSON inválido da lista vacía; roles Agente/Usuario', () => {
    const lista = [
      { role: 'agent', message: 'Hola' },
      { role: 'user', message: 'Buenas' },
    ];
    expect(parseTranscript(JSON.stringify(lista))).toEqual([
      { rol: 'agente', mensaje: 'Hola' },
      { rol: 'usuario', mensaje: 'Buenas' },
    ]);
    expect(parseTranscript(lista)).toHaveLength(2);
    expect(parseTranscript('{no es json')).toEqual([]);
    expect(parseTranscript('{"role":"agent"}')).toEqual([]);
    expect(parseTranscript(null)).toEqual([]);
    expect(parseTranscript([null, 3, { role: 'agent' }, { role: 'agent', message: '  ' }])).toEqual([]);
  });
  it('tiempo m:ss', () => {
    expect(formatTiempo(0)).toBe('0:00');
    expect(formatTiempo(3.9)).toBe('0:03');
    expect(formatTiempo(75)).toBe('1:15');
    expect(formatTiempo(3725)).toBe('1:02:05');
  });
});

describe('horario de llamadas y fechas de Bogotá', () => {
  it('dentro de [inicio, fin) en la zona de la campaña', () => {
    const at = (iso: string) => new Date(iso);
    expect(dentroDeHorario(at('2026-11-21T13:00:00Z'), '08:00', '20:00')).toBe(true); // 08:00 Bogotá
    expect(dentroDeHorario(at('2026-11-21T12:59:00Z'), '08:00', '20:00')).toBe(false); // 07:59
    expect(dentroDeHorario(at('2026-11-22T00:59:00Z'), '08:00', '20:00')).toBe(true); // 19:59
    expect(dentroDeHorario(at('2026-11-22T01:00:00Z'), '08:00', '20:00')).toBe(false); // 20:00
    expect(dentroDeHorario(at('2026-11-21T13:00:00Z'), '08:00', '20:00', 'Europe/Madrid')).toBe(true); // 14:00 Madrid
  });
  it('entradas con precisión de minuto ↔ instantes', () => {
    expect(localBogotaAIso('2025-07-30T00:00')).toBe('2025-07-30T05:00:00.000Z');
    expect(localBogotaAIso('2025-08-07T23:59', true)).toBe('2025-08-08T04:59:59.999Z');
    expect(localBogotaAIso('30/07/2025')).toBeNull();
    expect(isoALocalBogota('2025-08-01T03:30:00Z')).toBe('2025-07-31T22:30');
  });
  it('selección de campaña: la guardada si existe, si no la primera', () => {
    const lista = [{ id: 3 }, { id: 7 }];
    expect(elegirCampana('7', lista)).toBe(7);
    expect(elegirCampana('99', lista)).toBe(3);
    expect(elegirCampana(null, lista)).toBe(3);
    expect(elegirCampana('7', [])).toBeNull();
  });
});

describe('series del resumen (part 1 §2.8, §5)', () => {
  it('todos los días del rango, estados en minúscula y ordenados, lo de fuera del rango se ignora', () => {
    const grupos = [
      { dia: '2025-07-29', estado: 'done', total: 9 },
      { dia: '2025-07-30', estado: 'done', total: 2 },
      { dia: '2025-07-30', estado: 'Failed', total: 1 },
      { dia: '2025-08-02', estado: null, total: 4 },
      { dia: '2025-08-02', estado: 'failed', total: 3 },
    ];
    const s = serieDias(grupos, '2025-07-30', '2025-08-02');
    expect(s.dias).toEqual(['2025-07-30', '2025-07-31', '2025-08-01', '2025-08-02']);
    expect(s.porDia).toEqual([3, 0, 0, 7]);
    expect(s.estados).toEqual(['done', 'failed']);
    expect(s.porEstado).toEqual({ done: [2, 0, 0, 0], failed: [1, 0, 0, 3] });
  });
  it('sin límites: del primer al último día con llamadas; sin llamadas, vacío', () => {
    expect(serieDias([{ dia: '2025-08-05', estado: 'done', total: 1 }, { dia: '2025-08-03', estado: 'done', total: 1 }], null, null).dias).toEqual(['2025-08-03', '2025-08-04', '2025-08-05']);
    expect(serieDias([], null, null)).toEqual({ dias: [], porDia: [], estados: [], porEstado: {} });
    expect(diasEntre('2025-08-07', '2025-07-30')).toEqual([]);
    expect(diasEntre('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });
});

describe('CSV (part 1 §5) con papaparse', () => {
  const ok = (text: string) => {
    const r = parsearCsv(text);
    if (!r.ok) throw new Error(r.error);
    return r.analisis;
  };

  it('encabezado en minúscula, BOM, ";", CRLF y comillas', () => {
    const a = ok('\uFEFFNombre;APELLIDO;Email;Teléfono;Empresa;Cargo\r\nAna;Ruiz;ANA@x.co;+57 300 111;"Acme; S.A.S.";"Jefe ""A"""\r\n');
    expect(a.agregar).toEqual([{ nombre: 'Ana', apellido: 'Ruiz', email: 'ana@x.co', telefono: '+57300111', empresa: 'Acme; S.A.S.', cargo: 'Jefe "A"', fila: 2 }]);
  });
  it('menos de 3 columnas, sin email o teléfono, y duplicados se omiten con su motivo', () => {
    const a = ok('nombre,apellido,email,telefono\nAna,Ruiz,a@x.co,1\nsolo,dos\nBeto,Paz,,2\nCarla,Gil,c@x.co,\nAna,Ruiz,A@X.CO,1\n');
    expect(a.agregar.map((f) => f.email)).toEqual(['a@x.co']);
    expect(a.omitidas.map((o) => o.motivo)).toEqual(['pocasColumnas', 'sinEmailTelefono', 'sinEmailTelefono', 'duplicadoArchivo']);
    const b = marcarExistentes(ok('email,telefono,nombre\nn@x.co,5,N\na@x.co,1,A\n'), new Set([claveCliente('A@x.co', '1')]));
    expect(b.agregar.map((f) => f.email)).toEqual(['n@x.co']);
    expect(b.omitidas).toMatchObject([{ fila: 3, motivo: 'duplicadoExistente' }]);
    expect(contarDuplicados(a)).toBe(1);
    expect(mensajeImportacion(2)).toEqual({ texto: 'Se omitieron 2 clientes duplicados.', duracionMs: 5000 });
    expect(mensajeImportacion(0)).toEqual({ texto: 'Importación completada.', duracionMs: 3000 });
  });
  it('archivos hostiles: vacío, sin columnas, comillas sin cerrar, binario, NUL, demasiado largo, fórmulas, HTML', () => {
    expect(parsearCsv('')).toEqual({ ok: false, error: t.csv.errorVacio });
    expect(parsearCsv('\uFEFF\r\n\r\n')).toEqual({ ok: false, error: t.csv.errorVacio });
    expect(parsearCsv('nombre,apellido,correo_x\nA,B,C\n')).toEqual({ ok: false, error: t.csv.errorColumnas });
    const malo = parsearCsv('nombre,apellido,email,telefono\n"Ana,Ruiz,a@x.co,1\nBeto,Paz,b@x.co,2\n');
    expect(malo.ok).toBe(false);
    expect(!malo.ok && malo.error).toContain('mal formado');
    expect(parsearCsv('PK\u0003\u0004\u0000\u0000binario')).toEqual({ ok: false, error: t.csv.errorNoTexto });
    const largo = ok(`nombre,apellido,email,telefono\n${'x'.repeat(600)},B,a@x.co,1\n`);
    expect(largo.omitidas[0]!.motivo).toBe('campoLargo');
    const raro = ok('nombre,apellido,email,telefono\n=CMD(1),<script>alert(1)</script>,a@x.co,1\n');
    expect(raro.agregar[0]).toMatchObject({ nombre: '=CMD(1)', apellido: '<script>alert(1)</script>' }); // stored as text, rendered escaped
    const control = analizarFilas([['nombre', 'apellido', 'email', 'telefono'], ['A\u0007na', 'R', 'a@x.co', '1']]);
    expect(control.ok && control.analisis.agregar[0]!.nombre).toBe('Ana');
    const muchas = analizarFilas([['email', 'telefono', 'nombre'], ...Array.from({ length: CSV_MAX_FILAS + 1 }, (_, i) => [`${i}@x.co`, String(i), 'n'])]);
    expect(muchas).toEqual({ ok: false, error: t.csv.errorDemasiadasFilas(CSV_MAX_FILAS) });
  });
});

describe('ejecutor de lotes', () => {
  // The senders' waits run on vitest's fake timers: the test moves time itself, no wall-clock pause.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  it('en orden, uno tras otro por defecto; una falla se registra y sigue', async () => {
    const orden: number[] = [];
    const resultados: string[] = [];
    const corrida = ejecutarLote([1, 2, 3, 4], {
      concurrency: 1,
      signal: new AbortController().signal,
      send: async (n) => {
        orden.push(n);
        await demora(5);
        if (n === 2) throw new Error('500');
        return { estado: n === 4 ? 'omitida' : 'exitosa' };
      },
      onResult: (_n, _i, res) => resultados.push(`${res.estado}${res.detalle ? ':' + res.detalle : ''}`),
    });
    await vi.runAllTimersAsync();
    const r = await corrida;
    expect(orden).toEqual([1, 2, 3, 4]);
    expect(resultados).toEqual(['exitosa', 'fallida:500', 'exitosa', 'omitida']);
    // Issue 12 added the unconfirmed count (timeouts) to the summary.
    expect(r).toEqual({ exitosas: 2, fallidas: 1, omitidas: 1, sinConfirmacion: 0, noIniciadas: 0 });
  });
  it('nunca más de N a la vez, y empieza en orden', async () => {
    let vuelo = 0;
    let max = 0;
    const inicio: number[] = [];
    const corrida = ejecutarLote(Array.from({ length: 23 }, (_, i) => i), {
      concurrency: 5,
      signal: new AbortController().signal,
      send: async (n) => {
        inicio.push(n);
        vuelo++;
        max = Math.max(max, vuelo);
        await demora(3 + (n % 4) * 3);
        vuelo--;
        return { estado: 'exitosa' };
      },
    });
    await vi.runAllTimersAsync();
    await corrida;
    expect(max).toBe(5);
    expect(inicio).toEqual(Array.from({ length: 23 }, (_, i) => i));
  });
  it('cancelar deja sin enviar lo pendiente; la pausa detiene y reanudar sigue; cancelar en pausa termina', async () => {
    const c = new AbortController();
    const enviados: number[] = [];
    const p = ejecutarLote(Array.from({ length: 10 }, (_, i) => i), {
      concurrency: 2,
      signal: c.signal,
      send: async (n) => {
        enviados.push(n);
        await demora(10);
        return { estado: 'exitosa' };
      },
    });
    await vi.advanceTimersByTimeAsync(15);
    c.abort();
    await vi.runAllTimersAsync();
    const r = await p;
    expect(r.noIniciadas).toBe(10 - enviados.length);
    expect(enviados.length).toBeLessThan(10);

    const compuerta = new Compuerta();
    const c2 = new AbortController();
    const hechos: number[] = [];
    const p2 = ejecutarLote([1, 2, 3, 4, 5], {
      concurrency: 1,
      signal: c2.signal,
      compuerta,
      send: async (n) => {
        hechos.push(n);
        if (n === 2) compuerta.pausar();
        return { estado: 'exitosa' };
      },
    });
    await vi.advanceTimersByTimeAsync(30);
    expect(hechos).toEqual([1, 2]);
    expect(compuerta.pausada).toBe(true);
    compuerta.reanudar();
    await vi.advanceTimersByTimeAsync(5);
    compuerta.pausar();
    c2.abort();
    const r2 = await p2;
    expect(r2.exitosas).toBe(hechos.length);
  });
});
