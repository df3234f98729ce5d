import type { Page } from "@playwright/test";
import {
  browserContext,
  disposeAll,
  registerViaApi,
  visibleMessages,
  type TestUser,
} from "../support/accounts";
import { BASE_URL } from "../support/env";
import { expect, test, waitForHydration } from "../support/fixtures";
import { addVehicleViaApi, handTaggedReportViaApi } from "../support/estimates";

/**
 * The signed-in layout (app/routes/_app.tsx): a signed-in page that fails, or a missing id in a
 * signed-in URL, replaces the page only; the header, its navigation and the account menu stay.
 */

test.describe.configure({ mode: "serial" });

let host: TestUser;
let stranger: TestUser;
let reportId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [host, stranger] = await Promise.all([registerViaApi("layouthost"), registerViaApi("layoutst")]);
  const vehicleId = await addVehicleViaApi(host, { make: "Toyota", model: "Camry" });
  reportId = await handTaggedReportViaApi(host, vehicleId, [
    { panel: "hood", damageType: "dent", severity: "minor" },
  ]);
});

test.afterAll(async () => {
  await disposeAll(host, stranger);
});

async function expectAppChrome(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.locator('summary[aria-label="My Account"]')).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

const MISSING = [
  ["/analysis/does-not-exist", "We couldn't find that report"],
  ["/dashboard/vehicle/does-not-exist", "We couldn't find that vehicle"],
  ["/diagram-dashboard/does-not-exist", "We couldn't find that vehicle"],
] as const;

for (const javaScriptEnabled of [true, false]) {
  test(`a missing id answers 404 with a not-found page inside the app, JavaScript ${
    javaScriptEnabled ? "on" : "off"
  }`, async ({ browser }) => {
    const context = await browserContext(browser, javaScriptEnabled);
    await context.addCookies((await host.api.storageState()).cookies);
    const page = await context.newPage();
    for (const [path, heading] of MISSING) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
      await expectAppChrome(page);
      await expect(
        page.getByRole("main").getByRole("link", { name: "Back to the dashboard" }),
      ).toHaveAttribute("href", "/dashboard");
    }
    await context.close();
  });
}

test("another account's report id is the same not-found page, for the page and its form", async () => {
  const page = await stranger.api.get(`/analysis/${reportId}`);
  expect(page.status()).toBe(404);
  const html = await page.text();
  expect(html).toContain("We couldn&#x27;t find that report");
  expect(visibleMessages(html)).toContain("We couldn't find that report in this account.");
  expect(html).toContain('aria-label="Main"');
  expect(html).toContain('aria-label="My Account"');

  // The same report's form, posted from the other account: the action throws the 404.
  const post = await stranger.api.post(`/analysis/${reportId}`, {
    form: { intent: "finalize" },
    headers: { Origin: BASE_URL },
  });
  expect(post.status()).toBe(404);
  const posted = await post.text();
  expect(visibleMessages(posted)).toContain("We couldn't find that report in this account.");
  expect(posted).toContain('aria-label="My Account"');
});

test("a request a signed-in page can't take shows the error inside the app, header kept", async () => {
  // /dashboard has no form: a POST to it is refused by the router (405) while rendering the
  // page, so the signed-in layout's error boundary answers.
  const response = await host.api.post("/dashboard", {
    form: { anything: "1" },
    headers: { Origin: BASE_URL },
  });
  expect(response.status()).toBe(405);
  const html = await response.text();
  const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
  expect(main).toContain("405 Method Not Allowed");
  expect(main).toContain("That didn&#x27;t work. Please go back and try again in a moment.");
  // The page shows no router internals (the route ids the router's own message names).
  expect(main).not.toContain("did not provide");
  expect(html).toContain('aria-label="Main"');
  expect(html).toContain('aria-label="My Account"');
  expect(main).toContain("Back to the dashboard");
});

test("signed out, a signed-in page still sends the visitor to sign in and back", async ({
  request,
}) => {
  for (const path of ["/dashboard/vehicle/does-not-exist", "/analysis/x?tab=share", "/account"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe(
      `/auth?${new URLSearchParams({ redirectTo: path })}`,
    );
  }
});

test("every page has one main landmark, the layout's (pages render inside it)", async ({
  browser,
}) => {
  const context = await browserContext(browser, false);
  await context.addCookies((await host.api.storageState()).cookies);
  const page = await context.newPage();
  for (const path of ["/app", `/analysis/${reportId}`, "/dashboard", "/diagram-demo", "/"]) {
    await page.goto(path);
    await expect(page.locator("main"), path).toHaveCount(1);
    await expect(page.locator("#main"), path).toHaveCount(1);
  }
  await context.close();
});
