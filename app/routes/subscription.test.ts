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

/** A post each page refuses, with the status and the message the page then shows. */
const REFUSALS: [string, () => RoutePage<unknown>, Record<string, string>, number, string][] = [
  [
    "/subscription: an unknown action",
    () => subscription,
    { intent: "upgrade-for-free" },
    400,
    "Choose what to change.",
  ],
  [
    "/subscription: a plan that doesn't exist",
    () => subscription,
    { intent: "change", plan: "platinum" },
    400,
    "Choose the Fleet or Concierge plan.",
  ],
  [
    "/subscription: a change with no subscription yet",
    () => subscription,
    { intent: "cancel" },
    400,
    "There is no subscription to change. Choose a plan first.",
  ],
  [
    "/subscription: a team member, not the owner",
    () => memberSubscription,
    { intent: "resume" },
    403,
    "Only the account owner can change the subscription.",
  ],
  [
    "/checkout: a plan that doesn't exist",
    () => checkout,
    { plan: "free-forever" },
    400,
    "Choose the Fleet or Concierge plan.",
  ],
  [
    "/checkout: a team member, not the owner",
    () => memberCheckout,
    { plan: "fleet" },
    403,
    "Only the account owner can choose the plan.",
  ],
];

describe("the billing forms", () => {
  it.each(REFUSALS)(
    "refuse %s, and say why on the page",
    async (_, page, form, status, message) => {
      const reply = await page().post(form);
      expect(reply.status).toBe(status);
      expect(await page().render(reply.data)).toContain(message);
    },
  );

  it("send the owner to Stripe Checkout for the plan chosen", async () => {
    const reply = await checkout.post({ plan: "fleet" });
    expect(reply.status).toBe(302);
    expect(reply.location).toMatch(new RegExp(`^${stripeServer.url}/checkout/`));
  });
});
