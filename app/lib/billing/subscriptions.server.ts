/**
 * An account's subscription: the local mirror (read), what it entitles the account to, and the
 * calls that ask Stripe for a change (checkout, portal, plan change, cancel). The mirror itself
 * changes only from verified webhook events (webhook.server.ts).
 */
import { and, count, eq, gte, isNotNull, lte } from "drizzle-orm";
import {
  ALL_FEATURES,
  entitlementsOf,
  isLiveStatus,
  type Entitlements,
} from "~/domain/billing/entitlements";
import { PLANS, type PaidPlanId } from "~/domain/billing/plans";
import { accounts, subscriptions, trips, users, vehicles } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";
import { billingEnabled, priceIdFor, stripe } from "./stripe.server";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const DAY_MS = 86_400_000;

export function subscriptionOf(accountId: string): SubscriptionRow | undefined {
  return db().select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).get();
}

/** What the account may use now: everything when billing is off (self-hosted). */
export function accountEntitlements(accountId: string, now = new Date()): Entitlements {
  if (!billingEnabled()) return ALL_FEATURES;
  return entitlementsOf(subscriptionOf(accountId) ?? null, now);
}

/**
 * The billing period vehicles are counted in: the subscription's current period when there is
 * one, else the 30 days up to now.
 */
export function billingPeriod(row: SubscriptionRow | undefined, now = new Date()) {
  const end = row?.currentPeriodEnd && row.currentPeriodEnd > now ? row.currentPeriodEnd : now;
  return { start: new Date(end.getTime() - 30 * DAY_MS), end };
}

/** Active vehicles: the account's vehicles with a trip in the period (what a paid plan bills). */
export function activeVehicleCount(accountId: string, period: { start: Date; end: Date }): number {
  const rows = db()
    .selectDistinct({ vehicleId: trips.vehicleId })
    .from(trips)
    .where(
      and(
        eq(trips.accountId, accountId),
        isNotNull(trips.vehicleId),
        lte(trips.startAt, period.end),
        gte(trips.endAt, period.start),
      ),
    )
    .all();
  return rows.length;
}

export function vehicleCount(accountId: string): number {
  return (
    db().select({ n: count() }).from(vehicles).where(eq(vehicles.accountId, accountId)).get()?.n ??
    0
  );
}

/** The account owner's email and name (Stripe's customer, the billing emails' recipient). */
export function accountOwner(accountId: string) {
  return db()
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, accountId))
    .get();
}

/** The account's Stripe customer, created on first use. */
async function customerIdFor(accountId: string): Promise<string> {
  const existing = subscriptionOf(accountId);
  if (existing) return existing.stripeCustomerId;
  const owner = accountOwner(accountId);
  const customer = await stripe().customers.create(
    { email: owner?.email, name: owner?.firstName ?? undefined, metadata: { accountId } },
    // Two clicks on Subscribe make one customer.
    { idempotencyKey: `customer-${accountId}` },
  );
  db()
    .insert(subscriptions)
    .values({ accountId, stripeCustomerId: customer.id, updatedAt: new Date() })
    .onConflictDoNothing()
    .run();
  return subscriptionOf(accountId)!.stripeCustomerId;
}

export class BillingError extends Error {}

function requirePrice(planId: PaidPlanId): string {
  const price = priceIdFor(planId);
  if (!price) {
    throw new BillingError(
      `The ${PLANS[planId].name} plan isn't available yet: its Stripe price isn't configured.`,
    );
  }
  return price;
}

/**
 * A Stripe Checkout session in subscription mode for the plan, billed per active vehicle (at
 * least one), with the plan's trial (and no card needed for it when the plan says so).
 */
export async function startCheckout(accountId: string, planId: PaidPlanId): Promise<string> {
  const row = subscriptionOf(accountId);
  if (row && isLiveStatus(row.status)) {
    throw new BillingError("You already have a subscription. Change its plan on this page.");
  }
  const price = requirePrice(planId);
  const plan = PLANS[planId];
  const quantity = Math.max(1, activeVehicleCount(accountId, billingPeriod(row)));
  const origin = new URL(env().PUBLIC_URL).origin;
  const metadata = { accountId, planId };
  const session = await stripe().checkout.sessions.create({
    mode: "subscription",
    customer: await customerIdFor(accountId),
    client_reference_id: accountId,
    line_items: [{ price, quantity }],
    metadata,
    subscription_data: {
      metadata,
      ...(plan.trialDays
        ? {
            trial_period_days: plan.trialDays,
            trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
          }
        : {}),
    },
    ...(plan.trialDays && plan.trialWithoutCard
      ? { payment_method_collection: "if_required" as const }
      : {}),
    success_url: `${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/subscription`,
  });
  if (!session.url) throw new BillingError("Stripe did not return a checkout page.");
  return session.url;
}

/** Stripe's Customer Portal (invoices, payment methods), coming back to /subscription. */
export async function portalUrl(accountId: string): Promise<string> {
  const row = subscriptionOf(accountId);
  if (!row) throw new BillingError("There is nothing to manage yet: choose a plan first.");
  const session = await stripe().billingPortal.sessions.create({
    customer: row.stripeCustomerId,
    return_url: `${new URL(env().PUBLIC_URL).origin}/subscription`,
  });
  return session.url;
}

function liveSubscriptionId(accountId: string): string {
  const row = subscriptionOf(accountId);
  if (!row?.stripeSubscriptionId || !isLiveStatus(row.status)) {
    throw new BillingError("There is no subscription to change. Choose a plan first.");
  }
  return row.stripeSubscriptionId;
}

/** Moves the subscription to another plan, prorated (the portal is set up the same way). */
export async function changePlan(accountId: string, planId: PaidPlanId): Promise<void> {
  const id = liveSubscriptionId(accountId);
  const price = requirePrice(planId);
  const current = await stripe().subscriptions.retrieve(id);
  const item = current.items.data[0];
  await stripe().subscriptions.update(id, {
    items: [{ id: item?.id, price, quantity: item?.quantity ?? 1 }],
    metadata: { ...current.metadata, planId },
    proration_behavior: "create_prorations",
  });
}

/**
 * Keeps each live subscription's quantity at the account's active vehicles (a vehicle with a trip
 * in the current period, at least 1). The change applies from the next invoice, without
 * proration: a car that drives this month is billed in the next one. The mirror follows from the
 * `customer.subscription.updated` webhook. Returns how many subscriptions were changed.
 */
export async function syncVehicleQuantities(now = new Date()): Promise<number> {
  if (!billingEnabled()) return 0;
  let changed = 0;
  for (const row of db().select().from(subscriptions).all()) {
    if (!row.stripeSubscriptionId || !isLiveStatus(row.status)) continue;
    const quantity = Math.max(1, activeVehicleCount(row.accountId, billingPeriod(row, now)));
    if (quantity === row.quantity) continue;
    const current = await stripe().subscriptions.retrieve(row.stripeSubscriptionId);
    const item = current.items.data[0];
    if (!item || item.quantity === quantity) continue;
    await stripe().subscriptions.update(row.stripeSubscriptionId, {
      items: [{ id: item.id, quantity }],
      proration_behavior: "none",
    });
    changed += 1;
  }
  return changed;
}

/** Cancels at the end of the paid period (or of the trial); `resume` undoes it before then. */
export async function setCancelAtPeriodEnd(accountId: string, cancel: boolean): Promise<void> {
  await stripe().subscriptions.update(liveSubscriptionId(accountId), {
    cancel_at_period_end: cancel,
  });
}
