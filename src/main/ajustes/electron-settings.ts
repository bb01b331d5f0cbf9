/**
 * SettingsPort on electron-store (desktop). The only module that imports electron-store. Keys are flat
 * names (no dot-paths), an invalid file is cleared instead of crashing the app, and secrets are refused
 * exactly as in json-settings.ts.
 */
import { app } from 'electron';
import Store from 'electron-store';
import type { SettingsPort } from '../../shared/ports/settings';
import { assertNotSecret, assertValidSettingsKey } from './guard';

export function crearAjustesElectron(options: { name?: string; cwd?: string } = {}): SettingsPort {
  const store = new Store<Record<string, unknown>>({
    name: options.name ?? 'ajustes',
    cwd: options.cwd ?? app.getPath('userData'),
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: true,
  });
  return {
    get<T>(key: string): T | undefined {
      assertValidSettingsKey(key);
      return store.has(key) ? (structuredClone(store.get(key)) as T) : undefined;
    },
    set<T>(key: string, value: T): void {
      assertValidSettingsKey(key);
      if (value === undefined) {
        store.delete(key);
        return;
      }
      assertNotSecret(key, value);
      store.set(key, value as unknown);
    },
    delete(key: string): void {
      assertValidSettingsKey(key);
      store.delete(key);
    },
  };
}
