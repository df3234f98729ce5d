/**
 * Failed sign-ins per account: after 100 within an hour the account is locked for an hour, and
 * while it is locked even the right password is refused (the owner gets back in at once by
 * resetting the password, which ends the lockout).
 *
 * Counted per user, whatever the person typed (username or email, any case), so the two spellings
 * share one budget. An identifier that belongs to nobody is counted under its own text and locks
 * the same way, so the answers never tell a real account from a made-up one.
 *
 * The state lives in memory, like the per-address rate limits: the app runs as one process (one
 * container, one SQLite file), so one map sees every attempt. A restart forgets the counts and
 * ends lockouts early; an attacker cannot cause restarts, and at worst gets another 100 guesses
 * after one, which keeps a table and a write per failed sign-in out of the sign-in path.
 */
export const LOCKOUT_AFTER_FAILURES = 100;
export const FAILURE_WINDOW_MS = 3_600_000;
export const LOCKOUT_MS = 3_600_000;

/** Most entries kept; past it, expired ones go first, then the oldest for unknown identifiers. */
const MAX_ENTRIES = 50_000;

interface Entry {
  failures: number;
  windowEndsAt: number;
  lockedUntil: number;
}

const entries = new Map<string, Entry>();

/** The counter a sign-in attempt belongs to: the user's when the identifier names one. */
export function lockoutKey(userId: string | undefined, identifier: string): string {
  return userId ? `user:${userId}` : `identifier:${identifier.trim().toLowerCase()}`;
}

export const userLockoutKey = (userId: string) => lockoutKey(userId, "");

/** Seconds left of the key's lockout, or 0 when it is not locked. */
export function lockedForSeconds(key: string, now = Date.now()): number {
  const entry = entries.get(key);
  return entry && entry.lockedUntil > now ? Math.ceil((entry.lockedUntil - now) / 1000) : 0;
}

/**
 * Counts one failed sign-in. `lockedNow` is true for the failure that starts a lockout, exactly
 * once per lockout (a failure that finishes while the key is already locked counts nothing).
 */
export function recordFailure(key: string, now = Date.now()): { lockedNow: boolean } {
  let entry = entries.get(key);
  if (entry && entry.lockedUntil > now) return { lockedNow: false };
  if (!entry || entry.windowEndsAt <= now) {
    entry = { failures: 0, windowEndsAt: now + FAILURE_WINDOW_MS, lockedUntil: 0 };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) prune(now);
  }
  entry.failures += 1;
  if (entry.failures < LOCKOUT_AFTER_FAILURES) return { lockedNow: false };
  entry.failures = 0;
  entry.lockedUntil = now + LOCKOUT_MS;
  entry.windowEndsAt = entry.lockedUntil;
  return { lockedNow: true };
}

/** Ends the lockout and forgets the failures (a password reset or change). */
export function endLockout(key: string) {
  entries.delete(key);
}

function prune(now: number) {
  for (const [key, entry] of entries) {
    if (entry.windowEndsAt <= now && entry.lockedUntil <= now) entries.delete(key);
  }
  // Still nearly full: a flood of made-up identifiers. The oldest of those go, down to 90% so
  // this runs rarely; users' counters are never dropped, so nobody can end a real account's
  // lockout by flooding.
  for (const key of entries.keys()) {
    if (entries.size <= MAX_ENTRIES * 0.9) break;
    if (key.startsWith("identifier:")) entries.delete(key);
  }
}
