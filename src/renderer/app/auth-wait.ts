/**
 * The dashboard shell's wait for authentication (part 1 §4, §8, §9): poll every 100 ms, give up after
 * 5000 ms; the caller redirects to '/' when the wait returns false.
 */
export const AUTH_WAIT_TIMEOUT_MS = 5000;
export const AUTH_WAIT_POLL_MS = 100;

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Injected in tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Stops polling early (e.g. the component unmounted); the wait then returns false. */
  signal?: AbortSignal;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `read` until it reports a settled status. Resolves true when signed in, false when signed out,
 * when the time runs out while still loading, or when aborted.
 */
export async function waitForAuth(read: () => AuthStatus, options: WaitOptions = {}): Promise<boolean> {
  const timeout = options.timeoutMs ?? AUTH_WAIT_TIMEOUT_MS;
  const interval = options.intervalMs ?? AUTH_WAIT_POLL_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const start = now();
  for (;;) {
    if (options.signal?.aborted) return false;
    const status = read();
    if (status === 'signedIn') return true;
    if (status === 'signedOut') return false;
    if (now() - start >= timeout) return false;
    await sleep(interval);
  }
}
