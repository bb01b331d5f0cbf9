import { describe, expect, it } from 'vitest';
import { AUTH_WAIT_POLL_MS, AUTH_WAIT_TIMEOUT_MS, waitForAuth, type AuthStatus } from '../../src/renderer/app/auth-wait';
import {
  SIDEBAR_COLLAPSED_KEY,
  SIDEBAR_SECTIONS_KEY,
  readCollapsed,
  readOpenSections,
  writeCollapsed,
  writeOpenSections,
  type KeyValueStorage,
} from '../../src/renderer/app/sidebar-storage';

function fakeStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('sidebar storage', () => {
  it('uses the documented keys', () => {
    expect(SIDEBAR_COLLAPSED_KEY).toBe('consola.sidebar.colapsado');
    expect(SIDEBAR_SECTIONS_KEY).toBe('consola.sidebar.secciones');
  });

  it('round-trips the collapsed state', () => {
    const storage = fakeStorage();
    expect(readCollapsed(storage)).toBe(false);
    writeCollapsed(storage, true);
    expect(storage.data.get(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    expect(readCollapsed(storage)).toBe(true);
    writeCollapsed(storage, false);
    expect(readCollapsed(storage)).toBe(false);
  });

  it('round-trips open sections and drops junk', () => {
    const storage = fakeStorage();
    writeOpenSections(storage, ['whatsapp', 'proyectos', 'whatsapp']);
    expect(readOpenSections(storage)).toEqual(['whatsapp', 'proyectos']);
    expect(readOpenSections(fakeStorage({ [SIDEBAR_SECTIONS_KEY]: '["llamadas", 3, "nope"]' }))).toEqual(['llamadas']);
    expect(readOpenSections(fakeStorage({ [SIDEBAR_SECTIONS_KEY]: '{not json' }))).toEqual([]);
    expect(readOpenSections(fakeStorage({ [SIDEBAR_SECTIONS_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readOpenSections(null)).toEqual([]);
  });

  it('survives a storage that throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readCollapsed(broken)).toBe(false);
    expect(readOpenSections(broken)).toEqual([]);
    expect(() => writeCollapsed(broken, true)).not.toThrow();
    expect(() => writeOpenSections(broken, ['llamadas'])).not.toThrow();
  });
});

/** A fake clock: sleep advances time instantly. */
function clock() {
  let t = 0;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

describe('waitForAuth (part 1 §4, §9)', () => {
  it('waits 5000 ms polling every 100 ms', () => {
    expect(AUTH_WAIT_TIMEOUT_MS).toBe(5000);
    expect(AUTH_WAIT_POLL_MS).toBe(100);
  });

  it('resolves true as soon as the state is signed in', async () => {
    const c = clock();
    let status: AuthStatus = 'loading';
    const result = waitForAuth(
      () => {
        if (c.now() >= 300) status = 'signedIn';
        return status;
      },
      { now: c.now, sleep: c.sleep },
    );
    await expect(result).resolves.toBe(true);
    expect(c.sleeps).toEqual([100, 100, 100]);
  });

  it('resolves false when the state settles signed out', async () => {
    const c = clock();
    await expect(waitForAuth(() => (c.now() >= 200 ? 'signedOut' : 'loading'), { now: c.now, sleep: c.sleep })).resolves.toBe(false);
  });

  it('gives up after the timeout while still loading', async () => {
    const c = clock();
    await expect(waitForAuth(() => 'loading', { now: c.now, sleep: c.sleep })).resolves.toBe(false);
    expect(c.now()).toBe(5000);
    expect(c.sleeps.length).toBe(50);
  });

  it('stops when aborted', async () => {
    const c = clock();
    const controller = new AbortController();
    controller.abort();
    await expect(waitForAuth(() => 'loading', { now: c.now, sleep: c.sleep, signal: controller.signal })).resolves.toBe(false);
    expect(c.sleeps).toEqual([]);
  });
});
