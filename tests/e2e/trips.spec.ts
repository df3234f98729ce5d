import type { Page } from "@playwright/test";
import { disposeAll, registerViaApi, signedInContext, type TestUser } from "../support/accounts";
import { addVehicleViaApi } from "../support/estimates";
import { expect, query, test, waitForHydration } from "../support/fixtures";

/**
 * Trips: the Trip Earnings CSV imported on /dashboard/trips (idempotent, cars matched by VIN or
 * name, the rest matched by hand), trips added and edited by hand, and the JSON API, with
 * JavaScript on and off.
 */

/** The trips list's name (table caption and list label): what comes first. */
const TRIPS_LIST = "Trips not over yet first, the one ending soonest at the top; then past trips";

const EXPORT = [
  "Reservation ID,Guest,Vehicle,VIN,Trip start,Trip end,Check-in odometer,Check-out odometer,Total earnings,Trip status",
  "R-1001,Jordan Lee,Honda Civic 2019,,2026-11-01 10:00,2026-11-03 18:00,41200,41562,$212.50,Completed",
  "R-1002,Sam Park,Work truck,1FTEW1EP4KFA12345,2026-11-05 09:00,2026-11-06 09:00,,,$95.00,Completed",
  "R-1003,Ana Ruiz,Mystery Van,,2026-11-10 08:30,2026-11-12 08:30,,,$300.00,Completed",
].join("\n");

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

function toast(page: Page, javaScriptEnabled: boolean) {
  return javaScriptEnabled
    ? page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")
    : page.getByRole("status");
}

async function importFile(page: Page, csv: string) {
  await page.getByLabel("Trip Earnings CSV").setInputFiles({
    name: "trip_earnings.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.locator("#trip-zone").selectOption("America/Denver");
  await page.getByRole("button", { name: "Import trips" }).click();
}

function tripCount(userId: string) {
  return query<{ n: number }>(
    "select count(*) as n from trips t join accounts a on a.id = t.account_id where a.owner_user_id = ?",
    userId,
  )[0]!.n;
}

test.describe("trips", () => {
  let host: TestUser | undefined;
  let other: TestUser | undefined;
  test.afterEach(async () => disposeAll(host, other));

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: import the export, match the unknown car, import again without duplicates`, async ({
      browser,
    }) => {
      host = await registerViaApi("trips");
      await addVehicleViaApi(host); // 2019 Honda Civic: matched by name
      const truck = await host.api.post("/api/user/vehicles", {
        data: {
          vin: "1FTEW1EP4KFA12345",
          year: 2019,
          make: "Ford",
          model: "F-150",
          bodyType: "pickup",
          priceClass: "mid",
          paintType: "solid",
          nickname: "Truck",
        },
      });
      expect(truck.status(), await truck.text()).toBe(201);
      const { context, page } = await signedInContext(browser, host, javaScriptEnabled);
      await open(page, "/dashboard/trips", javaScriptEnabled);

      await importFile(page, EXPORT);
      await expect(
        toast(page, javaScriptEnabled).filter({
          hasText: "3 new, 0 updated, 0 unchanged, 1 to match to a car.",
        }),
      ).toBeVisible();
      const table = page.getByRole("table", { name: TRIPS_LIST });
      const cards = page.getByRole("list", { name: TRIPS_LIST });
      const list = (await table.isVisible()) ? table : cards;
      await expect(list).toContainText("2019 Honda Civic");
      await expect(list).toContainText("Truck (2019 Ford F-150)");
      await expect(list).toContainText("Nov 1, 2026, 10:00 AM MST");

      const step = page.getByRole("region", { name: "Which car is it?" });
      await step
        .getByLabel("“Mystery Van” (1 trip)")
        .selectOption({ label: "Truck (2019 Ford F-150)" });
      await step.getByRole("button", { name: "Match" }).click();
      await expect(
        toast(page, javaScriptEnabled).filter({ hasText: "1 trip now belongs to that car." }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Which car is it?" })).toHaveCount(0);

      await importFile(page, EXPORT);
      await expect(
        toast(page, javaScriptEnabled).filter({ hasText: "0 new, 0 updated, 3 unchanged." }),
      ).toBeVisible();
      expect(tripCount(host.id)).toBe(3);
      await context.close();
    });
  }

  test("JavaScript off: a file with bad rows names each problem and stores nothing", async ({
    browser,
  }) => {
    host = await registerViaApi("tripsbad");
    const { context, page } = await signedInContext(browser, host, false);
    await open(page, "/dashboard/trips", false);
    await importFile(
      page,
      [
        "Reservation ID,Vehicle,Trip start,Trip end,Total earnings",
        "B-1,Civic,2026-11-01 10:00,2026-10-30 10:00,$10",
        "B-2,Civic,tomorrow,2026-11-03 10:00,$10",
        "B-3,Civic,2026-11-01 10:00,2026-11-03 10:00,ten dollars",
      ].join("\n"),
    );
    await expect(
      page.getByText("The file has 3 problems; nothing was imported. Fix them and try again."),
    ).toBeVisible();
    const problems = page.getByRole("list", { name: "Problems in the file" });
    await expect(problems).toContainText("Row 2: the trip must end after it starts.");
    await expect(problems).toContainText(
      'Row 3, column "Trip start": "tomorrow" is not a date we can read.',
    );
    await expect(problems).toContainText(
      'Row 4, column "Total earnings": "ten dollars" is not an amount.',
    );
    expect(tripCount(host.id)).toBe(0);
    await context.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: add a trip by hand, edit it, and a reservation twice is refused`, async ({
      browser,
    }) => {
      host = await registerViaApi("tripshand");
      await addVehicleViaApi(host);
      const { context, page } = await signedInContext(browser, host, javaScriptEnabled);
      const addTrip = async (reservation: string) => {
        await open(page, "/dashboard/trips/new", javaScriptEnabled);
        await page.getByLabel("Reservation ID").fill(reservation);
        await page.getByLabel("Car").selectOption({ label: "2019 Honda Civic" });
        await page.getByLabel("Time zone of the trip").selectOption("America/Los_Angeles");
        await page.getByLabel("Pickup date").fill("2026-11-14");
        await page.getByLabel("Pickup time").fill("09:30");
        await page.getByLabel("Return date").fill("2026-11-16");
        await page.getByLabel("Return time").fill("17:00");
        await page.getByLabel("Your earnings, $ (optional)").fill("180.25");
        await page.getByRole("button", { name: "Add trip" }).click();
      };
      await addTrip("H-77");
      await expect(page.getByRole("heading", { name: "Trip H-77" })).toBeVisible();
      await expect(
        page.getByText("Nov 14, 2026, 9:30 AM PST → Nov 16, 2026, 5:00 PM PST"),
      ).toBeVisible();

      await page.getByLabel("Return time").fill("19:15");
      await page.getByRole("button", { name: "Save trip" }).click();
      await expect(page.getByText("Nov 16, 2026, 7:15 PM PST")).toBeVisible();

      await addTrip("H-77");
      await expect(
        page.getByText("Reservation H-77 is already a trip here.").first(),
      ).toBeVisible();
      expect(tripCount(host.id)).toBe(1);

      // The return before the pickup is explained, and nothing is saved.
      await open(page, "/dashboard/trips/new", javaScriptEnabled);
      await page.getByLabel("Reservation ID").fill("H-78");
      await page.getByLabel("Car").selectOption({ label: "2019 Honda Civic" });
      await page.getByLabel("Pickup date").fill("2026-11-14");
      await page.getByLabel("Pickup time").fill("09:30");
      await page.getByLabel("Return date").fill("2026-11-13");
      await page.getByLabel("Return time").fill("09:30");
      await page.getByRole("button", { name: "Add trip" }).click();
      await expect(page.getByText("The trip must end after it starts.")).toBeVisible();
      expect(tripCount(host.id)).toBe(1);
      await context.close();
    });
  }

  test("JSON API: create, list and import trips; another account gets 404", async () => {
    host = await registerViaApi("tripsapi");
    other = await registerViaApi("tripsapi2");
    const vehicleId = await addVehicleViaApi(host);
    const created = await host.api.post("/api/trips", {
      data: {
        reservationId: "A-1",
        vehicleId,
        guestName: "Jordan Lee",
        startAt: "2026-11-20T10:00:00-07:00",
        endAt: "2026-11-22T18:30",
        timeZone: "America/Denver",
        earningsCents: 41250,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { trip } = (await created.json()) as { trip: Record<string, unknown> };
    expect(trip).toMatchObject({
      reservationId: "A-1",
      vehicleId,
      startAt: "2026-11-20T10:00:00-07:00",
      endAt: "2026-11-22T18:30:00-07:00",
      timeZone: "America/Denver",
      // Without a status, a trip whose end has passed is completed.
      status: "completed",
    });

    /** A one-day UTC trip of this car, posted by `user`. */
    const postDayTrip = (user: TestUser, reservationId: string) =>
      user.api.post("/api/trips", {
        data: {
          reservationId,
          vehicleId,
          startAt: "2026-11-20T10:00:00Z",
          endAt: "2026-11-21T10:00:00Z",
          timeZone: "UTC",
        },
      });

    const again = await postDayTrip(host, "A-1");
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(
      "Reservation A-1 is already a trip here.",
    );

    const bad = await host.api.post("/api/trips", {
      data: {
        reservationId: "A-2",
        vehicleId,
        startAt: "soon",
        endAt: "2026-11-21T10:00:00Z",
        timeZone: "Mars/Base",
      },
    });
    expect(bad.status()).toBe(400);
    expect(
      ((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors,
    ).toMatchObject({
      startAt: "Enter the trip start as ISO 8601, e.g. 2026-11-20T10:00:00-07:00.",
      timeZone: '"Mars/Base" is not a time zone we know.',
    });

    const stranger = await postDayTrip(other, "A-9");
    expect(stranger.status()).toBe(404);

    const csv =
      "Reservation ID,Vehicle,Trip start,Trip end\nA-2,Honda Civic 2019,2026-11-23 10:00,2026-11-24 10:00\n";
    const imported = await host.api.post("/api/trips/import?timeZone=America/Chicago", {
      headers: { "Content-Type": "text/csv" },
      data: csv,
    });
    expect(imported.status(), await imported.text()).toBe(200);
    expect(await imported.json()).toEqual({
      imported: 1,
      updated: 0,
      skipped: 0,
      unmatched: 0,
      timeZone: "America/Chicago",
      encoding: "utf-8",
      errors: [],
    });
    const refused = await host.api.post("/api/trips/import?timeZone=America/Chicago", {
      headers: { "Content-Type": "text/csv" },
      data: "Reservation ID,Vehicle,Trip start,Trip end\nA-3,Civic,never,2026-11-24 10:00\n",
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { errors: unknown[] }).errors).toEqual([
      {
        row: 2,
        message:
          'Row 2, column "Trip start": "never" is not a date we can read. Use a format like 2026-01-31 10:00 or 1/31/2026 10:00 AM.',
      },
    ]);

    const listed = (await (await host.api.get("/api/trips")).json()) as {
      trips: Array<{ reservationId: string; startAt: string }>;
    };
    expect(listed.trips.map((t) => t.reservationId)).toEqual(["A-2", "A-1"]);
    expect(listed.trips[0]!.startAt).toBe("2026-11-23T10:00:00-06:00");
    expect(
      ((await (await other.api.get("/api/trips")).json()) as { trips: unknown[] }).trips,
    ).toEqual([]);
    const tripId = trip.id as string;
    expect((await other.api.get(`/dashboard/trip/${tripId}`)).status()).toBe(404);
    expect((await host.api.get(`/dashboard/trip/${tripId}`)).status()).toBe(200);
  });
});
