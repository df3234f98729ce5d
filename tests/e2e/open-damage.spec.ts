import { disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi, handTaggedReportViaApi, openReview } from "../support/estimates";
import { expect, test } from "../support/fixtures";

/**
 * Open damage carries into the next estimate: the earlier report's unrepaired dent shows as
 * already there, and tagging it again asks "same damage (not charged again)" or "new damage".
 * JavaScript on and off, and the JSON API.
 */

const DOOR_DENT = { panel: "front-door-left", damageType: "dent", severity: "moderate" };

async function carWithOpenDent(host: TestUser) {
  const vehicleId = await addVehicleViaApi(host, { year: 2020, make: "Honda", model: "Accord" });
  const first = await handTaggedReportViaApi(host, vehicleId, [DOOR_DENT], 41);
  expect((await host.api.post(`/api/analysis/${first}/finalize`)).status()).toBe(200);
  return vehicleId;
}

async function totalOf(host: TestUser, reportId: string) {
  const json = (await (await host.api.get(`/api/analysis/${reportId}`)).json()) as {
    estimate: { totalCents: number };
  };
  return json.estimate.totalCents;
}

test.describe("open damage", () => {
  let host: TestUser | undefined;
  test.afterEach(async () => disposeAll(host));

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: the earlier dent shows as already there; tagging it again asks same or new`, async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      host = await registerViaApi("opendamage");
      const vehicleId = await carWithOpenDent(host);
      const second = await handTaggedReportViaApi(
        host,
        vehicleId,
        [{ panel: "hood", damageType: "scratch", severity: "minor" }],
        42,
      );
      const { context, page } = await openReview(browser, host, second, javaScriptEnabled);
      await expect(page.getByText("Already on this car (not repaired)")).toBeVisible();
      await expect(page.getByText(/Moderate dent, left front door: reported/)).toBeVisible();
      const before = await totalOf(host, second);

      await page.locator("#add-panel").selectOption("front-door-left");
      await page.locator("#add-damageType").selectOption("dent");
      const question = page.getByRole("group", {
        name: "This panel already has this damage. Is it the same?",
      });
      if (javaScriptEnabled) {
        // Asked before posting.
        await expect(question).toBeVisible();
      } else {
        await page.getByRole("button", { name: "Add to estimate" }).click();
        await expect(
          page.getByText(/already has this kind of damage from an earlier report/).first(),
        ).toBeVisible();
        await expect(page.locator("#findings li")).toHaveCount(1);
      }
      await question.getByLabel(/Same damage as the report of/).check();
      await page.getByRole("button", { name: "Add to estimate" }).click();
      await expect(page.locator("#findings li")).toHaveCount(2);
      await expect(page.locator("#findings")).toContainText("reported before, not charged again");
      expect(await totalOf(host, second)).toBe(before);

      // The same panel and damage again, answered "new": charged.
      await page.locator("#add-panel").selectOption("front-door-left");
      await page.locator("#add-damageType").selectOption("dent");
      if (!javaScriptEnabled) {
        await page.getByRole("button", { name: "Add to estimate" }).click();
        await expect(page.locator("#findings li")).toHaveCount(2);
      }
      await question.getByLabel("New damage from this trip").check();
      await page.getByRole("button", { name: "Add to estimate" }).click();
      await expect(page.locator("#findings li")).toHaveCount(3);
      expect(await totalOf(host, second)).toBeGreaterThan(before);

      await page.getByRole("button", { name: "Finalize estimate" }).click();
      await expect(page.getByText("Estimate ready").first()).toBeVisible();
      await expect(
        page.getByText("Reported on an earlier report — not charged again").first(),
      ).toBeVisible();
      await context.close();
    });
  }

  test("JSON API: a finding on open damage must say same or new (409 lists the match)", async () => {
    host = await registerViaApi("opendamageapi");
    const vehicleId = await carWithOpenDent(host);
    const form = (findings: unknown[]) => ({
      vehicleId,
      findings: JSON.stringify(findings),
    });
    const refused = await host.api.post("/api/analysis", { multipart: form([DOOR_DENT]) });
    expect(refused.status()).toBe(409);
    const body = (await refused.json()) as {
      error: string;
      openDamage: Array<{ findingId: string; label: string }>;
    };
    expect(body.error).toContain('Send "sameAsFindingId"');
    expect(body.openDamage).toMatchObject([{ label: "Moderate dent, left front door" }]);

    const same = await handTaggedReportViaApi(
      host,
      vehicleId,
      [{ ...DOOR_DENT, sameAsFindingId: body.openDamage[0]!.findingId }],
      43,
    );
    const json = (await (await host.api.get(`/api/analysis/${same}`)).json()) as {
      estimate: { totalCents: number };
      findings: Array<{ sameAsFindingId: string | null }>;
    };
    expect(json.findings[0]!.sameAsFindingId).toBe(body.openDamage[0]!.findingId);
    expect(json.estimate.totalCents).toBe(0);
    const fresh = await handTaggedReportViaApi(
      host,
      vehicleId,
      [{ ...DOOR_DENT, newDamage: true }],
      44,
    );
    expect(await totalOf(host, fresh)).toBeGreaterThan(0);
  });
});
