/**
 * The Node side of the app, without Electron: opens the backend (embedded PGlite by default, hosted Supabase
 * when configured), builds the one api implementation and the dispatcher that the IPC and HTTP transports
 * share. src/main/index.ts (Electron) and src/main/serve-cli.ts (no Electron) both start from here.
 */
import { crearAvisoSesiones, type AvisoSesiones } from './sesiones-terminadas';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AreaCambio, Backend, CambiosPort, DataPort, EntradaPort, EstadoCambios } from '../shared/ports';
import { seguirEstado } from '../shared/ports/cambios';
import { crearApi } from '../shared/api';
import { comprobarRespuestas } from './modo-respuestas';
import { AppError } from '../shared/errors';
import { es } from '../shared/i18n/es';
import { CONNECTION_SETTINGS_KEY, SUPABASE_ANON_KEY_ACCOUNT, type ConnectionSettings } from '../shared/domain/webhooks';
import { crearDespachador, type Dispatch, type Implementations } from './dispatch';
import type { SettingsPort } from '../shared/ports/settings';
import { openEmbeddedBackend } from './motores/embebido/open-embedded';
import { crearBackendAlojado } from './motores/alojado/open-hosted';
import { abrirAjustesDeCarpeta } from './ajustes/ajustes-carpeta';
import { crearBoveda } from './secretos/vault';
import { crearWebhooksHttp } from './webhooks/http-webhooks';
import { crearAlmacenEnCarpeta } from './almacen/folder-storage';
import { makeFolderPrivate } from './motores/embebido/private-folder';
import type { BaseEmbebida } from './motores/embebido/pglite-worker-client';
import type { RegistroPort } from '../shared/ports/datos';
import { crearActividades, type EntornoDatos } from './datos/actividades';
import { crearServicioCopias, type CambioDeDatos } from './copias/servicio';
import { crearServicioTraslado } from './traslado/servicio';
import { VERSION_APP } from './version';
import { registrarRechazos } from './registro/rechazos';

export interface HostOptions {
  /** Folder of the embedded database, files and settings (see data-dir.ts). */
  dataDir: string;
  /** Fill an empty embedded database with the demo data (default true). */
  seedDemoData?: boolean;
  log?: (message: string, error?: unknown) => void;
  /** Non-secret settings; default a JSON file in the data folder (Electron passes electron-store). */
  settings?: SettingsPort;
  /** Clock, for tests of session expiry and lockout. */
  now?: () => Date;
  /** Keychain service name (default 'consola-automatizacion'); tests use their own. */
  secretsService?: string;
  /** The inbound results listener the entry point runs (src/main/entrada/control.ts), handed to every backend opened. */
  entrada?: EntradaPort;
  /** The diagnostic log the entry point writes (src/main/registro), shown in Configuración → Datos. */
  registro?: RegistroPort;
  /** Daily backups while the host runs (default true; tests that do not exercise them turn them off). */
  copiasAutomaticas?: boolean;
}

export interface Host {
  dataDir: string;
  /** The backend open now (it changes when Configuración → Conexión switches it). */
  readonly backendKind: 'embedded' | 'hosted';
  dispatch: Dispatch;
  /**
   * Row changes of whichever backend is open (live screens): a listener stays subscribed across a switch
   * of backend. The transports (IPC events, server-sent events) coalesce and carry them to the renderer, with
   * its `estado` (always present here): whether the open backend's source of notices really listens.
   */
  cambios: CambiosPort;
  /** The open backend's privileged data port (embedded only; null on hosted): the inbound results endpoint writes through it. */
  datosSistema(): DataPort | null;
  /**
   * Told whenever the open backend's auth ends sessions (sign-out, password change or reset, deactivation):
   * the HTTP host ends those sessions' live streams at once (src/main/sesiones-terminadas.ts).
   */
  sesiones: AvisoSesiones;
  /** Closes the database cleanly and releases the folder lock. */
  cerrar(): Promise<void>;
}

export { CONNECTION_SETTINGS_KEY, SUPABASE_ANON_KEY_ACCOUNT, type ConnectionSettings };

/** Files of the embedded backend (one folder per bucket) inside the data folder. */
export const STORAGE_FOLDER = 'archivos';

interface Opened {
  kind: 'embedded' | 'hosted';
  backend: Backend;
  dispatch: Dispatch;
  /** The embedded database, when that is what is open (backups and the move read it). */
  base: BaseEmbebida | null;
  cerrar(): Promise<void>;
}

/**
 * Opens the Node side for one data folder: the embedded database unless the settings choose a hosted
 * Supabase project (Configuración → Conexión). Saving another backend there asks for a reconnect: once
 * that call has answered, the current backend is closed and the chosen one opened behind the same
 * dispatch, so the IPC and HTTP transports keep working (the operator signs in again).
 */
export async function openHost(options: HostOptions): Promise<Host> {
  const log = options.log ?? ((message: string, error?: unknown) => console.log(`[consola] ${message}`, error ?? ''));
  mkdirSync(options.dataDir, { recursive: true });
  // The user's alone, whichever backend opens (a hosted install may keep an older embedded database).
  makeFolderPrivate(options.dataDir);
  const settings = options.settings ?? abrirAjustesDeCarpeta(options.dataDir, log);

  // Secrets always live in the OS keychain; the vault reports clearly when there is none.
  const vault = crearBoveda(options.secretsService);
  const webhooks = crearWebhooksHttp(settings, vault);
  let reconnectRequested = false;
  const reconnect = () => {
    reconnectRequested = true;
  };
  const now = options.now ?? (() => new Date());

  // Data safety (issue 16): one activity at a time, host-wide, because a restore and the end of a move reopen
  // the backend behind the same dispatch; backups and the move read whichever embedded database is open.
  const actividades = crearActividades(log, now, join(options.dataDir, 'actividad-datos.json'));
  // `current`: the backend open and usable now, null while a reopen closes one and opens the next (backups and
  // the move must never read a database being closed); `abierto` (below): the last one opened, which the
  // dispatch answers with once any reopen has finished.
  let current: Opened | null = null;
  const baseAbierta = () => current?.base ?? null;
  const entorno: EntornoDatos = { dataDir: options.dataDir, settings, log, actividades, now, version: VERSION_APP, base: baseAbierta };
  const copias = crearServicioCopias({ ...entorno, secretos: vault, reemplazar: (cambio) => reabrir(cambio) });
  const traslado = crearServicioTraslado({ ...entorno, secretos: vault, reabrir: () => reabrir() });
  const servicios = {
    traslado,
    actividades,
    ...(options.entrada ? { entrada: options.entrada } : {}),
    ...(options.registro ? { registro: options.registro } : {}),
  };

  const avisoSesiones = crearAvisoSesiones();

  async function open(): Promise<Opened> {
    const conexion = settings.get<ConnectionSettings>(CONNECTION_SETTINGS_KEY);
    let backend: Backend;
    let close: () => Promise<void>;
    let base: BaseEmbebida | null;
    if (conexion?.backend === 'hosted' && conexion.supabaseUrl) {
      const anonKey = await vault.get(SUPABASE_ANON_KEY_ACCOUNT);
      if (!anonKey) throw new AppError('config', es.errores.alojadoSinClave);
      backend = { ...crearBackendAlojado({ url: conexion.supabaseUrl, anonKey }, vault, options.now), settings, webhooks, reconnect, ...servicios };
      close = async () => {};
      base = null;
    } else {
      const embedded = await openEmbeddedBackend({
        dataDir: options.dataDir,
        seedDemoData: options.seedDemoData ?? true,
        ...(options.now ? { now: options.now } : {}),
        log,
        antesDeMigrar: (db, pendientes) => copias.antesDeMigrar(db, pendientes),
        secretos: vault,
      });
      const storage = crearAlmacenEnCarpeta(join(options.dataDir, STORAGE_FOLDER));
      backend = { ...embedded.backend, settings, secrets: vault, webhooks, storageFor: () => storage, reconnect, copias: copias.port, ...servicios };
      close = () => embedded.cerrar();
      base = embedded.db;
    }
    backend = { ...backend, auth: avisoSesiones.vigilar(backend.auth) };
    const api = crearApi(backend, log, { comprobarRespuestas: comprobarRespuestas() });
    return {
      kind: backend.kind,
      backend,
      base,
      dispatch: crearDespachador(api as unknown as Implementations, log),
      async cerrar() {
        await api.cerrar();
        await close();
      },
    };
  }

  // Live notices: the host's listeners are fed by the backend open now, re-subscribed on every switch, and
  // told whether notices can arrive at all (a backend without a source of them: never).
  const oyentes = new Set<(area: AreaCambio) => void>();
  const oyentesEstado = new Set<(estado: EstadoCambios) => void>();
  let estadoCambios: EstadoCambios = 'conectando';
  const fijarEstado = (estado: EstadoCambios) => {
    if (estado === estadoCambios) return;
    estadoCambios = estado;
    for (const oyente of [...oyentesEstado]) oyente(estado);
  };
  let desuscribir: (() => void) | null = null;
  const dejarDeSeguir = (mientras: EstadoCambios) => {
    desuscribir?.();
    desuscribir = null;
    fijarEstado(mientras);
  };
  const seguirCambios = (opened: Opened) => {
    dejarDeSeguir('conectando');
    const origen = opened.backend.cambios;
    if (!origen) return fijarEstado('sin-conexion');
    const dejar = origen.suscribir((area) => {
      for (const oyente of oyentes) oyente(area);
    });
    const dejarEstado = seguirEstado(origen, fijarEstado);
    desuscribir = () => {
      dejar();
      dejarEstado();
    };
  };

  let abierto = await open();
  current = abierto;
  seguirCambios(abierto);
  if (options.copiasAutomaticas !== false) copias.programar();
  let reapertura: Promise<void> | null = null;

  /**
   * Closes the backend open now and opens the one the settings choose. With `cambio` (a restore swapping the
   * database folder) the change is applied in between, and undone if the backend does not open after it: the
   * error then reaches the caller with the previous data open again. Without it, a backend that cannot open
   * falls back to the embedded database (the chosen one's key vanished from the keychain, say) and the choice in
   * settings is kept for the operator to fix.
   */
  async function cerrarYAbrir(cambio?: CambioDeDatos): Promise<void> {
    const previous = abierto;
    dejarDeSeguir('conectando');
    current = null;
    // What must outlive a restore (the inbound listener's replay memory) is read once nothing new reaches the old
    // database; a change that cannot read it is not applied.
    if (cambio?.antesDeCerrar) {
      try {
        await cambio.antesDeCerrar(previous.base);
      } catch (error) {
        current = previous;
        seguirCambios(previous);
        throw error;
      }
    }
    await previous.cerrar().catch((error: unknown) => log('Cierre del backend anterior', error));
    try {
      if (cambio) await cambio.aplicar();
      abierto = await open();
      if (cambio?.alAbrir) {
        try {
          await cambio.alAbrir(abierto.base);
        } catch (error) {
          await abierto.cerrar().catch(() => undefined);
          throw error;
        }
      }
      log(`Backend: ${abierto.kind}`);
    } catch (error) {
      if (cambio) {
        log('No se pudo abrir la base nueva; se vuelve a la anterior', error);
        await cambio.deshacer();
        abierto = await open();
        current = abierto;
        seguirCambios(abierto);
        throw error;
      }
      log('No se pudo abrir el backend elegido; se usa la base embebida', error);
      const saved = settings.get<ConnectionSettings>(CONNECTION_SETTINGS_KEY) ?? {};
      settings.set<ConnectionSettings>(CONNECTION_SETTINGS_KEY, { ...saved, backend: 'embedded' });
      abierto = await open();
    }
    current = abierto;
    seguirCambios(abierto);
  }

  /** Reopens now (not after a call answers): a restore or a finished move asks for it from its activity. */
  function reabrir(cambio?: CambioDeDatos): Promise<void> {
    const antes = reapertura ?? Promise.resolve();
    const esta: Promise<void> = antes
      .catch(() => undefined)
      .then(() => cerrarYAbrir(cambio))
      .finally(() => {
        if (reapertura === esta) reapertura = null;
      });
    reapertura = esta;
    return esta;
  }

  // Refused sign-ins and permission refusals reach the diagnostic log here, for every transport (IPC, HTTP).
  const dispatch: Dispatch = registrarRechazos(async (area, name, input, ctx) => {
    if (reapertura) await reapertura.catch(() => undefined);
    const result = await abierto.dispatch(area, name, input, ctx);
    if (reconnectRequested) {
      reconnectRequested = false;
      await reabrir().catch((error: unknown) => log('No se pudo reabrir el backend', error));
    }
    return result;
  }, log);

  return {
    dataDir: options.dataDir,
    get backendKind() {
      return abierto.kind;
    },
    dispatch,
    cambios: {
      suscribir(oyente) {
        oyentes.add(oyente);
        return () => void oyentes.delete(oyente);
      },
      estado(oyente) {
        oyentesEstado.add(oyente);
        oyente(estadoCambios);
        return () => void oyentesEstado.delete(oyente);
      },
    },
    datosSistema: () => current?.backend.datosSistema?.() ?? null,
    sesiones: avisoSesiones.aviso,
    async cerrar() {
      copias.detener();
      actividades.cancelar();
      await actividades.esperar();
      if (reapertura) await reapertura.catch(() => undefined);
      dejarDeSeguir('sin-conexion');
      await abierto.cerrar();
    },
  };
}
