/**
 * Direct reads of the real keychain for tests that check what the product stored there. They go through the
 * vault's own retry (a real Secret Service hiccups under load), so a test's assertion or clean-up never
 * fails on a transient D-Bus error the product itself would have ridden out.
 */
import keytar from '@napi-rs/keyring/keytar.js';
import { withKeychainRetry } from '../../src/main/secrets/vault';

/** A keychain service name no other test file or run uses. */
export function testService(name: string): string {
  return `consola-test-${name}-${process.pid}-${Date.now()}`;
}

export function storedCredentials(service: string): Promise<Array<{ account: string; password: string }>> {
  return withKeychainRetry(() => keytar.findCredentials(service));
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
