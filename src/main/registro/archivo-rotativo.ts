/**
 * A size-capped log file with a few older generations: `consola.log`, then `consola.1.log` (the previous one) …
 * `consola.<n-1>.log` (the oldest, dropped at the next rotation). Lines are queued in memory and appended in one
 * asynchronous write per turn of the event loop, so logging never waits on the disk; `vaciar()` waits until
 * everything queued is on disk (closing, reading, opening the file). A line that fails to be written is not
 * worth stopping the app for: the failure is kept (`ultimoFallo`) and the next write tries again.
 */
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OpcionesArchivoRotativo {
  carpeta: string;
  /** Base name without extension ('consola' → consola.log, consola.1.log…). */
  nombre: string;
  /** Bytes a file may reach before it is rotated (a single line longer than that still goes in whole). */
  maxBytes: number;
  /** Files kept in all, the current one included (at least 1). */
  archivos: number;
}

export interface ArchivoRotativo {
  /** The current file's path. */
  readonly ruta: string;
  /** Queues one line (without its newline). */
  escribir(linea: string): void;
  /** Resolves once every queued line is on disk. */
  vaciar(): Promise<void>;
  /** Writes what is queued at once, synchronously (process exit). */
  vaciarYa(): void;
  /** The last `n` lines across the current file and the older ones, oldest first. */
  ultimas(n: number): Promise<string[]>;
  /** Every file of the log that exists, newest first. */
  rutas(): string[];
  readonly ultimoFallo: unknown;
}

export function crearArchivoRotativo(opciones: OpcionesArchivoRotativo): ArchivoRotativo {
  const { carpeta, nombre, maxBytes } = opciones;
  const total = Math.max(1, Math.floor(opciones.archivos));
  const rutaDe = (i: number) => join(carpeta, i === 0 ? `${nombre}.log` : `${nombre}.${i}.log`);
  const ruta = rutaDe(0);
  mkdirSync(carpeta, { recursive: true, mode: 0o700 });
  let tamaño = existsSync(ruta) ? statSync(ruta).size : 0;
  let cola: string[] = [];
  let escribiendo: Promise<void> | null = null;
  let ultimoFallo: unknown = null;

  /** Shifts every file one generation older; the oldest falls off. */
  function rotar(): void {
    rmSync(rutaDe(total - 1), { force: true });
    for (let i = total - 2; i >= 0; i--) {
      if (existsSync(rutaDe(i))) renameSync(rutaDe(i), rutaDe(i + 1));
    }
    tamaño = 0;
  }

  /** Splits the queued lines into chunks that each fit the current file, rotating between them. */
  function trozos(lineas: string[]): Array<{ rotarAntes: boolean; texto: string }> {
    const salida: Array<{ rotarAntes: boolean; texto: string }> = [];
    let actual = '';
    let bytes = tamaño;
    let rotarAntes = false;
    for (const linea of lineas) {
      const texto = `${linea}\n`;
      const largo = Buffer.byteLength(texto);
      if (bytes > 0 && bytes + largo > maxBytes) {
        if (actual) salida.push({ rotarAntes, texto: actual });
        actual = '';
        rotarAntes = true;
        bytes = 0;
      }
      actual += texto;
      bytes += largo;
    }
    if (actual) salida.push({ rotarAntes, texto: actual });
    return salida;
  }

  async function escribirCola(): Promise<void> {
    while (cola.length > 0) {
      const lineas = cola;
      cola = [];
      try {
        for (const trozo of trozos(lineas)) {
          if (trozo.rotarAntes && total > 1) rotar();
          else if (trozo.rotarAntes) {
            rmSync(ruta, { force: true });
            tamaño = 0;
          }
          await appendFile(ruta, trozo.texto, { mode: 0o600 });
          tamaño += Buffer.byteLength(trozo.texto);
        }
      } catch (error) {
        ultimoFallo = error;
        // The folder may have been removed under us: make it again for the next line.
        try {
          mkdirSync(carpeta, { recursive: true, mode: 0o700 });
          tamaño = existsSync(ruta) ? statSync(ruta).size : 0;
        } catch {
          // Nothing more to do: the app goes on without its log.
        }
      }
    }
  }

  function programar(): Promise<void> {
    escribiendo ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(escribirCola)
      .finally(() => {
        escribiendo = null;
      });
    return escribiendo;
  }

  return {
    ruta,
    get ultimoFallo() {
      return ultimoFallo;
    },
    escribir(linea) {
      cola.push(linea);
      void programar();
    },
    async vaciar() {
      while (escribiendo || cola.length > 0) await (escribiendo ?? programar());
    },
    vaciarYa() {
      if (cola.length === 0) return;
      const lineas = cola;
      cola = [];
      try {
        for (const trozo of trozos(lineas)) {
          if (trozo.rotarAntes && total > 1) rotar();
          appendFileSync(ruta, trozo.texto, { mode: 0o600 });
          tamaño += Buffer.byteLength(trozo.texto);
        }
      } catch (error) {
        ultimoFallo = error;
      }
    },
    async ultimas(n) {
      await this.vaciar();
      const max = Math.max(0, Math.floor(n));
      let lineas: string[] = [];
      for (let i = 0; i < total && lineas.length < max; i++) {
        const texto = await readFile(rutaDe(i), 'utf8').catch(() => null);
        if (texto === null) break;
        const propias = texto.split('\n').filter((l) => l.length > 0);
        lineas = [...propias, ...lineas];
      }
      return max === 0 ? [] : lineas.slice(-max);
    },
    rutas() {
      const salida: string[] = [];
      for (let i = 0; i < total; i++) if (existsSync(rutaDe(i))) salida.push(rutaDe(i));
      return salida;
    },
  };
}
