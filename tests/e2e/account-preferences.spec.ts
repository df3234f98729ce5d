import type { Browser } from "@playwright/test";
import sharp from "sharp";
import { PDFDocument } from "pdf-lib";
import {
  browserContext,
  disposeAll,
  registerViaApi,
  signedInContext,
  type TestUser,
} from "../support/accounts";
import { finalizedReportViaApi } from "../support/estimates";
import { expect, query, test, waitForHydration } from "../support/fixtures";

/**
 * The account's business name and logo on its reports, dates in its time zone, and the home
 * state asked before the first estimate, with JavaScript on and off.
 */

async function logoPng() {
  return sharp({
    create: {
      width: 480,
      height: 120,
      channels: 4,
      background: { r: 12, g: 74, b: 160, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
}

function accountRow(userId: string) {
  return query<{
    business_name: string | null;
    time_zone: string | null;
    units: string;
    logo_key: string | null;
  }>(
    "select business_name, time_zone, units, logo_key from accounts where owner_user_id = ?",
    userId,
  )[0]!;
}

/** A JavaScript browser in Denver's time zone, signed in as `user`. */
async function inDenver(browser: Browser, user: TestUser) {
  const context = await browser.newContext({
    timezoneId: "America/Denver",
    extraHTTPHeaders: { "X-Forwarded-For": user.address },
  });
  await context.addCookies((await user.api.storageState()).cookies);
  return { context, page: await context.newPage() };
}

test.describe("account preferences", () => {
  let host: TestUser | undefined;
  test.afterEach(async () => disposeAll(host));

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: business name, logo, time zone and units show on the report, its share page and its PDF`, async ({
      browser,
    }) => {
      host = await registerViaApi("brand");
      const reportId = await finalizedReportViaApi(host);
      const { context, page } = await signedInContext(browser, host, javaScriptEnabled);
      await page.goto("/account");
      if (javaScriptEnabled) await waitForHydration(page);

      const business = page.getByRole("region", { name: "Business and reports" });
      await business.getByLabel("Business name").fill("Rivera Rentals LLC");
      await business.getByLabel("Time zone").selectOption("America/Chicago");
      await business.getByLabel("Damage sizes in").selectOption("metric");
      await business.getByRole("button", { name: "Save business settings" }).click();
      await expect(page.getByText("Business settings saved.")).toBeVisible();
      expect(accountRow(host.id)).toMatchObject({
        business_name: "Rivera Rentals LLC",
        time_zone: "America/Chicago",
        units: "metric",
      });

      await business.getByLabel("Upload a logo").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: await logoPng(),
      });
      await business.getByRole("button", { name: "Upload logo" }).click();
      await expect(page.getByText("Logo saved.")).toBeVisible();
      await expect(page.getByRole("img", { name: "Your logo" })).toBeVisible();

      await page.goto(`/analysis/${reportId}`);
      await expect(page.getByText("Prepared by Rivera Rentals LLC")).toBeVisible();
      const logo = page.getByRole("img", { name: "Rivera Rentals LLC logo" });
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
      const created = page
        .locator("dt", { hasText: /^Created$/ })
        .locator("xpath=following-sibling::dd");
      await expect(created).toHaveText(
        /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/,
      );

      // The share page shows the same business, to someone signed out.
      await page.getByText("Share a read-only link", { exact: true }).click();
      await page.getByRole("button", { name: "Create link" }).click();
      const url = await page.getByLabel("Share link").inputValue();
      const visitor = await browserContext(browser, javaScriptEnabled);
      const shared = await visitor.newPage();
      await shared.goto(url);
      await expect(shared.getByText("Prepared by Rivera Rentals LLC")).toBeVisible();
      await expect(shared.getByText(/shared by Rivera Rentals LLC/)).toBeVisible();
      await expect(shared.getByRole("img", { name: "Rivera Rentals LLC logo" })).toBeVisible();
      await visitor.close();

      const pdf = await host.api.get(`/analysis/${reportId}/pdf`);
      expect(pdf.status()).toBe(200);
      const bytes = await pdf.body();
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBeGreaterThan(0);
      expect(Buffer.from(bytes).toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
      await context.close();
    });
  }

  test("JavaScript off: a file that isn't an image, or a name too long, gets a clear message and changes nothing", async ({
    browser,
  }) => {
    host = await registerViaApi("brandbad");
    const { context, page } = await signedInContext(browser, host, false);
    await page.goto("/account");
    const business = page.getByRole("region", { name: "Business and reports" });
    await business.getByLabel("Upload a logo").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from("%PDF-1.7 this is a PDF renamed to .png"),
    });
    await business.getByRole("button", { name: "Upload logo" }).click();
    await expect(
      page
        .getByText(
          "That file isn't a PNG, JPEG or WebP image. Upload your logo in one of those formats.",
        )
        .first(),
    ).toBeVisible();
    expect(accountRow(host.id).logo_key).toBeNull();

    await business.getByLabel("Business name").evaluate((input: HTMLInputElement) => {
      input.removeAttribute("maxlength");
      input.value = "R".repeat(101);
    });
    await business.getByRole("button", { name: "Save business settings" }).click();
    await expect(page.getByText("Keep the business name under 100 characters.")).toBeVisible();
    expect(accountRow(host.id).business_name).toBeNull();
    await context.close();
  });

  test("JavaScript off: claim reminder lead times and the digest are saved", async ({
    browser,
  }) => {
    host = await registerViaApi("reminders");
    const { context, page } = await signedInContext(browser, host, false);
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Claim reminders" });
    await expect(section.getByLabel("1 day before")).toBeChecked();
    await expect(section.getByLabel("2 hours before")).toBeChecked();
    await section.getByLabel("2 hours before").uncheck();
    await section.getByLabel("3 days before").check();
    await section.getByLabel("A morning digest of the next three days' deadlines").uncheck();
    await section.getByRole("button", { name: "Save reminders" }).click();
    await expect(page.getByText("Reminder settings saved.")).toBeVisible();
    expect(
      query<{ reminder_lead_hours: string; daily_digest: number }>(
        "select reminder_lead_hours, daily_digest from accounts where owner_user_id = ?",
        host.id,
      )[0],
    ).toEqual({ reminder_lead_hours: "[72,24]", daily_digest: 0 });
    await page.reload();
    await expect(section.getByLabel("3 days before")).toBeChecked();
    await expect(section.getByLabel("2 hours before")).not.toBeChecked();
    await context.close();
  });

  test("JavaScript on: the browser's time zone is taken while the account has none", async ({
    browser,
  }) => {
    host = await registerViaApi("zone");
    const { context, page } = await inDenver(browser, host);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expect.poll(() => accountRow(host!.id).time_zone).toBe("America/Denver");
    await page.goto("/account");
    await expect(page.getByLabel("Time zone")).toHaveValue("America/Denver");
    await context.close();
  });

  test("JavaScript on: the time zone detection can't touch a form sent meanwhile: its toast and its new data show", async ({
    browser,
  }) => {
    host = await registerViaApi("zonerace");
    const { context, page } = await inDenver(browser, host);
    // The detection's post is held until the host's form has been sent and its page is
    // reloading; then it finishes, and only after that does the reload answer.
    const hold = () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      return { release, released };
    };
    const detection = hold();
    const reload = hold();
    let reloadStarted = () => {};
    const reloading = new Promise<void>((resolve) => (reloadStarted = resolve));
    await page.route(/\/api\/user\/time-zone/, async (route) => {
      await detection.released;
      await route.continue();
    });
    await page.goto("/app");
    await waitForHydration(page);
    await page.route(/\.data(\?|$)/, async (route) => {
      if (route.request().method() === "GET") {
        reloadStarted();
        await reload.released;
      }
      await route.continue();
    });
    const step = page.getByRole("region", { name: "Where do you rent out your cars?" });
    await step.getByLabel("State").selectOption("TX");
    await step.getByRole("button", { name: "Save and continue" }).click();
    await reloading;
    const detected = page.waitForResponse((response) =>
      response.url().includes("/api/user/time-zone"),
    );
    detection.release();
    expect((await detected).status()).toBe(200);
    expect(accountRow(host.id).time_zone).toBe("America/Denver");
    reload.release();
    await expect(page.getByText("Home state saved").first()).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Where do you rent out your cars?" }),
    ).toHaveCount(0);
    await context.close();
  });

  test("API: POST /api/user/time-zone takes a zone only while the account has none", async () => {
    host = await registerViaApi("zoneapi");
    const post = (data: unknown) => host!.api.post("/api/user/time-zone", { data });
    const bad = await post({ timeZone: "Mars/Olympus_Mons" });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({
      timeZone: "Choose a time zone from the list.",
    });
    expect((await post({ timeZone: 7 })).status()).toBe(400);
    expect(accountRow(host.id).time_zone).toBeNull();

    const first = await post({ timeZone: "America/Chicago" });
    expect(first.status()).toBe(200);
    expect(await first.json()).toEqual({ saved: true, timeZone: "America/Chicago" });
    // A zone already set is kept: another browser's zone doesn't replace it.
    expect(await (await post({ timeZone: "America/Los_Angeles" })).json()).toEqual({
      saved: false,
      timeZone: "America/Chicago",
    });
    expect(accountRow(host.id).time_zone).toBe("America/Chicago");
    expect((await host.api.get("/api/user/time-zone")).status()).toBe(405);
    expect(
      (
        await host.api.post("/api/user/time-zone", {
          headers: { "Content-Type": "text/plain" },
          data: "America/Denver",
        })
      ).status(),
    ).toBe(415);
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: the first estimate asks for the home state once`, async ({
      browser,
    }) => {
      host = await registerViaApi("homestate");
      const { context, page } = await signedInContext(browser, host, javaScriptEnabled);
      await page.goto("/app");
      if (javaScriptEnabled) await waitForHydration(page);
      const step = page.getByRole("region", { name: "Where do you rent out your cars?" });
      await step.getByLabel("State").selectOption("TX");
      await step.getByRole("button", { name: "Save and continue" }).click();
      await expect(page.getByText("Home state saved").first()).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Where do you rent out your cars?" }),
      ).toHaveCount(0);
      expect(
        query<{ state: string }>(
          "select r.state from rate_settings r join accounts a on a.id = r.account_id where a.owner_user_id = ?",
          host.id,
        )[0]?.state,
      ).toBe("TX");
      await page.goto("/dashboard/rates");
      await expect(page.getByLabel("Home state")).toHaveValue("TX");
      await context.close();
    });
  }
});
