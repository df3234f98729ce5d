import { and, eq, ne } from "drizzle-orm";
import { users } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";
import { ACCOUNT_LOCKED } from "./authenticator.server";
import { endLockout, lockedForSeconds, recordFailure, userLockoutKey } from "./lockout.server";
import { hashPassword, passwordProblem, verifyPassword } from "./password.server";
import { sendLockoutEmail, sendVerificationEmail } from "./service.server";
import { createSession, destroyUserSessions, type CurrentSession } from "./session.server";
import { revokeTokens } from "./tokens.server";
import { findUserById } from "./users.server";

export type ProfileResult =
  | { ok: true; message: string }
  | { ok: false; field?: string; message: string; status?: number; retryAfterSeconds?: number };

export function updateProfile(
  userId: string,
  input: { firstName: string; lastName: string; username: string; email: string },
): ProfileResult {
  const user = findUserById(userId);
  if (!user) return { ok: false, message: "Account not found." };
  const usernameKey = input.username.toLowerCase();
  const clash = db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.usernameKey, usernameKey), ne(users.id, userId)))
    .get();
  if (clash)
    return {
      ok: false,
      field: "username",
      message: "This username is already taken. Please choose a different username.",
    };
  const email = input.email.toLowerCase();
  const emailChanges = email !== user.email;
  // Every check comes before the first write: a refused change saves nothing.
  if (emailChanges) {
    const taken = db().select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (taken) {
      return {
        ok: false,
        field: "email",
        message:
          "An account with this email already exists. Please use a different email or try logging in.",
      };
    }
  }
  // The address changes only once the new one is verified. The link goes out before the rest is
  // saved: when that address has had too many emails lately, nothing is saved.
  if (emailChanges) {
    const mail = sendVerificationEmail({ id: user.id, email, firstName: input.firstName });
    if (!mail.sent) {
      return {
        ok: false,
        field: "email",
        message: mail.message,
        status: 429,
        retryAfterSeconds: mail.retryAfterSeconds,
      };
    }
  }
  db()
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      username: input.username,
      usernameKey,
    })
    .where(eq(users.id, userId))
    .run();
  return emailChanges
    ? {
        ok: true,
        message: `Profile saved. We sent a link to ${email}; your email changes when you open it.`,
      }
    : { ok: true, message: "Profile saved." };
}

export type PasswordChangeResult =
  { ok: true; message: string; setCookie: string } | { ok: false; field?: string; message: string };

/**
 * Changes the password. Every session of the user ends, this one included, and this browser gets
 * a new session id (the Set-Cookie header returned): a stolen cookie stops working here too.
 * Every outstanding reset link ends, and so does a lockout.
 */
export async function changePassword(
  session: CurrentSession,
  current: string,
  next: string,
  request: Request,
  clientIp: string,
): Promise<PasswordChangeResult> {
  const userId = session.user.id;
  const user = findUserById(userId);
  if (!user) return { ok: false, message: "Account not found." };
  // Guesses at the current password count toward the same lockout as failed sign-ins, so a
  // stolen session can't be used to find the password either.
  const lockout = userLockoutKey(userId);
  if (lockedForSeconds(lockout) > 0) {
    return { ok: false, field: "currentPassword", message: ACCOUNT_LOCKED };
  }
  if (!(await verifyPassword(current, user.passwordHash))) {
    if (recordFailure(lockout).lockedNow) sendLockoutEmail(user);
    return { ok: false, field: "currentPassword", message: "Your current password is not right." };
  }
  const problem = passwordProblem(next, [
    user.username,
    user.email,
    user.firstName ?? "",
    user.lastName ?? "",
  ]);
  if (problem) return { ok: false, field: "newPassword", message: problem };
  const passwordHash = await hashPassword(next);
  db().transaction(() => {
    db().update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    revokeTokens(userId, "reset_password");
    destroyUserSessions(userId);
  });
  endLockout(userLockoutKey(userId));
  const setCookie = await createSession(userId, session.accountId, request, clientIp);
  return { ok: true, message: "Password changed. Your other sessions were signed out.", setCookie };
}

/**
 * Deletes the user and, through the foreign keys, their account, memberships, sessions, tokens
 * and invitations: nothing personal stays behind and nothing is orphaned.
 */
export function deleteUser(userId: string) {
  db().delete(users).where(eq(users.id, userId)).run();
}
