/** The rules of signing in: the login lock and the password strength. */
import type { LoginLock } from '../../ports/auth';
import { password as t } from "./texts";

/** Five failed logins in a row lock that e-mail for 5 minutes. */
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_MINUTES = 5;

/** No failures counted, no lock: the state of an e-mail nobody has mistyped (the store keeps no row). */
export const NO_LOCK: LoginLock = Object.freeze({ failedCount: 0, lockedUntil: null });

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

/**
 * What one sign-in attempt does to the counter BEFORE its password is checked. The attempt is counted as a
 * failure up front (and the fifth one locks), so attempts sent at the same moment cannot all read the same
 * count: the store swaps `expected` for `reserved` atomically and a loser reads again. That way at most
 * LOCKOUT_MAX_FAILURES passwords are ever checked per lock window, however many requests arrive at once.
 * A right password then clears the series (back to NO_LOCK) unless another attempt was counted since.
 */
export type Reservation = { kind: 'locked'; lock: LoginLock } | { kind: 'attempt'; expected: LoginLock; reserved: LoginLock };

export function reserveAttempt(current: LoginLock, now: Date): Reservation {
  if (isLocked(current, now)) return { kind: 'locked', lock: current };
  return { kind: 'attempt', expected: current, reserved: afterFailure(current, now) };
}

/** The same counter state (timestamps compared as instants, whatever their text form). */
export function sameLock(a: LoginLock, b: LoginLock): boolean {
  if (a.failedCount !== b.failedCount) return false;
  if (a.lockedUntil === null || b.lockedUntil === null) return a.lockedUntil === b.lockedUntil;
  return new Date(a.lockedUntil).getTime() === new Date(b.lockedUntil).getTime();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Password strength rules of part 3 §5, checked in order: 8 characters, a lowercase letter, an uppercase
 * letter, a digit. Returns the first failing message, or null when valid.
 */
export const PASSWORD_MIN_LENGTH = 8;

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return t.minimo;
  if (!/\p{Ll}/u.test(password)) return t.minuscula;
  if (!/\p{Lu}/u.test(password)) return t.mayuscula;
  if (!/\d/.test(password)) return t.numero;
  return null;
}

/** The live indicator text: the first problem, or 'Contraseña válida'. */
export function passwordStrengthText(password: string): string {
  return passwordProblem(password) ?? t.valida;
}
