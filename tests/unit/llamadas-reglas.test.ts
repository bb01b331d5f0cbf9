/** Pure rules of the call-campaign area: cap, consumption, cost, badges, transcript, windows, day series, CSV, batch estimate. */
import { describe, expect, it } from 'vitest';
import {
  badgeCliente,
  clavesDeReintento,
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
  dentroDeVentana,
  estimarLote,
  fechaLocal,
  filasNoLlamar,
  instanteLocal,
  MINUTOS_POR_LLAMADA_DEFECTO,
  siguienteApertura,
  telefonoNormalizado,
  type Horario,
} from '../../src/shared/areas/llamadas/rules';
import { analizarFilas, contarDuplicados, marcarExistentes, mensajeImportacion, claveCliente } from '../../src/shared/areas/llamadas/csv';
import { CSV_MAX_FILAS } from '../../src/shared/areas/llamadas/cliente';
import { parsearCsv } from '../../src/renderer/features/llamadas/csv';
import { es } from '../../src/shared/i18n/es';

const t = es.llamadas;

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
  it('dentro de [inicio, fin) en la zona de la campaña, todos los días', () => {
    const at = (iso: string) => new Date(iso);
    const diario = (zonaHoraria: string): Horario => ({ horaInicio: '08:00', horaFin: '20:00', zonaHoraria, horarioSemanal: null, diasSinLlamadas: [] });
    expect(dentroDeVentana(at('2026-11-21T13:00:00Z'), diario('America/Bogota'))).toBe(true); // 08:00 Bogotá
    expect(dentroDeVentana(at('2026-11-21T12:59:00Z'), diario('America/Bogota'))).toBe(false); // 07:59
    expect(dentroDeVentana(at('2026-11-22T00:59:00Z'), diario('America/Bogota'))).toBe(true); // 19:59
    expect(dentroDeVentana(at('2026-11-22T01:00:00Z'), diario('America/Bogota'))).toBe(false); // 20:00
    expect(dentroDeVentana(at('2026-11-21T13:00:00Z'), diario('Europe/Madrid'))).toBe(true); // 14:00 Madrid
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

describe('ventanas de llamada por día, festivos y zona (issue 15)', () => {
  const at = (iso: string) => new Date(iso);
  // Bogotá (UTC-5, no daylight saving): lunes a viernes 08:00–18:00, sábado 09:00–13:00, domingo sin llamadas.
  const horario: Horario = {
    horaInicio: '08:00',
    horaFin: '20:00',
    zonaHoraria: 'America/Bogota',
    horarioSemanal: [1, 2, 3, 4, 5].map((dia) => ({ dia, inicio: '08:00', fin: '18:00' })).concat([{ dia: 6, inicio: '09:00', fin: '13:00' }]),
    diasSinLlamadas: ['2026-12-08'],
  };

  it('la franja del día de la semana decide; un día ausente no tiene llamadas; un festivo tampoco', () => {
    // 2026-11-23 is a Monday.
    expect(dentroDeVentana(at('2026-11-23T13:00:00Z'), horario)).toBe(true); // lunes 08:00
    expect(dentroDeVentana(at('2026-11-23T12:59:00Z'), horario)).toBe(false); // 07:59
    expect(dentroDeVentana(at('2026-11-23T22:59:00Z'), horario)).toBe(true); // 17:59
    expect(dentroDeVentana(at('2026-11-23T23:00:00Z'), horario)).toBe(false); // 18:00
    expect(dentroDeVentana(at('2026-11-28T15:00:00Z'), horario)).toBe(true); // sábado 10:00
    expect(dentroDeVentana(at('2026-11-28T18:00:00Z'), horario)).toBe(false); // sábado 13:00
    expect(dentroDeVentana(at('2026-11-29T15:00:00Z'), horario)).toBe(false); // domingo
    expect(dentroDeVentana(at('2026-12-08T15:00:00Z'), horario)).toBe(false); // martes festivo
    // The local day decides, not the UTC one: Monday 21:00 Bogotá is Tuesday in UTC.
    expect(fechaLocal(at('2026-11-24T02:00:00Z'), 'America/Bogota')).toEqual({ dia: '2026-11-23', semana: 1, minuto: 21 * 60 });
    // Without a weekly schedule, every day has the same window (today's behaviour).
    const diario: Horario = { ...horario, horarioSemanal: null, diasSinLlamadas: [] };
    expect(dentroDeVentana(at('2026-11-29T15:00:00Z'), diario)).toBe(true); // domingo 10:00
  });

  it('la siguiente apertura: el mismo instante dentro; si no, el próximo inicio, saltando domingos y festivos', () => {
    expect(siguienteApertura(at('2026-11-23T15:00:00Z'), horario)?.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(siguienteApertura(at('2026-11-23T11:00:00Z'), horario)?.toISOString()).toBe('2026-11-23T13:00:00.000Z'); // lunes 06:00 → 08:00
    expect(siguienteApertura(at('2026-11-23T23:30:00Z'), horario)?.toISOString()).toBe('2026-11-24T13:00:00.000Z'); // lunes 18:30 → martes
    expect(siguienteApertura(at('2026-11-28T19:00:00Z'), horario)?.toISOString()).toBe('2026-11-30T13:00:00.000Z'); // sábado tarde → lunes
    expect(siguienteApertura(at('2026-12-07T23:30:00Z'), horario)?.toISOString()).toBe('2026-12-09T13:00:00.000Z'); // festivo 8 → miércoles 9
    expect(siguienteApertura(at('2026-11-23T11:00:00Z'), { ...horario, horarioSemanal: [] })).toBeNull();
  });

  it('en una zona con horario de verano el inicio local se respeta a ambos lados del cambio', () => {
    const madrid: Horario = { horaInicio: '09:00', horaFin: '17:00', zonaHoraria: 'Europe/Madrid', horarioSemanal: null, diasSinLlamadas: [] };
    // Madrid changes from UTC+2 to UTC+1 on 2026-10-25.
    expect(siguienteApertura(at('2026-10-24T16:00:00Z'), madrid)?.toISOString()).toBe('2026-10-25T08:00:00.000Z'); // 09:00 CET
    expect(instanteLocal('2026-10-23', 9 * 60, 'Europe/Madrid').toISOString()).toBe('2026-10-23T07:00:00.000Z'); // 09:00 CEST
  });
});

describe('estimación de un lote y la lista No llamar (issue 15)', () => {
  it('minutos y costo por el historial de la campaña, o 2 min y 0 sin historial; contra lo que queda del tope', () => {
    expect(estimarLote({ seleccionados: 10, listados: 2, minutosPromedio: null, costoMinuto: null, tope: 0, consumidos: 0 })).toEqual({
      llamables: 8,
      omitidosNoLlamar: 2,
      minutosEstimados: 8 * MINUTOS_POR_LLAMADA_DEFECTO,
      costoEstimado: 0,
      minutosRestantes: null,
      superaTope: false,
    });
    expect(estimarLote({ seleccionados: 30, listados: 0, minutosPromedio: 1.5, costoMinuto: 0.2, tope: 100, consumidos: 70 })).toEqual({
      llamables: 30,
      omitidosNoLlamar: 0,
      minutosEstimados: 45,
      costoEstimado: 9,
      minutosRestantes: 30,
      superaTope: true,
    });
    expect(estimarLote({ seleccionados: 5, listados: 0, minutosPromedio: 1, costoMinuto: 0, tope: 100, consumidos: 120 }).minutosRestantes).toBe(0);
  });

  it('importar: cada teléfono una vez por sus dígitos; lo que no es un teléfono se cuenta aparte; las líneas vacías no', () => {
    expect(telefonoNormalizado('+57 (300) 123-4567')).toBe('573001234567');
    expect(filasNoLlamar(['+57 300 123 4567', '573001234567', '', '  ', 'telefono', '12', '3001112233'])).toEqual({
      filas: [
        // Listed as every path stores a phone (telefonoCanonico).
        ['573001234567', '+573001234567'],
        ['3001112233', '3001112233'],
      ],
      invalidos: 2,
    });
  });
});
