import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend } from '../shared/ports';
import { createApi } from '../shared/api';
import { AppError } from '../shared/errors';
import { es } from '../shared/i18n/es';
import { createDispatcher, type Implementations } from './dispatch';
import type { Host, HostOptions } from './host';
import { openEmbeddedBackend } from './backends/embedded/open-embedded';
import { createHostedBackend } from './backends/hosted/open-hosted';
import { createJsonSettings } from './settings/json-settings';
import { createVault } from './secrets/vault';
import { createHttpWebhooks } from './webhooks/http-webhooks';

/** Non-secret connection choice, kept in settings; the anon key is in the keychain under this account. */
export interface ConnectionSettings {
  backend?: 'embedded' | 'hosted';
  supabaseUrl?: string;
}
export const CONNECTION_SETTINGS_KEY = 'conexion';
export const SUPABASE_ANON_KEY_ACCOUNT = 'supabase-anon-key';

/**
 * Opens the Node side for one data folder: the embedded database unless the settings choose a hosted
 * Supabase project (Configuración → Conexión).
 */
export async function openHost(options: HostOptions): Promise<Host> {
  const log = options.log ?? ((message: string, error?: unknown) => console.log(`[consola] ${message}`, error ?? ''));
  mkdirSync(options.dataDir, { recursive: true });
  const settings = options.settings ?? createJsonSettings(join(options.dataDir, 'settings.json'));
  const conexion = settings.get<ConnectionSettings>(CONNECTION_SETTINGS_KEY);

  // Secrets always live in the OS keychain; the vault reports clearly when there is none.
  const vault = createVault();
  const webhooks = createHttpWebhooks(settings, vault);
  let backend: Backend;
  let close: () => Promise<void>;
  if (conexion?.backend === 'hosted' && conexion.supabaseUrl) {
    const anonKey = await vault.get(SUPABASE_ANON_KEY_ACCOUNT);
    if (!anonKey) throw new AppError('config', es.errores.alojadoSinClave);
    backend = { ...createHostedBackend({ url: conexion.supabaseUrl, anonKey }, vault, options.now), settings, webhooks };
    close = async () => {};
  } else {
    const embedded = await openEmbeddedBackend({
      dataDir: options.dataDir,
      seedDemoData: options.seedDemoData ?? true,
      ...(options.now ? { now: options.now } : {}),
      log,
    });
    backend = { ...embedded.backend, settings, secrets: vault, webhooks };
    close = () => embedded.close();
  }
  const api = createApi(backend, log);
  return {
    dataDir: options.dataDir,
    backendKind: backend.kind,
    dispatch: createDispatcher(api as unknown as Implementations, log),
    async close() {
      api.jobsRegistry.cancelAll();
      await close();
    },
  };
}
