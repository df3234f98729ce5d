import type { Page } from "@playwright/test";
import { expect, query, test, uniqueEmail, waitForHydration } from "../support/fixtures";
import { SCHEDULING_URL } from "../support/env";

/** Chromium network emulation at the quality bar's slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
async function slow4g(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/**
 * Holds the POSTs whose body matches until `release()`, so a test can check the page while
 * they are in flight.
 */
async function holdRequests(page: Page, matches: (body: string) => boolean) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.method() === "POST" && matches(request.postData() ?? "")) {
      count += 1;
      await held;
    }
    await route.continue();
  });
  return { count: () => count, release };
}

test.describe("main flows on slow 4G", () => {
  test.setTimeout(90_000);

  test("the demo funnel completes once, even when the button is pressed repeatedly", async ({
    page,
  }) => {
    await slow4g(page);
    const email = uniqueEmail("slow");
    await page.goto("/");
    await waitForHydration(page);
    const hero = page.getByRole("form", { name: "Book a concierge demo" }).first();
    await hero.getByLabel("Email").fill(email);
    await hero.getByRole("button", { name: "Book a Free Demo" }).click();
    // (The brief "One moment..." state can end before a check sees it; step 2 is what counts.)
    await expect(hero.getByLabel("First Name*")).toBeVisible({ timeout: 30_000 });
    await hero.getByLabel("First Name*").fill("Pat");
    await hero.getByLabel("Last Name*").fill("Ng");
    await hero.getByLabel("Phone*").fill("555 010 1234");
    await hero.getByLabel("Turo Profile Link or Fleet Website*").fill("patngcars.com");
    await hero.getByLabel("Number of Vehicles* (min 5)").fill("8");
    // On a fast machine the redirect can land before a check sees the in-flight state.
    const booking = await holdRequests(page, (body) => body.includes("intent=book"));
    await hero.getByRole("button", { name: "Schedule My Demo" }).click();
    // While the request travels, the button is disabled, so more presses cannot resubmit.
    const redirecting = hero.getByRole("button", { name: "Redirecting..." });
    await expect(redirecting).toBeDisabled();
    // The button turns at once; the post reaches the held route a moment later on a loaded machine.
    await expect.poll(booking.count).toBe(1);
    await redirecting.click({ force: true, timeout: 1000 }).catch(() => {});
    await page.waitForTimeout(500);
    expect(booking.count()).toBe(1);
    booking.release();
    await page.waitForURL((url) => url.href.startsWith(SCHEDULING_URL), { timeout: 60_000 });
    expect(query("select id from demo_leads where email = ?", email)).toHaveLength(1);
  });

  test("registration creates one account and signs in", async ({ page }) => {
    await slow4g(page);
    const username = `slow${Date.now().toString(36)}`;
    await page.goto("/auth?mode=register");
    await waitForHydration(page);
    await page.getByLabel("First name").fill("Pat");
    await page.getByLabel("Last name").fill("Ng");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(`${username}@fleet.test`);
    await page.getByLabel("Password").fill("a sturdy slow passphrase");
    const registration = await holdRequests(page, (body) => body.includes(username));
    await page.getByRole("button", { name: "Create account" }).click();
    const creating = page.getByRole("button", { name: "Creating your account..." });
    await expect(creating).toBeDisabled();
    await expect.poll(registration.count).toBe(1);
    await creating.click({ force: true, timeout: 1000 }).catch(() => {});
    await page.waitForTimeout(500);
    expect(registration.count()).toBe(1);
    registration.release();
    await page.waitForURL(/\/account$/, { timeout: 60_000 });
    await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
    expect(query("select id from users where username_key = ?", username)).toHaveLength(1);
  });
});
