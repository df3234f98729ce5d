import { and, eq, isNull, ne } from "drizzle-orm";
import { accounts, invitations, memberships, sessions, users } from "~/db/schema";
import type { AvailableAccount } from "./account-labels";
import { db } from "~/lib/runtime/db.server";
import { queueEmail } from "~/lib/email/outbox.server";
import { env } from "~/lib/runtime/env.server";
import { checkRecipientLimit, tooManyEmailsMessage } from "~/lib/http/rate-limit.server";
import { hashToken, isTokenShaped, newToken } from "./tokens.server";

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export function availableAccounts(userId: string): AvailableAccount[] {
  return db()
    .select({
      accountId: memberships.accountId,
      role: memberships.role,
      ownerId: accounts.ownerUserId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      conciergeFleetSize: users.conciergeFleetSize,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt)
    .all()
    .map((row) => ({
      accountId: row.accountId,
      role: row.role,
      isOwnAccount: row.ownerId === userId,
      accountOwner: {
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        conciergeFleetSize: row.conciergeFleetSize,
      },
    }))
    .sort((a, b) => Number(b.isOwnAccount) - Number(a.isOwnAccount));
}

export function membershipOf(userId: string, accountId: string) {
  return db()
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)))
    .get();
}

/** The people in an account, owner first. */
export function accountMembers(accountId: string) {
  return db()
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(memberships.createdAt)
    .all();
}

export function pendingInvitations(accountId: string) {
  return db()
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(and(eq(invitations.accountId, accountId), isNull(invitations.acceptedAt)))
    .all()
    .filter((invite) => invite.expiresAt.getTime() > Date.now());
}

/** Invites someone by email, unless that address has had too many emails lately. */
export function inviteMember(
  accountId: string,
  inviter: { id: string; firstName: string | null; lastName: string | null; email: string },
  email: string,
  role: "team_member" | "va",
): { ok: true; token: string } | { ok: false; message: string; retryAfterSeconds: number } {
  const limit = checkRecipientLimit(email);
  if (!limit.allowed) {
    return {
      ok: false,
      message: tooManyEmailsMessage(email.toLowerCase(), limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  const { token, tokenHash } = newToken();
  db()
    .insert(invitations)
    .values({
      accountId,
      email: email.toLowerCase(),
      role,
      tokenHash,
      invitedByUserId: inviter.id,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    })
    .run();
  const who = [inviter.firstName, inviter.lastName].filter(Boolean).join(" ") || inviter.email;
  const link = new URL(`/invite/${token}`, env().PUBLIC_URL).toString();
  queueEmail({
    // The same link twice does no harm.
    duplicate: "harmless",
    to: email,
    subject: `${who} invited you to their FleetAssist account`,
    text: [
      `${who} invited you to work in their FleetAssist account as ${role === "va" ? "a virtual assistant" : "a team member"}.`,
      "",
      "Open the link to sign in or create your login and join. The invitation expires in 7 days.",
      "",
      link,
    ].join("\n"),
  });
  return { ok: true, token };
}

export function findInvitation(token: string) {
  if (!isTokenShaped(token)) return undefined;
  const row = db()
    .select({
      invitation: invitations,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerEmail: users.email,
    })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(invitations.tokenHash, hashToken(token)))
    .get();
  if (!row || row.invitation.acceptedAt || row.invitation.expiresAt.getTime() <= Date.now())
    return undefined;
  return row;
}

/** Whether a signed-in user may accept an invitation: it is bound to the address it was sent to. */
export function invitationIsFor(invitation: { email: string }, user: { email: string }): boolean {
  return invitation.email.toLowerCase() === user.email.toLowerCase();
}

export type AcceptResult =
  { ok: true; accountId: string } | { ok: false; reason: "dead" | "wrong-user" };

/**
 * Joins the invited account (once). Only the person the invitation was sent to may use it: a
 * forwarded or leaked link does not let anybody else into the account.
 */
export function acceptInvitation(token: string, user: { id: string; email: string }): AcceptResult {
  const found = findInvitation(token);
  if (!found) return { ok: false, reason: "dead" };
  const { invitation } = found;
  if (!invitationIsFor(invitation, user)) return { ok: false, reason: "wrong-user" };
  const userId = user.id;
  const accountId = db().transaction((tx) => {
    const claimed = tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .run();
    if (claimed.changes !== 1) return null;
    const existing = tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.accountId, invitation.accountId)))
      .get();
    if (!existing) {
      tx.insert(memberships)
        .values({ accountId: invitation.accountId, userId, role: invitation.role })
        .run();
    }
    return invitation.accountId;
  });
  return accountId ? { ok: true, accountId } : { ok: false, reason: "dead" };
}

export function changeMemberRole(
  accountId: string,
  userId: string,
  role: "team_member" | "va",
): boolean {
  // The owner's own membership is never changed: an owner who made themselves a VA would lose
  // their account for good.
  const result = db()
    .update(memberships)
    .set({ role })
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.userId, userId),
        ne(memberships.role, "primary"),
      ),
    )
    .run();
  return result.changes === 1;
}

/** Removes a member; their sessions working in this account fall back to their own at once. */
export function removeMember(accountId: string, userId: string): boolean {
  return db().transaction((tx) => {
    const membership = tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
      .get();
    if (!membership || membership.role === "primary") return false;
    tx.delete(memberships).where(eq(memberships.id, membership.id)).run();
    tx.update(sessions)
      .set({ currentAccountId: null })
      .where(and(eq(sessions.userId, userId), eq(sessions.currentAccountId, accountId)))
      .run();
    return true;
  });
}

export function revokeInvitation(accountId: string, invitationId: number): boolean {
  const result = db()
    .delete(invitations)
    .where(
      and(
        eq(invitations.accountId, accountId),
        eq(invitations.id, invitationId),
        isNull(invitations.acceptedAt),
      ),
    )
    .run();
  return result.changes === 1;
}

/** Validates an account id from a client: our ids are UUIDs. */
export function isAccountId(value: unknown): value is string {
  return (
    typeof value === "string" &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}
