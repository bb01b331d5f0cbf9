/**
 * The Node side of the app, without Electron: opens the backend (embedded PGlite by default, hosted Supabase
 * when configured), builds the one api implementation and the dispatcher that the IPC and HTTP transports
 * share. src/main/index.ts (Electron) and src/main/serve-cli.ts (no Electron) both start from here.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AreaCambio, Backend, CambiosPort, DataPort, EntradaPort } from '../shared/ports';
import { createApi } from '../shared/api';
import { AppError } from '../shared/errors';
import { es } from '../shared/i18n/es';
import { CONNECTION_SETTINGS_KEY, SUPABASE_ANON_KEY_ACCOUNT, type ConnectionSettings } from '../shared/domain/webhooks';
import { createDispatcher, type Dispatch, type Implementations } from './dispatch';
import type { SettingsPort } from '../shared/ports/settings';
import { openEmbeddedBackend } from './backends/embedded/open-embedded';
import { createHostedBackend } from './backends/hosted/open-hosted';
import { createJsonSettings } from './settings/json-settings';
import { createVault } from './secrets/vault';
import { createHttpWebhooks } from './webhooks/http-webhooks';
import { createFolderStorage } from './storage/folder-storage';
import { makeFolderPrivate } from './backends/embedded/private-folder';

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
}

export interface Host {
  dataDir: string;
  /** The backend open now (it changes when Configuración → Conexión switches it). */
  readonly backendKind: 'embedded' | 'hosted';
  dispatch: Dispatch;
  /**
   * Row changes of whichever backend is open (live screens): a listener stays subscribed across a switch
   * of backend. The transports (IPC events, server-sent events) coalesce and carry them to the renderer.
   */
  cambios: CambiosPort;
  /** The open backend's privileged data port (embedded only; null on hosted): the inbound results endpoint writes through it. */
  datosSistema(): DataPort | null;
  /** Closes the database cleanly and releases the folder lock. */
  close(): Promise<void>;
}

export { CONNECTION_SETTINGS_KEY, SUPABASE_ANON_KEY_ACCOUNT, type ConnectionSettings };

/** Files of the embedded backend (one folder per bucket) inside the data folder. */
export const STORAGE_FOLDER = 'archivos';

interface Opened {
  kind: 'embedded' | 'hosted';
  backend: Backend;
  dispatch: Dispatch;
  close(): Promise<void>;
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
  const settings = options.settings ?? createJsonSettings(join(options.dataDir, 'settings.json'));

  // Secrets always live in the OS keychain; the vault reports clearly when there is none.
  const vault = createVault(options.secretsService);
  const webhooks = createHttpWebhooks(settings, vault);
  let reconnectRequested = false;
  const reconnect = () => {
    reconnectRequested = true;
  };

  async function open(): Promise<Opened> {
    const conexion = settings.get<ConnectionSettings>(CONNECTION_SETTINGS_KEY);
    let backend: Backend;
    let close: () => Promise<void>;
    if (conexion?.backend === 'hosted' && conexion.supabaseUrl) {
      const anonKey = await vault.get(SUPABASE_ANON_KEY_ACCOUNT);
      if (!anonKey) throw new AppError('config', es.errores.alojadoSinClave);
      backend = { ...createHostedBackend({ url: conexion.supabaseUrl, anonKey }, vault, options.now), settings, webhooks, reconnect, ...(options.entrada ? { entrada: options.entrada } : {}) };
      close = async () => {};
    } else {
      const embedded = await openEmbeddedBackend({
        dataDir: options.dataDir,
        seedDemoData: options.seedDemoData ?? true,
        ...(options.now ? { now: options.now } : {}),
        log,
      });
      const storage = createFolderStorage(join(options.dataDir, STORAGE_FOLDER));
      backend = { ...embedded.backend, settings, secrets: vault, webhooks, storageFor: () => storage, reconnect, ...(options.entrada ? { entrada: options.entrada } : {}) };
      close = () => embedded.close();
    }
    const api = createApi(backend, log);
    return {
      kind: backend.kind,
      backend,
      dispatch: createDispatcher(api as unknown as Implementations, log),
      async close() {
        await api.cerrar();
        await close();
      },
    };
  }

  // Live notices: the host's listeners are fed by the backend open now, re-subscribed on every switch.
  const oyentes = new Set<(area: AreaCambio) => void>();
  let desuscribir: (() => void) | null = null;
  const seguirCambios = (opened: Opened) => {
    desuscribir?.();
    desuscribir = opened.backend.cambios?.suscribir((area) => {
      for (const oyente of oyentes) oyente(area);
    }) ?? null;
  };

  let current = await open();
  seguirCambios(current);
  let reopening: Promise<void> | null = null;

  async function reopen(): Promise<void> {
    const previous = current;
    desuscribir?.();
    desuscribir = null;
    await previous.close().catch((error: unknown) => log('Cierre del backend anterior', error));
    try {
      current = await open();
      log(`Backend: ${current.kind}`);
    } catch (error) {
      // The chosen backend cannot open (e.g. its key vanished from the keychain): fall back to the embedded
      // database so the app stays usable, and keep the choice in settings for the operator to fix.
      log('No se pudo abrir el backend elegido; se usa la base embebida', error);
      const saved = settings.get<ConnectionSettings>(CONNECTION_SETTINGS_KEY) ?? {};
      settings.set<ConnectionSettings>(CONNECTION_SETTINGS_KEY, { ...saved, backend: 'embedded' });
      current = await open();
    }
    seguirCambios(current);
  }

  const dispatch: Dispatch = async (area, name, input, ctx) => {
    if (reopening) await reopening;
    const result = await current.dispatch(area, name, input, ctx);
    if (reconnectRequested) {
      reconnectRequested = false;
      reopening ??= reopen().finally(() => {
        reopening = null;
      });
      await reopening;
    }
    return result;
  };

  return {
    dataDir: options.dataDir,
    get backendKind() {
      return current.kind;
    },
    dispatch,
    cambios: {
      suscribir(oyente) {
        oyentes.add(oyente);
        return () => void oyentes.delete(oyente);
      },
    },
    datosSistema: () => current.backend.dataSistema?.() ?? null,
    async close() {
      if (reopening) await reopening.catch(() => undefined);
      desuscribir?.();
      desuscribir = null;
      await current.close();
    },
  };
}
