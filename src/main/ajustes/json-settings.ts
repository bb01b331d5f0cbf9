/**
 * SettingsPort on a JSON file, plain Node (the served web build, tests, anything without Electron).
 * Writes are atomic (temp file in the same folder, fsync, rename), so a crash never leaves half a file.
 * A corrupt file is kept as <file>.bak and the settings start empty instead of failing to start.
 * Secrets are refused (guard.ts): they belong in the keychain.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { es } from '../../shared/i18n/es';
import type { SettingsPort } from '../../shared/ports/settings';
import { assertNotSecret, assertValidSettingsKey } from './guard';

export interface JsonSettings extends SettingsPort {
  readonly filePath: string;
  /** True when the file was corrupt at start-up (and was moved to .bak). */
  readonly recoveredFromCorruption: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function load(filePath: string, log: (m: string) => void): { data: Map<string, unknown>; recovered: boolean } {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { data: new Map(), recovered: false };
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isPlainObject(parsed)) throw new Error('not an object');
    return { data: new Map(Object.entries(parsed)), recovered: false };
  } catch {
    renameSync(filePath, `${filePath}.bak`);
    log(`${es.escritorio.ajustesCorruptos} (${filePath}.bak)`);
    return { data: new Map(), recovered: true };
  }
}

function writeAtomic(filePath: string, text: string): void {
  const dir = dirname(filePath);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(filePath)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, filePath);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

export function crearAjustesJson(filePath: string, options: { log?: (message: string) => void } = {}): JsonSettings {
  const log = options.log ?? (() => {});
  const { data, recovered } = load(filePath, log);

  const persist = () => writeAtomic(filePath, `${JSON.stringify(Object.fromEntries(data), null, 2)}\n`);

  const remove = (key: string): void => {
    assertValidSettingsKey(key);
    if (!data.has(key)) return;
    const previous = data.get(key);
    data.delete(key);
    try {
      persist();
    } catch (error) {
      data.set(key, previous);
      throw error;
    }
  };

  return {
    filePath,
    recoveredFromCorruption: recovered,
    get<T>(key: string): T | undefined {
      assertValidSettingsKey(key);
      if (!data.has(key)) return undefined;
      // A copy: callers cannot change the stored settings by mutating what they got.
      return structuredClone(data.get(key)) as T;
    },
    set<T>(key: string, value: T): void {
      assertValidSettingsKey(key);
      if (value === undefined) {
        remove(key);
        return;
      }
      assertNotSecret(key, value);
      // Only what JSON keeps (a Date becomes a string, functions are refused).
      const json = JSON.stringify(value);
      if (json === undefined) throw new TypeError(`Settings value for "${key}" is not JSON`);
      const previous = data.get(key);
      const had = data.has(key);
      data.set(key, JSON.parse(json) as unknown);
      try {
        persist();
      } catch (error) {
        if (had) data.set(key, previous);
        else data.delete(key);
        throw error;
      }
    },
    delete: remove,
  };
}
