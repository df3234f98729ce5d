import type { Browser, Page } from "@playwright/test";
import { browserContext, disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { finalizedReportViaApi } from "../support/estimates";
import { expect, test, waitForHydration } from "../support/fixtures";

/**
 * The Copy and Share buttons next to a newly created share link on the report page: they copy
 * the link or open the phone's share sheet with JavaScript, and are absent without it (the link
 * stays in the read-only input, selectable).
 */

/** A report with one hand-tagged finding, finalized through the JSON API. */
/**
 * Signs `user` in through the form in a fresh browser (with `initScript` run on every page),
 * opens the report and creates a share link; the page and the link.
 */
async function createLink(
  browser: Browser,
  user: TestUser,
  reportId: string,
  options: { javaScriptEnabled: boolean; initScript?: () => void },
) {
  const context = await browserContext(browser, options.javaScriptEnabled);
  await context.addCookies((await user.api.storageState()).cookies);
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  await page.goto(`/analysis/${reportId}`);
  if (options.javaScriptEnabled) await waitForHydration(page);
  await page.getByText("Share a read-only link", { exact: true }).click();
  await page.getByRole("button", { name: "Create link" }).click();
  const input = page.getByLabel("Share link");
  await expect(input).toHaveValue(/\/share\/[^/]+$/);
  return { context, page, input, url: await input.inputValue() };
}

const copyButton = (page: Page) => page.getByRole("button", { name: "Copy", exact: true });
const shareButton = (page: Page) => page.getByRole("button", { name: "Share", exact: true });

test.describe("share link buttons", () => {
  let host: TestUser;
  let reportId: string;

  test.beforeEach(async () => {
    host = await registerViaApi("sharebtn");
    reportId = await finalizedReportViaApi(host);
  });

  test.afterEach(async () => {
    await disposeAll(host);
  });

  test("Copy puts the link on the clipboard and says so; no Share button without a share sheet", async ({
    browser,
  }) => {
    const { context, page, input, url } = await createLink(browser, host, reportId, {
      javaScriptEnabled: true,
      // Desktop browsers without the Web Share API (Chromium on Linux, Firefox).
      initScript: () => {
        delete (Navigator.prototype as { share?: unknown }).share;
      },
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await expect(shareButton(page)).toHaveCount(0);

    await copyButton(page).click();
    const status = page.locator('[aria-live="polite"]').filter({ hasText: "Copied" });
    await expect(status).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // The input and its value are unchanged; "Copied" goes away after a few seconds.
    await expect(input).toHaveValue(url);
    await expect(status).toHaveCount(0, { timeout: 6_000 });
    await context.close();
  });

  test("without clipboard access, Copy selects the link and says how to copy it", async ({
    browser,
  }) => {
    const { context, page, url } = await createLink(browser, host, reportId, {
      javaScriptEnabled: true,
      initScript: () => {
        Object.defineProperty(Navigator.prototype, "clipboard", {
          configurable: true,
          get: () => ({
            writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")),
          }),
        });
      },
    });
    await copyButton(page).click();
    await expect(page.getByText("Press Ctrl+C (⌘C on a Mac) to copy")).toBeVisible();
    const selected = await page.evaluate(() => {
      const field = document.activeElement as HTMLInputElement | null;
      return field?.id === "share-url"
        ? field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0)
        : null;
    });
    expect(selected).toBe(url);
    await context.close();
  });

  test("Share opens the share sheet with the vehicle and the link; cancelling says nothing", async ({
    browser,
  }) => {
    const { context, page, url } = await createLink(browser, host, reportId, {
      javaScriptEnabled: true,
      // A phone's share sheet, closed by the user: records what it was given, then AbortError.
      initScript: () => {
        const calls: ShareData[] = [];
        (window as unknown as { shareCalls: ShareData[] }).shareCalls = calls;
        Object.defineProperty(Navigator.prototype, "share", {
          configurable: true,
          value: (data: ShareData) => {
            calls.push(data);
            return Promise.reject(new DOMException("Share canceled", "AbortError"));
          },
        });
      },
    });
    await shareButton(page).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
      .toEqual([{ title: "Damage estimate: 2019 Toyota Corolla", url }]);
    await expect(page.locator('[aria-live="polite"]')).toHaveText("");
    await context.close();
  });

  test("without JavaScript there are no buttons and the link is in the input", async ({
    browser,
  }) => {
    const { context, page, input, url } = await createLink(browser, host, reportId, {
      javaScriptEnabled: false,
    });
    expect(new URL(url).pathname).toMatch(/^\/share\/[^/]+$/);
    await expect(input).toHaveAttribute("readonly", "");
    await expect(copyButton(page)).toHaveCount(0);
    await expect(shareButton(page)).toHaveCount(0);
    await context.close();
  });
});
