import type { Page } from "@playwright/test";
import { browserContext, disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi } from "../support/estimates";
import {
  expect,
  linkIn,
  test,
  uniqueEmail,
  waitForEmail,
  waitForHydration,
} from "../support/fixtures";
import { phonePhoto } from "../support/photos";

/**
 * The whole way from a damaged car to money in the bank, in the browser: import the trips, make
 * the estimate (its trip found from the photo's capture time), start the claim from it, check the
 * evidence, get the packet, ask a shop for a quote, confirm the repair, and follow the claim to
 * payment. JavaScript on and off.
 */

// The test photo's camera clock reads Nov 20, 2026, 2:03 PM: the day after this trip ended.
const EXPORT = [
  "Reservation ID,Guest,Vehicle,VIN,Trip start,Trip end,Total earnings,Trip status",
  "R-2001,Jordan Lee,Honda Civic 2019,,2026-11-17 10:00,2026-11-19 18:00,$240.00,Completed",
].join("\n");

function toast(page: Page, javaScriptEnabled: boolean, text: string) {
  const toasts = javaScriptEnabled
    ? page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")
    : page.getByRole("status");
  return toasts.filter({ hasText: text }).first();
}

test.describe("claims recovery, end to end", () => {
  let host: TestUser | undefined;
  test.afterEach(async () => disposeAll(host));

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: import → estimate → claim → evidence → packet → quote → repair → paid`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      host = await registerViaApi("journey");
      await addVehicleViaApi(host); // a 2019 Honda Civic: the export names it
      const context = await browserContext(browser, javaScriptEnabled);
      await context.addCookies((await host.api.storageState()).cookies);
      const page = await context.newPage();
      const open = async (path: string) => {
        await page.goto(path);
        if (javaScriptEnabled) await waitForHydration(page);
      };

      // 1. The trips, from the marketplace's export.
      await open("/dashboard/trips");
      await page.getByLabel("Trip Earnings CSV").setInputFiles({
        name: "trip_earnings.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(EXPORT),
      });
      await page.locator("#trip-zone").selectOption("America/Denver");
      await page.getByRole("button", { name: "Import trips" }).click();
      await expect(toast(page, javaScriptEnabled, "1 new, 0 updated")).toBeVisible();

      // 2. The estimate: the trip is found from the photo.
      await open("/app");
      await page
        .locator("#photos-library")
        .setInputFiles([await phonePhoto("j.jpg", { seed: 41 })]);
      if (javaScriptEnabled) {
        await expect(page.getByText("Looks good")).toHaveCount(1, { timeout: 20_000 });
      }
      await page.getByLabel(/mark the damage myself/).check();
      await page.getByRole("button", { name: "Get my estimate" }).click();
      await page.waitForURL(/\/analysis\//);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.locator("#add-panel").selectOption("front-bumper");
      await page.locator("#add-damageType").selectOption("scratch");
      await page.getByRole("button", { name: "Add to estimate" }).click();
      await expect(page.locator("#findings li")).toHaveCount(1);
      await page.getByRole("button", { name: "Finalize estimate" }).click();
      await expect(toast(page, javaScriptEnabled, "Estimate ready")).toBeVisible();
      const trip = page.getByRole("region", { name: "Trip" });
      await expect(trip).toContainText("R-2001 · Jordan Lee");
      await expect(trip).toContainText("(matched from the photos' capture times)");

      // 3. The claim, from the estimate, with its evidence check and packet.
      await trip.getByRole("link", { name: "Start a damage claim for this trip" }).click();
      await page.getByRole("button", { name: "Create claim" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Draft" })).toBeVisible();
      const claimUrl = page.url();
      const evidence = page.getByRole("region", { name: "Evidence check" });
      await expect(evidence.getByRole("list", { name: "Claimed parts" })).toContainText(
        "Front bumper",
      );
      const packetHref = await page
        .getByRole("link", { name: "Evidence packet (PDF)" })
        .getAttribute("href");
      const packet = await context.request.get(packetHref!);
      expect(packet.status()).toBe(200);
      expect(packet.headers()["content-type"]).toBe("application/pdf");

      // 4. A shop's quote, answered without an account.
      await open("/repair-quote");
      const ask = page.getByRole("region", { name: "Ask a shop for a quote" });
      const estimate = { label: /^2019 Honda Civic: revision 1, \$/ };
      const estimateOption = async (select: ReturnType<Page["getByLabel"]>) => {
        const option = select.getByRole("option", { name: estimate.label });
        await select.selectOption((await option.getAttribute("value"))!);
      };
      await estimateOption(ask.getByLabel("Estimate"));
      await ask.getByLabel("Shop", { exact: true }).fill("Main Street Collision");
      const shopEmail = uniqueEmail("journeyshop");
      await ask.getByLabel("Shop's email").fill(shopEmail);
      await ask.getByRole("button", { name: "Email the quote request" }).click();
      await expect(toast(page, javaScriptEnabled, "Quote requested")).toBeVisible();
      const email = await waitForEmail(shopEmail, "Repair quote request");
      const shop = await browserContext(browser, javaScriptEnabled);
      const shopPage = await shop.newPage();
      await shopPage.goto(linkIn(email, "/repair-quote/"));
      await shopPage.getByLabel("Your quote, $").fill("410");
      await shopPage.getByRole("button", { name: "Send the quote" }).click();
      await expect(shopPage.getByText("Thank you: your quote was sent to the host.")).toBeVisible();
      await shop.close();

      // 5. The repair, confirmed with its invoice.
      await open("/repair-quote");
      await expect(page.getByRole("list", { name: "Quotes" })).toContainText("Quote $410.00");
      const confirm = page.getByRole("region", { name: "Confirm a repair" });
      await estimateOption(confirm.getByLabel("Estimate"));
      await confirm.getByLabel("Final invoice, $").fill("395.00");
      await confirm.getByLabel("Finished on").fill("2026-11-24");
      await confirm.getByRole("button", { name: "Confirm the repair" }).click();
      await expect(page.getByRole("list", { name: "Confirmed repairs" })).toContainText(
        "Invoice $395.00",
      );

      // 6. Filed (it now asks for the invoice), approved and paid: the board counts the money.
      await open(claimUrl);
      await expect(page.getByText("$395.00").first()).toBeVisible();
      const update = page.getByRole("region", { name: "Update the claim" });
      await update.getByLabel("New status").selectOption("filed");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Filed" })).toBeVisible();
      await update.getByLabel("New status").selectOption("approved");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Approved" })).toBeVisible();
      await update.getByLabel("New status").selectOption("paid");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Paid" })).toBeVisible();
      await open("/dashboard/claims");
      const tile = (label: string) => page.getByText(label, { exact: true }).locator("..");
      await expect(tile("Recovered this month")).toContainText("$395.00");
      await expect(tile("Recovery rate this year")).toContainText("100%");
      await context.close();
    });
  }
});
