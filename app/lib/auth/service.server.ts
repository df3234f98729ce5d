import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { users } from "../../../db/schema";
import { recordEvent } from "../analytics/server";
import { db } from "../db.server";
import { queueEmail } from "../email/outbox.server";
import { env } from "../env.server";
import { checkRateLimit, hit, RATE_LIMIT_MESSAGE } from "../rate-limit.server";
import { clientIp } from "../request.server";
import {
  authenticator,
  LOGIN_FAILED,
  LoginError,
  type AuthenticatedUser,
} from "./authenticator.server";
import { hashPassword, passwordProblem } from "./password.server";
import { RESET_LINK_INVALID } from "./schemas";
import { createSession, destroySession, destroyUserSessions, ownAccountId } from "./session.server";
import { consumeToken, issueToken, peekToken } from "./tokens.server";
import { findUserByEmail, findUserById } from "./users.server";

export type AuthResult<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** Failed logins per account are capped at 100 an hour, whatever address they come from. */
const ACCOUNT_FAILURES_PER_HOUR = 100;

/** Checks credentials with remix-auth (the request must carry a form body) and rate limits. */
export async function authenticateLogin(
  request: Request,
  context: AppLoadContext,
): Promise<AuthResult<AuthenticatedUser>> {
  if (!checkRateLimit(clientIp(context), "form").allowed) {
    return { ok: false, status: 429, message: RATE_LIMIT_MESSAGE };
  }
  const form = await request.clone().formData();
  const identifier = String(form.get("identifier") ?? "")
    .trim()
    .toLowerCase()
    .slice(0, 254);
  const failureKey = `login-failures:${identifier}`;
  try {
    const user = await authenticator.authenticate("form", request);
    return { ok: true, value: user };
  } catch (error) {
    if (!hit(failureKey, ACCOUNT_FAILURES_PER_HOUR, 3_600_000).allowed) {
      return { ok: false, status: 429, message: RATE_LIMIT_MESSAGE };
    }
    return {
      ok: false,
      status: 401,
      message: error instanceof LoginError ? error.message : LOGIN_FAILED,
    };
  }
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

export function sendVerificationEmail(user: {
  id: string;
  email: string;
  firstName: string | null;
}) {
  const token = issueToken(user.id, "verify_email", user.email);
  const link = new URL(`/verify-email?token=${token}`, env().PUBLIC_URL).toString();
  queueEmail({
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

/** Sends a reset link when the address belongs to a user; the caller answers the same either way. */
export function requestPasswordReset(email: string) {
  const user = findUserByEmail(email);
  if (!user) return;
  const token = issueToken(user.id, "reset_password", user.email);
  const link = new URL(`/reset-password?token=${token}`, env().PUBLIC_URL).toString();
  queueEmail({
    to: user.email,
    subject: "Reset your FleetAssist password",
    text: [
      `Hi ${user.firstName ?? "there"},`,
      "",
      "Someone asked to reset the password of your FleetAssist account. To choose a new one, open the link below. It works once and expires in 1 hour.",
      "",
      link,
      "",
      "If it wasn't you, ignore this email: your password stays as it is.",
    ].join("\n"),
  });
}

export { RESET_LINK_INVALID };

/** Sets the new password and ends every session of the user. */
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
  if (!consumeToken(token, "reset_password"))
    return { ok: false, status: 400, message: RESET_LINK_INVALID };
  db()
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, user.id))
    .run();
  destroyUserSessions(user.id);
  return { ok: true, value: user.id };
}
