/**
 * The Node side of the app, without Electron: opens the backend (embedded PGlite by default, hosted Supabase
 * when configured), builds the one api implementation and the dispatcher that the IPC and HTTP transports
 * share. src/main/index.ts (Electron) and src/main/serve-cli.ts (no Electron) both start from here.
 */
import type { Dispatch } from './dispatch';
import type { SettingsPort } from '../shared/ports/settings';

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
}

export interface Host {
  dataDir: string;
  /** The backend open now (it changes when Configuración → Conexión switches it). */
  readonly backendKind: 'embedded' | 'hosted';
  dispatch: Dispatch;
  /** Closes the database cleanly and releases the folder lock. */
  close(): Promise<void>;
}

export { openHost } from './host-impl';
