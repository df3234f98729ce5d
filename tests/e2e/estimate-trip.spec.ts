import { browserContext, disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi, photoPart } from "../support/estimates";
import { expect, query, test, waitForHydration } from "../support/fixtures";
import { phonePhoto } from "../support/photos";

/**
 * An estimate belongs to the trip its damage is from: chosen at upload or found from the
 * photos' capture times (the test photos' camera clock reads Nov 20, 2026, 2:03 PM), changeable
 * on the report, listed on the trip's page, and carried into a new claim.
 */

async function addTrip(
  host: TestUser,
  vehicleId: string,
  reservationId: string,
  days: [string, string],
) {
  const created = await host.api.post("/api/trips", {
    data: {
      reservationId,
      vehicleId,
      guestName: "Jordan Lee",
      startAt: `${days[0]}T10:00:00-07:00`,
      endAt: `${days[1]}T18:00:00-07:00`,
      timeZone: "America/Denver",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { trip: { id: string } }).trip.id;
}

const tripOf = (reportId: string) =>
  query<{ trip_id: string | null; trip_matched_by: string | null }>(
    "select trip_id, trip_matched_by from reports where id = ?",
    reportId,
  )[0]!;

test.describe("the trip of an estimate", () => {
  let host: TestUser | undefined;
  let other: TestUser | undefined;
  test.afterEach(async () => {
    await disposeAll(host, other);
    host = other = undefined;
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: found from the photos at upload, changed on the report, listed on the trip`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      host = await registerViaApi("esttrip");
      const vehicleId = await addVehicleViaApi(host, { year: 2020, make: "Mazda", model: "CX-5" });
      const earlier = await addTrip(host, vehicleId, "R-100", ["2026-11-17", "2026-11-19"]);
      const later = await addTrip(host, vehicleId, "R-200", ["2026-11-24", "2026-11-26"]);

      const context = await browserContext(browser, javaScriptEnabled);
      await context.addCookies((await host.api.storageState()).cookies);
      const page = await context.newPage();
      await page.goto(`/app?vehicleId=${vehicleId}`);
      if (javaScriptEnabled) await waitForHydration(page);
      const trip = page.getByLabel("Trip", { exact: true });
      await expect(trip).toHaveValue("auto");
      await expect(trip.locator("option")).toHaveText([
        "Find it from the photos' times",
        "Not for a trip",
        "R-200 · Jordan Lee · Nov 24, 2026 – Nov 26, 2026",
        "R-100 · Jordan Lee · Nov 17, 2026 – Nov 19, 2026",
      ]);
      await page
        .locator("#photos-library")
        .setInputFiles([await phonePhoto("t.jpg", { seed: 21 })]);
      if (javaScriptEnabled) {
        await expect(page.getByText("Looks good")).toHaveCount(1, { timeout: 20_000 });
      }
      await page.getByLabel(/mark the damage myself/).check();
      await page.getByRole("button", { name: "Get my estimate" }).click();
      await page.waitForURL(/\/analysis\//);
      const reportId = new URL(page.url()).pathname.split("/")[2]!;

      // Nov 20, 2:03 PM is the day after R-100 ended: that trip, from the capture times.
      expect(tripOf(reportId)).toEqual({ trip_id: earlier, trip_matched_by: "capture-times" });
      const section = page.getByRole("region", { name: "Trip" });
      await expect(section).toContainText("R-100 · Jordan Lee");
      await expect(section).toContainText("(matched from the photos' capture times)");

      await section.getByLabel("Change the trip").selectOption(later);
      await section.getByRole("button", { name: "Save trip" }).click();
      await expect(section).toContainText("R-200 · Jordan Lee");
      await expect(section).toContainText("(chosen by you)");
      expect(tripOf(reportId)).toEqual({ trip_id: later, trip_matched_by: "host" });

      await page.goto(`/dashboard/trip/${later}`);
      const estimates = page.getByRole("region", { name: "Damage estimates" });
      await estimates.getByRole("link", { name: /^Estimate of / }).click();
      await page.waitForURL(`**/analysis/${reportId}`);

      await page.goto(`/dashboard/vehicle/${vehicleId}`);
      await expect(page.getByRole("region", { name: "Trips" })).toContainText("R-200");
      await context.close();
    });
  }

  test("a finished estimate starts a claim for its trip; the API sets and checks the trip", async ({
    browser,
  }) => {
    host = await registerViaApi("esttripapi");
    other = await registerViaApi("esttripapi2");
    const vehicleId = await addVehicleViaApi(host);
    const secondCar = await addVehicleViaApi(host, { model: "Accord" });
    const tripId = await addTrip(host, vehicleId, "R-300", ["2026-11-18", "2026-11-19"]);
    const otherCarTrip = await addTrip(host, secondCar, "R-301", ["2026-11-18", "2026-11-19"]);
    const strangerTrip = await addTrip(other, await addVehicleViaApi(other), "R-302", [
      "2026-11-18",
      "2026-11-19",
    ]);

    const upload = async (tripChoice?: string) =>
      host!.api.post("/api/analysis", {
        multipart: {
          vehicleId,
          findings: JSON.stringify([{ panel: "hood", damageType: "dent", severity: "minor" }]),
          photos: await photoPart("api-trip.jpg", 31),
          ...(tripChoice ? { tripId: tripChoice } : {}),
        },
      });
    for (const foreign of [otherCarTrip, strangerTrip, "no-such-trip"]) {
      const refused = await upload(foreign);
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Choose one of this car's trips.",
      );
    }
    const none = await upload("none");
    expect(((await none.json()) as { tripId: string | null }).tripId).toBeNull();
    const found = await upload();
    expect(found.status()).toBe(202);
    const { reportId, tripId: matched } = (await found.json()) as {
      reportId: string;
      tripId: string;
    };
    expect(matched).toBe(tripId);
    const detail = await host.api.get(`/api/analysis/${reportId}`);
    expect(await detail.json()).toMatchObject({ tripId, tripMatchedBy: "capture-times" });

    expect((await host.api.post(`/api/analysis/${reportId}/finalize`)).status()).toBe(200);
    const context = await browserContext(browser, false);
    await context.addCookies((await host.api.storageState()).cookies);
    const page = await context.newPage();
    await page.goto(`/analysis/${reportId}`);
    await page.getByRole("link", { name: "Start a damage claim for this trip" }).click();
    await expect(page.getByLabel("Trip")).toHaveValue(tripId);
    await context.close();
  });
});
