/**
 * Billing end to end on the third server (billing on, the local Stripe-compatible server behind
 * it): a Free account meets the gates, upgrades through Stripe Checkout (the test server's page
 * sends it back), waits on "processing" until the webhook lands, and then has the features —
 * with JavaScript on and off. The strict server is self-hosted: everything unlocked. Also takes
 * the screenshots of /subscription in each state (SCREENSHOT_DIR, default /tmp/pw-bill-shots).
 */
import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";
import Stripe from "stripe";
import { freshAddress, newUserDetails } from "../support/accounts";
import {
  BILLING_DB_FILE,
  BILLING_URL,
  STRICT_URL,
  STRIPE_URL,
  STRIPE_WEBHOOK_SECRET,
} from "../support/env";
import { expect, test } from "../support/fixtures";

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/pw-bill-shots";
const signer = new Stripe("sk_test_signer").webhooks;

/** A new host signed in on the given server, in a browser context of its own. */
async function host(browser: Browser, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
  });
  const details = newUserDetails("biller");
  const response = await context.request.post("/api/register", { data: details });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { context, page: await context.newPage(), userId: id };
}

function subscriptionIdOf(userId: string): string {
  const db = new Database(BILLING_DB_FILE, { readonly: true });
  try {
    const row = db
      .prepare(
        "select s.stripe_subscription_id as id from subscriptions s join accounts a on a.id = s.account_id where a.owner_user_id = ?",
      )
      .get(userId) as { id: string } | undefined;
    return row!.id;
  } finally {
    db.close();
  }
}

/** From /subscription through the test server's checkout page and back, until the plan applies. */
async function subscribe(page: Page, button: RegExp) {
  await page.goto("/subscription");
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/checkout/`));
  await page.getByRole("button", { name: /Subscribe|Start trial/ }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_/);
  await expect(page.getByText(/^Processing: we're waiting for Stripe/)).toBeVisible();
  await expect(page.getByText(/^You're on the (Fleet|Concierge) plan/)).toBeVisible({
    timeout: 15_000,
  });
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test(`${mode}: Free is gated (page and 402 API), checkout upgrades to Fleet, the gate opens`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const { context, page } = await host(browser, BILLING_URL, javaScriptEnabled);
    // The user starts on Free: no currentPlanId, planType "free".
    const user = await (await context.request.get("/api/user")).json();
    expect(user).toMatchObject({ currentPlanId: null, planType: "free" });

    const gated = await page.goto("/dashboard/claims/new");
    expect(gated?.status()).toBe(402);
    await expect(page.getByRole("heading", { name: /comes with the Fleet plan/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "See plans and upgrade" })).toBeVisible();
    const api = await context.request.post("/api/claims", { data: {} });
    expect(api.status()).toBe(402);
    expect(await api.json()).toMatchObject({ requiresUpgrade: true, feature: "claims" });
    // The concierge queue is part of the automations.
    expect((await page.goto("/concierge-dashboard"))?.status()).toBe(402);

    // The header's Subscribe goes to /subscription.
    await page.goto("/dashboard");
    await page.getByRole("navigation").getByRole("link", { name: "Subscribe" }).first().click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByText("No subscription")).toBeVisible();

    await subscribe(page, /Upgrade to Fleet/);
    await page.goto("/subscription");
    await expect(page.getByText("Active", { exact: true })).toBeVisible();

    const open = await page.goto("/dashboard/claims/new");
    expect(open?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "New claim" })).toBeVisible();
    expect((await context.request.post("/api/claims", { data: {} })).status()).toBe(400);
    expect((await page.goto("/concierge-dashboard"))?.status()).toBe(200);
    expect(await (await context.request.get("/api/user")).json()).toMatchObject({
      currentPlanId: "fleet",
      planType: "fleet",
    });
    await context.close();
  });
}

test("Free allows three vehicles; the fourth answers 402 until the host upgrades", async ({
  browser,
}) => {
  const { context } = await host(browser, BILLING_URL);
  const add = (n: number) =>
    context.request.post("/api/user/vehicles", {
      data: {
        year: 2021,
        make: "Toyota",
        model: `Car ${n}`,
        bodyType: "sedan",
        priceClass: "mid",
        paintType: "solid",
      },
    });
  for (const n of [1, 2, 3]) expect((await add(n)).status()).toBe(201);
  const fourth = await add(4);
  expect(fourth.status()).toBe(402);
  expect((await fourth.json()).message).toBe(
    "The Free plan includes up to 3 vehicles. Upgrade to add more.",
  );
  await context.close();
});

test("the webhook refuses a bad signature, limits an address's failed deliveries, never correct ones", async ({
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: BILLING_URL });
  const from = (address: string) => ({ "X-Forwarded-For": address });
  const bad = await api.post("/api/stripe/webhook", {
    headers: { "Stripe-Signature": "t=1,v1=deadbeef", "Content-Type": "application/json" },
    data: { id: "evt_forged", type: "invoice.paid" },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: "Invalid webhook signature." });

  // One address posting bad signatures is refused at the door after its allowance.
  const flooder = freshAddress();
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const response = await api.post("/api/stripe/webhook", {
      headers: { "Stripe-Signature": "t=1,v1=00", ...from(flooder) },
      data: {},
    });
    statuses.push(response.status());
    if (response.status() === 429) {
      expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
      expect((await response.json()).message).toMatch(/^Too many failed webhook deliveries/);
    }
  }
  expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
  expect(statuses.slice(30).every((status) => status === 429)).toBe(true);

  // Correct deliveries: never limited, from that address too, and beyond the POST limit (120).
  const delivery = (n: number, address: string) => {
    const payload = JSON.stringify({
      id: `evt_e2e_burst_${n}_${Date.now()}`,
      object: "event",
      type: "customer.created",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `cus_e2e_${n}`, object: "customer" } },
    });
    return api.post("/api/stripe/webhook", {
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": signer.generateTestHeaderString({
          payload,
          secret: STRIPE_WEBHOOK_SECRET,
        }),
        ...from(address),
      },
      data: payload,
    });
  };
  expect((await delivery(0, flooder)).status()).toBe(200);
  const stripeAddress = freshAddress();
  const burst = await Promise.all(
    Array.from({ length: 130 }, (_, n) => delivery(n + 1, stripeAddress)),
  );
  expect(burst.map((response) => response.status()).filter((status) => status !== 200)).toEqual([]);
  await api.dispose();
});

test("self-hosted (no Stripe key): /subscription says so and every feature is unlocked", async ({
  browser,
}) => {
  const { context, page } = await host(browser, STRICT_URL);
  await page.goto("/subscription");
  await expect(page.getByText(/self-hosted: all features/)).toBeVisible();
  const claims = await page.goto("/dashboard/claims/new");
  expect(claims?.status()).toBe(200);
  expect((await context.request.post("/api/claims", { data: {} })).status()).toBe(400);
  expect((await context.request.get("/api/inbound")).status()).toBe(200);
  await context.close();
});

test("screenshots of /subscription in each state, at 390 and 1280 px", async ({ browser }) => {
  test.setTimeout(120_000);
  const shoot = async (page: Page, state: string) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/subscription");
      await page.screenshot({
        path: `${SHOTS}/subscription-${state}-${width}.png`,
        fullPage: true,
      });
    }
  };
  const stripeControl = (path: string) => fetch(`${STRIPE_URL}/__test/${path}`, { method: "POST" });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

  const free = await host(browser, BILLING_URL);
  await shoot(free.page, "free");

  const trial = await host(browser, BILLING_URL);
  await subscribe(trial.page, /Start the 14-day trial/);
  await shoot(trial.page, "trialing");

  const paid = await host(browser, BILLING_URL);
  await subscribe(paid.page, /Upgrade to Fleet/);
  await shoot(paid.page, "active");
  await stripeControl(`fail-payment/${subscriptionIdOf(paid.userId)}`);
  await settle();
  await paid.page.goto("/dashboard");
  await expect(paid.page.getByText("Your last payment didn't go through.")).toBeVisible();
  await shoot(paid.page, "past-due");
  await stripeControl(`cancel-now/${subscriptionIdOf(paid.userId)}`);
  await settle();
  await shoot(paid.page, "canceled");
  // Downgraded: the records stay readable, the claims list says read-only.
  await paid.page.goto("/dashboard/claims");
  await expect(paid.page.getByText(/^Read-only:/)).toBeVisible();

  const selfHosted = await host(browser, STRICT_URL);
  await shoot(selfHosted.page, "self-hosted");
  for (const h of [free, trial, paid, selfHosted]) await h.context.close();
});
