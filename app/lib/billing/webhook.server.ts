/**
 * Stripe's webhook events, applied to the local mirror of the subscription.
 *
 * - Verified: the signature is checked on the raw body before anything else.
 * - Idempotent: the event id is inserted in the same transaction as its effects (mirror, plan on
 *   the owner, emails); a redelivered event finds its id and changes nothing.
 * - Order-safe: the subscription is re-read from Stripe, so any event applies the current state;
 *   when Stripe no longer has it, the event's own copy applies only if no newer event has.
 */
import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import { isLiveStatus } from "~/domain/billing/entitlements";
import { PLANS } from "~/domain/billing/plans";
import { DEFAULT_TIME_ZONE, formatDay } from "~/domain/dates";
import { accounts, stripeEvents, subscriptions, users } from "../../../db/schema";
import { recordEvent } from "../analytics/server";
import { queueEmail } from "../email/outbox.server";
import { db } from "../runtime/db.server";
import { env } from "../runtime/env.server";
import { logger } from "../runtime/logger.server";
import { isMissing, planOfSubscription, stripe } from "./stripe.server";
import { accountOwner, subscriptionOf, type SubscriptionRow } from "./subscriptions.server";

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

export type WebhookResult = { status: number; message: string };

/** Verifies and applies one delivery. 400 for a bad signature; 503 when Stripe can't be read. */
export async function receiveWebhook(
  rawBody: Uint8Array,
  signature: string | null,
): Promise<WebhookResult> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) return { status: 503, message: "The webhook signing secret is not configured." };
  if (!signature) return { status: 400, message: "Missing Stripe-Signature header." };
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(Buffer.from(rawBody), signature, secret);
  } catch {
    return { status: 400, message: "Invalid webhook signature." };
  }
  return applyEvent(event);
}

function alreadyApplied(eventId: string): boolean {
  return Boolean(
    db()
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, eventId))
      .get(),
  );
}

/** The subscription id an event is about, wherever this kind of event keeps it. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith("customer.subscription.")) return object.id as string;
  if (event.type === "checkout.session.completed") {
    return idOf(object.subscription);
  }
  if (event.type.startsWith("invoice.")) {
    // Since API 2025-03-31.basil the invoice names its subscription under parent.
    const parent = object.parent as
      { subscription_details?: { subscription?: unknown } | null } | null | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
  }
  return null;
}

function idOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "id" in value && typeof value.id === "string")
    return value.id;
  return null;
}

/** The subscription as Stripe has it now; the event's copy when Stripe no longer has it. */
async function currentSubscription(
  event: Stripe.Event,
  subscriptionId: string,
): Promise<{ subscription: Stripe.Subscription; fresh: boolean } | null> {
  try {
    return { subscription: await stripe().subscriptions.retrieve(subscriptionId), fresh: true };
  } catch (error) {
    if (!isMissing(error)) throw error;
    if (event.type.startsWith("customer.subscription.")) {
      return { subscription: event.data.object as Stripe.Subscription, fresh: false };
    }
    return null;
  }
}

/** Which account a subscription belongs to: by its customer, else the metadata we gave it. */
function accountIdFor(customerId: string | null, metadataAccountId: string | undefined) {
  if (customerId) {
    const row = db()
      .select({ accountId: subscriptions.accountId })
      .from(subscriptions)
      .where(eq(subscriptions.stripeCustomerId, customerId))
      .get();
    if (row) return row.accountId;
  }
  if (!metadataAccountId) return null;
  const account = db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, metadataAccountId))
    .get();
  return account?.id ?? null;
}

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

/** The mirror's fields from a subscription (current_period_end sits on its items since basil). */
function mirrorOf(subscription: Stripe.Subscription, previous: SubscriptionRow | undefined) {
  const item = subscription.items?.data?.[0];
  const legacy = subscription as unknown as { current_period_end?: number };
  const periodStart = seconds(item?.current_period_start);
  const status = subscription.status;
  return {
    stripeSubscriptionId: subscription.id,
    planId: planOfSubscription(subscription),
    status,
    quantity: item?.quantity ?? null,
    currentPeriodEnd: seconds(item?.current_period_end ?? legacy.current_period_end),
    trialEnd: seconds(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    // The grace period runs from the start of the period whose invoice went unpaid.
    pastDueSince:
      status === "past_due" || status === "unpaid"
        ? (previous?.pastDueSince ?? periodStart ?? new Date())
        : null,
  };
}

/** Applies an already verified event. Exported for tests that sign their own deliveries. */
export async function applyEvent(event: Stripe.Event): Promise<WebhookResult> {
  if (alreadyApplied(event.id)) return { status: 200, message: "Already processed." };
  const handled = (HANDLED_EVENTS as readonly string[]).includes(event.type);
  const subscriptionId = handled ? subscriptionIdOf(event) : null;
  let current: Awaited<ReturnType<typeof currentSubscription>> = null;
  try {
    current = subscriptionId ? await currentSubscription(event, subscriptionId) : null;
  } catch (error) {
    logger.warn("Stripe webhook: could not read the subscription", {
      event: event.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return { status: 503, message: "Stripe could not be reached; deliver the event again." };
  }
  const eventAt = new Date(event.created * 1000);
  const object = event.data.object as unknown as Record<string, unknown>;
  const subscription = current?.subscription;
  const accountId = subscription
    ? accountIdFor(idOf(subscription.customer), subscription.metadata?.accountId)
    : event.type === "checkout.session.completed"
      ? accountIdFor(idOf(object.customer), object.client_reference_id as string | undefined)
      : null;

  const after: (() => void)[] = [];
  const applied = db().transaction((tx) => {
    const inserted = tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, createdAt: eventAt, processedAt: new Date() })
      .onConflictDoNothing()
      .run();
    if (inserted.changes === 0) return false;
    if (!accountId) return true;
    const previous = subscriptionOf(accountId);
    const stale = !current?.fresh && previous?.lastEventAt && previous.lastEventAt > eventAt;
    if (subscription && !stale) {
      const mirror = mirrorOf(subscription, previous);
      const lastEventAt =
        previous?.lastEventAt && previous.lastEventAt > eventAt ? previous.lastEventAt : eventAt;
      const checkout =
        event.type === "checkout.session.completed"
          ? { checkoutSessionId: object.id as string }
          : {};
      const customerId = idOf(subscription.customer)!;
      tx.insert(subscriptions)
        .values({
          accountId,
          stripeCustomerId: customerId,
          ...mirror,
          ...checkout,
          lastEventAt,
          updatedAt: new Date(),
        })
        .onConflictDoUpdate({
          target: subscriptions.accountId,
          set: { ...mirror, ...checkout, lastEventAt, updatedAt: new Date() },
        })
        .run();
      const owner = accountOwner(accountId);
      if (owner) {
        tx.update(users)
          .set({ currentPlanId: isLiveStatus(mirror.status) ? mirror.planId : null })
          .where(eq(users.id, owner.userId))
          .run();
        if (
          !isLiveStatus(previous?.status ?? null) &&
          isLiveStatus(mirror.status) &&
          mirror.planId
        ) {
          const planId = mirror.planId;
          after.push(() => recordEvent("user_subscribed", { planId }, owner.userId));
        }
        queueBillingEmail(event.type, owner.email, accountId, mirror);
      }
    }
    return true;
  });
  for (const effect of after) effect();
  return applied
    ? { status: 200, message: "Processed." }
    : { status: 200, message: "Already processed." };
}

/**
 * The emails a host gets about billing: a trial ending (only while it is still a trial) and a
 * failed payment (only while it is still unpaid: a late event about a settled invoice says nothing).
 */
function queueBillingEmail(
  type: string,
  to: string,
  accountId: string,
  mirror: ReturnType<typeof mirrorOf>,
) {
  const plan = mirror.planId ? PLANS[mirror.planId].name : "FleetAssist";
  const link = `${new URL(env().PUBLIC_URL).origin}/subscription`;
  const zone =
    db()
      .select({ timeZone: accounts.timeZone })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .get()?.timeZone ?? DEFAULT_TIME_ZONE;
  if (type === "customer.subscription.trial_will_end" && mirror.status === "trialing") {
    const ends = mirror.trialEnd ? ` on ${formatDay(mirror.trialEnd, zone)}` : " soon";
    queueEmail({
      to,
      subject: `Your ${plan} trial ends${ends}`,
      text:
        `Your free trial of the ${plan} plan ends${ends}.\n\n` +
        `To keep claims, the inbox assistant and your VA working, add a payment method on your ` +
        `subscription page:\n${link}\n\nIf you do nothing, the trial ends and your account moves ` +
        `to the Free plan. Nothing you created is deleted.`,
    });
  }
  if (
    type === "invoice.payment_failed" &&
    (mirror.status === "past_due" || mirror.status === "unpaid")
  ) {
    queueEmail({
      to,
      subject: `Your ${plan} payment didn't go through`,
      text:
        `We couldn't charge your card for the ${plan} plan. Stripe will try again over the next ` +
        `few days.\n\nUpdate your payment method on your subscription page:\n${link}\n\n` +
        `Your features keep working for a few days; after that the account is read-only until ` +
        `the payment goes through. Nothing you created is deleted.`,
    });
  }
}
