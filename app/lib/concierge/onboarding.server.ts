/**
 * Concierge onboarding after /join-concierge: confirm the fleet size and marketplace profile given
 * at registration, write the knowledge base, forward the guest emails to the inbound address.
 * Each step is done when the account's own data says so; nothing else is stored.
 */
import { and, count, eq } from "drizzle-orm";
import { activityLog, inboundEmails, knowledgeEntries, users } from "../../../db/schema";
import { db } from "../runtime/db.server";
import { logActivity } from "./activity.server";

const PROFILE_CONFIRMED = "onboarding.profile-confirmed";

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
  const has = (rows: { n: number } | undefined) => (rows?.n ?? 0) > 0;
  const steps = {
    profile: has(
      db()
        .select({ n: count() })
        .from(activityLog)
        .where(and(eq(activityLog.accountId, accountId), eq(activityLog.action, PROFILE_CONFIRMED)))
        .get(),
    ),
    knowledge: has(
      db()
        .select({ n: count() })
        .from(knowledgeEntries)
        .where(eq(knowledgeEntries.accountId, accountId))
        .get(),
    ),
    inbound: has(
      db()
        .select({ n: count() })
        .from(inboundEmails)
        .where(eq(inboundEmails.accountId, accountId))
        .get(),
    ),
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
