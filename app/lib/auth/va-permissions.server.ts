/**
 * The owner's settings for each VA of their account (`va_permissions`): read with `vaMay`,
 * written with `saveVaPermissions`. The inbox checks `vaMay(...).sendReplies` before a VA marks a
 * reply sent; the queue checks the rest before a VA marks an item done.
 */
import { and, eq } from "drizzle-orm";
import { memberships, users, vaPermissions } from "~/db/schema";
import { DEFAULT_VA_PERMISSIONS, type VaPermissions } from "~/domain/concierge/permissions";
import { membershipOf } from "./accounts.server";
import { db } from "~/lib/runtime/db.server";

/** What the VA `userId` may do in `accountId` (the defaults until the owner sets them). */
export function vaMay(accountId: string, userId: string): VaPermissions {
  const row = db()
    .select({
      reimbursementLimitCents: vaPermissions.reimbursementLimitCents,
      sendReplies: vaPermissions.sendReplies,
      tripChanges: vaPermissions.tripChanges,
    })
    .from(vaPermissions)
    .where(and(eq(vaPermissions.accountId, accountId), eq(vaPermissions.userId, userId)))
    .get();
  return row ?? DEFAULT_VA_PERMISSIONS;
}

/** The account's VAs with their permissions, for the owner. */
export function accountVas(accountId: string) {
  return db()
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, "va")))
    .orderBy(users.username)
    .all()
    .map((va) => ({ ...va, permissions: vaMay(accountId, va.userId) }));
}

/** Saves a VA's permissions; false when `userId` is not a VA of the account. */
export function saveVaPermissions(accountId: string, userId: string, permissions: VaPermissions) {
  const isVa = membershipOf(userId, accountId)?.role === "va";
  if (!isVa) return false;
  db()
    .insert(vaPermissions)
    .values({ accountId, userId, ...permissions, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [vaPermissions.accountId, vaPermissions.userId],
      set: { ...permissions, updatedAt: new Date() },
    })
    .run();
  return true;
}
