/**
 * Billing on a real SQLite database with the real `stripe` package talking to the local
 * Stripe-compatible server (tests/support/stripe-server.js): checkout, signed webhook deliveries,
 * duplicates, order, bad signatures, a trial ending, a failed payment and its recovery, and a
 * replay of 50 events in random order that ends where the ordered run did.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAppModules, type AppModules } from "~/tests/support/app-modules";
import { insertOwner, SAMPLE_CAR } from "~/tests/support/rows";
import { startStripeServer } from "~/tests/support/stripe-server.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-billing-"));
const SECRET = "whsec_unit_test";
const signer = new Stripe("sk_test_signer").webhooks;

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: { id: string } & Record<string, unknown> };
}
interface TestStripe {
  url: string;
  events(): StripeEvent[];
  completeCheckout(sessionId: string): string;
  sessions(): { id: string; client_reference_id: string; subscription: string | null }[];
  trialWillEnd(subId: string): StripeEvent;
  failPayment(subId: string): StripeEvent[];
  recoverPayment(subId: string): StripeEvent[];
  cancelNow(subId: string): StripeEvent;
  close(): Promise<void>;
}

let server: TestStripe;
let m: AppModules;
let billing: typeof import("./subscriptions.server");
let webhook: typeof import("./webhook.server");

beforeAll(async () => {
  server = await startStripeServer({ port: 0 });
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: "sk_test_unit",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_FLEET: "price_fleet",
    STRIPE_PRICE_CONCIERGE: "price_concierge",
    STRIPE_API_URL: server.url,
    PUBLIC_URL: "http://localhost:3999",
  });
  m = await loadAppModules();
  billing = await import("./subscriptions.server");
  webhook = await import("./webhook.server");
});

afterAll(async () => {
  m.db.closeDatabase();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One delivery as Stripe makes it: the raw JSON and its signature header. */
function deliver(event: StripeEvent, secret = SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.generateTestHeaderString({ payload, secret });
  return webhook.receiveWebhook(new TextEncoder().encode(payload), header);
}

/** Events created since the given count (the server keeps them all, oldest first). */
function eventsSince(count: number) {
  return server.events().slice(count);
}

/** An owner who went through checkout on the plan; returns the events it produced. */
async function subscribed(name: string, planId: "fleet" | "concierge") {
  const owner = insertOwner(m.db, m.schema, name);
  const before = server.events().length;
  const url = await billing.startCheckout(owner.accountId, planId);
  const sessionId = url.split("/").pop()!;
  server.completeCheckout(sessionId);
  const events = eventsSince(before);
  const subId = server.sessions().find((s) => s.id === sessionId)!.subscription!;
  return { ...owner, sessionId, subId, events };
}

/**
 * An owner who subscribed, canceled (the subscription ran out) and subscribed again, every event
 * delivered in order: the account is on the second subscription.
 */
async function resubscribed(name: string) {
  const first = await subscribed(name, "fleet");
  for (const event of first.events) await deliver(event);
  const canceled = server.cancelNow(first.subId);
  await deliver(canceled);
  const before = server.events().length;
  const url = await billing.startCheckout(first.accountId, "fleet");
  const sessionId = url.split("/").pop()!;
  server.completeCheckout(sessionId);
  const second = eventsSince(before);
  for (const event of second) await deliver(event);
  const subId = server.sessions().find((s) => s.id === sessionId)!.subscription!;
  return { ...first, oldSubId: first.subId, subId, canceled, firstEvents: first.events, second };
}

/** A copy of a real event with a new id and an earlier `created`: a late or replayed delivery. */
function late(event: StripeEvent, id: string, created: number, type = event.type): StripeEvent {
  return { ...structuredClone(event), id, created, type };
}

const row = (accountId: string) => billing.subscriptionOf(accountId)!;
const planOf = (userId: string) =>
  m.db
    .db()
    .select({ plan: m.schema.users.currentPlanId })
    .from(m.schema.users)
    .where(eq(m.schema.users.id, userId))
    .get()?.plan;
const emailsTo = (name: string) =>
  m.db
    .db()
    .select()
    .from(m.schema.emailOutbox)
    .where(eq(m.schema.emailOutbox.to, `${name}@example.com`))
    .all();
const subscribedEvents = () =>
  m.db
    .db()
    .select()
    .from(m.schema.analyticsEvents)
    .where(eq(m.schema.analyticsEvents.name, "user_subscribed"))
    .all().length;

describe("checkout and the webhook", () => {
  it("starts on Free, then a completed checkout's events put the account on the plan", async () => {
    const owner = insertOwner(m.db, m.schema, "freddie");
    expect(billing.accountEntitlements(owner.accountId).planId).toBe("free");
    const before = subscribedEvents();
    const { accountId, userId, sessionId, events } = await subscribed("fiona", "fleet");
    expect(row(accountId).status).toBeNull();
    for (const event of events)
      expect(await deliver(event)).toEqual({ status: 200, message: "Processed." });
    const mirror = row(accountId);
    expect(mirror).toMatchObject({
      planId: "fleet",
      status: "active",
      quantity: 1,
      checkoutSessionId: sessionId,
    });
    expect(mirror.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
    expect(planOf(userId)).toBe("fleet");
    expect(billing.accountEntitlements(accountId).features).toContain("claims");
    expect(subscribedEvents()).toBe(before + 1);
  });

  it("a redelivered event answers 200 and changes nothing", async () => {
    const { accountId, events } = await subscribed("dora", "fleet");
    for (const event of events) await deliver(event);
    const stored = row(accountId);
    const emails = m.db.db().select().from(m.schema.emailOutbox).all().length;
    const analytics = subscribedEvents();
    for (const event of events) {
      expect(await deliver(event)).toEqual({ status: 200, message: "Already processed." });
    }
    expect(row(accountId)).toEqual(stored);
    expect(m.db.db().select().from(m.schema.emailOutbox).all().length).toBe(emails);
    expect(subscribedEvents()).toBe(analytics);
  });

  it("refuses a bad signature, a tampered body and a missing header with 400, recording nothing", async () => {
    const { events } = await subscribed("mallory", "fleet");
    const event = events[0]!;
    expect((await deliver(event, "whsec_wrong")).status).toBe(400);
    const payload = JSON.stringify(event);
    const header = signer.generateTestHeaderString({ payload, secret: SECRET });
    const tampered = payload.replace('"active"', '"canceled"');
    expect((await webhook.receiveWebhook(new TextEncoder().encode(tampered), header)).status).toBe(
      400,
    );
    expect((await webhook.receiveWebhook(new TextEncoder().encode(payload), null)).status).toBe(
      400,
    );
    const stale = signer.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await webhook.receiveWebhook(new TextEncoder().encode(payload), stale)).status).toBe(
      400,
    );
    const recorded = m.db
      .db()
      .select()
      .from(m.schema.stripeEvents)
      .where(eq(m.schema.stripeEvents.id, event.id))
      .get();
    expect(recorded).toBeUndefined();
  });

  it("applies events out of order: the state is Stripe's current one, whichever arrives first", async () => {
    const { accountId, subId, events } = await subscribed("olive", "concierge");
    const [recovered] = server.failPayment(subId).concat(server.recoverPayment(subId)).slice(-1);
    // The newest event first, then the checkout's.
    await deliver(recovered!);
    for (const event of [...events].reverse()) await deliver(event);
    expect(row(accountId)).toMatchObject({
      status: "active",
      planId: "concierge",
      pastDueSince: null,
    });
  });

  it("ignores an older copy when Stripe no longer has the subscription", async () => {
    // A subscription Stripe no longer has: only the events' own copies say what it was.
    const owner = insertOwner(m.db, m.schema, "gus");
    await billing.startCheckout(owner.accountId, "fleet");
    const customer = row(owner.accountId).stripeCustomerId;
    const now = Math.floor(Date.now() / 1000);
    const copy = (id: string, type: string, created: number, status: string): StripeEvent => ({
      id,
      type,
      created,
      data: {
        object: {
          id: "sub_gone_gus",
          object: "subscription",
          customer,
          status,
          created: now - 1000,
          cancel_at_period_end: false,
          trial_end: null,
          metadata: { accountId: owner.accountId, planId: "fleet" },
          items: { object: "list", data: [] },
        },
      },
    });
    await deliver(copy("evt_created_gus", "customer.subscription.created", now - 500, "active"));
    expect(row(owner.accountId)).toMatchObject({ stripeSubscriptionId: "sub_gone_gus" });
    await deliver(copy("evt_newer_gus", "customer.subscription.deleted", now - 100, "canceled"));
    expect(row(owner.accountId).status).toBe("canceled");
    await deliver(copy("evt_older_gus", "customer.subscription.updated", now - 300, "active"));
    expect(row(owner.accountId).status).toBe("canceled");
  });
});

describe("events about an earlier subscription", () => {
  it("a late failed payment of a canceled subscription leaves the new one in force, and emails nothing", async () => {
    const { accountId, userId, subId, oldSubId, canceled, firstEvents } =
      await resubscribed("nadia");
    expect(row(accountId)).toMatchObject({ stripeSubscriptionId: subId, status: "active" });
    const invoice = firstEvents.find((e) => e.type === "invoice.paid")!;
    const failed = late(
      invoice,
      "evt_late_failed_nadia",
      canceled.created - 60,
      "invoice.payment_failed",
    );
    failed.data.object.status = "open";
    expect(failed.data.object).toMatchObject({
      parent: { subscription_details: { subscription: oldSubId } },
    });
    expect(await deliver(failed)).toEqual({ status: 200, message: "Processed." });
    expect(row(accountId)).toMatchObject({
      stripeSubscriptionId: subId,
      status: "active",
      planId: "fleet",
      pastDueSince: null,
    });
    expect(planOf(userId)).toBe("fleet");
    expect(billing.accountEntitlements(accountId).features).toContain("claims");
    expect(emailsTo("nadia").map((e) => e.subject)).not.toContain(
      "Your Fleet payment didn't go through",
    );
  });

  it("no kind of late event about the old subscription replaces the current one", async () => {
    const { accountId, userId, subId, canceled, firstEvents } = await resubscribed("otto");
    const stored = row(accountId);
    const emails = emailsTo("otto").length;
    const trialNotice = late(
      firstEvents.find((e) => e.type === "customer.subscription.created")!,
      "evt_late_trial_otto",
      canceled.created - 10,
      "customer.subscription.trial_will_end",
    );
    const replays = [
      ...firstEvents.map((event, i) => late(event, `evt_late_${i}_otto`, canceled.created - 30)),
      late(canceled, "evt_late_deleted_otto", canceled.created + 5),
      trialNotice,
    ];
    expect(new Set(replays.map((e) => e.type))).toEqual(
      new Set([
        "customer.subscription.created",
        "checkout.session.completed",
        "invoice.paid",
        "customer.subscription.deleted",
        "customer.subscription.trial_will_end",
      ]),
    );
    for (const event of replays) expect((await deliver(event)).status).toBe(200);
    const { updatedAt: _u, ...after } = row(accountId);
    const { updatedAt: _s, ...before } = stored;
    expect(after).toEqual(before);
    expect(after.stripeSubscriptionId).toBe(subId);
    expect(planOf(userId)).toBe("fleet");
    expect(emailsTo("otto")).toHaveLength(emails);
  });

  it("whatever order both subscriptions' events arrive in, the live one is current", async () => {
    const { accountId, userId, subId, canceled, firstEvents, second } = await resubscribed("uma");
    const history = [...firstEvents, canceled, ...second];
    const orders = [[...history].reverse(), [...second, ...firstEvents, canceled]];
    for (const order of orders) {
      m.db
        .db()
        .delete(m.schema.stripeEvents)
        .where(
          inArray(
            m.schema.stripeEvents.id,
            history.map((e) => e.id),
          ),
        )
        .run();
      m.db
        .db()
        .update(m.schema.subscriptions)
        .set({ stripeSubscriptionId: null, status: null, planId: null, lastEventAt: null })
        .where(eq(m.schema.subscriptions.accountId, accountId))
        .run();
      for (const event of order) await deliver(event);
      expect(row(accountId)).toMatchObject({ stripeSubscriptionId: subId, status: "active" });
      expect(planOf(userId)).toBe("fleet");
    }
  });

  it("a new subscription's events replace a canceled one's, and its failed payment emails the owner", async () => {
    const { accountId, subId } = await resubscribed("vera");
    expect(row(accountId)).toMatchObject({ stripeSubscriptionId: subId, status: "active" });
    for (const event of server.failPayment(subId)) await deliver(event);
    expect(row(accountId)).toMatchObject({ stripeSubscriptionId: subId, status: "past_due" });
    expect(emailsTo("vera").map((e) => e.subject)).toEqual([
      "Your Fleet payment didn't go through",
    ]);
  });
});

describe("signed bodies that are not events", () => {
  /** Signs any body as Stripe would, so only the body's shape is wrong. */
  const signed = (payload: string) =>
    webhook.receiveWebhook(
      new TextEncoder().encode(payload),
      signer.generateTestHeaderString({ payload, secret: SECRET }),
    );
  const now = () => Math.floor(Date.now() / 1000);
  const event = (overrides: Record<string, unknown>) =>
    JSON.stringify({
      id: "evt_shape_" + Math.random().toString(36).slice(2),
      object: "event",
      type: "customer.subscription.updated",
      created: now(),
      data: { object: { id: "sub_shape_test", object: "subscription" } },
      ...overrides,
    });

  it("answers 400 with a reason, records nothing", async () => {
    const bodies = [
      "[]",
      "null",
      "42",
      '"evt"',
      "{}",
      "not json",
      event({ data: undefined }),
      event({ data: null }),
      event({ data: {} }),
      event({ data: { object: null } }),
      event({ data: { object: [] } }),
      event({ id: undefined }),
      event({ id: 7 }),
      event({ id: "" }),
      event({ type: undefined }),
      event({ type: ["invoice.paid"] }),
      event({ created: undefined }),
      event({ created: "yesterday" }),
      event({ created: "1700000000" }),
      event({ created: 1.5 }),
      event({ created: -1 }),
      event({ data: { object: { object: "subscription" } } }),
      event({ data: { object: { id: 12 } } }),
      event({ data: { object: { id: "" } } }),
      // Stripe doesn't have it, so its copy would be applied: every field it needs is wrong.
      event({
        data: {
          object: {
            id: "sub_shape_test",
            customer: { nested: true },
            status: 5,
            metadata: { accountId: { x: 1 } },
          },
        },
      }),
      event({ type: "invoice.payment_failed", data: { object: { id: "in_1", parent: [] } } }),
    ];
    const before = m.db.db().select().from(m.schema.stripeEvents).all().length;
    for (const body of bodies) {
      const result = await signed(body);
      expect({ body, status: result.status }).toEqual({ body, status: 400 });
      expect(result.message).toMatch(/\w/);
    }
    expect(m.db.db().select().from(m.schema.stripeEvents).all()).toHaveLength(before);
  });

  it("an event created more than a day ahead of the clock is refused; a little clock skew is not", async () => {
    const ahead = await signed(event({ id: "evt_future_year", created: now() + 365 * 86_400 }));
    expect(ahead.status).toBe(400);
    expect(ahead.message).toMatch(/future/);
    expect(
      (await signed(event({ id: "evt_future_day", created: now() + 86_400 + 120 }))).status,
    ).toBe(400);
    const skewed = await signed(
      event({
        id: "evt_skew",
        type: "customer.created",
        created: now() + 3600,
        data: { object: { id: "cus_x" } },
      }),
    );
    expect(skewed).toEqual({ status: 200, message: "Processed." });
  });
});

describe("trials and failed payments", () => {
  it("emails the owner when a trial is about to end, but not once it has become a paid plan", async () => {
    const { accountId, subId, events } = await subscribed("tara", "concierge");
    for (const event of events) await deliver(event);
    expect(row(accountId)).toMatchObject({ status: "trialing", planId: "concierge" });
    expect(row(accountId).trialEnd).toBeInstanceOf(Date);
    await deliver(server.trialWillEnd(subId));
    const emails = emailsTo("tara");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/^Your Concierge trial ends on /);
    // The notice arrives late, after the trial converted: no email.
    const late = server.trialWillEnd(subId);
    server.recoverPayment(subId);
    await deliver(late);
    expect(emailsTo("tara")).toHaveLength(1);
  });

  it("a failed payment: past due with a banner, the features kept through the grace period, then gated; recovery restores", async () => {
    const { accountId, userId, subId, events } = await subscribed("paul", "fleet");
    for (const event of events) await deliver(event);
    for (const event of server.failPayment(subId)) await deliver(event);
    const mirror = row(accountId);
    expect(mirror.status).toBe("past_due");
    expect(mirror.pastDueSince).toBeInstanceOf(Date);
    expect(emailsTo("paul").map((e) => e.subject)).toEqual([
      "Your Fleet payment didn't go through",
    ]);
    const pages = await import("./subscription-page.server");
    expect(pages.pastDueBanner(accountId)?.graceEndsAt).toBeTruthy();
    expect(billing.accountEntitlements(accountId).features).toContain("claims");
    const afterGrace = new Date(Date.now() + 8 * 86_400_000);
    const lapsed = billing.accountEntitlements(accountId, afterGrace);
    expect(lapsed.planId).toBe("free");
    expect(lapsed.features).not.toContain("claims");
    expect(planOf(userId)).toBe("fleet");
    for (const event of server.recoverPayment(subId)) await deliver(event);
    expect(row(accountId)).toMatchObject({ status: "active", pastDueSince: null });
    expect(billing.accountEntitlements(accountId, afterGrace).features).toContain("claims");
    expect(pages.pastDueBanner(accountId)).toBeNull();
  });

  it("a canceled subscription leaves the account on Free, with currentPlanId cleared", async () => {
    const { accountId, userId, subId, events } = await subscribed("cleo", "fleet");
    for (const event of events) await deliver(event);
    await deliver(server.cancelNow(subId));
    expect(row(accountId).status).toBe("canceled");
    expect(planOf(userId)).toBeNull();
    expect(billing.accountEntitlements(accountId).planId).toBe("free");
  });
});

describe("a replay of 50 events", () => {
  it("in random order, each delivered up to three times, ends in the state of the ordered run", async () => {
    const { accountId, userId, subId, events: checkout } = await subscribed("rita", "concierge");
    const before = server.events().length - checkout.length;
    server.trialWillEnd(subId);
    while (server.events().length - before < 48) {
      server.failPayment(subId);
      server.recoverPayment(subId);
    }
    server.failPayment(subId);
    const history = eventsSince(before).slice(0, 50);
    expect(history).toHaveLength(50);

    const snapshot = () => {
      const { updatedAt: _u, createdAt: _c, lastEventAt: _l, ...rest } = row(accountId);
      return {
        mirror: rest,
        plan: planOf(userId),
        emails: emailsTo("rita")
          .map((e) => e.subject)
          .sort(),
        applied: m.db
          .db()
          .select()
          .from(m.schema.stripeEvents)
          .where(
            inArray(
              m.schema.stripeEvents.id,
              history.map((e) => e.id),
            ),
          )
          .all().length,
      };
    };
    const reset = () => {
      const ids = history.map((e) => e.id);
      m.db.db().delete(m.schema.stripeEvents).where(inArray(m.schema.stripeEvents.id, ids)).run();
      m.db
        .db()
        .delete(m.schema.emailOutbox)
        .where(eq(m.schema.emailOutbox.to, "rita@example.com"))
        .run();
      m.db
        .db()
        .update(m.schema.subscriptions)
        .set({
          stripeSubscriptionId: null,
          planId: null,
          status: null,
          quantity: null,
          currentPeriodEnd: null,
          trialEnd: null,
          pastDueSince: null,
          checkoutSessionId: null,
          lastEventAt: null,
        })
        .where(and(eq(m.schema.subscriptions.accountId, accountId)))
        .run();
    };

    for (const event of history) expect((await deliver(event)).status).toBe(200);
    const ordered = snapshot();
    expect(ordered.mirror.status).toBe("past_due");
    expect(ordered.applied).toBe(50);

    let seed = 14;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const deliveries = history.flatMap((event) =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => event),
    );
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    reset();
    const results = await Promise.all(deliveries.map((event) => deliver(event)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.message === "Processed.")).toHaveLength(50);
    expect(snapshot()).toEqual(ordered);
  });
});

describe("the billed vehicle count", () => {
  it("follows the cars with a trip in the period, from the next invoice, and leaves a settled one alone", async () => {
    const { accountId, events } = await subscribed("quincy", "fleet");
    for (const event of events) await deliver(event);
    expect(row(accountId).quantity).toBe(1);
    const now = Date.now();
    for (const [index, vin] of ["1HGCM82633A004352", "2T1BURHE0KC246810"].entries()) {
      const car = m.vehicles.createVehicle(accountId, {
        ...SAMPLE_CAR,
        vin,
        nickname: `Car ${index}`,
      });
      if (!car.ok) throw new Error("vehicle");
      m.db
        .db()
        .insert(m.schema.trips)
        .values({
          id: crypto.randomUUID(),
          accountId,
          vehicleId: car.vehicle.id,
          reservationId: `Q-${index}`,
          // A trip in the current period (which began at checkout).
          startAt: new Date(now + 86_400_000),
          endAt: new Date(now + 3 * 86_400_000),
          timeZone: "America/Denver",
          status: "booked",
          source: "manual",
          updatedAt: new Date(),
        })
        .run();
    }
    const before = server.events().length;
    expect(await billing.syncVehicleQuantities()).toBe(1);
    const updates = eventsSince(before);
    expect(updates.map((event) => event.type)).toEqual(["customer.subscription.updated"]);
    for (const event of updates) await deliver(event);
    expect(row(accountId).quantity).toBe(2);
    // Already right: no call to Stripe.
    expect(await billing.syncVehicleQuantities()).toBe(0);
    expect(server.events().length).toBe(before + 1);
  });
});
