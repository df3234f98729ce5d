import type { Locator, Page } from "@playwright/test";
import { disposeAll, registerViaApi, signedInContext, type TestUser } from "../support/accounts";
import { addVehicleViaApi } from "../support/estimates";
import { expect, test, waitForHydration } from "../support/fixtures";

/**
 * Paging through the trips of an account with three pages of them (imported through the app's
 * own CSV import), with JavaScript off on a phone and on at desktop width: every trip shows
 * once, the page links keep the car and status filters, and a stale page link starts over
 * with a notice instead of an error.
 */

const TRIPS_LIST = "Trips not over yet first, the one ending soonest at the top; then past trips";
const HEADER =
  "Reservation ID,Guest,Vehicle,VIN,Trip start,Trip end,Check-in odometer,Check-out odometer,Total earnings,Trip status";

const day = (base: string, plus: number) => {
  const date = new Date(`${base}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + plus);
  return date.toISOString().slice(0, 10);
};

/**
 * 130 trips: 100 past ones of the Civic (every 4th canceled), 27 of the truck (by VIN), and 3
 * booked ones of the Civic next year. The Civic's completed trips: 75 (two pages).
 */
function tripExport(): string {
  const rows = [HEADER];
  for (let i = 0; i < 100; i++) {
    const start = day("2026-01-02", i * 2);
    const status = i % 4 === 3 ? "Canceled" : "Completed";
    rows.push(
      `P-${1000 + i},Guest ${i},Honda Civic 2019,,${start} 10:00,${day(start, 1)} 18:00,,,$${80 + i}.00,${status}`,
    );
  }
  for (let j = 0; j < 27; j++) {
    const start = day("2026-08-01", j * 3);
    rows.push(
      `T-${2000 + j},Driver ${j},Work truck,1FTEW1EP4KFA12345,${start} 09:00,${day(start, 1)} 09:00,,,$95.00,Completed`,
    );
  }
  for (let k = 0; k < 3; k++) {
    const start = day("2027-03-01", k * 5);
    rows.push(
      `U-${3000 + k},Future ${k},Honda Civic 2019,,${start} 08:00,${day(start, 2)} 08:00,,,,Booked`,
    );
  }
  return rows.join("\n");
}

function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (entry) => {
    if (entry.type() === "error") errors.push(`console: ${entry.text()}`);
  });
  return errors;
}

/** The trips list as shown at this width: the table on wide screens, cards on phones. */
async function tripList(page: Page): Promise<Locator> {
  const table = page.getByRole("table", { name: TRIPS_LIST });
  return (await table.isVisible()) ? table : page.getByRole("list", { name: TRIPS_LIST });
}

/** The reservation ids on the page, in order. */
async function reservations(page: Page): Promise<string[]> {
  return (await tripList(page)).getByRole("link").allTextContents();
}

/** Follows "Next page" to the end; the reservation ids of every page. */
async function everyPage(page: Page, javaScriptEnabled: boolean): Promise<string[][]> {
  const pages: string[][] = [];
  for (;;) {
    pages.push(await reservations(page));
    const next = page.getByRole("navigation", { name: "Trips pages" }).getByRole("link", {
      name: "Next page",
    });
    if ((await next.count()) === 0) return pages;
    const before = page.url();
    await next.click();
    await page.waitForURL((url) => url.href !== before);
    if (javaScriptEnabled) await waitForHydration(page);
    expect(pages.length).toBeLessThan(10);
  }
}

let host: TestUser | undefined;
let carId = "";

test.describe("trips paging", () => {
  test.beforeAll(async () => {
    host = await registerViaApi("tripspaging");
    carId = await addVehicleViaApi(host); // 2019 Honda Civic: matched by name
    const truck = await host.api.post("/api/user/vehicles", {
      data: {
        vin: "1FTEW1EP4KFA12345",
        year: 2019,
        make: "Ford",
        model: "F-150",
        bodyType: "pickup",
        priceClass: "mid",
        paintType: "solid",
      },
    });
    expect(truck.status(), await truck.text()).toBe(201);
    const imported = await host.api.post("/api/trips/import?timeZone=America/Denver", {
      headers: { "Content-Type": "text/csv" },
      data: tripExport(),
    });
    expect(imported.status(), await imported.text()).toBe(200);
    expect(await imported.json()).toMatchObject({ imported: 130, unmatched: 0 });
  });
  test.afterAll(async () => disposeAll(host));

  const RUNS = [
    { javaScriptEnabled: false, width: 390, height: 844 },
    { javaScriptEnabled: true, width: 1280, height: 900 },
  ] as const;

  for (const { javaScriptEnabled, width, height } of RUNS) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width}px: three pages of trips, each once, booked ones first; filters keep across pages`, async ({
      browser,
    }) => {
      const { context, page } = await signedInContext(browser, host!, javaScriptEnabled);
      await page.setViewportSize({ width, height });
      const errors = watchErrors(page);
      await page.goto("/dashboard/trips");
      if (javaScriptEnabled) await waitForHydration(page);

      await expect(page.getByRole("region", { name: "All trips (130)" })).toBeVisible();
      const pages = await everyPage(page, javaScriptEnabled);
      expect(pages.map((ids) => ids.length)).toEqual([50, 50, 30]);
      const all = pages.flat();
      expect(new Set(all).size).toBe(130);
      // Trips not over yet first (the soonest end first), then the latest past trips.
      expect(all.slice(0, 4)).toEqual(["U-3000", "U-3001", "U-3002", "T-2026"]);
      expect(all.at(-1)).toBe("P-1000");
      await page.getByRole("link", { name: "First page" }).click();
      await expect(page).toHaveURL(/\/dashboard\/trips$/);
      if (javaScriptEnabled) await waitForHydration(page);

      // One car, completed trips: 75 of them, on two pages; the next page link keeps both.
      const filters = page.getByRole("form", { name: "Filter the trips" });
      await filters.getByLabel("Car").selectOption({ label: "2019 Honda Civic" });
      await filters.getByLabel("Status").selectOption("completed");
      await filters.getByRole("button", { name: "Show trips" }).click();
      await expect(page.getByRole("region", { name: "Matching trips (75)" })).toBeVisible();
      if (javaScriptEnabled) await waitForHydration(page);
      const next = page.getByRole("link", { name: "Next page" });
      const href = (await next.getAttribute("href")) ?? "";
      expect(new URL(href, "http://x").searchParams.get("vehicleId")).toBe(carId);
      expect(new URL(href, "http://x").searchParams.get("status")).toBe("completed");
      const filtered = await everyPage(page, javaScriptEnabled);
      expect(filtered.map((ids) => ids.length)).toEqual([50, 25]);
      expect(filtered.flat().every((id) => id.startsWith("P-"))).toBe(true);
      const list = await tripList(page);
      await expect(list).not.toContainText("Canceled");
      await expect(filters.getByLabel("Status")).toHaveValue("completed");
      await page.screenshot({
        path: `test-results/trips-paging-${width}-js${javaScriptEnabled ? "on" : "off"}.png`,
        fullPage: true,
      });

      // A page link that is no longer valid shows the first page, filters kept, and says so.
      await page.goto(`/dashboard/trips?status=completed&cursor=stale-link`);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(
        page.getByRole("status").filter({ hasText: "That page link is no longer valid" }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Matching trips (102)" })).toBeVisible();

      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test("the JSON list pages with limit and nextCursor and keeps its trips array", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const response = await host!.api.get(
        `/api/trips?vehicleId=${carId}&limit=40${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(response.status()).toBe(200);
      const body = (await response.json()) as {
        trips: { reservationId: string; vehicleId: string }[];
        nextCursor: string | null;
      };
      expect(body.trips.every((trip) => trip.vehicleId === carId)).toBe(true);
      seen.push(...body.trips.map((trip) => trip.reservationId));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(103);
    expect(new Set(seen).size).toBe(103);
    const bad = await host!.api.get("/api/trips?limit=500");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: "limit must be a whole number from 1 to 200.",
    });
  });
});
