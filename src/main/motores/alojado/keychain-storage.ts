/**
 * supabase-js keeps its session (access and refresh tokens) through a storage adapter. In the main
 * process that adapter is the OS keychain, so the hosted session never lands in a plain file or the renderer.
 */
import type { SecretsPort } from '../../../shared/ports/secrets';

export interface AsyncStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export function keychainStorage(secrets: SecretsPort, prefix: string): AsyncStorage {
  const account = (key: string) => `${prefix}:${key}`;
  return {
    getItem: (key) => secrets.get(account(key)),
    setItem: (key, value) => secrets.set(account(key), value),
    removeItem: async (key) => {
      await secrets.delete(account(key));
    },
  };
}
