/**
 * Keeps the inbound results listener (servidor.ts) where its setting says, in the process that runs it
 * (src/main/index.ts on the desktop, src/main/serve-cli.ts): started when the host opens, moved or stopped
 * when an administrator saves Configuración → Conexión → Entrada de resultados, closed before the database.
 *
 * The entry point hands the controller to the host (HostOptions.entrada), which gives it to the backend as its
 * EntradaPort: conexion.guardarEntrada saves the setting and calls `aplicar`, conexion.entrada reads `estado`.
 * The command line (`--entrada-port`, `--entrada-host`) can fix the address for one run; it wins.
 */
import type { DataPort } from '../../shared/ports/consultas';
import type { SecretsPort } from '../../shared/ports/secrets';
import type { SettingsPort } from '../../shared/ports/settings';
import type { EntradaPort, EstadoEntrada } from '../../shared/ports/entrada';
import { es } from '../../shared/i18n/es';
import {
  ENTRADA_SETTINGS_KEY,
  configEntrada,
  esDireccionEscucha,
  origenHttp,
  type EntradaSettings,
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

/** The EntradaPort (aplicar: in line with the setting or the command line; estado), plus the process's own handles. */
export interface ControlEntrada extends EntradaPort {
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
      await anterior.servidor.cerrar();
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
