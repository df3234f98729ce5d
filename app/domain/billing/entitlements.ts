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

/**
 * How strongly a status keeps a subscription the account's current one: one in force (active,
 * trialing) beats one past due, which beats one that is unpaid or unfinished, which beats one
 * that ended.
 */
function standing(status: string | null): number {
  if (status === "active" || status === "trialing") return 3;
  if (status === "past_due") return 2;
  if (status === "unpaid" || status === "paused" || status === "incomplete") return 1;
  return 0;
}

/** A subscription as the choice of the account's current one needs it. */
export interface SubscriptionStanding {
  id: string;
  status: string | null;
  /** When Stripe created it; null when not known (mirrors written before it was kept). */
  createdAt: Date | null;
}

/**
 * Whether an event's subscription replaces the account's current one. The same subscription
 * always does (its new state); another one only when it stands higher (a live subscription beats
 * a canceled one, never the reverse) or, standing equal, when it is the newer one. So a late
 * event about an old subscription never takes the place of the one in force, and the outcome
 * doesn't depend on the order events arrive in.
 */
export function replacesCurrent(
  candidate: SubscriptionStanding,
  current: SubscriptionStanding | null,
): boolean {
  if (!current || candidate.id === current.id) return true;
  const difference = standing(candidate.status) - standing(current.status);
  if (difference !== 0) return difference > 0;
  if (!candidate.createdAt || !current.createdAt) return false;
  const newer = candidate.createdAt.getTime() - current.createdAt.getTime();
  // Created in the same second: the id decides, so the choice is the same in every order.
  return newer !== 0 ? newer > 0 : candidate.id > current.id;
}
