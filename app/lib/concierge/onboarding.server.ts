/**
 * Concierge onboarding after /join-concierge: confirm the fleet size and marketplace profile given
 * at registration, write the knowledge base, forward the guest emails to the inbound address.
 * Each step is done when the account's own data says so; nothing else is stored.
 */
import { and, count, eq, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { activityLog, inboundEmails, knowledgeEntries, users } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";
import { logActivity } from "~/lib/accounts/activity.server";

const PROFILE_CONFIRMED = "onboarding.profile-confirmed";

function anyRow(table: SQLiteTable, where: SQL | undefined) {
  return (db().select({ n: count() }).from(table).where(where).get()?.n ?? 0) > 0;
}

export function onboardingFor(userId: string, accountId: string) {
  const user = db()
    .select({
      isConcierge: users.isConcierge,
      conciergeFleetSize: users.conciergeFleetSize,
      marketplaceProfile: users.marketplaceProfile,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user?.isConcierge) return null;
  const steps = {
    profile: anyRow(
      activityLog,
      and(eq(activityLog.accountId, accountId), eq(activityLog.action, PROFILE_CONFIRMED)),
    ),
    knowledge: anyRow(knowledgeEntries, eq(knowledgeEntries.accountId, accountId)),
    inbound: anyRow(inboundEmails, eq(inboundEmails.accountId, accountId)),
  };
  return {
    fleetSize: user.conciergeFleetSize,
    marketplaceProfile: user.marketplaceProfile,
    steps,
    complete: steps.profile && steps.knowledge && steps.inbound,
  };
}

/** Saves the fleet size and profile (step one) and marks the step done. */
export function confirmOnboardingProfile(
  userId: string,
  accountId: string,
  profile: { conciergeFleetSize: number; marketplaceProfile: string },
) {
  db().transaction(() => {
    db()
      .update(users)
      .set({
        conciergeFleetSize: profile.conciergeFleetSize,
        marketplaceProfile: profile.marketplaceProfile,
      })
      .where(eq(users.id, userId))
      .run();
    logActivity(
      { accountId, userId, role: "primary" },
      { action: PROFILE_CONFIRMED, detail: `${profile.conciergeFleetSize} vehicles` },
    );
  });
}
