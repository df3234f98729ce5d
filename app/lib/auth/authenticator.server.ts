import type { users } from "~/db/schema";
import { lockedForSeconds, lockoutKey, recordFailure } from "./lockout.server";
import { findUserByIdentifier, passwordMatches } from "./users.server";

export const LOGIN_FAILED = "Invalid username/email or password.";

export const ACCOUNT_LOCKED =
  "Too many failed sign-in attempts. For your security this account is locked for an hour. Reset your password from the email we sent you to get back in now.";

/** What a person typed to sign in, already checked for shape (loginSchema). */
export interface Credentials {
  identifier: string;
  password: string;
}

export type AuthenticatedUser = typeof users.$inferSelect;

export type LoginCheck =
  | { ok: true; user: AuthenticatedUser }
  | { ok: false; reason: "wrong-credentials" }
  /** `startedBy` is the user whose lockout this very attempt started (email them). */
  | { ok: false; reason: "locked"; retryAfterSeconds: number; startedBy?: AuthenticatedUser };

/**
 * The one credential check behind every way of signing in (the /auth form and POST /api/login).
 * Failures count per user (see lockout.server.ts); while the account is locked the password is
 * not even looked at. A credential mismatch is an answer, never an exception: anything this
 * throws (the database failing, a busy hasher) is the caller's 503.
 */
export async function verifyLogin(credentials: Credentials): Promise<LoginCheck> {
  const user = findUserByIdentifier(credentials.identifier);
  const key = lockoutKey(user?.id, credentials.identifier);
  const locked = lockedForSeconds(key);
  if (locked > 0) return { ok: false, reason: "locked", retryAfterSeconds: locked };
  const matches = await passwordMatches(user, credentials.password);
  if (user && matches) return { ok: true, user };
  if (!recordFailure(key).lockedNow) return { ok: false, reason: "wrong-credentials" };
  return { ok: false, reason: "locked", retryAfterSeconds: lockedForSeconds(key), startedBy: user };
}
