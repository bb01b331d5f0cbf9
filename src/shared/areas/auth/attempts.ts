/**
 * One password check under the lockout rule (./rules.ts), safe against attempts sent at the same
 * moment: the attempt is counted in the store with a compare-and-set BEFORE the password is checked, so
 * parallel requests cannot all read the same count and at most LOCKOUT_MAX_FAILURES checks run per window.
 */
import type { Backend } from '../../ports';
import type { LoginLock } from '../../ports/auth';
import { AppError } from '../../errors';
import { NO_LOCK, isLocked, minutesLeft, normalizeEmail, reserveAttempt } from './rules';
import { login as t } from "./texts";

/**
 * A lost compare-and-set means another attempt was counted first, so each retry follows real progress; after
 * at most LOCKOUT_MAX_FAILURES of those the e-mail is locked. The bound only stops a pathological storm.
 */
const MAX_RESERVE_TRIES = 25;

export type AttemptOutcome<T> = { ok: true; value: T } | { ok: false; locked: LoginLock | null };

/**
 * Runs `check` (a password verification answering null when wrong) as one counted attempt for `email`.
 * Throws the lock message while the e-mail is locked, without running `check`. On a wrong password answers
 * `{ ok: false, locked }` with the lock this failure set (the fifth in a row), or null when not locked yet.
 */
export async function countedAttempt<T>(backend: Backend, email: string, check: () => Promise<T | null>): Promise<AttemptOutcome<T>> {
  const now = () => backend.now?.() ?? new Date();
  const key = normalizeEmail(email);
  let expected: LoginLock = NO_LOCK;
  let reserved: LoginLock | null = null;
  for (let i = 0; i < MAX_RESERVE_TRIES && !reserved; i++) {
    const decision = reserveAttempt(await backend.auth.getLoginLock(key), now());
    if (decision.kind === 'locked') throw lockedError(decision.lock, now());
    if (await backend.auth.swapLoginLock(key, decision.expected, decision.reserved)) {
      expected = decision.expected;
      reserved = decision.reserved;
    }
  }
  if (!reserved) throw new AppError('locked', t.demasiadosIntentosALaVez);

  let value: T | null;
  try {
    value = await check();
  } catch (error) {
    // The password could not be checked (the data server is down…): that is no failure of the person's.
    await backend.auth.swapLoginLock(key, reserved, expected).catch(() => false);
    throw error;
  }
  if (value === null) {
    // The failure is already counted (the reservation); the fifth one has locked the e-mail.
    return { ok: false, locked: isLocked(reserved, now()) ? reserved : null };
  }
  // Clears the series unless another attempt has been counted since ours: those are still being checked.
  await backend.auth.swapLoginLock(key, reserved, NO_LOCK);
  return { ok: true, value };
}

export function lockedError(lock: LoginLock, now: Date): AppError {
  return new AppError('locked', t.bloqueado(minutesLeft(lock, now)));
}
