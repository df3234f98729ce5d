import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { users } from "~/db/schema";
import { recordEvent } from "~/lib/analytics/server";
import { db } from "~/lib/runtime/db.server";
import { queueEmail } from "~/lib/email/outbox.server";
import { env } from "~/lib/runtime/env.server";
import { errorFields, logger } from "~/lib/runtime/logger.server";
import {
  checkRateLimit,
  checkRecipientLimit,
  RATE_LIMIT_MESSAGE,
  tooManyEmailsMessage,
} from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";
import {
  ACCOUNT_LOCKED,
  LOGIN_FAILED,
  verifyLogin,
  type AuthenticatedUser,
  type Credentials,
} from "./authenticator.server";
import { endLockout, userLockoutKey } from "./lockout.server";
import { hashPassword, passwordProblem } from "./password.server";
import { RESET_LINK_INVALID } from "./schemas";
import { createSession, destroySession, destroyUserSessions, ownAccountId } from "./session.server";
import { consumeToken, issueToken, peekToken, revokeTokens } from "./tokens.server";
import { findUserByEmail, findUserById } from "./users.server";

export type AuthResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string; retryAfterSeconds?: number };

export const LOGIN_UNAVAILABLE = "Sign-in is unavailable right now. Please try again in a minute.";

/**
 * Signs in with a username or email and a password, for the /auth form and POST /api/login
 * alike: the per-address rate limit, the per-account lockout, the credential check and a new
 * session. Only a credential mismatch is a 401. Anything that throws on the way (the database
 * failing, a busy password hasher) is a 503 saying sign-in is unavailable: a person must never
 * read "wrong password" because our side failed.
 */
export async function logIn(
  credentials: Credentials,
  request: Request,
  context: AppLoadContext,
): Promise<AuthResult<{ user: AuthenticatedUser; setCookie: string }>> {
  const limit = checkRateLimit(clientIp(context), "login");
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      message: RATE_LIMIT_MESSAGE,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  try {
    const check = await verifyLogin(credentials);
    if (check.ok) {
      const setCookie = await signIn(check.user.id, request, context);
      return { ok: true, value: { user: check.user, setCookie } };
    }
    if (check.reason === "wrong-credentials") {
      return { ok: false, status: 401, message: LOGIN_FAILED };
    }
    if (check.startedBy) sendLockoutEmail(check.startedBy);
    return {
      ok: false,
      status: 429,
      message: ACCOUNT_LOCKED,
      retryAfterSeconds: check.retryAfterSeconds,
    };
  } catch (error) {
    return unavailable(error);
  }
}

/** The 503 for a sign-in that failed on our side; a busy layer's own message and wait are kept. */
async function unavailable(error: unknown): Promise<{
  ok: false;
  status: 503;
  message: string;
  retryAfterSeconds?: number;
}> {
  if (error instanceof Response && error.status === 503) {
    logger.warn("Sign-in refused: a layer is busy", { status: error.status });
    const body = (await error
      .clone()
      .json()
      .catch(() => null)) as { message?: unknown } | null;
    const retryAfter = Number(error.headers.get("Retry-After"));
    return {
      ok: false,
      status: 503,
      message: typeof body?.message === "string" ? body.message : LOGIN_UNAVAILABLE,
      retryAfterSeconds: Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    };
  }
  logger.error("Sign-in failed", errorFields(error));
  return { ok: false, status: 503, message: LOGIN_UNAVAILABLE, retryAfterSeconds: 60 };
}

/**
 * A new session in the user's own account; returns the Set-Cookie header. A session the request
 * already carried ends server-side, so signing in always leaves exactly one live id behind.
 */
export async function signIn(
  userId: string,
  request: Request,
  context: AppLoadContext,
): Promise<string> {
  const accountId = ownAccountId(userId);
  if (!accountId) throw new Error(`User ${userId} has no account`);
  await destroySession(request);
  recordEvent("session_started", {}, userId);
  return createSession(userId, accountId, request, clientIp(context));
}

export type EmailOutcome =
  { sent: true } | { sent: false; message: string; retryAfterSeconds: number };

/** Refuses an email the recipient limit does not allow, with what to tell the person asking. */
function recipientAllows(address: string): EmailOutcome {
  const limit = checkRecipientLimit(address);
  return limit.allowed
    ? { sent: true }
    : {
        sent: false,
        message: tooManyEmailsMessage(address, limit.retryAfterSeconds),
        retryAfterSeconds: limit.retryAfterSeconds,
      };
}

/** Sends a verification link, unless the address has had too many emails lately. */
export function sendVerificationEmail(user: {
  id: string;
  email: string;
  firstName: string | null;
}): EmailOutcome {
  const allowed = recipientAllows(user.email);
  if (!allowed.sent) return allowed;
  const token = issueToken(user.id, "verify_email", user.email);
  const link = new URL(`/verify-email?token=${token}`, env().PUBLIC_URL).toString();
  queueEmail({
    // The same link twice does no harm.
    duplicate: "harmless",
    to: user.email,
    subject: "Verify your email for FleetAssist",
    text: [
      `Hi ${user.firstName ?? "there"},`,
      "",
      "Please confirm this is your email address by opening the link below. It works once and expires in 24 hours.",
      "",
      link,
      "",
      "If you didn't create a FleetAssist account, you can ignore this email.",
    ].join("\n"),
  });
  return allowed;
}

/** Marks the address verified; a changed address becomes the user's email at this moment. */
export function verifyEmail(token: string): boolean {
  const claimed = consumeToken(token, "verify_email");
  if (!claimed) return false;
  const user = findUserById(claimed.userId);
  if (!user) return false;
  const clash = claimed.email !== user.email ? findUserByEmail(claimed.email) : undefined;
  if (clash) return false;
  db()
    .update(users)
    .set({ email: claimed.email, emailVerifiedAt: new Date() })
    .where(eq(users.id, user.id))
    .run();
  return true;
}

/** A new reset link for the user (it ends their older ones). */
function resetLink(user: { id: string; email: string }): string {
  const token = issueToken(user.id, "reset_password", user.email);
  return new URL(`/reset-password?token=${token}`, env().PUBLIC_URL).toString();
}

/**
 * Sends a reset link when the address belongs to a user and has not had too many emails lately;
 * the caller answers the same in every case, so nobody learns which addresses have accounts.
 */
export function requestPasswordReset(email: string) {
  const user = findUserByEmail(email);
  if (!user || !checkRecipientLimit(user.email).allowed) return;
  queueEmail({
    // The same link twice does no harm.
    duplicate: "harmless",
    to: user.email,
    subject: "Reset your FleetAssist password",
    text: [
      `Hi ${user.firstName ?? "there"},`,
      "",
      "Someone asked to reset the password of your FleetAssist account. To choose a new one, open the link below. It works once and expires in 1 hour.",
      "",
      resetLink(user),
      "",
      "If it wasn't you, ignore this email: your password stays as it is.",
    ].join("\n"),
  });
}

/**
 * Tells the owner their account was just locked, with a reset link to get back in at once. Sent
 * once per lockout, and not held back by the recipient limit: it is the way back in.
 */
export function sendLockoutEmail(user: { id: string; email: string; firstName: string | null }) {
  queueEmail({
    // The same link twice does no harm.
    duplicate: "harmless",
    to: user.email,
    subject: "Your FleetAssist account is locked for an hour",
    text: [
      `Hi ${user.firstName ?? "there"},`,
      "",
      "There were too many failed attempts to sign in to your FleetAssist account, so we locked it for an hour. Until then nobody can sign in, not even with the right password.",
      "",
      "To get back in now, choose a new password with the link below. It works once and expires in 1 hour.",
      "",
      resetLink(user),
      "",
      "If the failed attempts weren't yours, someone may be guessing your password: choose a new one that you don't use anywhere else.",
    ].join("\n"),
  });
}

export { RESET_LINK_INVALID };

/**
 * Sets the new password, ends every reset link and every session of the user, and ends a
 * lockout: the person proved they read the account's email.
 */
export async function resetPassword(token: string, password: string): Promise<AuthResult<string>> {
  const userId = peekToken(token, "reset_password");
  const user = userId ? findUserById(userId) : undefined;
  if (!user) return { ok: false, status: 400, message: RESET_LINK_INVALID };
  // Check the new password before using up the link, so a weak choice can be corrected.
  const problem = passwordProblem(password, [
    user.username,
    user.email,
    user.firstName ?? "",
    user.lastName ?? "",
  ]);
  if (problem) return { ok: false, status: 400, message: problem };
  const passwordHash = await hashPassword(password);
  const done = db().transaction(() => {
    if (consumeToken(token, "reset_password")?.userId !== user.id) return false;
    db().update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    revokeTokens(user.id, "reset_password");
    destroyUserSessions(user.id);
    return true;
  });
  if (!done) return { ok: false, status: 400, message: RESET_LINK_INVALID };
  endLockout(userLockoutKey(user.id));
  return { ok: true, value: user.id };
}
