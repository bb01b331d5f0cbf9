/**
 * Direct reads of the real keychain for tests that check what the product stored there. They go through the
 * vault's own retry (a real Secret Service hiccups under load), so a test's assertion or clean-up never
 * fails on a transient D-Bus error the product itself would have ridden out.
 */
import keytar from '@napi-rs/keyring/keytar.js';
import { withKeychainRetry } from '../../src/main/secretos/vault';

/** A keychain service name no other test file or run uses. */
export function testService(name: string): string {
  return `consola-test-${name}-${process.pid}-${Date.now()}`;
}

/**
 * A direct read that never answers (seen once per year-ahead suite run: gnome-keyring under load with a
 * faked clock, right after an entry was deleted) is abandoned after this long and asked again, like an error.
 */
const LECTURA_MS = 8_000;

function acotada<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limite = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('el llavero no respondió')), LECTURA_MS);
  });
  return Promise.race([work, limite]).finally(() => clearTimeout(timer));
}

export function storedCredentials(service: string): Promise<Array<{ account: string; password: string }>> {
  return withKeychainRetry(() => acotada(keytar.findCredentials(service)));
}

export function storedPassword(service: string, account: string): Promise<string | null> {
  return withKeychainRetry(() => keytar.getPassword(service, account));
}

/** Removes every entry of a test's service; entries another client removed meanwhile are no failure. */
export async function clearService(service: string): Promise<void> {
  for (const { account } of await storedCredentials(service)) {
    await withKeychainRetry(() => keytar.deletePassword(service, account)).catch(() => false);
  }
}
