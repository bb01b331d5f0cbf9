/**
 * The vault against a REAL Secret Service. The test script runs this file inside `dbus-run-session` with an
 * unlocked gnome-keyring and a throwaway HOME; by hand:
 *   HOME=$(mktemp -d) dbus-run-session -- bash -c 'echo -n pw | gnome-keyring-daemon --unlock \
 *     --components=secrets >/dev/null; npx vitest run tests/integration/vault.test.ts'
 * Without a session bus or a throwaway HOME the real-keychain part fails on purpose: a missing keychain must
 * never pass unnoticed.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { es } from '../../src/shared/i18n/es';
import keytar from '@napi-rs/keyring/keytar.js';
import { assertKeychainAvailable, crearBoveda, KEYCHAIN_ATTEMPTS, type KeytarLike } from '../../src/main/secretos/vault';
import { clearService, storedPassword, testService } from '../support/keychain';
import { hasta } from '../support/esperar';

const run = promisify(execFile);
const suffix = `${process.pid}-${Date.now()}`;
const SERVICE_A = `consola-test-a-${suffix}`;
const SERVICE_B = `consola-test-b-${suffix}`;

async function expectUnavailable(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(AppError.is(error), String(error)).toBe(true);
  expect((error as AppError).code).toBe('unavailable');
  expect((error as AppError).message).toBe(es.errores.llaveroNoDisponible);
}

/** Every regular file under dir (no symlinks followed), with its bytes. */
function* filesUnder(dir: string): Generator<{ path: string; bytes: Buffer }> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    let st;
    try {
      st = statSync(path, { throwIfNoEntry: false });
    } catch {
      continue;
    }
    if (!st) continue;
    if (st.isDirectory()) yield* filesUnder(path);
    else if (st.isFile() && st.size < 50 * 1024 * 1024) {
      try {
        yield { path, bytes: readFileSync(path) };
      } catch {
        /* unreadable socket or the like */
      }
    }
  }
}

describe('vault on the real Secret Service', () => {
  const a = crearBoveda(SERVICE_A);
  const b = crearBoveda(SERVICE_B);
  const accounts = ['sesion', 'unicode', 'largo', 'compartida', 'plano'];

  afterAll(async () => {
    for (const account of accounts) {
      await a.delete(account).catch(() => false);
      await b.delete(account).catch(() => false);
    }
  });

  it('the keychain is available', async () => {
    await expect(assertKeychainAvailable(SERVICE_A)).resolves.toBeUndefined();
  });

  it('sets, gets, overwrites and deletes', async () => {
    expect(await a.get('sesion')).toBeNull();
    await a.set('sesion', 'primer-valor');
    expect(await a.get('sesion')).toBe('primer-valor');
    await a.set('sesion', 'segundo-valor');
    expect(await a.get('sesion')).toBe('segundo-valor');
    expect(await a.delete('sesion')).toBe(true);
    expect(await a.get('sesion')).toBeNull();
    expect(await a.delete('sesion')).toBe(false);
  });

  it('keeps unicode and long values intact', async () => {
    const unicode = 'contraseña ñandú — 日本語 🔐 "comillas" \\ barra \n salto';
    await a.set('unicode', unicode);
    expect(await a.get('unicode')).toBe(unicode);
    const long = randomBytes(6000).toString('base64'); // ~8 KB, like a Supabase session JSON
    await a.set('largo', long);
    expect(await a.get('largo')).toBe(long);
  });

  it('two services do not see each other', async () => {
    await a.set('compartida', 'valor-de-a');
    expect(await b.get('compartida')).toBeNull();
    await b.set('compartida', 'valor-de-b');
    expect(await a.get('compartida')).toBe('valor-de-a');
    expect(await b.get('compartida')).toBe('valor-de-b');
    expect(await b.delete('compartida')).toBe(true);
    expect(await a.get('compartida')).toBe('valor-de-a');
  });

  it('rejects empty values and odd account names without touching the keychain', async () => {
    await expect(a.set('plano', '')).rejects.toMatchObject({ code: 'validation' });
    await expect(a.get('')).rejects.toMatchObject({ code: 'validation' });
    await expect(a.get('a\nb')).rejects.toMatchObject({ code: 'validation' });
  });

  const home = process.env.HOME ? resolve(process.env.HOME) : '';
  const throwawayHome = home.startsWith(resolve(tmpdir())) || home.startsWith('/tmp/');
  it('no file holds the secret in plain text (the keyring file is encrypted)', async () => {
    expect(throwawayHome, 'run under a throwaway HOME (see the header of this file)').toBe(true);
    const secret = `SECRETO-EN-CLARO-${randomBytes(12).toString('hex')}`;
    const keyringsDir = join(home, '.local', 'share', 'keyrings');
    const sizes = () =>
      new Map([...filesUnder(keyringsDir)].filter((f) => f.path.endsWith('.keyring')).map((f) => [f.path, f.bytes.length]));
    const before = sizes();
    await a.set('plano', secret);
    expect(await a.get('plano')).toBe(secret);
    // gnome-keyring rewrites the (encrypted) collection file shortly after the change: wait for it.
    let keyringFiles: string[] = [];
    await hasta(() => {
      keyringFiles = [...sizes()].filter(([path, size]) => before.get(path) !== size).map(([path]) => path);
      return keyringFiles.length > 0;
    }, 'gnome-keyring stored the secret in a collection file', { maximoMs: 10_000, cadaMs: 20 });

    const needles = [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le'), Buffer.from(Buffer.from(secret).toString('base64'))];
    const leaks: string[] = [];
    let scanned = 0;
    for (const file of filesUnder(home)) {
      scanned++;
      if (needles.some((n) => file.bytes.includes(n))) leaks.push(file.path);
    }
    expect(scanned).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
    // The keyring file is the encrypted format, not the plain-text one gnome-keyring uses for unlocked-by-default keyrings.
    for (const path of keyringFiles) {
      const bytes = readFileSync(path);
      expect(bytes.subarray(0, 16).toString('latin1')).toBe('GnomeKeyring\n\r\0\n');
      expect(bytes.includes(Buffer.from('SECRETO-EN-CLARO'))).toBe(false);
    }
    await a.delete('plano');
  });
});

describe('vault over a Secret Service that hiccups', () => {
  // What gnome-keyring answered under load in CI: an item another client removed mid-lookup.
  const HICCUP = 'zbus fdo error: org.freedesktop.DBus.Error.UnknownMethod: No such interface “org.freedesktop.DBus.Properties” on object at path /org/freedesktop/secrets/collection/login/47';
  const service = testService('hipo');
  afterAll(() => clearService(service));

  /** The real keychain, failing the first `failures` calls of each method once. */
  function hiccuping(failures: number): KeytarLike & { calls: number } {
    const left = { get: failures, set: failures, del: failures };
    const wrapper = {
      calls: 0,
      async getPassword(s: string, a: string) {
        wrapper.calls++;
        if (left.get-- > 0) throw new Error(HICCUP);
        return keytar.getPassword(s, a);
      },
      async setPassword(s: string, a: string, v: string) {
        wrapper.calls++;
        if (left.set-- > 0) throw new Error(HICCUP);
        return keytar.setPassword(s, a, v);
      },
      async deletePassword(s: string, a: string) {
        wrapper.calls++;
        if (left.del-- > 0) throw new Error(HICCUP);
        return keytar.deletePassword(s, a);
      },
    };
    return wrapper;
  }

  it('a transient D-Bus error is ridden out: the secret is really stored, read and removed', async () => {
    const vault = crearBoveda(service, hiccuping(KEYCHAIN_ATTEMPTS - 1));
    await vault.set('token', 'valor-tras-hipo');
    expect(await storedPassword(service, 'token')).toBe('valor-tras-hipo');
    expect(await vault.get('token')).toBe('valor-tras-hipo');
    expect(await vault.delete('token')).toBe(true);
    expect(await storedPassword(service, 'token')).toBeNull();
  });

  it('an error that does not pass is the Spanish "unavailable" error after a bounded number of tries', async () => {
    const stuck = hiccuping(Number.POSITIVE_INFINITY);
    const vault = crearBoveda(service, stuck);
    await expectUnavailable(vault.get('token'));
    // The probe's first step was tried KEYCHAIN_ATTEMPTS times, then the vault gave up.
    expect(stuck.calls).toBe(KEYCHAIN_ATTEMPTS);
  });
});

describe('vault without a usable keychain', () => {
  const failing: KeytarLike = {
    getPassword: () => Promise.reject(new Error('Couldn\'t access platform storage: secret-of-input')),
    setPassword: () => Promise.reject(new Error('Couldn\'t access platform storage')),
    deletePassword: () => Promise.reject(new Error('Couldn\'t access platform storage')),
  };

  it('every operation fails with the Spanish "unavailable" error, never a fallback', async () => {
    const vault = crearBoveda('consola-test-x', failing);
    await expectUnavailable(vault.get('sesion'));
    await expectUnavailable(vault.set('sesion', 'valor'));
    await expectUnavailable(vault.delete('sesion'));
    await expectUnavailable(assertKeychainAvailable('consola-test-x', failing));
  });

  it('a keychain that answers "no entry" to everything (first read on a missing bus) is detected', async () => {
    const silent: KeytarLike = {
      getPassword: async () => null,
      setPassword: async () => {},
      deletePassword: async () => false,
    };
    await expectUnavailable(crearBoveda('consola-test-x', silent).get('sesion'));
  });

  it('the error carries no secret value nor native message', async () => {
    const vault = crearBoveda('consola-test-x', failing);
    const error = await vault.set('sesion', 'valor-super-secreto').catch((e: unknown) => e as AppError);
    expect(JSON.stringify((error as AppError).toJSON())).not.toMatch(/valor-super-secreto|secret-of-input|platform storage/);
  });

  it('recovers after the keychain becomes available (a failed probe is not cached)', async () => {
    let up = false;
    const store = new Map<string, string>();
    const flaky: KeytarLike = {
      getPassword: async (s, k) => (up ? store.get(`${s}/${k}`) ?? null : Promise.reject(new Error('locked'))),
      setPassword: async (s, k, v) => {
        if (!up) throw new Error('locked');
        store.set(`${s}/${k}`, v);
      },
      deletePassword: async (s, k) => (up ? store.delete(`${s}/${k}`) : Promise.reject(new Error('locked'))),
    };
    const vault = crearBoveda('consola-test-x', flaky);
    await expectUnavailable(vault.get('sesion'));
    up = true;
    await vault.set('sesion', 'v');
    expect(await vault.get('sesion')).toBe('v');
  });

  it('in a process whose session bus does not exist, the real keyring module fails with the Spanish error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-nobus-'));
    try {
      const script = join(dir, 'probe.mts');
      const vaultPath = resolve('src/main/secretos/vault.ts');
      writeFileSync(
        script,
        `import { crearBoveda } from ${JSON.stringify(vaultPath)};
const vault = crearBoveda('consola-test-nobus');
const results: unknown[] = [];
for (const call of [() => vault.get('sesion'), () => vault.set('sesion', 'valor-nobus'), () => vault.delete('sesion')]) {
  try { results.push({ ok: true, value: await call() }); }
  catch (e) { const err = e as { code?: string; message?: string }; results.push({ ok: false, code: err.code, message: err.message }); }
}
console.log(JSON.stringify(results));
`,
      );
      const tsx = resolve('node_modules/.bin/tsx');
      const { stdout } = await run(tsx, [script], {
        env: {
          ...process.env,
          HOME: dir,
          DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-such-bus')}`,
        },
        timeout: 60_000,
      });
      const results = JSON.parse(stdout.trim().split('\n').pop()!) as Array<{ ok: boolean; code?: string; message?: string }>;
      expect(results).toHaveLength(3);
      for (const r of results) {
        expect(r).toEqual({ ok: false, code: 'unavailable', message: es.errores.llaveroNoDisponible });
      }
      // Nothing was written in plain text instead.
      for (const file of filesUnder(dir)) {
        if (file.path !== script) expect(file.bytes.includes(Buffer.from('valor-nobus')), file.path).toBe(false);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
