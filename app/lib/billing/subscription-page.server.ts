/**
 * What /subscription, /checkout and the past-due banner show, and the answers of their forms.
 */
import Stripe from "stripe";
import { z } from "zod";
import { isLiveStatus } from "~/domain/billing/entitlements";
import { isPaidPlanId, PLAN_IDS, PLANS, priceLabel, type PaidPlanId } from "~/domain/billing/plans";
import type { CurrentSession } from "~/lib/auth/session.server";
import { formReply } from "~/lib/http/form.server";
import { intentSchema } from "~/lib/http/intent";
import { logger } from "~/lib/runtime/logger.server";
import { UPGRADE_PATH } from "./gates.server";
import { billingEnabled } from "./stripe.server";
import {
  accountEntitlements,
  activeVehicleCount,
  billingPeriod,
  BillingError,
  subscriptionOf,
  vehicleCount,
} from "./subscriptions.server";

export const STATUS_LABELS: Record<string, string> = {
  trialing: "Free trial",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  unpaid: "Unpaid",
  incomplete: "Waiting for payment",
  incomplete_expired: "Checkout expired",
  paused: "Paused",
};

const planCards = () =>
  PLAN_IDS.map((id) => {
    const plan = PLANS[id];
    return {
      id,
      name: plan.name,
      tagline: plan.tagline,
      price: priceLabel(plan),
      trialDays: plan.trialDays,
      vehicleLimit: plan.vehicleLimit,
      features: plan.features,
    };
  });

export type PlanCard = ReturnType<typeof planCards>[number];

/** Everything /subscription shows, for the account the session is working in. */
export function subscriptionView(session: CurrentSession, now = new Date()) {
  if (!billingEnabled()) return { billing: "off" as const };
  const row = subscriptionOf(session.accountId);
  const entitlements = accountEntitlements(session.accountId, now);
  const status = row?.status ?? null;
  const live = isLiveStatus(status);
  return {
    billing: "on" as const,
    isOwner: session.role === "primary",
    plans: planCards(),
    /** The plan in force now (Free when nothing paid is). */
    planId: entitlements.planId ?? "free",
    /** The plan of the subscription, live or not. */
    subscribedPlanId: isPaidPlanId(row?.planId) ? row.planId : null,
    live,
    status,
    statusLabel: status ? (STATUS_LABELS[status] ?? status) : null,
    trialEnd: status === "trialing" ? (row?.trialEnd?.toISOString() ?? null) : null,
    renewsAt: live ? (row?.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: live && Boolean(row?.cancelAtPeriodEnd),
    graceEndsAt:
      entitlements.billing === "on" && status === "past_due"
        ? (entitlements.graceEndsAt?.toISOString() ?? null)
        : null,
    hasCustomer: Boolean(row),
    activeVehicles: activeVehicleCount(session.accountId, billingPeriod(row, now)),
    vehicles: vehicleCount(session.accountId),
    vehicleLimit: entitlements.vehicleLimit,
  };
}

/** The past-due banner of the signed-in pages: when the features stop, or null. */
export function pastDueBanner(accountId: string, now = new Date()) {
  if (!billingEnabled()) return null;
  const row = subscriptionOf(accountId);
  if (row?.status !== "past_due" && row?.status !== "unpaid") return null;
  const entitlements = accountEntitlements(accountId, now);
  const graceEndsAt = entitlements.billing === "on" ? entitlements.graceEndsAt : null;
  return {
    graceEndsAt: graceEndsAt && graceEndsAt > now ? graceEndsAt.toISOString() : null,
    upgradeUrl: UPGRADE_PATH,
  };
}

/** The success page: done once the webhook of this checkout has landed. */
export function checkoutOutcome(accountId: string, checkoutSessionId: string) {
  const row = subscriptionOf(accountId);
  const done = row?.checkoutSessionId === checkoutSessionId && isLiveStatus(row.status);
  return done && isPaidPlanId(row.planId)
    ? {
        state: "done" as const,
        planName: PLANS[row.planId].name,
        trialEnd: row.status === "trialing" ? (row.trialEnd?.toISOString() ?? null) : null,
      }
    : { state: "processing" as const };
}

export const planFormSchema = z.object({
  plan: z.enum(["fleet", "concierge"], { error: "Choose the Fleet or Concierge plan." }),
});

/** The forms of /subscription: a plan change (with `plan`), cancel, resume, the Customer Portal. */
export const subscriptionIntentSchema = intentSchema(["change", "cancel", "resume", "portal"], {
  message: "Choose what to change.",
});

/**
 * Why a billing form can't be posted here, as the form's reply: billing is off on this
 * installation (404), or the user isn't the account owner (403, `ownerOnly` says what).
 */
export function billingRefusal(session: CurrentSession, ownerOnly: string) {
  if (!billingEnabled()) {
    return formReply(null, { status: 404, formError: "Billing is off on this installation." });
  }
  if (session.role !== "primary") return formReply(null, { status: 403, formError: ownerOnly });
  return null;
}

export function parsePlan(value: unknown): PaidPlanId | null {
  return isPaidPlanId(value) ? value : null;
}

/**
 * A failed billing call as the form's reply: ours (400, what to do), or Stripe's being
 * unreachable or refusing (503: try again), never a 500.
 */
export function billingFailureReply(error: unknown) {
  if (error instanceof BillingError)
    return formReply(null, { status: 400, formError: error.message });
  if (error instanceof Stripe.errors.StripeError) {
    logger.warn("Stripe call failed", { type: error.type, message: error.message });
    return formReply(null, {
      status: 503,
      formError: "Billing is unavailable right now. Nothing was charged; please try again shortly.",
    });
  }
  throw error;
}
