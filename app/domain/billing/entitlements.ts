/**
 * What an account may use, from its plan and the state of its subscription: one rule for the
 * JSON gates, the pages and the header banner. Framework-free (no I/O).
 */
import {
  FEATURES,
  isPaidPlanId,
  PAST_DUE_GRACE_DAYS,
  PLANS,
  type Feature,
  type PaidPlanId,
  type PlanId,
} from "./plans";

/** Stripe's subscription statuses (and ours: null, no subscription yet). */
export const SUBSCRIPTION_STATUSES = [
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "incomplete_expired",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The local mirror of an account's subscription, as far as entitlements need it. */
export interface SubscriptionState {
  planId: string | null;
  status: string | null;
  pastDueSince: Date | null;
}

export type Entitlements =
  | { billing: "off"; planId: null; features: readonly Feature[]; vehicleLimit: null }
  | {
      billing: "on";
      /** The plan whose features apply now (free when nothing paid is in force). */
      planId: PlanId;
      /** The plan subscribed to, even when it no longer applies (canceled, grace over). */
      subscribedPlanId: PaidPlanId | null;
      features: readonly Feature[];
      vehicleLimit: number | null;
      /** Past due: the features stay until this moment, then the account is on Free. */
      graceEndsAt: Date | null;
    };

const DAY_MS = 86_400_000;

/** Statuses whose plan is in force (past_due only within the grace period). */
const LIVE_STATUSES: readonly string[] = ["trialing", "active", "past_due"];

/** Whether the status still counts as subscribed (so a new checkout would be a second one). */
export function isLiveStatus(status: string | null): boolean {
  return status !== null && LIVE_STATUSES.includes(status);
}

/** Self-hosted (no Stripe key): every feature, no limits. */
export const ALL_FEATURES: Entitlements = {
  billing: "off",
  planId: null,
  features: FEATURES,
  vehicleLimit: null,
};

export function entitlementsOf(subscription: SubscriptionState | null, now: Date): Entitlements {
  const subscribedPlanId = isPaidPlanId(subscription?.planId) ? subscription.planId : null;
  let planId: PlanId = "free";
  let graceEndsAt: Date | null = null;
  if (subscribedPlanId && subscription) {
    if (subscription.status === "trialing" || subscription.status === "active") {
      planId = subscribedPlanId;
    } else if (subscription.status === "past_due") {
      const since = subscription.pastDueSince ?? now;
      graceEndsAt = new Date(since.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
      if (now < graceEndsAt) planId = subscribedPlanId;
    }
  }
  const plan = PLANS[planId];
  return {
    billing: "on",
    planId,
    subscribedPlanId,
    features: plan.features,
    vehicleLimit: plan.vehicleLimit,
    graceEndsAt,
  };
}

export function hasFeature(entitlements: Entitlements, feature: Feature): boolean {
  return entitlements.features.includes(feature);
}

/** Whether one more vehicle fits the plan's limit. */
export function canAddVehicle(entitlements: Entitlements, vehicleCount: number): boolean {
  return entitlements.vehicleLimit === null || vehicleCount < entitlements.vehicleLimit;
}
