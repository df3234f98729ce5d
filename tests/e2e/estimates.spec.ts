import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { freshAddress, newUserDetails } from "../support/accounts";
import { BASE_URL, STRICT_URL } from "../support/env";
import { expect, query, seriousA11yViolations, test, waitForHydration } from "../support/fixtures";
import { phonePhoto } from "../support/photos";
import { PHONE } from "../support/viewports";

/** A signed-in phone browser for a new host (registered through the API on the same cookies). */
async function hostPhone(
  browser: Browser,
  options: { javaScriptEnabled: boolean; baseURL?: string },
): Promise<{ context: BrowserContext; page: Page; username: string }> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: options.javaScriptEnabled,
    baseURL: options.baseURL ?? BASE_URL,
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
  });
  const details = newUserDetails("host");
  const response = await context.request.post("/api/register", { data: details });
  expect(response.status(), await response.text()).toBe(201);
  return { context, page: await context.newPage(), username: details.username };
}

async function addFirstVehicle(page: Page) {
  await expect(page.getByRole("heading", { name: "First, add the car" })).toBeVisible();
  // A real VIN (2021 Toyota Camry): the year and make are decoded from it.
  await page.getByLabel("VIN").fill("4T1G11AK5MU404407");
  await page.getByLabel("Model", { exact: true }).fill("Camry");
  await page.getByLabel("Body type").selectOption("sedan");
  await page.getByLabel("Price class").selectOption("mid");
  await page.getByLabel("Paint type").selectOption("metallic-pearl");
  await page.getByRole("button", { name: "Add vehicle" }).click();
  await expect(page.getByText("Vehicle added").first()).toBeVisible();
  await expect(page.getByLabel("Vehicle")).toContainText("2021 Toyota Camry");
}

/** A host with JavaScript on, on /app with their first car added. */
async function hostWithCar(browser: Browser) {
  const host = await hostPhone(browser, { javaScriptEnabled: true });
  await host.page.goto("/app");
  await waitForHydration(host.page);
  await addFirstVehicle(host.page);
  await waitForHydration(host.page);
  return host;
}

function eventCount(name: string, analysisId: string) {
  return query<{ n: number }>(
    "select count(*) as n from analytics_events where name = ? and properties like ?",
    name,
    `%${analysisId}%`,
  )[0]!.n;
}

/** The PDF opens: pdf-lib parses it and, where poppler is installed, pdftoppm renders page 1. */
async function expectReadablePdf(bytes: Buffer) {
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
  expect(doc.getTitle()).toMatch(/Damage estimate/);
  if (spawnSync("pdftoppm", ["-v"]).error) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-pdf-"));
  fs.writeFileSync(path.join(dir, "report.pdf"), bytes);
  execFileSync("pdftoppm", ["-png", "-r", "40", "-f", "1", "-l", "1", "report.pdf", "page"], {
    cwd: dir,
  });
  const png = fs.readdirSync(dir).find((file) => file.endsWith(".png"));
  expect(png, "pdftoppm rendered page 1").toBeTruthy();
  expect(fs.statSync(path.join(dir, png!)).size).toBeGreaterThan(5_000);
}

test.describe("damage estimate on a phone", () => {
  test("JS on: add a car, upload photos, AI analysis, review, estimate, PDF and a share link", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await hostWithCar(browser);

    const photos = [
      await phonePhoto("front.jpg", { seed: 3 }),
      await phonePhoto("side.jpg", { seed: 5 }),
    ];
    await page.locator("#photos-library").setInputFiles(photos);
    // Each photo is resized in the browser and uploaded on its own, with its checks shown.
    await expect(page.getByText("Looks good")).toHaveCount(2, { timeout: 20_000 });
    const uploaded = query<{ hashed_by: string; captured_at: string | null; width: number }>(
      "select hashed_by, captured_at, width from photos order by created_at desc limit 2",
    );
    for (const photo of uploaded) {
      expect(photo.hashed_by).toBe("browser");
      expect(photo.captured_at).toBe("2026-11-20T14:03:11");
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Get my estimate" }).click();
    await page.waitForURL(/\/analysis\//);
    const reportId = new URL(page.url()).pathname.split("/")[2]!;
    // The local AI server answers with recorded findings; the page follows the job live.
    await expect(page.getByRole("heading", { name: "Review the damage" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(/The AI found \d+ things?/)).toBeVisible();
    const aiFindings = query<{ n: number }>(
      "select count(*) as n from findings where report_id = ? and source = 'ai'",
      reportId,
    )[0]!.n;
    expect(aiFindings).toBeGreaterThan(0);
    await expect(page.getByText(/AI, \d+% confident/).first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Correct the first finding, remove the second, add one on the diagram.
    const firstFinding = page.locator("#findings li").first();
    await firstFinding.getByText("Confirm or correct").click();
    await firstFinding.getByRole("radio", { name: "Severe" }).check();
    await page.getByRole("button", { name: "Save finding 1" }).click();
    await expect(page.getByText("Finding updated").first()).toBeVisible();
    if (aiFindings > 1) {
      await page.getByRole("button", { name: "Remove finding 2" }).click();
      await expect(page.getByText("Finding removed").first()).toBeVisible();
    }
    await page.getByRole("button", { name: "Hood", exact: true }).click();
    await expect(page.locator("#add-panel")).toHaveValue("hood");
    await page.locator("#add-damageType").selectOption("dent");
    await page.getByRole("button", { name: "Add to estimate" }).click();
    await expect(page.getByText("Damage added").first()).toBeVisible();
    await expect(page.getByText("1. Severe").first()).toBeVisible();

    await page.getByRole("button", { name: "Finalize estimate" }).click();
    await expect(page.getByText("Estimate ready").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("2021 Toyota Camry");
    const report = query<{
      status: string;
      low_cents: number;
      high_cents: number;
      total_cents: number;
    }>("select status, low_cents, high_cents, total_cents from reports where id = ?", reportId)[0]!;
    expect(report.status).toBe("complete");
    expect(report.low_cents).toBeLessThanOrEqual(report.total_cents);
    expect(report.high_cents).toBeGreaterThan(report.total_cents);
    await expect(page.getByText(/\$[\d,]+–[\d,]+/).first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^damage-estimate-2021-toyota-camry-.*\.pdf$/);
    await expectReadablePdf(fs.readFileSync((await download.path())!));

    await page.getByText("Share a read-only link", { exact: true }).click();
    await page.getByRole("button", { name: "Create link" }).click();
    const shareUrl = await page.getByLabel("Share link").inputValue();
    expect(shareUrl).toMatch(/\/share\/[\w-]{40,}$/);

    // Signed out, the link opens the report, its photos and its PDF.
    const stranger = await browser.newContext({ viewport: PHONE });
    const guestPage = await stranger.newPage();
    await guestPage.goto(new URL(shareUrl).pathname);
    await expect(guestPage.getByRole("heading", { level: 1 })).toContainText("2021 Toyota Camry");
    const image = guestPage.locator("main img").first();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const sharedPdf = await guestPage.request.get(`${new URL(shareUrl).pathname}/pdf`);
    expect(sharedPdf.status()).toBe(200);
    await expectReadablePdf(await sharedPdf.body());

    for (const event of [
      "analysis_started",
      "analysis_completed",
      "report_viewed",
      "pdf_generated",
      "analysis_downloaded",
    ]) {
      expect(eventCount(event, reportId), event).toBeGreaterThan(0);
    }

    // Revoked: the link and its photos answer 404 at once.
    await page.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("Link revoked").first()).toBeVisible();
    expect((await guestPage.request.get(new URL(shareUrl).pathname)).status()).toBe(404);
    expect((await guestPage.request.get(`${new URL(shareUrl).pathname}/pdf`)).status()).toBe(404);
    await stranger.close();
    await context.close();
  });

  test("JS off: upload originals, see the quality warning, tag the damage by hand, get the PDF", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    // The second server has no AI configured: hosts tag damage on the diagram form.
    const { context, page } = await hostPhone(browser, {
      javaScriptEnabled: false,
      baseURL: STRICT_URL,
    });
    await page.goto("/app");
    await addFirstVehicle(page);

    await page
      .locator("#photos-library")
      .setInputFiles([
        await phonePhoto("wide.jpg", { seed: 7 }),
        await phonePhoto("night.jpg", { seed: 9, dark: true }),
      ]);
    await page.getByRole("button", { name: "Get my estimate" }).click();
    // The dark photo is flagged before anything is analyzed; the host can go on anyway.
    await expect(page.getByText(/too dark/i)).toBeVisible();
    await expect(page.getByText("Looks good")).toHaveCount(1);
    await page.getByRole("button", { name: "Continue with these photos" }).click();

    await page.waitForURL(/\/analysis\//);
    const reportId = new URL(page.url()).pathname.split("/")[2]!;
    await expect(page.getByRole("heading", { name: "Review the damage" })).toBeVisible();
    await expect(page.getByText("No damage marked yet.")).toBeVisible();

    // A damage type that can't be on the panel is refused with a message, input kept.
    await page.locator("#add-panel").selectOption("hood");
    await page.locator("#add-damageType").selectOption("wheel-curb-rash");
    await page.getByRole("button", { name: "Add to estimate" }).click();
    await expect(page.getByText("Wheel curb rash can't be on the hood.")).toBeVisible();

    await page.locator("#add-panel").selectOption("front-bumper");
    await page.locator("#add-damageType").selectOption("scratch");
    await page.locator("#add-size").fill("20");
    await page.getByRole("button", { name: "Add to estimate" }).click();
    await expect(page.getByText("Damage added").first()).toBeVisible();
    await expect(page.getByText(/Marked by you/)).toBeVisible();
    await page.getByRole("button", { name: "Finalize estimate" }).click();
    await expect(page.getByText("Estimate ready").first()).toBeVisible();
    await expect(
      page
        .getByText(/Refinish/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();

    const pdf = await context.request.get(`/analysis/${reportId}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await expectReadablePdf(await pdf.body());

    const photoUrl = await page.locator("main img").first().getAttribute("src");
    expect(photoUrl).toMatch(/^\/photos\/[\w-]+/);
    const image = await context.request.get(photoUrl!.replace(/\?.*$/, ""));
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    expect(image.headers()["x-content-type-options"]).toBe("nosniff");
    await context.close();
  });

  test("JS on: the Add damage form starts empty after each finding (nothing carries over)", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const { context, page } = await hostWithCar(browser);
    await page.locator("#photos-library").setInputFiles([await phonePhoto("a.jpg", { seed: 13 })]);
    await expect(page.getByText("Looks good")).toHaveCount(1, { timeout: 20_000 });
    await page.getByLabel(/mark the damage myself/).check();
    await page.getByRole("button", { name: "Get my estimate" }).click();
    await page.waitForURL(/\/analysis\//);
    const reportId = new URL(page.url()).pathname.split("/")[2]!;
    await expect(page.getByRole("heading", { name: "Review the damage" })).toBeVisible();
    await waitForHydration(page);

    // The first finding: size, note and "already there" all set.
    await page.locator("#add-panel").selectOption("hood");
    await page.locator("#add-damageType").selectOption("dent");
    await page.locator("#add-size").fill("12");
    await page.locator("#add-note").fill("Hail dent from the previous renter");
    const addForm = page.locator("form#add-finding");
    await addForm.getByLabel(/Already there before this trip/).check();
    await page.getByRole("button", { name: "Add to estimate" }).click();
    await expect(page.getByText("Damage added").first()).toBeVisible();
    await expect(page.locator("#findings li")).toHaveCount(1);

    // The form is back to its defaults; the second finding only gets a panel and a damage type.
    await expect(page.locator("#add-panel")).toHaveValue("");
    await expect(page.locator("#add-size")).toHaveValue("");
    await expect(page.locator("#add-note")).toHaveValue("");
    await expect(addForm.getByLabel(/Already there before this trip/)).not.toBeChecked();
    await page.locator("#add-panel").selectOption("front-bumper");
    await page.locator("#add-damageType").selectOption("scratch");
    await page.getByRole("button", { name: "Add to estimate" }).click();
    await expect(page.locator("#findings li")).toHaveCount(2);

    const saved = query<{
      panel: string;
      severity: string;
      size_cm: number | null;
      note: string | null;
      pre_existing: number;
    }>(
      "select panel, severity, size_cm, note, pre_existing from findings where report_id = ? order by position, created_at",
      reportId,
    );
    expect(saved).toEqual([
      {
        panel: "hood",
        severity: "moderate",
        size_cm: 30.48,
        note: "Hail dent from the previous renter",
        pre_existing: 1,
      },
      { panel: "front-bumper", severity: "moderate", size_cm: null, note: null, pre_existing: 0 },
    ]);
    await context.close();
  });

  test("JS off with AI: the status page refreshes itself until the findings are ready", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const { context, page } = await hostPhone(browser, { javaScriptEnabled: false });
    await page.goto("/app");
    await addFirstVehicle(page);
    await page.locator("#photos-camera").setInputFiles([await phonePhoto("one.jpg", { seed: 11 })]);
    await page.getByRole("button", { name: "Get my estimate" }).click();
    await page.waitForURL(/\/analysis\//);
    await expect(page.getByRole("heading", { name: "Review the damage" })).toBeVisible({
      timeout: 30_000,
    });
    await context.close();
  });
});

test.describe("public diagram demo", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`the sample report opens from /diagram-demo (JS ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        baseURL: BASE_URL,
        viewport: PHONE,
      });
      const page = await context.newPage();
      await page.goto("/diagram-demo?body=suv");
      await expect(page.getByRole("heading", { name: "Vehicle damage diagram" })).toBeVisible();
      await expect(page.getByRole("link", { name: "SUV" })).toHaveAttribute("aria-current", "true");
      await expect(page.getByRole("group", { name: /Damage diagram of a suv/ })).toBeVisible();
      // axe runs inside the page, so it needs JavaScript.
      if (javaScriptEnabled) {
        expect(await seriousA11yViolations(page)).toEqual([]);
        // The layout comes from the loader: a tap still selects, and another body redraws.
        await page.getByRole("button", { name: "Hood" }).click();
        await expect(page.getByRole("status")).toHaveText("Selected: Hood");
        await page.getByRole("link", { name: "Sedan" }).click();
        await expect(page.getByRole("group", { name: /Damage diagram of a sedan/ })).toBeVisible();
      }
      await page.getByRole("link", { name: "Open the full sample report" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("2021 Toyota Camry SE");
      await expect(page.getByText(/\$[\d,]+–[\d,]+/).first()).toBeVisible();
      if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }

  test("only the sample report is public", async ({ request }) => {
    const other = query<{ id: string }>(
      "select id from reports where id != (select value from app_meta where key = 'demo_report_id') limit 1",
    )[0];
    expect((await request.get("/diagram-demo/not-a-report")).status()).toBe(404);
    if (other) expect((await request.get(`/diagram-demo/${other.id}`)).status()).toBe(404);
  });
});
