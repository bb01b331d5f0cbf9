/**
 * The diagnostic log on disk (src/main/registro): lines in order, one line per entry, rotation by size with a
 * fixed number of files (the oldest dropped), reading the last lines across files, a flush on close, and the
 * line format (ISO instant from the injected clock, level, message, an error's name/code/message only).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { crearArchivoRotativo } from '../../src/main/registro/archivo-rotativo';
import { crearRegistro, resumirError } from '../../src/main/registro/registro';
import { AppError } from '../../src/shared/errors';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registro-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const linea = (i: number) => `línea ${String(i).padStart(4, '0')} ${'x'.repeat(80)}`;

describe('archivo rotativo', () => {
  it('rota por tamaño: cada archivo bajo el tope, a lo sumo N archivos, se pierden las más antiguas', async () => {
    const archivo = crearArchivoRotativo({ carpeta: dir, nombre: 'consola', maxBytes: 1000, archivos: 3 });
    for (let i = 0; i < 100; i++) archivo.escribir(linea(i));
    await archivo.vaciar();

    expect(readdirSync(dir).sort()).toEqual(['consola.1.log', 'consola.2.log', 'consola.log']);
    for (const nombre of readdirSync(dir)) expect(statSync(join(dir, nombre)).size).toBeLessThanOrEqual(1000);
    // Every line kept is whole, in order, and the newest is in consola.log.
    const todas = ['consola.2.log', 'consola.1.log', 'consola.log'].flatMap((n) => readFileSync(join(dir, n), 'utf8').split('\n').filter(Boolean));
    expect(todas.at(-1)).toBe(linea(99));
    const numeros = todas.map((l) => Number(/línea (\d+)/.exec(l)![1]));
    expect(numeros).toEqual(numeros.map((_, k) => numeros[0]! + k));
    // The oldest were dropped: 3 files of at most 1000 bytes hold fewer than 100 lines of ~90 bytes.
    expect(numeros[0]).toBeGreaterThan(0);
    expect(archivo.rutas()).toEqual([join(dir, 'consola.log'), join(dir, 'consola.1.log'), join(dir, 'consola.2.log')]);
  });

  it('sigue escribiendo tras reabrir: retoma el tamaño del archivo existente', async () => {
    const primero = crearArchivoRotativo({ carpeta: dir, nombre: 'consola', maxBytes: 500, archivos: 2 });
    for (let i = 0; i < 4; i++) primero.escribir(linea(i));
    await primero.vaciar();
    const segundo = crearArchivoRotativo({ carpeta: dir, nombre: 'consola', maxBytes: 500, archivos: 2 });
    for (let i = 4; i < 8; i++) segundo.escribir(linea(i));
    await segundo.vaciar();
    expect(statSync(join(dir, 'consola.log')).size).toBeLessThanOrEqual(500);
    expect(await segundo.ultimas(8)).toEqual(Array.from({ length: 8 }, (_, i) => linea(i)).slice(-8));
  });

  it('ultimas(n) lee a través de los archivos, de la más antigua a la más nueva', async () => {
    const archivo = crearArchivoRotativo({ carpeta: dir, nombre: 'consola', maxBytes: 400, archivos: 4 });
    for (let i = 0; i < 12; i++) archivo.escribir(linea(i));
    expect(await archivo.ultimas(5)).toEqual([7, 8, 9, 10, 11].map(linea));
    expect(await archivo.ultimas(0)).toEqual([]);
    expect((await archivo.ultimas(1000)).at(-1)).toBe(linea(11));
  });

  it('vaciarYa escribe lo pendiente de forma síncrona (salida del proceso)', () => {
    const archivo = crearArchivoRotativo({ carpeta: dir, nombre: 'consola', maxBytes: 10_000, archivos: 2 });
    archivo.escribir('uno');
    archivo.escribir('dos');
    archivo.vaciarYa();
    expect(readFileSync(join(dir, 'consola.log'), 'utf8')).toBe('uno\ndos\n');
  });
});

describe('registro', () => {
  it('líneas "ISO NIVEL mensaje" con el reloj inyectado; un error solo con nombre, código y mensaje', async () => {
    const instante = new Date('2030-01-02T03:04:05.678Z');
    const registro = crearRegistro({ dataDir: dir, now: () => instante });
    const conDetalle = Object.assign(new Error('duplicate key value violates unique constraint "clientes_pkey"'), {
      code: '23505',
      detail: 'Key (telefono)=(3001234567) already exists.',
      where: 'SQL statement "insert into clientes values (...)"',
    });
    registro.log('Inicio');
    registro.log('llamadas.crearCliente falló', conDetalle);
    registro.log('Varias\nlíneas\r\nen una');
    await registro.cerrar();
    registro.log('después de cerrar: no se escribe');

    const texto = readFileSync(registro.port.ruta, 'utf8');
    expect(registro.port.ruta).toBe(join(dir, 'registro', 'consola.log'));
    expect(texto.split('\n').filter(Boolean)).toEqual([
      '2030-01-02T03:04:05.678Z INFO Inicio',
      '2030-01-02T03:04:05.678Z ERROR llamadas.crearCliente falló: Error [23505]: duplicate key value violates unique constraint "clientes_pkey"',
      '2030-01-02T03:04:05.678Z INFO Varias líneas en una',
    ]);
    expect(texto).not.toContain('3001234567');
  });

  it('el texto citado con espacios de un error ajeno no llega al registro (podría ser el mensaje de una persona)', () => {
    const error = new Error('invalid input syntax for type uuid: "hola, te escribo por el pedido"');
    expect(resumirError(error)).toBe('Error: invalid input syntax for type uuid: "[texto]"');
    const app = new AppError('conflict', 'Ya existe una campaña con ese nombre.', { fila: 'secreto' });
    expect(resumirError(app)).toBe('AppError [conflict]: Ya existe una campaña con ese nombre.');
    expect(resumirError(new Error('fuera', { cause: Object.assign(new Error('ECONNREFUSED'), { code: 'ECONNREFUSED' }) }))).toBe(
      'Error: fuera (causa: Error [ECONNREFUSED]: ECONNREFUSED)',
    );
  });

  it('leer(n) devuelve las últimas líneas incluidas las que aún no estaban en disco; abrir solo si se dio un visor', async () => {
    const abiertas: string[] = [];
    const registro = crearRegistro({ dataDir: dir, abrirArchivo: async (ruta) => (abiertas.push(ruta), '') });
    for (let i = 0; i < 10; i++) registro.log(`paso ${i}`);
    const ultimas = await registro.port.leer(3);
    expect(ultimas.map((l) => l.replace(/^\S+ /, ''))).toEqual(['INFO paso 7', 'INFO paso 8', 'INFO paso 9']);
    await registro.port.abrir!();
    expect(abiertas).toEqual([registro.port.ruta]);

    const fallido = crearRegistro({ dataDir: dir, abrirArchivo: async () => 'No application is registered' });
    await expect(fallido.port.abrir!()).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^No se pudo abrir el registro/) });
    expect(crearRegistro({ dataDir: dir }).port.abrir).toBeUndefined();
  });
});
