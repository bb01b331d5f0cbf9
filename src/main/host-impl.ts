import { mkdirSync } from 'node:fs';
import { createApi } from '../shared/api';
import { createDispatcher, type Implementations } from './dispatch';
import type { Host, HostOptions } from './host';
import { openEmbeddedBackend } from './backends/embedded/open-embedded';

/**
 * Opens the Node side for one data folder. The hosted Supabase backend is chosen in Configuración →
 * Conexión (a later issue); until then every host runs on the embedded database.
 */
export async function openHost(options: HostOptions): Promise<Host> {
  const log = options.log ?? ((message: string, error?: unknown) => console.log(`[consola] ${message}`, error ?? ''));
  mkdirSync(options.dataDir, { recursive: true });
  const embedded = await openEmbeddedBackend({
    dataDir: options.dataDir,
    seedDemoData: options.seedDemoData ?? true,
    ...(options.now ? { now: options.now } : {}),
    log,
  });
  const api = createApi(embedded.backend, log);
  return {
    dataDir: options.dataDir,
    backendKind: embedded.backend.kind,
    dispatch: createDispatcher(api as unknown as Implementations, log),
    close: () => embedded.close(),
  };
}
