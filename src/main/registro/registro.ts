/**
 * The diagnostic log (issue 16): what the app did and what failed, in `<dataDir>/registro/consola.log` and a few
 * older files (each capped, rotated by size). The entry points (index.ts, serve-cli.ts) create it and hand its
 * `log` to openHost, which passes it to everything that logs (dispatch, api, backends, backups, the move), and its
 * `port` (RegistroPort) to every backend for Configuración → Datos.
 *
 * A line is `ISO-instant LEVEL message`, plus for an error its name, code and message — never its `detail`,
 * `where` or stack (they can carry row values or SQL), never an operation's input. Every line goes through
 * `ocultar` (./redaccion.ts) before it is written, and is kept to one line so nothing can forge another.
 */
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import type { RegistroPort } from '../../shared/ports/datos';
import { crearArchivoRotativo } from './archivo-rotativo';
import { ocultar } from './redaccion';

export type Log = (message: string, error?: unknown) => void;
/** A line with an error is an ERROR; anything else is what the app did. */
export type NivelRegistro = 'INFO' | 'ERROR';

/** Folder of the log inside the data folder. */
export const CARPETA_REGISTRO = 'registro';
/** About 1 MiB per file, five files in all: a few days of ordinary use, never more than ~5 MiB on disk. */
export const MAX_BYTES_REGISTRO = 1024 * 1024;
export const ARCHIVOS_REGISTRO = 5;
/** A single line is cut here (a runaway message must not fill the file). */
const MAX_LINEA = 2000;
/** At most this many lines are read back for the screen. */
export const MAX_LINEAS_LEIDAS = 5000;

export interface OpcionesRegistro {
  dataDir: string;
  now?: () => Date;
  maxBytes?: number;
  archivos?: number;
  /** Also writes each (already redacted) line here: the entry points echo to the console. */
  eco?: (linea: string, nivel: NivelRegistro) => void;
  /**
   * Opens a file with the system's viewer (Electron's shell.openPath: resolves to '' on success or an error
   * text). Desktop only; absent = RegistroPort.abrir is absent.
   */
  abrirArchivo?: (ruta: string) => Promise<string>;
}

export interface Registro {
  log: Log;
  port: RegistroPort;
  /** Every file of the log on disk, newest first. */
  archivos(): string[];
  /** Resolves once every line logged so far is on disk. */
  vaciar(): Promise<void>;
  /** Flushes and stops writing (later lines are ignored). */
  cerrar(): Promise<void>;
  /** Writes what is queued synchronously (for process 'exit'). */
  vaciarYa(): void;
}

const t = es.datos.registro;

/** One line: no newlines or control characters, bounded. */
function enUnaLinea(texto: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach the file
  const limpio = texto.replace(/[\r\n\t]+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
  return limpio.length > MAX_LINEA ? `${limpio.slice(0, MAX_LINEA)}…` : limpio;
}

/**
 * An error as the log keeps it: name, code, message (and one level of cause). A library's message may quote a
 * value it refused (`invalid input syntax for type uuid: "…"`): quoted text with spaces is dropped, so a
 * person's message text never lands here; identifiers in quotes (a table, a column) stay for diagnosis.
 */
export function resumirError(error: unknown, profundidad = 0): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const codigo = typeof code === 'string' || typeof code === 'number' ? ` [${code}]` : '';
    const mensaje = AppError.is(error) ? error.message : sinTextoCitado(error.message);
    const causa = (error as { cause?: unknown }).cause;
    const deCausa = causa !== undefined && profundidad === 0 ? ` (causa: ${resumirError(causa, 1)})` : '';
    return `${error.name}${codigo}: ${mensaje}${deCausa}`;
  }
  if (typeof error === 'string') return sinTextoCitado(error);
  if (error === null || typeof error !== 'object') return String(error);
  return typeof error;
}

function sinTextoCitado(texto: string): string {
  return texto.replace(/"[^"\n]*\s[^"\n]*"/g, '"[texto]"').replace(/'[^'\n]*\s[^'\n]*'/g, "'[texto]'");
}

export function crearRegistro(opciones: OpcionesRegistro): Registro {
  const now = opciones.now ?? (() => new Date());
  const archivo = crearArchivoRotativo({
    carpeta: join(opciones.dataDir, CARPETA_REGISTRO),
    nombre: 'consola',
    maxBytes: opciones.maxBytes ?? MAX_BYTES_REGISTRO,
    archivos: opciones.archivos ?? ARCHIVOS_REGISTRO,
  });
  let cerrado = false;

  const log: Log = (message, error) => {
    if (cerrado) return;
    const nivel: NivelRegistro = error === undefined ? 'INFO' : 'ERROR';
    const texto = error === undefined ? String(message) : `${String(message)}: ${resumirError(error)}`;
    const linea = `${now().toISOString()} ${nivel} ${enUnaLinea(ocultar(enUnaLinea(texto)))}`;
    archivo.escribir(linea);
    opciones.eco?.(linea, nivel);
  };

  const port: RegistroPort = {
    ruta: archivo.ruta,
    async leer(lineas) {
      try {
        return await archivo.ultimas(Math.min(Math.max(0, Math.floor(lineas)), MAX_LINEAS_LEIDAS));
      } catch {
        throw new AppError('unavailable', t.noSePudoLeer);
      }
    },
  };
  const abrirArchivo = opciones.abrirArchivo;
  if (abrirArchivo) {
    port.abrir = async () => {
      await archivo.vaciar();
      const fallo = await abrirArchivo(archivo.ruta).catch((error: unknown) => resumirError(error));
      if (fallo) {
        log('No se pudo abrir el registro con el visor del sistema', new Error(fallo));
        throw new AppError('unavailable', t.noSePudoAbrir);
      }
    };
  }

  return {
    log,
    port,
    archivos: () => archivo.rutas(),
    vaciar: () => archivo.vaciar(),
    async cerrar() {
      await archivo.vaciar();
      cerrado = true;
    },
    vaciarYa: () => archivo.vaciarYa(),
  };
}
