import type { Browser, Page } from "@playwright/test";
import { formatCents } from "~/domain/money";
import { freshAddress, registerViaApi, disposeAll, type TestUser } from "../support/accounts";
import { finalizedReportViaApi } from "../support/estimates";
import { expect, query, seriousA11yViolations, test, waitForHydration } from "../support/fixtures";

/**
 * Report revisions on the host's report page (ADR 0014), with JavaScript on and off: "Edit
 * findings" asks first, a share link keeps showing the revision it was made for, the owner's PDF
 * of an earlier revision, and re-pricing at the shop's current rates is the host's choice.
 */

/** A browser signed in as `user`, with or without JavaScript. */
async function hostPage(browser: Browser, user: TestUser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled,
    storageState: await user.api.storageState(),
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
  });
  return { context, page: await context.newPage() };
}

/** A report with one hand-tagged finding, finalized as revision 1 through the JSON API. */
function reportRow(reportId: string) {
  return query<{ status: string; revision: number; total_cents: number | null }>(
    "select status, revision, total_cents from reports where id = ?",
    reportId,
  )[0]!;
}

function revisionTotal(reportId: string, number: number) {
  return query<{ total_cents: number }>(
    "select total_cents from report_revisions where report_id = ? and number = ?",
    reportId,
    number,
  )[0]!.total_cents;
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test.describe(`report revisions with ${mode}`, () => {
    let host: TestUser;

    test.beforeEach(async () => {
      host = await registerViaApi(javaScriptEnabled ? "revjs" : "revnojs");
    });

    test.afterEach(async () => {
      await disposeAll(host);
    });

    const open = async (page: Page, path: string) => {
      await page.goto(path);
      if (javaScriptEnabled) await waitForHydration(page);
    };

    /** A flash toast: the Radix toast with JavaScript, a static status banner without. */
    const expectToast = async (page: Page, title: string) => {
      const toast = javaScriptEnabled
        ? page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")
        : page.getByRole("status");
      await expect(toast.filter({ hasText: title }).first()).toBeVisible();
    };

    test("edit asks first; the share link keeps revision 1 until it is superseded", async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const reportId = await finalizedReportViaApi(host);
      const total1 = revisionTotal(reportId, 1);
      const { context, page } = await hostPage(browser, host, javaScriptEnabled);
      await open(page, `/analysis/${reportId}`);
      await expect(
        page.getByRole("article").getByText("Revision 1", { exact: true }),
      ).toBeVisible();

      // Share revision 1 from the page.
      await page.getByText("Share a read-only link", { exact: true }).click();
      await page.getByRole("button", { name: "Create link" }).click();
      const shareUrl = await page.getByLabel("Share link").inputValue();
      const sharePath = new URL(shareUrl).pathname;

      // "Edit findings" asks first; cancel keeps the report final.
      await page.getByRole("link", { name: "Edit findings" }).click();
      await expect(page).toHaveURL(/\?edit=confirm#edit-confirm$/);
      // The question is on screen, not above the fold at the top of the page.
      await expect(
        page.getByRole("region", { name: "Edit the findings in a new revision?" }),
      ).toBeInViewport();
      const confirm = page.getByRole("region", { name: "Edit the findings in a new revision?" });
      await expect(confirm).toContainText(
        "Revision 1 stays exactly as sent: its share links and PDF keep showing it. Your edits go into revision 2, which you finalize when ready.",
      );
      // axe runs in the page: only with JavaScript.
      if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(new RegExp(`/analysis/${reportId}$`));
      await expect(confirm).toHaveCount(0);
      expect(reportRow(reportId)).toMatchObject({ status: "complete", revision: 1 });

      // Confirm: revision 2 opens as a draft.
      await page.getByRole("link", { name: "Edit findings" }).click();
      // Press the button only on the loaded page: a click during the load can be lost.
      await expect(page).toHaveURL(/\?edit=confirm#edit-confirm$/);
      await page.waitForLoadState();
      await page.getByRole("button", { name: "Edit in revision 2" }).click();
      await expectToast(page, "Editing revision 2");
      await expect(page.getByRole("heading", { name: "Review the damage" })).toBeVisible();
      await expect(page.getByText("Revision 2 · draft").first()).toBeVisible();
      await expect(
        page.getByText("Revision 1 is final and still what your share links show."),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Revision 1 PDF" })).toHaveAttribute(
        "href",
        `/analysis/${reportId}/pdf?revision=1`,
      );
      expect(reportRow(reportId)).toMatchObject({ status: "needs_review", revision: 2 });
      // axe runs in the page: only with JavaScript.
      if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);

      // Add a finding to the draft.
      await page.locator("#add-panel").selectOption("roof");
      await page.locator("#add-damageType").selectOption("dent");
      await page.getByRole("button", { name: "Add to estimate" }).click();
      await expectToast(page, "Damage added");

      // The share link still shows revision 1 and its total while revision 2 is a draft.
      const guest = await browser.newContext({
        javaScriptEnabled,
        extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
      });
      const guestPage = await guest.newPage();
      const shared = await guestPage.goto(sharePath);
      expect(shared?.status()).toBe(200);
      await expect(guestPage.getByText(/revision 1, finalized/)).toBeVisible();
      await expect(guestPage.getByText(formatCents(total1), { exact: true }).first()).toBeVisible();
      await expect(guestPage.getByText("Superseded by revision 2")).toHaveCount(0);

      // Finalize revision 2; the list of revisions shows both.
      await page.getByRole("button", { name: "Finalize estimate" }).click();
      await expectToast(page, "Estimate ready");
      const total2 = revisionTotal(reportId, 2);
      expect(total2).toBeGreaterThan(total1);
      await expect(
        page.getByRole("article").getByText("Revision 2", { exact: true }),
      ).toBeVisible();
      const history = page.getByRole("region", { name: "Revisions" });
      await expect(history.getByRole("listitem")).toHaveCount(2);
      await expect(history.getByRole("listitem").first()).toContainText(formatCents(total1));
      await expect(history.getByRole("listitem").nth(1)).toContainText(formatCents(total2));

      // The share link shows revision 1, superseded, and links to revision 2.
      await guestPage.goto(sharePath);
      await expect(guestPage.getByText("Superseded by revision 2")).toBeVisible();
      await expect(guestPage.getByText(formatCents(total1), { exact: true }).first()).toBeVisible();
      await guestPage.getByRole("link", { name: "View revision 2" }).click();
      await expect(guestPage.getByText(/revision 2, finalized/)).toBeVisible();
      await expect(guestPage.getByText(formatCents(total2), { exact: true }).first()).toBeVisible();

      // The owner's PDF of revision 1; a revision that isn't final is not found.
      const pdf = await page.request.get(`/analysis/${reportId}/pdf?revision=1`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await page.request.get(`/analysis/${reportId}/pdf?revision=3`)).status()).toBe(404);
      expect((await host.api.get(`/api/analysis/${reportId}/pdf?revision=1`)).status()).toBe(200);
      expect((await host.api.get(`/api/analysis/${reportId}/pdf?revision=x`)).status()).toBe(404);

      await guest.close();
      await context.close();
    });

    test("re-pricing at the shop's current rates is the host's choice", async ({ browser }) => {
      test.setTimeout(90_000);
      const reportId = await finalizedReportViaApi(host);
      const total1 = revisionTotal(reportId, 1);
      const { context, page } = await hostPage(browser, host, javaScriptEnabled);

      // The shop's body labor rate goes up after revision 1 was finalized.
      await open(page, "/dashboard/rates");
      await page.getByLabel(/^Body labor rate/).fill("250");
      await page.getByRole("button", { name: "Save rates" }).click();
      await expectToast(page, "Shop rates saved");

      await open(page, `/analysis/${reportId}?edit=confirm`);
      await page.getByRole("button", { name: "Edit in revision 2" }).click();
      await expectToast(page, "Editing revision 2");
      await expect(
        page.getByText(
          /Priced with the rates of revision 1 \(.+, as of [A-Z][a-z]{2} \d{1,2}, \d{4}\)\. Your shop rates have changed since\./,
        ),
      ).toBeVisible();
      // Still priced like revision 1 until the host re-prices.
      const preview = page.getByRole("region", { name: "Estimate so far" });
      await expect(preview).toContainText(`Total ${formatCents(total1)}`);

      await page.getByRole("button", { name: "Re-price at current rates" }).click();
      await expectToast(page, "Re-priced at your current rates");
      await expect(page.getByRole("button", { name: "Re-price at current rates" })).toHaveCount(0);
      await expect(preview).not.toContainText(`Total ${formatCents(total1)}`);

      await page.getByRole("button", { name: "Finalize estimate" }).click();
      await expectToast(page, "Estimate ready");
      expect(revisionTotal(reportId, 2)).toBeGreaterThan(total1);
      expect(revisionTotal(reportId, 1)).toBe(total1);
      await context.close();
    });
  });
}
