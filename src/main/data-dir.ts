import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Where the embedded database and files live. Chosen by `--data-dir <path>` (or `--data-dir=<path>`), else
 * the CONSOLA_DATA_DIR environment variable, else the platform default given by the caller (Electron's
 * userData folder on the desktop). Tests and several instances each pass their own, so none share one.
 */
export function resolveDataDir(argv: readonly string[], env: NodeJS.ProcessEnv, fallback: string): string {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir' && argv[i + 1]) return resolve(argv[i + 1]!);
    if (arg.startsWith('--data-dir=')) return resolve(arg.slice('--data-dir='.length));
  }
  if (env.CONSOLA_DATA_DIR?.trim()) return resolve(env.CONSOLA_DATA_DIR.trim());
  return resolve(fallback);
}

/** The default outside Electron (the served web build): a folder in the user's home. */
export function defaultNodeDataDir(): string {
  return join(homedir(), '.consola-automatizacion', 'data');
}
