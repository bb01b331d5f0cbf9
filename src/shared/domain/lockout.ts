import type { LoginLock } from '../ports/auth';

/** Five failed logins in a row lock that e-mail for 5 minutes. */
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_MINUTES = 5;

export function isLocked(lock: LoginLock, now: Date): boolean {
  return lock.lockedUntil !== null && new Date(lock.lockedUntil).getTime() > now.getTime();
}

/** Minutes left (rounded up, at least 1) for the message. */
export function minutesLeft(lock: LoginLock, now: Date): number {
  if (!lock.lockedUntil) return 0;
  const ms = new Date(lock.lockedUntil).getTime() - now.getTime();
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** The bookkeeping after one more failure: counts it, and locks on the fifth in a row. */
export function afterFailure(lock: LoginLock, now: Date): LoginLock {
  // A lock that has run out starts a fresh series.
  const base = lock.lockedUntil && !isLocked(lock, now) ? 0 : lock.failedCount;
  const failedCount = base + 1;
  if (failedCount >= LOCKOUT_MAX_FAILURES) {
    return { failedCount, lockedUntil: new Date(now.getTime() + LOCKOUT_MINUTES * 60_000).toISOString() };
  }
  return { failedCount, lockedUntil: null };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
