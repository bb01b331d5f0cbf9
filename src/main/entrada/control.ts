/**
 * Keeps the inbound results listener (servidor.ts) where its setting says, in the process that runs it
 * (src/main/index.ts on the desktop, src/main/serve-cli.ts): started when the host opens, moved or stopped
 * when an administrator saves Configuración → Conexión → Entrada de resultados, closed before the database.
 *
 * The operations (src/shared/areas/conexion/operations.ts) only see the settings port. So the entry point
 * hands the host `settingsConEntrada(settings, control)`: saving the `entrada` key re-applies it, and the key
 * ENTRADA_ESTADO_KEY (never stored) reads the listener's live state once that re-application has finished.
 * The command line (`--entrada-port`, `--entrada-host`) can fix the address for one run; it wins.
 */
import type { DataPort } from '../../shared/ports/data';
import type { SecretsPort } from '../../shared/ports/secrets';
import type { SettingsPort } from '../../shared/ports/settings';
import { es } from '../../shared/i18n/es';
import {
  ENTRADA_ESTADO_KEY,
  ENTRADA_SETTINGS_KEY,
  configEntrada,
  esDireccionEscucha,
  origenHttp,
  type EntradaSettings,
  type EstadoEntrada,
} from '../../shared/areas/conexion/entrada';
import { argValue } from '../http-options';
import { iniciarEntrada, type EntradaEnMarcha, type LimitesEntrada } from './servidor';

export interface DireccionEntrada {
  direccion: string;
  /** 0: any free port (tests). */
  puerto: number;
}

export interface OpcionesControl {
  /** The settings as stored (not the wrapped port). */
  settings: SettingsPort;
  secretos: SecretsPort;
  /** The open backend's service_role data port (Host.datosSistema), null on hosted. */
  datos(): DataPort | null;
  /** Fixed for this run on the command line: listens there whatever the setting says. */
  fijado?: DireccionEntrada | null;
  limites?: Partial<LimitesEntrada>;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
}

export interface ControlEntrada {
  /** Brings the listener in line with the setting (or the command line); resolves with the state after it. */
  aplicar(): Promise<EstadoEntrada>;
  /** The state once any pending re-application has finished. */
  estado(): Promise<EstadoEntrada>;
  /** The listener as it runs now (tests, the entry point's log line). */
  readonly enMarcha: EntradaEnMarcha | null;
  /** Stops the listener for good (before the database closes). */
  cerrar(): Promise<void>;
}

export function crearControlEntrada(opciones: OpcionesControl): ControlEntrada {
  const log = opciones.log ?? (() => {});
  let actual: { servidor: EntradaEnMarcha; pedido: DireccionEntrada } | null = null;
  let fallo: string | null = null;
  let cerrado = false;
  let cola: Promise<unknown> = Promise.resolve();

  const deseado = (): (DireccionEntrada & { activo: boolean }) => {
    if (opciones.fijado) return { activo: true, ...opciones.fijado };
    const config = configEntrada(opciones.settings.get<EntradaSettings>(ENTRADA_SETTINGS_KEY));
    return { activo: config.activo, direccion: config.escucharEn, puerto: config.puerto };
  };

  const estadoAhora = (): EstadoEntrada => ({
    escuchando: actual ? { direccion: actual.servidor.direccion, puerto: actual.servidor.puerto } : null,
    fijadoAlIniciar: Boolean(opciones.fijado),
    error: fallo,
  });

  async function alinear(): Promise<void> {
    const d = deseado();
    const quiere = d.activo && !cerrado;
    if (actual && quiere && actual.pedido.direccion === d.direccion && actual.pedido.puerto === d.puerto) return;
    if (actual) {
      const anterior = actual;
      actual = null;
      await anterior.servidor.close();
    }
    fallo = null;
    if (!quiere) return;
    try {
      const servidor = await iniciarEntrada({
        direccion: d.direccion,
        puerto: d.puerto,
        datos: opciones.datos,
        secretos: opciones.secretos,
        versionSecreto: (ruta) => opciones.settings.get<EntradaSettings>(ENTRADA_SETTINGS_KEY)?.rotaciones?.[ruta],
        ...(opciones.limites ? { limites: opciones.limites } : {}),
        ...(opciones.now ? { now: opciones.now } : {}),
        log,
      });
      actual = { servidor, pedido: { direccion: d.direccion, puerto: d.puerto } };
    } catch (error) {
      fallo = es.conexion.entrada.noSePudoAbrir(origenHttp(d.direccion, d.puerto));
      log('No se pudo abrir la entrada de resultados', error);
    }
  }

  return {
    aplicar() {
      // One re-application at a time, in order: the last save wins.
      cola = cola.then(alinear, alinear);
      return cola.then(estadoAhora, estadoAhora);
    },
    estado() {
      return cola.then(estadoAhora, estadoAhora);
    },
    get enMarcha() {
      return actual?.servidor ?? null;
    },
    cerrar() {
      cerrado = true;
      cola = cola.then(alinear, alinear);
      return cola.then(
        () => undefined,
        () => undefined,
      );
    },
  };
}

/**
 * The settings port the host gets: the same storage, plus the listener's two hooks (saving the `entrada` key
 * re-applies it; ENTRADA_ESTADO_KEY reads its live state, never stored).
 */
export function settingsConEntrada(settings: SettingsPort, control: ControlEntrada): SettingsPort {
  return {
    get<T>(key: string): T | undefined {
      if (key === ENTRADA_ESTADO_KEY) return control.estado() as unknown as T;
      return settings.get<T>(key);
    },
    set<T>(key: string, value: T): void {
      settings.set(key, value);
      if (key === ENTRADA_SETTINGS_KEY) void control.aplicar();
    },
    delete(key: string): void {
      settings.delete(key);
      if (key === ENTRADA_SETTINGS_KEY) void control.aplicar();
    },
  };
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * `--entrada-port <n>` / `--entrada-host <addr>` (or CONSOLA_ENTRADA_PORT / CONSOLA_ENTRADA_HOST) turn the
 * listener on for one run; either one is enough (the other comes from the setting, else its default).
 * Null: follow the setting. Throws a Spanish message on a malformed value.
 */
export function entradaDeLineaDeOrdenes(argv: readonly string[], env: Env, saved: EntradaSettings | undefined): DireccionEntrada | null {
  const puertoDado = argValue(argv, 'entrada-port') ?? env.CONSOLA_ENTRADA_PORT;
  const hostDado = argValue(argv, 'entrada-host') ?? env.CONSOLA_ENTRADA_HOST;
  if (puertoDado === undefined && hostDado === undefined) return null;
  const config = configEntrada(saved);
  const puerto = puertoDado === undefined ? config.puerto : Number(puertoDado);
  if (!Number.isInteger(puerto) || puerto < 0 || puerto > 65535) throw new Error(es.conexion.entrada.puertoInvalido);
  const direccion = hostDado?.trim() || config.escucharEn;
  if (!esDireccionEscucha(direccion)) throw new Error(es.conexion.entrada.direccionInvalida);
  return { direccion, puerto };
}
