import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { SAME_ORIGIN } from "../support/env";
import { expect, query, test, waitForHydration } from "../support/fixtures";
import { PHONE } from "../support/viewports";

/**
 * Importing the marketplace's Trip Earnings export on a phone, with JavaScript on and off: a car
 * the fleet lacks is added from the import page, filled in from the file, and its trips attach
 * to it; a match the host makes is remembered by the next import; an account without a time
 * zone is asked for one once. Exports are in ./fixtures, in the marketplace's real columns.
 */

function fixture(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
}

async function phone(browser: Browser, host: TestUser, javaScriptEnabled: boolean, zone?: string) {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: PHONE,
    ...(zone && { timezoneId: zone }),
    extraHTTPHeaders: { "X-Forwarded-For": host.address },
  });
  await context.addCookies((await host.api.storageState()).cookies);
  return { context, page: await context.newPage() };
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

function toast(page: Page, javaScriptEnabled: boolean) {
  return javaScriptEnabled
    ? page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")
    : page.getByRole("status");
}

async function importFile(page: Page, name: string, zone?: string) {
  await page.getByLabel("Trip Earnings CSV").setInputFiles({
    name: "trip_earnings.csv",
    mimeType: "text/csv",
    buffer: fixture(name),
  });
  if (zone) await page.locator("#trip-zone").selectOption(zone);
  await page.getByRole("button", { name: "Import trips" }).click();
}

function setAccountZone(host: TestUser, zone: string) {
  return host.api.post("/api/user/time-zone", { headers: SAME_ORIGIN, data: { timeZone: zone } });
}

function tripsOf(host: TestUser) {
  return query<{ reservation_id: string; vehicle_id: string | null }>(
    "select t.reservation_id, t.vehicle_id from trips t join accounts a on a.id = t.account_id where a.owner_user_id = ? order by t.reservation_id",
    host.id,
  );
}

async function addCar(host: TestUser, car: Record<string, unknown>): Promise<string> {
  const response = await host.api.post("/api/user/vehicles", {
    data: { bodyType: "sedan", priceClass: "mid", paintType: "solid", ...car },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { vehicle: { id: string } }).vehicle.id;
}

test.describe("importing the trip export on a phone", () => {
  let host: TestUser | undefined;
  test.afterEach(async () => disposeAll(host));

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: a car the fleet lacks is added from the import page, filled in from the file, and its trips attach`, async ({
      browser,
    }) => {
      host = await registerViaApi("tripnewcar");
      expect((await setAccountZone(host, "America/New_York")).status()).toBeLessThan(400);
      const benz = await addCar(host, {
        year: 2019,
        make: "Mercedes-Benz",
        model: "C-Class",
        plate: "UXR4412",
        priceClass: "luxury",
      });
      const { context, page } = await phone(browser, host, javaScriptEnabled);
      await open(page, "/dashboard/trips", javaScriptEnabled);
      // The page reads the export's times in the account's zone unless told otherwise.
      await expect(page.getByLabel("Times in the file are in")).toHaveValue("America/New_York");
      await importFile(page, "trip-earnings-new-car.csv");
      await expect(
        toast(page, javaScriptEnabled).filter({
          hasText: "3 new, 0 updated, 0 unchanged, 2 to match to a car.",
        }),
      ).toBeVisible();

      const step = page.getByRole("region", { name: "Which car is it?" });
      await expect(step).toContainText("“Red Mustang (VA #MUS6600)” (2 trips)");
      await expect(step).toContainText("Ford Mustang 2017 · VIN 1FA6P8TH6H5271106");
      await step
        .getByRole("link", { name: "Add “Red Mustang (VA #MUS6600)” as a new car" })
        .click();

      await expect(page).toHaveURL(/\/dashboard\/vehicles\/new\?/);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByLabel("Year")).toHaveValue("2017");
      await expect(page.getByLabel("Make")).toHaveValue("Ford");
      await expect(page.getByLabel("Model")).toHaveValue("Mustang");
      await expect(page.getByLabel("License plate (optional)")).toHaveValue("MUS6600");
      await expect(page.getByLabel("Nickname (optional)")).toHaveValue("Red Mustang");
      await expect(page.getByLabel(/^VIN/)).toHaveValue("1FA6P8TH6H5271106");
      await page.getByLabel("Body type").selectOption("coupe");
      await page.getByRole("button", { name: "Add vehicle" }).click();

      await expect(page).toHaveURL(/\/dashboard\/trips$/);
      await expect(
        toast(page, javaScriptEnabled).filter({ hasText: "2 trips belong to it." }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Which car is it?" })).toHaveCount(0);
      const mustang = query<{ id: string; vin: string; plate: string }>(
        "select v.id, v.vin, v.plate from vehicles v join accounts a on a.id = v.account_id where a.owner_user_id = ? and v.model = 'Mustang'",
        host.id,
      )[0]!;
      expect(mustang).toMatchObject({ vin: "1FA6P8TH6H5271106", plate: "MUS6600" });
      expect(tripsOf(host)).toEqual([
        { reservation_id: "52001101", vehicle_id: benz },
        { reservation_id: "52001238", vehicle_id: mustang.id },
        { reservation_id: "52001375", vehicle_id: mustang.id },
      ]);
      await context.close();
    });

    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: a car matched by hand is remembered by the next import`, async ({
      browser,
    }) => {
      host = await registerViaApi("tripremember");
      expect((await setAccountZone(host, "America/New_York")).status()).toBeLessThan(400);
      // Saved with another year and no plate: nothing in the export names it.
      const van = await addCar(host, {
        nickname: "Family Hauler",
        year: 2017,
        make: "Honda",
        model: "Odyssey",
        bodyType: "minivan",
      });
      const { context, page } = await phone(browser, host, javaScriptEnabled);
      await open(page, "/dashboard/trips", javaScriptEnabled);
      await importFile(page, "trip-earnings-minivan-1.csv");
      await expect(
        toast(page, javaScriptEnabled).filter({ hasText: "1 to match to a car." }),
      ).toBeVisible();
      const step = page.getByRole("region", { name: "Which car is it?" });
      await step
        .getByLabel("“Minivan (VA #VAN5521)” (1 trip)")
        .selectOption({ label: "Family Hauler (2017 Honda Odyssey)" });
      await step.getByRole("button", { name: "Match" }).click();
      await expect(
        toast(page, javaScriptEnabled).filter({
          hasText: "1 trip now belongs to that car. Later imports will remember it.",
        }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Which car is it?" })).toHaveCount(0);

      // A later, narrower export (only "Vehicle"): the new trip goes to the same car.
      await importFile(page, "trip-earnings-minivan-2.csv");
      await expect(
        toast(page, javaScriptEnabled).filter({ hasText: "1 new, 0 updated, 0 unchanged." }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Which car is it?" })).toHaveCount(0);
      expect(tripsOf(host)).toEqual([
        { reservation_id: "52002001", vehicle_id: van },
        { reservation_id: "52002138", vehicle_id: van },
      ]);
      await context.close();
    });
  }

  test("JavaScript off: an account without a time zone is asked once, and the answer is saved", async ({
    browser,
  }) => {
    host = await registerViaApi("tripzone");
    const { context, page } = await phone(browser, host, false);
    await open(page, "/dashboard/trips", false);
    const question = page.getByLabel("Which time zone are your trips in?");
    await expect(question).toHaveValue("");
    await importFile(page, "trip-earnings-minivan-1.csv", "America/Chicago");
    await expect(toast(page, false).filter({ hasText: "1 new" })).toBeVisible();
    expect(
      query<{ time_zone: string | null }>(
        "select time_zone from accounts where owner_user_id = ?",
        host.id,
      )[0]!.time_zone,
    ).toBe("America/Chicago");
    // Asked once: the page now reads files in the account's zone.
    await expect(page.getByLabel("Which time zone are your trips in?")).toHaveCount(0);
    await expect(page.getByLabel("Times in the file are in")).toHaveValue("America/Chicago");
    const [trip] = query<{ start_at: number; time_zone: string }>(
      "select t.start_at, t.time_zone from trips t join accounts a on a.id = t.account_id where a.owner_user_id = ?",
      host.id,
    );
    // "2026-10-03 08:00 AM" in Chicago (CDT, -5).
    expect(new Date(trip!.start_at).toISOString()).toBe("2026-10-03T13:00:00.000Z");
    expect(trip!.time_zone).toBe("America/Chicago");
    await context.close();
  });

  test("JavaScript on: an account without a time zone takes the phone's, and the page reads files in it", async ({
    browser,
  }) => {
    host = await registerViaApi("tripzonejs");
    const { context, page } = await phone(browser, host, true, "America/Denver");
    await open(page, "/dashboard/trips", true);
    await expect
      .poll(
        () =>
          query<{ time_zone: string | null }>(
            "select time_zone from accounts where owner_user_id = ?",
            host!.id,
          )[0]!.time_zone,
      )
      .toBe("America/Denver");
    await open(page, "/dashboard/trips", true);
    await expect(page.getByLabel("Times in the file are in")).toHaveValue("America/Denver");
    await context.close();
  });

  test("API: the account's zone is the default and the answer names it; without one the caller must say", async () => {
    host = await registerViaApi("tripzoneapi");
    const csv = fixture("trip-earnings-minivan-1.csv");
    const headers = { "Content-Type": "text/csv" };
    const refused = await host.api.post("/api/trips/import", { headers, data: csv });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain(
      "Say which time zone the file's times are in",
    );
    const told = await host.api.post("/api/trips/import?timeZone=America/Los_Angeles", {
      headers,
      data: csv,
    });
    expect(told.status(), await told.text()).toBe(200);
    expect(await told.json()).toMatchObject({
      imported: 1,
      timeZone: "America/Los_Angeles",
      encoding: "utf-8",
    });

    expect((await setAccountZone(host, "America/Phoenix")).status()).toBeLessThan(400);
    const latin1 = Buffer.from(
      "Reservation ID,Guest,Vehicle,Trip start,Trip end\r\n52003001,Jos\xe9 Mart\xednez,Minivan (VA #VAN5521),2026-11-01 10:00,2026-11-02 10:00\r\n",
      "latin1",
    );
    const byDefault = await host.api.post("/api/trips/import", { headers, data: latin1 });
    expect(byDefault.status(), await byDefault.text()).toBe(200);
    expect(await byDefault.json()).toMatchObject({
      imported: 1,
      timeZone: "America/Phoenix",
      encoding: "windows-1252",
    });
    expect(
      query<{ guest_name: string }>(
        "select guest_name from trips where reservation_id = '52003001'",
      )[0]!.guest_name,
    ).toBe("José Martínez");
  });
});
