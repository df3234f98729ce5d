import { browserContext, disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi, handTaggedReportViaApi } from "../support/estimates";
import { expect, test } from "../support/fixtures";

/**
 * The car's driver-assistance equipment, headlamps and aluminum panels: stated on the vehicle
 * page (JavaScript off) or through the API, priced by the estimate, and what was assumed listed
 * on the report, in its JSON and on the PDF.
 */

const BUMPER = [{ panel: "front-bumper", damageType: "crack", severity: "severe" }];

async function estimate(host: TestUser, reportId: string) {
  return (await (await host.api.get(`/api/analysis/${reportId}`)).json()) as {
    assumptions: string[];
    estimate: { lines: Array<{ operation: string; panel: string | null }> };
  };
}

test.describe("vehicle equipment", () => {
  let host: TestUser | undefined;
  test.afterEach(async () => disposeAll(host));

  test("JavaScript off: equipment stated on the vehicle page is priced, and the rest is listed as assumed", async ({
    browser,
  }) => {
    host = await registerViaApi("equipment");
    const vehicleId = await addVehicleViaApi(host, {
      year: 2022,
      make: "Toyota",
      model: "Camry",
      priceClass: "mid",
    });

    // Nothing stated: the estimate says so.
    const before = await handTaggedReportViaApi(host, vehicleId, BUMPER, 51);
    const unstated = await estimate(host, before);
    expect(unstated.assumptions[0]).toContain(
      "Driver-assistance cameras and sensors weren't stated for this car",
    );

    const context = await browserContext(browser, false);
    await context.addCookies((await host.api.storageState()).cookies);
    const page = await context.newPage();
    await page.goto(`/dashboard/vehicle/${vehicleId}`);
    await page
      .getByText("Driver assistance, headlamps, seats and aluminum panels (optional)")
      .click();
    await page.getByLabel("Front radar (adaptive cruise)").selectOption("yes");
    await page.getByLabel("Front parking sensors").selectOption("no");
    await page.getByLabel("Headlamps").selectOption("led");
    await page.getByLabel("Seats").selectOption("leather");
    await page.getByLabel("Hood").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.goto(`/dashboard/vehicle/${vehicleId}`);
    await expect(page.getByLabel("Front radar (adaptive cruise)")).toHaveValue("yes");
    await expect(page.getByLabel("Hood")).toBeChecked();
    await expect(page.getByLabel("Seats")).toHaveValue("leather");

    const after = await handTaggedReportViaApi(host, vehicleId, BUMPER, 52);
    const stated = await estimate(host, after);
    expect(
      stated.estimate.lines.some(
        (line) => line.operation === "Calibration" && line.panel === "front-bumper",
      ),
    ).toBe(true);
    expect(stated.assumptions).toContain(
      "Windshield camera (lane keeping, automatic braking): assumed yes (most cars from 2018 on have one); the host can correct it on the vehicle page.",
    );
    expect(stated.assumptions.some((text) => text.startsWith("Front radar"))).toBe(false);
    expect(stated.assumptions.some((text) => text.startsWith("Aluminum panels"))).toBe(false);

    expect((await host.api.post(`/api/analysis/${after}/finalize`)).status()).toBe(200);
    await page.goto(`/analysis/${after}`);
    await expect(
      page.getByText(/Windshield camera \(lane keeping, automatic braking\): assumed yes/).first(),
    ).toBeVisible();

    // "None" states the car has no aluminum panels, which the report no longer calls an assumption.
    // (The section is open now that the car's equipment is stated.)
    await page.goto(`/dashboard/vehicle/${vehicleId}`);
    await page.getByLabel("Hood").uncheck();
    await page.getByLabel("None", { exact: true }).check();
    await page.getByLabel("Headlamps").selectOption("hid");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.goto(`/dashboard/vehicle/${vehicleId}`);
    await expect(page.getByLabel("None", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Headlamps")).toHaveValue("hid");
    const noAluminum = await estimate(
      host,
      await handTaggedReportViaApi(
        host,
        vehicleId,
        // The finalized report's bumper crack is open damage now: this one is new.
        BUMPER.map((finding) => ({ ...finding, newDamage: true })),
        53,
      ),
    );
    expect(noAluminum.assumptions.some((text) => text.startsWith("Aluminum panels"))).toBe(false);
    expect(noAluminum.assumptions.some((text) => text.startsWith("Headlamps"))).toBe(false);
    await context.close();
  });

  test("JSON API: equipment is accepted and returned; not stated is null", async () => {
    host = await registerViaApi("equipmentapi");
    const created = await host.api.post("/api/user/vehicles", {
      data: {
        year: 2021,
        make: "Ford",
        model: "F-150",
        bodyType: "pickup",
        rearCamera: "yes",
        blindSpotMonitors: false,
        aluminumPanels: ["hood", "front-door-left"],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { vehicle } = (await created.json()) as {
      vehicle: {
        equipment: Record<string, boolean | null>;
        aluminumPanels: string[] | null;
        headlampType: string | null;
      };
    };
    expect(vehicle.equipment).toMatchObject({
      rearCamera: true,
      blindSpotMonitors: false,
      windshieldCamera: null,
    });
    expect(vehicle.aluminumPanels).toEqual(["hood", "front-door-left"]);
    expect(vehicle.headlampType).toBeNull();
    // An empty list says "none"; leaving the field out says "not sure".
    const none = await host.api.post("/api/user/vehicles", {
      data: { year: 2021, make: "Ford", model: "F-150", bodyType: "pickup", aluminumPanels: [] },
    });
    expect(none.status(), await none.text()).toBe(201);
    const stated = (await none.json()) as { vehicle: { aluminumPanels: string[] | null } };
    expect(stated.vehicle.aluminumPanels).toEqual([]);
    const bad = await host.api.post("/api/user/vehicles", {
      data: {
        year: 2021,
        make: "Ford",
        model: "F-150",
        bodyType: "pickup",
        aluminumPanels: ["front-bumper"],
      },
    });
    expect(bad.status()).toBe(400);
  });
});
