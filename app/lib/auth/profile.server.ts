import { and, eq, ne } from "drizzle-orm";
import { users } from "../../../db/schema";
import { db } from "../db.server";
import { hashPassword, passwordProblem, verifyPassword } from "./password.server";
import { sendVerificationEmail } from "./service.server";
import { destroyUserSessions } from "./session.server";
import { findUserById } from "./users.server";

export type ProfileResult =
  { ok: true; message: string } | { ok: false; field?: string; message: string };

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
  if (emailChanges) {
    // The address changes only once the new one is verified.
    sendVerificationEmail({ id: user.id, email, firstName: input.firstName });
    return {
      ok: true,
      message: `Profile saved. We sent a link to ${email}; your email changes when you open it.`,
    };
  }
  return { ok: true, message: "Profile saved." };
}

/** Changes the password and ends the user's other sessions. */
export async function changePassword(
  userId: string,
  currentSessionHash: string,
  current: string,
  next: string,
): Promise<ProfileResult> {
  const user = findUserById(userId);
  if (!user) return { ok: false, message: "Account not found." };
  if (!(await verifyPassword(current, user.passwordHash))) {
    return { ok: false, field: "currentPassword", message: "Your current password is not right." };
  }
  const problem = passwordProblem(next, [
    user.username,
    user.email,
    user.firstName ?? "",
    user.lastName ?? "",
  ]);
  if (problem) return { ok: false, field: "newPassword", message: problem };
  db()
    .update(users)
    .set({ passwordHash: await hashPassword(next) })
    .where(eq(users.id, userId))
    .run();
  destroyUserSessions(userId, currentSessionHash);
  return { ok: true, message: "Password changed. Your other sessions were signed out." };
}

/**
 * Deletes the user and, through the foreign keys, their account, memberships, sessions, tokens
 * and invitations: nothing personal stays behind and nothing is orphaned.
 */
export function deleteUser(userId: string) {
  db().delete(users).where(eq(users.id, userId)).run();
}
