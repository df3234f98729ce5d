/**
 * Stripe's webhook events, applied to the local mirror of the subscription.
 *
 * - Verified: the signature is checked on the raw body before anything else.
 * - Idempotent: the event id is inserted in the same transaction as its effects (mirror, plan on
 *   the owner, emails); a redelivered event finds its id and changes nothing.
 * - Order-safe: the subscription is re-read from Stripe, so any event applies the current state;
 *   when Stripe no longer has it, the event's own copy applies only if no newer event has.
 * - One current subscription: an event about another subscription than the account's (an old,
 *   canceled one) changes nothing unless that one stands higher (`replacesCurrent`), and emails
 *   go out only about the current one.
 * - Well-formed: a verified body that isn't an event (no id, no data.object, a `created` that
 *   isn't a time or is more than a day ahead) is refused with 400 and recorded nowhere.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import {
  isLiveStatus,
  replacesCurrent,
  SUBSCRIPTION_STATUSES,
} from "~/domain/billing/entitlements";
import { PLANS } from "~/domain/billing/plans";
import { DEFAULT_TIME_ZONE, formatDay } from "~/domain/dates";
import { accounts, stripeEvents, subscriptions, users } from "~/db/schema";
import { recordEvent } from "~/lib/analytics/server";
import { queueEmail } from "~/lib/email/outbox.server";
import { db } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";
import { logger } from "~/lib/runtime/logger.server";
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

/** Verifies and applies one delivery. 400 for a bad signature or a body that isn't an event. */
export async function receiveWebhook(
  rawBody: Uint8Array,
  signature: string | null,
): Promise<WebhookResult> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) return { status: 503, message: "The webhook signing secret is not configured." };
  if (!signature) return { status: 400, message: "Missing Stripe-Signature header." };
  let parsed: unknown;
  try {
    parsed = stripe().webhooks.constructEvent(Buffer.from(rawBody), signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      return { status: 400, message: "Invalid webhook signature." };
    }
    return { status: 400, message: "The webhook body is not JSON." };
  }
  const problem = malformedEvent(parsed);
  if (problem) return { status: 400, message: problem };
  return applyEvent(parsed as Stripe.Event);
}

/** Stripe's `created` may run a little ahead of ours; a day ahead is no clock skew. */
const MAX_CLOCK_SKEW_MS = 86_400_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Stripe's object ids: a prefix, an underscore and letters or digits. */
const isStripeId = (value: unknown, prefix: string): value is string =>
  typeof value === "string" && value.length <= 255 && new RegExp(`^${prefix}_\\w+$`).test(value);

/**
 * Why a verified body is not an event this endpoint can apply, or null when it is one: an object
 * with an id, a type, a `created` in whole seconds no more than a day ahead, and data.object; a
 * handled event must name its subscription where that kind of event keeps it.
 */
export function malformedEvent(value: unknown, now = Date.now()): string | null {
  if (!isRecord(value)) return "The webhook body is not a Stripe event.";
  if (typeof value.id !== "string" || !value.id || value.id.length > 255)
    return "The event has no id.";
  if (typeof value.type !== "string" || !value.type) return "The event has no type.";
  const created = value.created;
  if (typeof created !== "number" || !Number.isSafeInteger(created) || created <= 0)
    return "The event's created time is not a time in seconds.";
  if (created * 1000 > now + MAX_CLOCK_SKEW_MS)
    return "The event's created time is more than a day in the future.";
  if (!isRecord(value.data) || !isRecord(value.data.object)) return "The event has no data.object.";
  const object = value.data.object;
  if (value.type.startsWith("customer.subscription.") && !isStripeId(object.id, "sub"))
    return "The event's subscription has no id.";
  if (value.type === "checkout.session.completed" && !isStripeId(object.id, "cs"))
    return "The event's checkout session has no id.";
  if (value.type.startsWith("invoice.") && "parent" in object && object.parent !== null) {
    if (!isRecord(object.parent)) return "The event's invoice is malformed.";
  }
  return null;
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
  let id: string | null = null;
  if (event.type.startsWith("customer.subscription.")) id = idOf(object.id);
  else if (event.type === "checkout.session.completed") id = idOf(object.subscription);
  else if (event.type.startsWith("invoice.")) {
    // Since API 2025-03-31.basil the invoice names its subscription under parent.
    const parent = object.parent as
      { subscription_details?: { subscription?: unknown } | null } | null | undefined;
    const details = isRecord(parent?.subscription_details) ? parent.subscription_details : null;
    id = idOf(details?.subscription) ?? idOf(object.subscription);
  }
  // Anything else is not a subscription Stripe could have (and would not be read).
  return isStripeId(id, "sub") ? id : null;
}

function idOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (isRecord(value) && typeof value.id === "string") return value.id;
  return null;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const whole = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/**
 * The event's own copy of a subscription, with only the fields the mirror reads and each of the
 * type it should be; null when it lacks what makes it a subscription (a customer, a status).
 */
function subscriptionCopy(object: Record<string, unknown>): Stripe.Subscription | null {
  const customer = idOf(object.customer);
  const status = text(object.status);
  if (!isStripeId(object.id, "sub") || !isStripeId(customer, "cus")) return null;
  if (!status || !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) return null;
  const metadata = Object.fromEntries(
    Object.entries(isRecord(object.metadata) ? object.metadata : {}).filter(
      ([, value]) => typeof value === "string",
    ),
  );
  const items = isRecord(object.items) && Array.isArray(object.items.data) ? object.items.data : [];
  const item = isRecord(items[0]) ? items[0] : null;
  const price = item && isRecord(item.price) ? text(item.price.id) : undefined;
  return {
    id: object.id,
    object: "subscription",
    customer,
    status,
    created: whole(object.created),
    cancel_at_period_end: object.cancel_at_period_end === true,
    trial_end: whole(object.trial_end) ?? null,
    metadata,
    items: {
      object: "list",
      data: item
        ? [
            {
              price: price ? { id: price } : undefined,
              quantity: whole(item.quantity),
              current_period_start: whole(item.current_period_start),
              current_period_end: whole(item.current_period_end),
            },
          ]
        : [],
    },
  } as unknown as Stripe.Subscription;
}

/**
 * The subscription as Stripe has it now; the event's copy when Stripe no longer has it. Throws
 * `MalformedCopy` when that copy is not a subscription.
 */
async function currentSubscription(
  event: Stripe.Event,
  subscriptionId: string,
): Promise<{ subscription: Stripe.Subscription; fresh: boolean } | null> {
  try {
    return { subscription: await stripe().subscriptions.retrieve(subscriptionId), fresh: true };
  } catch (error) {
    if (!isMissing(error)) throw error;
    if (event.type.startsWith("customer.subscription.")) {
      const copy = subscriptionCopy(event.data.object as unknown as Record<string, unknown>);
      if (!copy) throw new MalformedCopy();
      return { subscription: copy, fresh: false };
    }
    return null;
  }
}

class MalformedCopy extends Error {}

/** Which account a subscription belongs to: by its customer, else the metadata we gave it. */
function accountIdFor(customerId: string | null, metadataAccountId: string | undefined) {
  if (customerId && !isStripeId(customerId, "cus")) customerId = null;
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
  const sameSubscription = previous?.stripeSubscriptionId === subscription.id;
  return {
    stripeSubscriptionId: subscription.id,
    subscriptionCreatedAt: seconds(subscription.created),
    planId: planOfSubscription(subscription),
    status,
    quantity: item?.quantity ?? null,
    currentPeriodEnd: seconds(item?.current_period_end ?? legacy.current_period_end),
    trialEnd: seconds(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    // The grace period runs from the start of the period whose invoice went unpaid.
    pastDueSince:
      status === "past_due" || status === "unpaid"
        ? ((sameSubscription ? previous?.pastDueSince : null) ?? periodStart ?? new Date())
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
    if (error instanceof MalformedCopy) {
      return { status: 400, message: "The event's subscription is malformed." };
    }
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
    ? accountIdFor(idOf(subscription.customer), text(subscription.metadata?.accountId))
    : event.type === "checkout.session.completed"
      ? accountIdFor(idOf(object.customer), text(object.client_reference_id))
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
    const becomesCurrent =
      subscription &&
      replacesCurrent(
        {
          id: subscription.id,
          status: subscription.status,
          createdAt: seconds(subscription.created),
          // A copy of a subscription Stripe no longer has never displaces another one.
          ...(current?.fresh ? {} : { status: null, createdAt: null }),
        },
        previous?.stripeSubscriptionId
          ? {
              id: previous.stripeSubscriptionId,
              status: previous.status,
              createdAt: previous.subscriptionCreatedAt,
            }
          : null,
      );
    if (subscription && becomesCurrent && !stale) {
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
      // A second notice of the same fact does no harm.
      duplicate: "harmless",
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
      // A second notice of the same fact does no harm.
      duplicate: "harmless",
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
