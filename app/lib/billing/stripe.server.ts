/**
 * The Stripe client and the settings billing runs on. Without STRIPE_SECRET_KEY billing is off
 * (self-hosted): nothing here is called and every feature is unlocked.
 */
import Stripe from "stripe";
import { isPaidPlanId, type PaidPlanId } from "~/domain/billing/plans";
import { env } from "~/lib/runtime/env.server";

export function billingEnabled(): boolean {
  return Boolean(env().STRIPE_SECRET_KEY);
}

let client: Stripe | undefined;

/** The Stripe client, pointed at STRIPE_API_URL when set (a Stripe-compatible test server). */
export function stripe(): Stripe {
  if (client) return client;
  const { STRIPE_SECRET_KEY, STRIPE_API_URL } = env();
  if (!STRIPE_SECRET_KEY) throw new Error("Billing is off: STRIPE_SECRET_KEY is not set.");
  const api = STRIPE_API_URL ? new URL(STRIPE_API_URL) : null;
  client = new Stripe(STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return client;
}

/** The Stripe price id of a paid plan, or null when the operator hasn't set it. */
export function priceIdFor(planId: PaidPlanId): string | null {
  const { STRIPE_PRICE_FLEET, STRIPE_PRICE_CONCIERGE } = env();
  return (planId === "fleet" ? STRIPE_PRICE_FLEET : STRIPE_PRICE_CONCIERGE) ?? null;
}

/** Which plan a subscription is on: by its price, else by the plan we wrote in its metadata. */
export function planOfSubscription(subscription: Stripe.Subscription): PaidPlanId | null {
  const priceId = subscription.items?.data?.[0]?.price?.id;
  for (const planId of ["fleet", "concierge"] as const) {
    if (priceId && priceIdFor(planId) === priceId) return planId;
  }
  const fromMetadata = subscription.metadata?.planId;
  return isPaidPlanId(fromMetadata) ? fromMetadata : null;
}

/** Whether the error is Stripe saying the object doesn't exist (deleted or never there). */
export function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404;
}
