import type { Browser, Page } from "@playwright/test";
import { disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi, handTaggedReportViaApi, openReview } from "../support/estimates";
import { expect, query, test } from "../support/fixtures";

/**
 * The damage real rental cars get, tagged by hand: hail with its dent count and size, a damaged
 * camera or sensor, a dent with cracked paint, and sizes in inches; each priced and shown on the
 * report. JavaScript on and off.
 */

async function reviewPage(browser: Browser, host: TestUser, javaScriptEnabled: boolean) {
  const vehicleId = await addVehicleViaApi(host, {
    year: 2021,
    make: "Toyota",
    model: "RAV4",
    bodyType: "suv",
  });
  const reportId = await handTaggedReportViaApi(host, vehicleId, [
    { panel: "front-door-right", damageType: "scratch", severity: "minor" },
  ]);
  const { context, page } = await openReview(browser, host, reportId, javaScriptEnabled);
  return { context, page, reportId };
}

async function addFinding(page: Page, fill: () => Promise<void>) {
  const before = await page.locator("#findings li").count();
  await fill();
  await page.getByRole("button", { name: "Add to estimate" }).click();
  await expect(page.locator("#findings li")).toHaveCount(before + 1);
}

test.describe("finding details", () => {
  let host: TestUser | undefined;
  test.afterEach(async () => disposeAll(host));

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: hail, a damaged sensor and cracked paint are stored, priced and shown`, async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      host = await registerViaApi("details");
      const { context, page, reportId } = await reviewPage(browser, host, javaScriptEnabled);
      const form = page.locator("form#add-finding");

      if (javaScriptEnabled) {
        // Only the details of the chosen damage show.
        await page.locator("#add-damageType").selectOption("scratch");
        await expect(form.getByRole("group", { name: /Hail/ })).toHaveCount(0);
      }
      await addFinding(page, async () => {
        await page.locator("#add-panel").selectOption("hood");
        await page.locator("#add-damageType").selectOption("hail");
        await page.locator("#add-hailDentCount").selectOption("16-30");
        await page.locator("#add-hailDentSize").selectOption("quarter");
        await page.locator("#add-hailOversize").fill("2");
      });
      await addFinding(page, async () => {
        await page.locator("#add-panel").selectOption("rear-bumper");
        await page.locator("#add-damageType").selectOption("sensor-damage");
        await page.locator("#add-sensor").selectOption("parking sensors");
      });
      await addFinding(page, async () => {
        await page.locator("#add-panel").selectOption("front-door-left");
        await page.locator("#add-damageType").selectOption("dent");
        await page.locator("#add-size").fill("2");
        await form.getByLabel(/The paint over the dent is cracked/).check();
      });

      const rows = query<{
        damage_type: string;
        hail: string | null;
        sensor: string | null;
        paint_cracked: number;
        size_cm: number | null;
      }>(
        "select damage_type, hail, sensor, paint_cracked, size_cm from findings where report_id = ? order by position",
        reportId,
      );
      expect(rows.slice(1)).toEqual([
        {
          damage_type: "hail",
          hail: JSON.stringify({ dentCount: "16-30", dentSize: "quarter", oversizeDents: 2 }),
          sensor: null,
          paint_cracked: 0,
          size_cm: null,
        },
        {
          damage_type: "sensor-damage",
          hail: null,
          sensor: "parking sensors",
          paint_cracked: 0,
          size_cm: null,
        },
        { damage_type: "dent", hail: null, sensor: null, paint_cracked: 1, size_cm: 5.08 },
      ]);
      const list = page.locator("#findings");
      await expect(list).toContainText(
        "16–30 dents, mostly quarter-size, 2 larger than a half dollar",
      );
      await expect(list).toContainText("Parking sensor");
      await expect(list).toContainText("Paint cracked: can't be repaired paintlessly");
      await expect(list).toContainText("2 in");

      await page.getByRole("button", { name: "Finalize estimate" }).click();
      await expect(page.getByText("Estimate ready").first()).toBeVisible();
      const report = (await (await host.api.get(`/api/analysis/${reportId}`)).json()) as {
        estimate: {
          lines: Array<{
            panel: string | null;
            operation: string;
            description: string;
            decision?: { chosen: string; reason: string };
          }>;
        };
        assumptions: string[];
      };
      const lines = report.estimate.lines;
      expect(lines.some((line) => line.panel === "hood" && line.operation === "PDR")).toBe(true);
      expect(
        lines.some(
          (line) => line.panel === "rear-bumper" && /parking sensor/i.test(line.description),
        ),
      ).toBe(true);
      expect(
        lines.some((line) => line.panel === "front-door-left" && line.operation === "PDR"),
      ).toBe(false);
      expect(
        lines.some((line) => line.panel === "front-door-left" && line.operation === "Refinish"),
      ).toBe(true);
      // Repair or replace: the JSON and the report page say which was chosen and why.
      const repair = lines.find(
        (line) => line.panel === "front-door-left" && line.operation === "Repair",
      );
      expect(repair?.decision).toMatchObject({
        chosen: "repair",
        reason: expect.stringMatching(/^repaired: .* of a new panel's/),
      });
      await expect(page.getByText(/repaired: .* of a new panel's/).first()).toBeVisible();
      expect(report.assumptions).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Body: /),
          expect.stringMatching(/^Paint system: /),
        ]),
      );
      await context.close();
    });
  }
});
