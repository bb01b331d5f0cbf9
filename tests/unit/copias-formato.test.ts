import { describe, expect, it } from 'vitest';
import {
  activarDisparador,
  leerLineaCabecera,
  leerLineaCopy,
  leerLineaFin,
  leerNombreDeCopia,
  lineaCabecera,
  lineaCopy,
  lineaFin,
  nombreDeCopia,
  esTablaMensajes,
} from '../../src/main/copias/formato';

describe('formato de las copias', () => {
  it('el nombre lleva la hora UTC y el tipo, y se lee de vuelta', () => {
    const fecha = new Date('2026-11-23T18:05:09.123Z');
    expect(nombreDeCopia('manual', fecha)).toBe('consola-20261123-180509-manual.sql');
    expect(nombreDeCopia('antes-de-migrar', fecha, 2)).toBe('consola-20261123-180509-antes-de-migrar-2.sql');
    expect(leerNombreDeCopia('consola-20261123-180509-diaria.sql')).toEqual({ tipo: 'diaria', fecha: new Date('2026-11-23T18:05:09Z') });
    // Compressed copies (issue 25) keep the name and add .gz; both kinds are read back.
    expect(nombreDeCopia('diaria', fecha, 3, true)).toBe('consola-20261123-180509-diaria-3.sql.gz');
    expect(leerNombreDeCopia('consola-20261123-180509-diaria-3.sql.gz')).toEqual({ tipo: 'diaria', fecha: new Date('2026-11-23T18:05:09Z') });
    for (const otro of [
      'consola-20261123-180509-otra.sql',
      'copia.sql',
      'consola-20261123-180509-manual.sql.parcial',
      'consola-20261123-180509-manual.sql.gz.parcial',
      'consola-20261123-180509-manual.gz',
      '../consola-20261123-180509-manual.sql',
    ]) {
      expect(leerNombreDeCopia(otro)).toBeNull();
    }
  });

  it('la línea COPY se lee de vuelta, también con comillas en los nombres', () => {
    const linea = lineaCopy('public', 'raro"nombre', ['id', 'col "b"', 'ñ']);
    expect(linea).toBe('COPY "public"."raro""nombre" ("id", "col ""b""", "ñ") FROM stdin;');
    expect(leerLineaCopy(linea)).toEqual({ esquema: 'public', tabla: 'raro"nombre', columnas: ['id', 'col "b"', 'ñ'] });
    expect(leerLineaCopy('COPY public.x (a) FROM stdin;')).toBeNull();
    expect(leerLineaCopy('COPY "public"."x" ("a") TO stdout;')).toBeNull();
  });

  it('cabecera y fin: solo se aceptan bien formados', () => {
    const cabecera = { formato: 1, version: '0.1.0', tipo: 'manual' as const, creada: '2026-11-23T18:05:09.000Z', filas: { 'public.clientes': 3 } };
    expect(leerLineaCabecera(lineaCabecera(cabecera))).toEqual(cabecera);
    expect(leerLineaCabecera(lineaCabecera({ ...cabecera, filas: { x: -1 } }))).toBeNull();
    expect(leerLineaCabecera('-- consola-copia: {roto')).toBeNull();
    expect(leerLineaCabecera('-- otra cosa')).toBeNull();
    const fin = { sha256: 'a'.repeat(64), bytes: 10 };
    expect(leerLineaFin(lineaFin(fin))).toEqual(fin);
    expect(leerLineaFin(lineaFin({ sha256: 'xyz', bytes: 10 }))).toBeNull();
  });

  it('los disparadores vuelven a su modo exacto', () => {
    expect(activarDisparador('public', 'clientes', 't', 'A')).toBe('ALTER TABLE "public"."clientes" ENABLE ALWAYS TRIGGER "t";');
    expect(activarDisparador('public', 'clientes', 't', 'R')).toBe('ALTER TABLE "public"."clientes" ENABLE REPLICA TRIGGER "t";');
    expect(activarDisparador('public', 'clientes', 't', 'O')).toBe('ALTER TABLE "public"."clientes" ENABLE TRIGGER "t";');
    expect(activarDisparador('public', 'clientes', 't', 'D')).toBe('ALTER TABLE "public"."clientes" DISABLE TRIGGER "t";');
  });

  it('las tablas de mensajes se reconocen por la regla de nombres de create_message_table', () => {
    expect(esTablaMensajes('public', 'cafe_origen_registro_whatsapp')).toBe(true);
    expect(esTablaMensajes('public', 'clientes')).toBe(false);
    expect(esTablaMensajes('public', 'Cafe_registro_whatsapp')).toBe(false);
  });
});
