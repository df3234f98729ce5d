import { expect, test, waitForHydration } from "../support/fixtures";
import { VIDEO_ID } from "../support/env";

const FREE_TOOLS = [
  ["Claims ROI Calculator", "/claims-roi-calculator"],
  ["Fleet Audit Calculator", "/fleet-audit-calculator"],
  ["Guest Message Templates", "/guest-message-templates"],
  ["Check Guest's Protection Plan", "/turo-protection-plan"],
  ["File with Guest's Insurance", "/file-guest-insurance"],
] as const;

test("header: the concierge landing hides Subscribe and Try It Free", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Subscribe" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Try It Free" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("link", { name: "FleetAssist home" })).toHaveAttribute("href", "/");
});

test("header: signed-out visitors see Try It Free (outline, to /app) and Sign In elsewhere", async ({
  page,
}) => {
  await page.goto("/damage-estimates");
  const tryFree = page.getByRole("banner").getByRole("link", { name: "Try It Free" });
  await expect(tryFree).toHaveAttribute("href", "/app");
  await expect(tryFree).toHaveClass(/btn-outline/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Subscribe" }),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }),
  ).toHaveCount(0);
});

test("footer: tagline, columns, five free tools and the current year", async ({ page }) => {
  await page.goto("/terms");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(
    "Automating the inbox and damage claims for rental fleets with advanced AI technology.",
  );
  for (const heading of ["Quick Links", "Legal", "Free Tools"]) {
    await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
  }
  for (const [name, href] of [
    ["Home", "/"],
    ["Damage Estimates", "/damage-estimates"],
    ["Dashboard", "/dashboard"],
    ["Terms of Service", "/terms"],
    ["Privacy Policy", "/privacy"],
    ...FREE_TOOLS,
  ]) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
});

for (const javaScriptEnabled of [true, false]) {
  test(`mobile menu opens with JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto("/damage-estimates");
    if (javaScriptEnabled) await waitForHydration(page);
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page
      .getByText("Menu", { exact: true })
      .or(page.locator("summary[aria-label=Menu]"))
      .first()
      .click();
    await expect(mobileNav).toBeVisible();
    for (const name of ["Home", "Subscribe", "Try It Free", "Sign In"]) {
      await expect(mobileNav.getByRole("link", { name })).toBeVisible();
    }
    if (javaScriptEnabled) {
      await mobileNav.getByRole("link", { name: "Home" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(mobileNav).toBeHidden();
    }
    await context.close();
  });
}

test("?verified=true shows the Email Verified toast (JavaScript on)", async ({ page }) => {
  await page.goto("/damage-estimates?verified=true");
  const toast = page.getByRole("status").filter({ hasText: "Email Verified" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Your email has been successfully verified. Thank you!");
  // Only one toast at a time, in a viewport at most 420px wide.
  const viewport = page.locator("ol", { hasText: "Email Verified" });
  await expect(viewport.locator("li")).toHaveCount(1);
  const width = await viewport.evaluate((el) => getComputedStyle(el).maxWidth);
  expect(width).toBe("420px");
});

test("?verified=true shows the Email Verified message with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/damage-estimates?verified=true");
  const status = page.getByRole("status").filter({ hasText: "Email Verified" });
  await expect(status).toContainText("Your email has been successfully verified. Thank you!");
  await context.close();
});

test("no toast without ?verified=true", async ({ page }) => {
  await page.goto("/damage-estimates");
  await waitForHydration(page);
  await expect(page.getByText("Email Verified")).toHaveCount(0);
});

test("Create your Free AI Estimate goes to /auth for visitors", async ({ page }) => {
  await page.goto("/damage-estimates");
  const ctas = page.getByRole("link", { name: "Create your Free AI Estimate" });
  await expect(ctas).toHaveCount(2);
  for (const cta of await ctas.all()) await expect(cta).toHaveAttribute("href", "/auth");
});

for (const javaScriptEnabled of [true, false]) {
  test(`automation tabs work with JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/");
    if (javaScriptEnabled) await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: "Automation categories" });
    await expect(tabs.getByRole("link", { name: "Booking" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      page.getByRole("heading", { name: "Turn more requests into trips" }),
    ).toBeVisible();
    await tabs.getByRole("link", { name: "Damage" }).click();
    await expect(
      page.getByRole("heading", { name: "Recover the money damage costs you" }),
    ).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Damage" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.goto("/?tab=monitoring");
    await expect(
      page.getByRole("heading", { name: "Know what's happening across the fleet" }),
    ).toBeVisible();
    await page.goto("/?tab=<script>");
    await expect(
      page.getByRole("heading", { name: "Turn more requests into trips" }),
    ).toBeVisible();
    await context.close();
  });
}

test("the promo video loads only when clicked", async ({ page }) => {
  const videoRequests: string[] = [];
  await page.route(/youtube/, (route) => {
    videoRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<p>video</p>" });
  });
  await page.goto("/damage-estimates");
  await waitForHydration(page);
  await expect(page.locator("iframe")).toHaveCount(0);
  const poster = page.getByRole("link", { name: /Play video/ });
  await expect(poster).toHaveAttribute("href", `https://www.youtube.com/watch?v=${VIDEO_ID}`);
  expect(videoRequests).toEqual([]);
  await poster.click();
  await expect(page.locator("iframe")).toHaveAttribute(
    "src",
    `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1&rel=0`,
  );
});

test("navigating between pages shows the page skeleton while loading", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.route("**/damage-estimates.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Damage Estimates" }).click();
  await expect(page.getByRole("status", { name: "Loading page" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Damage photos to a repair estimate in about 60 seconds.",
  );
});
