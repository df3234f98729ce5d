import type { Page } from "@playwright/test";
import {
  browserContext,
  disposeAll,
  registerViaApi,
  signedInContext,
  type TestUser,
} from "../support/accounts";
import { expect, openHydrated, test, waitForHydration } from "../support/fixtures";

// Public pages come lean (the stylesheet inline, no module preloads); signed-in pages link the
// stylesheet and preload their scripts. Either way every page is styled, with JavaScript off,
// after hydration, and after client-side navigation between the two kinds.

/** The header is sticky only when the stylesheet applies. */
async function expectStyled(page: Page) {
  await expect(page.locator("header").first()).toHaveCSS("position", "sticky");
}

test.describe("lean public pages", () => {
  let user: TestUser;
  test.beforeAll(async () => {
    user = await registerViaApi("lean");
  });
  test.afterAll(async () => {
    await disposeAll(user);
  });

  test("a public page carries the stylesheet inline and no module preloads; a signed-in page links both", async ({
    request,
  }) => {
    for (const path of ["/", "/damage-estimates", "/auth"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(
        /<style data-precedence="high" data-href="\/assets\/app-[^"]+\.css">/,
      );
      expect(html, path).toContain("--tw-");
      expect(html, path).not.toContain('rel="stylesheet"');
      expect(html, path).not.toContain('rel="modulepreload"');
      // The module script still loads the page's code.
      expect(html, path).toContain('import * as route0 from "/assets/');
    }
    const dashboard = await (await user.api.get("/dashboard")).text();
    expect(dashboard).toMatch(/<link rel="stylesheet" href="\/assets\/app-[^"]+\.css"/);
    expect(dashboard).toContain('rel="modulepreload"');
    expect(dashboard).not.toContain("<style data-precedence");
  });

  test("styled with JavaScript off", async ({ browser }) => {
    const context = await browserContext(browser, false);
    const page = await context.newPage();
    await page.goto("/");
    await expectStyled(page);
    await context.close();
  });

  test("styled after hydration and client-side navigation from a public page into the app", async ({
    browser,
  }) => {
    const { context } = await signedInContext(browser, user, true);
    const { page, hydrationErrors } = await openHydrated(context, "/");
    await expectStyled(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Dashboard" })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectStyled(page);
    // No second copy of the stylesheet was fetched: the inline one serves every page.
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    expect(hydrationErrors).toEqual([]);
    await context.close();
  });

  test("styled after client-side navigation from a signed-in page to a public one", async ({
    browser,
  }) => {
    const { context, page } = await signedInContext(browser, user, true);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("link", { name: "FleetAssist home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectStyled(page);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
    await context.close();
  });
});
