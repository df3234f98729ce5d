import type { Browser } from "@playwright/test";
import { disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi, handTaggedReportViaApi, openReview } from "../support/estimates";
import { expect, query, seriousA11yViolations, test } from "../support/fixtures";

/**
 * Hand tagging says which photo shows the damage and, with JavaScript, boxes it on the photo
 * (drag or arrow keys); the box shows on the report's photos. Without JavaScript the photo is
 * chosen from the list and a saved box is kept through edits.
 */

interface FindingRow {
  id: string;
  panel: string;
  severity: string;
  photo_id: string | null;
  box: string | null;
}

const findingsOf = (reportId: string) =>
  query<FindingRow>(
    "select id, panel, severity, photo_id, box from findings where report_id = ? order by position",
    reportId,
  );

const photoIdOf = (reportId: string) =>
  query<{ id: string }>("select id from photos where report_id = ?", reportId)[0]!.id;

async function reviewPage(browser: Browser, host: TestUser, javaScriptEnabled: boolean) {
  const vehicleId = await addVehicleViaApi(host, { bodyType: "sedan" });
  const reportId = await handTaggedReportViaApi(host, vehicleId, [
    { panel: "front-door-right", damageType: "scratch", severity: "minor" },
  ]);
  const { context, page } = await openReview(browser, host, reportId, javaScriptEnabled);
  return { context, page, reportId };
}

test.describe("boxing the damage on a photo", () => {
  let host: TestUser | undefined;
  test.afterEach(async () => disposeAll(host));

  test("JavaScript on: drag a box, or draw one with the arrow keys, and it lands on the photo", async ({
    browser,
  }) => {
    host = await registerViaApi("boxes");
    const { context, page, reportId } = await reviewPage(browser, host, true);
    const form = page.locator("form#add-finding");
    await page.locator("#add-panel").selectOption("front-bumper");
    await page.locator("#add-damageType").selectOption("dent");
    await form.getByRole("radio", { name: "Photo 1" }).check();

    const surface = form.getByRole("group", { name: "Draw a box on photo 1" });
    await expect(surface).toBeVisible();
    await surface.scrollIntoViewIfNeeded();
    const area = (await surface.boundingBox())!;
    await page.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.4, area.y + area.height * 0.5, { steps: 4 });
    await page.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.7, { steps: 4 });
    await page.mouse.up();
    await expect(
      form.getByText("Box 20% from the left, 30% from the top, 40% wide, 40% tall."),
    ).toBeVisible();

    expect(await seriousA11yViolations(page)).toEqual([]);

    await form.getByRole("button", { name: "Add to estimate" }).click();
    await expect(page.locator("#findings li")).toHaveCount(2);
    const added = findingsOf(reportId)[1]!;
    expect(added.photo_id).toBe(photoIdOf(reportId));
    const box = JSON.parse(added.box!) as { x: number; y: number; w: number; h: number };
    expect(box.x).toBeCloseTo(0.2, 1);
    expect(box.y).toBeCloseTo(0.3, 1);
    expect(box.w).toBeCloseTo(0.4, 1);
    expect(box.h).toBeCloseTo(0.4, 1);
    // The report's photo shows it, numbered as the finding.
    await expect(
      page.getByRole("img", { name: "Finding 2: moderate dent, front bumper" }),
    ).toBeVisible();
    // The add form starts empty again: no photo, no box.
    await expect(form.getByRole("radio", { name: "No photo" })).toBeChecked();

    // Finding 1 gets a box from the keyboard: an arrow starts one in the middle, Shift resizes.
    const first = page.locator("#findings li").first();
    await first.getByText("Edit").click();
    await first.getByRole("radio", { name: "Photo 1" }).check();
    const keys = first.getByRole("group", { name: "Draw a box on photo 1" });
    await keys.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowDown");
    await expect(
      first.getByText("Box 37% from the left, 35% from the top, 30% wide, 32% tall."),
    ).toBeVisible();
    await first.getByRole("button", { name: "Save finding 1" }).click();
    await expect(
      page.getByRole("img", { name: "Finding 1: minor scratch, right front door" }),
    ).toBeVisible();
    expect(JSON.parse(findingsOf(reportId)[0]!.box!)).toEqual({
      x: 0.37,
      y: 0.35,
      w: 0.3,
      h: 0.32,
    });

    // Removing the box keeps the photo (the edit form is still open after the save).
    await first.getByRole("button", { name: "Remove the box" }).click();
    await first.getByRole("button", { name: "Save finding 1" }).click();
    await expect(
      page.getByRole("img", { name: "Finding 1: minor scratch, right front door" }),
    ).toHaveCount(0);
    expect(findingsOf(reportId)[0]).toMatchObject({ photo_id: photoIdOf(reportId), box: null });
    await context.close();
  });

  test("JavaScript off: the photo is chosen from the list and a saved box survives an edit", async ({
    browser,
  }) => {
    host = await registerViaApi("boxes-nojs");
    const { context, page, reportId } = await reviewPage(browser, host, false);
    const photoId = photoIdOf(reportId);
    const form = page.locator("form#add-finding");
    await page.locator("#add-panel").selectOption("hood");
    await page.locator("#add-damageType").selectOption("scratch");
    await form.getByRole("radio", { name: "Photo 1" }).check();
    await form.getByRole("button", { name: "Add to estimate" }).click();
    await expect(page.locator("#findings li")).toHaveCount(2);
    expect(findingsOf(reportId)[1]).toMatchObject({ panel: "hood", photo_id: photoId, box: null });

    // A box drawn elsewhere (the API here) is kept when the finding is edited without JavaScript.
    const rows = findingsOf(reportId);
    const put = await host.api.put(`/api/analysis/${reportId}/findings`, {
      data: {
        findings: [
          {
            id: rows[0]!.id,
            panel: "front-door-right",
            damageType: "scratch",
            severity: "minor",
            photoId,
            box: { x: 0.1, y: 0.2, w: 0.3, h: 0.25 },
          },
          { id: rows[1]!.id, panel: "hood", damageType: "scratch", severity: "moderate" },
        ],
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    await page.reload();
    const first = page.locator("#findings li").first();
    await first.getByText("Edit").click();
    await expect(first.getByText("The box drawn on photo 1 is kept.")).toBeVisible();
    await first.getByRole("radio", { name: "Severe" }).check();
    await first.getByRole("button", { name: "Save finding 1" }).click();
    await expect(page.locator("#findings li").first()).toContainText("Severe scratch");
    expect(findingsOf(reportId)[0]).toMatchObject({ severity: "severe", photo_id: photoId });
    expect(JSON.parse(findingsOf(reportId)[0]!.box!)).toEqual({ x: 0.1, y: 0.2, w: 0.3, h: 0.25 });
    // The second finding kept its photo through the PUT that left the photo out.
    expect(findingsOf(reportId)[1]).toMatchObject({ photo_id: photoId });

    // "No photo" clears both.
    await page.locator("#findings li").first().getByText("Edit").click();
    await page.locator("#findings li").first().getByRole("radio", { name: "No photo" }).check();
    await page
      .locator("#findings li")
      .first()
      .getByRole("button", { name: "Save finding 1" })
      .click();
    await expect(page.locator("#findings li").first()).not.toContainText("photo 1");
    expect(findingsOf(reportId)[0]).toMatchObject({ photo_id: null, box: null });
    await context.close();
  });

  test("the API refuses a photo from another report and a box outside the photo", async () => {
    host = await registerViaApi("boxes-api");
    const vehicleId = await addVehicleViaApi(host);
    const reportId = await handTaggedReportViaApi(host, vehicleId, [
      { panel: "hood", damageType: "dent", severity: "minor" },
    ]);
    const otherReport = await handTaggedReportViaApi(
      host,
      vehicleId,
      [{ panel: "roof", damageType: "dent", severity: "minor" }],
      2,
    );
    const put = (finding: Record<string, unknown>) =>
      host!.api.put(`/api/analysis/${reportId}/findings`, {
        data: { findings: [{ panel: "hood", damageType: "dent", severity: "minor", ...finding }] },
      });
    const foreign = await put({ photoId: photoIdOf(otherReport) });
    expect(foreign.status()).toBe(400);
    expect((await foreign.json()).message).toBe(
      "Choose one of this report's photos for the finding.",
    );
    const outside = await put({
      photoId: photoIdOf(reportId),
      box: { x: 0.8, y: 0, w: 0.5, h: 0.5 },
    });
    expect(outside.status()).toBe(400);
    const boxed = await put({
      photoId: photoIdOf(reportId),
      box: { x: 0.5, y: 0, w: 0.5, h: 0.5 },
    });
    expect(boxed.status(), await boxed.text()).toBe(200);
    expect(findingsOf(reportId)[0]).toMatchObject({ photo_id: photoIdOf(reportId) });
    expect(findingsOf(otherReport)[0]!.photo_id).toBeNull();
  });
});
