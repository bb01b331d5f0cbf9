/**
 * Secrets in the OS keychain (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows)
 * through @napi-rs/keyring's keytar-compatible API. When the keychain cannot be used (no Secret Service on
 * the session bus, locked, missing) every call fails with AppError('unavailable') and the Spanish
 * explanation — there is NO plain-text fallback. Secret values are never logged nor put in error messages, and
 * every value read or stored is registered with the diagnostic log's redaction (src/main/registro/redaccion.ts).
 *
 * A real Secret Service hiccups: gnome-keyring answers "No such interface org.freedesktop.DBus.Properties"
 * for an item another client deleted while it was being looked up, and a busy bus times out. Each keychain
 * call is therefore tried a few times, briefly spaced, before the keychain is called unavailable.
 */
import * as keyringKeytar from '@napi-rs/keyring/keytar.js';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import type { SecretsPort } from '../../shared/ports/secrets';
import { registrarSecreto } from '../registro/redaccion';

export const DEFAULT_SECRETS_SERVICE = 'consola-automatizacion';

/** The keytar functions the vault uses (injectable for tests). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

const defaultKeytar: KeytarLike = keyringKeytar;

/** Account names are identifiers we choose ("supabase-anon-key", "webhook:<name>"…), never user input. */
function checkAccount(account: string): void {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (typeof account !== 'string' || account.length === 0 || account.length > 256 || /[\u0000-\u001f]/.test(account)) {
    throw new AppError('validation', es.errores.entradaInvalida);
  }
}

/** keyring-rs reports a missing entry as an error on some platforms: that is an answer, not a failure. */
function isNoEntry(error: unknown): boolean {
  return error instanceof Error && /no matching entry|NoEntry/i.test(error.message);
}

/** How often and how far apart a failed keychain call is tried again (about a third of a second in all). */
export const KEYCHAIN_ATTEMPTS = 4;
const KEYCHAIN_RETRY_MS = 40;

/**
 * Runs one keychain call, trying it again on a native failure (never on "no entry", never on our own
 * AppError). Every keychain call of the vault goes through here; tests that read the keychain directly do too.
 */
export async function withKeychainRetry<T>(work: () => Promise<T>, attempts = KEYCHAIN_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || AppError.is(error) || isNoEntry(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, KEYCHAIN_RETRY_MS * 2 ** (attempt - 1)));
    }
  }
}

function unavailable(cause: unknown): AppError {
  // Keep only the type of the failure (for diagnostics); the message of a native error could echo input.
  const kind = cause instanceof Error ? cause.name : typeof cause;
  return new AppError('unavailable', es.errores.llaveroNoDisponible, { causa: kind });
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withKeychainRetry(work);
  } catch (error) {
    if (AppError.is(error)) throw error;
    throw unavailable(error);
  }
}

/**
 * The vault. Before its first operation it proves the keychain works (see assertKeychainAvailable): some
 * back-ends answer "no entry" instead of an error on the very first read when the Secret Service is absent,
 * and a missing keychain must never look like "no secret stored". A failed probe is not cached, so the call
 * after the operator unlocks the keychain succeeds.
 */
export function crearBoveda(service: string = DEFAULT_SECRETS_SERVICE, keytarImpl: KeytarLike = defaultKeytar): SecretsPort {
  if (!service) throw new AppError('validation', es.errores.entradaInvalida);
  let verified: Promise<void> | null = null;
  const ready = (): Promise<void> => {
    verified ??= assertKeychainAvailable(service, keytarImpl).catch((error: unknown) => {
      verified = null;
      throw error;
    });
    return verified;
  };
  return {
    async get(account) {
      checkAccount(account);
      await ready();
      const value = await guard(() => keytarImpl.getPassword(service, account));
      // Whatever the vault hands out is hidden from the diagnostic log from now on (defence in depth).
      registrarSecreto(value);
      return value ?? null;
    },
    async set(account, value) {
      checkAccount(account);
      if (typeof value !== 'string' || value.length === 0) throw new AppError('validation', es.errores.entradaInvalida);
      registrarSecreto(value);
      await ready();
      await guard(() => keytarImpl.setPassword(service, account, value));
    },
    async delete(account) {
      checkAccount(account);
      await ready();
      return guard(async () => {
        try {
          return await keytarImpl.deletePassword(service, account);
        } catch (error) {
          if (isNoEntry(error)) return false; // nothing to delete
          throw error;
        }
      });
    },
  };
}

/**
 * Proves the keychain works now (write, read back, delete a probe entry) or throws the 'unavailable'
 * AppError. The vault runs it before its first operation, so a missing or locked keychain is reported as such,
 * never as "no secret stored".
 */
export async function assertKeychainAvailable(
  service: string = DEFAULT_SECRETS_SERVICE,
  keytarImpl: KeytarLike = defaultKeytar,
): Promise<void> {
  const probeAccount = `__probe__.${process.pid}.${Date.now()}`;
  const probeValue = `probe-${Math.random().toString(36).slice(2)}`;
  // Each step is retried on its own: a hiccup on the read must not leave a second probe entry behind.
  await guard(() => keytarImpl.setPassword(service, probeAccount, probeValue));
  const read = await guard(() => keytarImpl.getPassword(service, probeAccount));
  await guard(() => keytarImpl.deletePassword(service, probeAccount)).catch(() => false);
  if (read !== probeValue) throw unavailable(new Error('keychain probe mismatch'));
}
