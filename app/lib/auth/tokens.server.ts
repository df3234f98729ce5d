import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { authTokens } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";

export const VERIFY_EMAIL_TTL_MS = 24 * 3600 * 1000;
export const RESET_PASSWORD_TTL_MS = 3600 * 1000;

type Purpose = "verify_email" | "reset_password";

/** Our tokens are 43 base64url characters; anything far off is not worth a lookup. */
export function isTokenShaped(token: unknown): token is string {
  return typeof token === "string" && token.length >= 20 && token.length <= 100;
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A 256-bit random token; only its SHA-256 is stored. */
export function newToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/**
 * A new single-use token. A new reset link ends the user's older ones, so only the newest reset
 * email in an inbox works.
 */
export function issueToken(userId: string, purpose: Purpose, email: string): string {
  const { token, tokenHash } = newToken();
  const ttl = purpose === "verify_email" ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
  db().transaction(() => {
    if (purpose === "reset_password") revokeTokens(userId, purpose);
    db()
      .insert(authTokens)
      .values({ tokenHash, userId, purpose, email, expiresAt: new Date(Date.now() + ttl) })
      .run();
  });
  return token;
}

/** Ends every outstanding token of the user for this purpose (they count as used from now). */
export function revokeTokens(userId: string, purpose: Purpose) {
  db()
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
      ),
    )
    .run();
}

/**
 * Marks the token used and returns its user and email; null when unknown, used or expired.
 * The update is conditional, so two concurrent uses cannot both succeed.
 */
export function consumeToken(
  token: string,
  purpose: Purpose,
): { userId: string; email: string } | null {
  if (!isTokenShaped(token)) return null;
  const tokenHash = hashToken(token);
  const row = db()
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .get();
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  const claimed = db()
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.usedAt)))
    .run();
  return claimed.changes === 1 ? { userId: row.userId, email: row.email } : null;
}

/** The user a token would be accepted for, without using it (to show the new-password form). */
export function peekToken(token: string, purpose: Purpose): string | null {
  if (!isTokenShaped(token)) return null;
  const row = db()
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .get();
  return row && !row.usedAt && row.expiresAt.getTime() > Date.now() ? row.userId : null;
}
