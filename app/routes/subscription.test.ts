/**
 * The billing forms (/subscription and /checkout) at route level, without a browser: their
 * actions against the local Stripe-compatible server, what they refuse and how their pages show
 * a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAppModules, setUpTempDataDir, type AppModules } from "~/tests/support/app-modules";
import { routePage, signedInCookie, type RoutePage } from "~/tests/support/route-stub";
import { insertOwner } from "~/tests/support/rows";
import { startStripeServer } from "~/tests/support/stripe-server.js";

setUpTempDataDir("route-billing");

let stripeServer: { url: string; close(): Promise<void> };
let subscription: RoutePage<unknown>;
let checkout: RoutePage<unknown>;
let memberSubscription: RoutePage<unknown>;
let memberCheckout: RoutePage<unknown>;

/** A user who belongs to `accountId` as a team member, not its owner. */
function insertMember(m: AppModules, accountId: string) {
  const member = insertOwner(m.db, m.schema, "route-billing-member");
  m.db
    .db()
    .insert(m.schema.memberships)
    .values({ accountId, userId: member.userId, role: "team_member" })
    .run();
  return member.userId;
}

beforeAll(async () => {
  stripeServer = await startStripeServer({ port: 0 });
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_route",
    STRIPE_WEBHOOK_SECRET: "whsec_route",
    STRIPE_PRICE_FLEET: "price_fleet",
    STRIPE_PRICE_CONCIERGE: "price_concierge",
    STRIPE_API_URL: stripeServer.url,
  });
  const m = await loadAppModules();
  const subscriptionRoute = await import("./subscription");
  const checkoutRoute = await import("./checkout");
  const owner = insertOwner(m.db, m.schema, "route-billing-owner");
  const ownerCookie = await signedInCookie(owner.userId, owner.accountId);
  const memberCookie = await signedInCookie(insertMember(m, owner.accountId), owner.accountId);
  const pages = (cookie: string) => ({
    subscription: routePage(subscriptionRoute, {
      path: "/subscription",
      url: "/subscription",
      params: {},
      cookie,
    }),
    checkout: routePage(checkoutRoute, {
      path: "/checkout",
      url: "/checkout?plan=fleet",
      params: {},
      cookie,
    }),
  });
  ({ subscription, checkout } = pages(ownerCookie));
  ({ subscription: memberSubscription, checkout: memberCheckout } = pages(memberCookie));
});

afterAll(async () => {
  await stripeServer.close();
});

describe("/subscription's forms", () => {
  it("refuses an unknown action and says so on the page", async () => {
    const reply = await subscription.post({ intent: "upgrade-for-free" });
    expect(reply.status).toBe(400);
    expect(await subscription.render(reply.data)).toContain("Choose what to change.");
  });

  it("refuses a plan change to a plan that doesn't exist", async () => {
    const reply = await subscription.post({ intent: "change", plan: "platinum" });
    expect(reply.status).toBe(400);
    expect(await subscription.render(reply.data)).toContain("Choose the Fleet or Concierge plan.");
  });

  it("answers a change there is nothing to change for (no subscription yet) with a 400", async () => {
    const reply = await subscription.post({ intent: "cancel" });
    expect(reply.status).toBe(400);
    expect(await subscription.render(reply.data)).toContain(
      "There is no subscription to change. Choose a plan first.",
    );
  });

  it("lets only the account owner change the subscription", async () => {
    const reply = await memberSubscription.post({ intent: "resume" });
    expect(reply.status).toBe(403);
    expect(await memberSubscription.render(reply.data)).toContain(
      "Only the account owner can change the subscription.",
    );
  });
});

describe("/checkout's form", () => {
  it("sends the owner to Stripe Checkout for the plan chosen", async () => {
    const reply = await checkout.post({ plan: "fleet" });
    expect(reply.status).toBe(302);
    expect(reply.location).toMatch(new RegExp(`^${stripeServer.url}/checkout/`));
  });

  it("refuses a plan that doesn't exist, on the page", async () => {
    const reply = await checkout.post({ plan: "free-forever" });
    expect(reply.status).toBe(400);
    expect(await checkout.render(reply.data)).toContain("Choose the Fleet or Concierge plan.");
  });

  it("lets only the account owner choose the plan", async () => {
    const reply = await memberCheckout.post({ plan: "fleet" });
    expect(reply.status).toBe(403);
    expect(await memberCheckout.render(reply.data)).toContain(
      "Only the account owner can choose the plan.",
    );
  });
});
