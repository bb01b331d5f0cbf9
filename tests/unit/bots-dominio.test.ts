import { describe, expect, it } from 'vitest';
import {
  LARGO_MAXIMO_TABLA,
  MENSAJES_TABLA,
  normalizarNombreTabla,
  sqlCrearTablaMensajes,
  sugerirNombreTabla,
  validarNombreTabla,
} from '../../src/shared/domain/bot-tablas';
import { idCorto, nombreFlujo, webhookAgente } from '../../src/shared/areas/bots/rules';
import { empresaDesdeFila } from '../../src/shared/areas/bots/repository';
import {
  agruparSesiones,
  calcularEstadisticas,
  campoCsv,
  comoUtc,
  esActiva,
  esDeHoy,
  parsearMensaje,
  rangoMostrado,
  sesionesCsv,
  totalPaginas,
  ventanaPaginas,
  type FilaMensaje,
} from '../../src/shared/areas/mensajes/rules';
import { porcentajes } from '../../src/shared/areas/whatsapp-resumen/rules';

describe('nombre de la tabla (§5)', () => {
  it('sugiere con las cuatro terminaciones', () => {
    expect(sugerirNombreTabla('Clínica Dental Sonrisa', 'wordpress')).toBe('cl_nica_dental_sonrisa_registro_bot_wordpress');
    expect(sugerirNombreTabla('  Tienda   Aurora!! ', 'shopify')).toBe('tienda_aurora_registro_bot_shopify');
    expect(sugerirNombreTabla('__Inmo--Horizonte__', 'duda')).toBe('inmo_horizonte_registro_bot_duda');
    expect(sugerirNombreTabla('Café Origen', 'whatsapp')).toBe('caf_origen_registro_whatsapp');
    expect(sugerirNombreTabla('ACME 2026', 'whatsapp')).toBe('acme_2026_registro_whatsapp');
  });
  it('un nombre vacío o sin caracteres útiles da una tabla vacía', () => {
    expect(sugerirNombreTabla('', 'duda')).toBe('');
    expect(sugerirNombreTabla('¿¡ … !?', 'duda')).toBe('');
  });
  it('un nombre muy largo conserva la terminación entera y cabe en un identificador', () => {
    const t = sugerirNombreTabla('x'.repeat(200), 'wordpress');
    expect(t.length).toBeLessThanOrEqual(LARGO_MAXIMO_TABLA);
    expect(t.endsWith('_registro_bot_wordpress')).toBe(true);
  });
  it('valida letras, números y guiones bajos, también con nombres hostiles', () => {
    expect(validarNombreTabla('ok_tabla_1')).toBeNull();
    expect(validarNombreTabla('  Mayus_Tabla ')).toBeNull(); // normalised to lowercase
    expect(normalizarNombreTabla('  Mayus_Tabla ')).toBe('mayus_tabla');
    expect(validarNombreTabla('')).toBeNull(); // the form says 'completa todos los campos'
    for (const hostil of ['x"; drop table perfiles; --', "a' or '1'='1", 'tabla-1', 'tabla 1', 'tablá', 'public.perfiles', 'a\u0000b', '$(rm -rf)', 'ta\nbla', '%I']) {
      expect(validarNombreTabla(hostil), hostil).toBe(MENSAJES_TABLA.soloLetras);
    }
    expect(validarNombreTabla('1tabla')).toBe(MENSAJES_TABLA.empiezaConLetra);
    expect(validarNombreTabla('a'.repeat(64))).toBe(MENSAJES_TABLA.demasiadoLarga);
  });
  it('escribe el SQL manual citado', () => {
    expect(sqlCrearTablaMensajes('Mi_Tabla')).toContain('CREATE TABLE IF NOT EXISTS public."mi_tabla" (');
    expect(sqlCrearTablaMensajes('a')).toContain('message JSONB NOT NULL');
  });
});

describe('empresas de bots', () => {
  it('id corto, clave por canal, nombre del flujo y webhook del agente', () => {
    const wa = empresaDesdeFila('whatsapp', { id: 7, uuid: '1234abcd-0000-4000-8000-000000000000', name: 'X', table_supabase: 't', webhook_n8n: null, status: true, created_at: null });
    expect(wa.clave).toBe('7');
    expect(idCorto(wa)).toBe('1234abcd...');
    expect(idCorto({ uuid: null, clave: '42' })).toBe('42...');
    expect(nombreFlujo('wordpress', 'Óptica')).toBe('WordPress Flow - Óptica');
    expect(webhookAgente('https://n8n.x/webhook/', 'abc')).toBe('https://n8n.x/webhook/abc');
  });
});

describe('mensajes (§3)', () => {
  it('un mensaje es texto o {type, content}; cualquier otra cosa se muestra como texto', () => {
    expect(parsearMensaje('hola')).toEqual({ rol: 'ia', texto: 'hola' });
    expect(parsearMensaje({ type: 'human', content: 'Hola' })).toEqual({ rol: 'humano', texto: 'Hola' });
    expect(parsearMensaje({ type: 'HUMAN', content: 'x' }).rol).toBe('humano');
    expect(parsearMensaje({ type: 'ai', content: 'R' })).toEqual({ rol: 'ia', texto: 'R' });
    expect(parsearMensaje({ type: 'ai', content: { a: 1 } }).texto).toBe('{"a":1}');
    expect(parsearMensaje({ otro: true }).texto).toBe('{"otro":true}');
    expect(parsearMensaje(null).texto).toBe('');
    expect(parsearMensaje(undefined).texto).toBe('');
    expect(parsearMensaje(42).texto).toBe('42');
    expect(parsearMensaje([1, 'dos']).texto).toBe('[1,"dos"]');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => parsearMensaje({ content: circular })).not.toThrow();
  });
});

describe('hoy y activas en hora de Colombia (§9)', () => {
  const ahora = new Date('2026-11-21T15:00:00Z'); // 10:00 in Bogotá
  it('las marcas sin zona son UTC', () => {
    expect(comoUtc('2026-11-21T05:00:00')).toBe('2026-11-21T05:00:00Z');
    expect(comoUtc('2026-11-21 05:00:00.123')).toBe('2026-11-21T05:00:00.123Z');
    expect(comoUtc('2026-11-21T05:00:00+00:00')).toBe('2026-11-21T05:00:00+00:00');
  });
  it('hoy cambia a la medianoche de Bogotá (05:00 UTC)', () => {
    expect(esDeHoy('2026-11-21T05:00:00', ahora)).toBe(true);
    expect(esDeHoy('2026-11-21T04:59:59', ahora)).toBe(false);
    expect(esDeHoy('2026-11-22T04:59:59', ahora)).toBe(true);
    expect(esDeHoy('2026-11-21T04:59:59', new Date('2026-11-21T04:59:59Z'))).toBe(true);
    expect(esDeHoy('basura', ahora)).toBe(false);
  });
  it('activa: el último mensaje dentro de las últimas 24 horas', () => {
    expect(esActiva('2026-11-20T15:00:00', ahora)).toBe(true);
    expect(esActiva('2026-11-20T14:59:59', ahora)).toBe(false);
    expect(esActiva(null, ahora)).toBe(false);
  });
  it('agrupa y cuenta como lo hacía la versión original', () => {
    const filas: FilaMensaje[] = [
      { id: 1, session_id: 'a', message: { type: 'human', content: 'Hola' }, created_at: '2026-11-21T05:00:00' },
      { id: 2, session_id: 'a', message: { type: 'ai', content: 'Buenos días' }, created_at: '2026-11-21T05:00:10' },
      { id: 3, session_id: 'b', message: 'viejo', created_at: '2026-11-20T14:00:00' },
      { id: 4, session_id: 'b', message: 'mismo instante, id mayor', created_at: '2026-11-20T14:00:00' },
    ];
    const s = agruparSesiones(filas);
    expect(s.map((x) => x.sessionId)).toEqual(['a', 'b']);
    expect(s[0]).toMatchObject({ mensajes: 2, humanos: 1, ia: 1, ultimoTexto: 'Buenos días', primerMensaje: '2026-11-21T05:00:00.000Z' });
    expect(s[1]!.ultimoTexto).toBe('mismo instante, id mayor');
    expect(calcularEstadisticas(filas, ahora)).toEqual({ totalMensajes: 4, totalSesiones: 2, mensajesHoy: 2, sesionesActivas: 1 });
  });
});

describe('paginación (§9)', () => {
  it('ventana de la página actual ±2, hasta 5', () => {
    expect(ventanaPaginas(1, 1)).toEqual([1]);
    expect(ventanaPaginas(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(ventanaPaginas(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(ventanaPaginas(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(ventanaPaginas(2, 3)).toEqual([1, 2, 3]);
  });
  it("'Mostrando a-b de n sesiones'", () => {
    expect(rangoMostrado(1, 10, 48)).toEqual({ desde: 1, hasta: 10 });
    expect(rangoMostrado(5, 10, 48)).toEqual({ desde: 41, hasta: 48 });
    expect(rangoMostrado(1, 10, 0)).toEqual({ desde: 0, hasta: 0 });
    expect(totalPaginas(48, 10)).toBe(5);
    expect(totalPaginas(0, 10)).toBe(1);
  });
  it('porcentajes y promedio redondeados', () => {
    expect(porcentajes({ totalMensajes: 960, totalSesiones: 79, humanos: 452, ia: 508 })).toEqual({ ia: 53, humanos: 47, promedioPorSesion: 12 });
    expect(porcentajes({ totalMensajes: 0, totalSesiones: 0, humanos: 0, ia: 0 })).toEqual({ ia: 0, humanos: 0, promedioPorSesion: 0 });
  });
});

describe('CSV de sesiones', () => {
  it('una fila por sesión, BOM, comillas y sin fórmulas', () => {
    const csv = sesionesCsv([
      { sessionId: '573001234567', mensajes: 3, humanos: 2, ia: 1, primerMensaje: '2026-11-21T05:00:00.000Z', ultimoMensaje: '2026-11-21T15:30:00.000Z', ultimoMensajeCrudo: null, ultimoTexto: 'Dijo "hola", y\nadiós' },
      { sessionId: '=HYPERLINK("x")', mensajes: 1, humanos: 0, ia: 1, primerMensaje: null, ultimoMensaje: null, ultimoMensajeCrudo: null, ultimoTexto: 'Ñandú' },
    ]);
    expect(csv.startsWith('\uFEFFsession_id,mensajes,')).toBe(true);
    const lineas = csv.slice(1).split('\r\n');
    expect(lineas[1]).toBe('573001234567,3,2,1,2026-11-21 00:00:00,2026-11-21 10:30:00,"Dijo ""hola"", y\nadiós"');
    expect(lineas[2]).toBe(`"'=HYPERLINK(""x"")",1,0,1,,,Ñandú`);
    expect(campoCsv('+573001234567')).toBe('+573001234567');
    expect(campoCsv('-resta')).toBe("'-resta");
  });
});
