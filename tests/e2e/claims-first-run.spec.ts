import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  freshAddress,
  newUserDetails,
  pathOf,
  registerViaApi,
  type TestUser,
} from "../support/accounts";
import { SAME_ORIGIN } from "../support/env";
import { addVehicleViaApi } from "../support/estimates";
import { fileClaimOnceAmountEntered } from "../support/claim-filing";
import { expect, linkIn, test, waitForEmail, waitForHydration } from "../support/fixtures";
import { phonePhoto } from "../support/photos";
import { PACKET_RISK_WORDING, pdfText } from "../support/packet-text";
import { DESKTOP, PHONE } from "../support/viewports";

/**
 * A new host's first run on a phone, JavaScript on and off: "Try It Free" opens the
 * registration form, the verification link ends on "Email verified", whose main action is the
 * dashboard; the setup checklist ticks itself as cars and trips arrive; a damage claim starts
 * from a trip with no estimate (its deadlines already counting), is refused filing without an
 * amount, then filed with one; and its evidence packet, read with pdftotext, states facts with
 * none of the evidence check's risk wording. No page errors anywhere.
 */

const ZONE = "America/Denver";
const SHOTS = process.env.SHOTS_DIR;

/** "2026-11-27 08:30": local wall-clock time in the trip's zone, as the export writes it. */
function local(ms: number): string {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(ms)
    .replace("T", " ");
}

function toast(page: Page, javaScriptEnabled: boolean, text: string) {
  const toasts = javaScriptEnabled
    ? page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")
    : page.getByRole("status");
  return toasts.filter({ hasText: text }).first();
}

test.describe("a host's first run, and a claim started before the amount is known", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`phone, JavaScript ${javaScriptEnabled ? "on" : "off"}: Try It Free → register → verify → dashboard checklist → claim without an amount → filed → packet`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: PHONE,
        extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(`pageerror: ${error.message}`));
      page.on("console", (entry) => {
        if (entry.type() !== "error") return;
        // The browser logs the deliberate refused save (400) as a failed resource load.
        if (/Failed to load resource: the server responded with a status of 400/.test(entry.text()))
          return;
        pageErrors.push(`console: ${entry.text()}`);
      });
      const ready = async () => {
        if (javaScriptEnabled) await waitForHydration(page);
      };
      const shoot = async (name: string) => {
        if (!SHOTS || !javaScriptEnabled) return;
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
        await page.setViewportSize(DESKTOP);
        await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
        await page.setViewportSize(PHONE);
      };

      // 1. Try It Free, from the phone menu: the registration form, not "Welcome back".
      await page.goto("/damage-estimates");
      await ready();
      await page.getByRole("banner").getByLabel("Menu").click();
      await page
        .getByRole("navigation", { name: "Mobile" })
        .getByRole("link", { name: "Try It Free" })
        .click();
      await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fapp$/);
      await ready();
      await expect(page.getByRole("heading", { name: "Create your free account" })).toBeVisible();
      await expect(page.getByText("Welcome back.")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await shoot("auth");

      const host = newUserDetails("firstrun");
      await page.getByLabel("First name").fill(host.firstName);
      await page.getByLabel("Last name").fill(host.lastName);
      await page.getByLabel("Username").fill(host.username);
      await page.getByLabel("Email").fill(host.email);
      await page.getByLabel("Password", { exact: true }).fill(host.password);
      await page.getByRole("button", { name: "Create account" }).click();
      // Password hashing takes a moment on a busy machine.
      await expect(page).toHaveURL(/\/app(\?|$)/, { timeout: 20_000 });
      await ready();
      await expect(toast(page, javaScriptEnabled, "Account created successfully!")).toBeVisible();

      // 2. The emailed link: "Email verified", whose main action is the dashboard.
      const mail = await waitForEmail(host.email, "Verify your email");
      await page.goto(pathOf(linkIn(mail, "/verify-email")));
      await ready();
      await page.getByRole("button", { name: "Verify my email" }).click();
      await expect(page).toHaveURL(/\/email-verified$/);
      await ready();
      await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Create your Free AI Estimate" })).toHaveCount(0);
      await shoot("email-verified");
      await page.getByRole("link", { name: "Go to your dashboard" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await ready();

      // 3. The setup checklist: nothing done yet, each step linking to its page.
      const checklist = page.getByRole("list", { name: "Setup checklist" });
      await expect(page.getByText("0 of 5 done")).toBeVisible();
      for (const [label, href] of <Array<[string, string]>>[
        ["Add your cars", "/dashboard/vehicles/new"],
        ["Import your trips", "/dashboard/trips"],
        ["Forward Turo's emails", "/dashboard/inbox#forwarding"],
        ["Fill the knowledge base", "/dashboard/inbox/knowledge"],
        ["Invite your team or VA", "/account#team-heading"],
      ]) {
        await expect(checklist.getByRole("link", { name: label })).toHaveAttribute("href", href);
      }
      await expect(checklist.getByText("(to do)")).toHaveCount(5);

      // A car (a 2019 Honda Civic), then the trip export: a trip that ended two hours ago.
      await addVehicleViaApi({ api: page.request } as TestUser);
      const endAt = Date.now() - 2 * 3_600_000;
      const reservation = `R-${Date.now().toString().slice(-6)}`;
      const csv = [
        "Reservation ID,Guest,Vehicle,VIN,Trip start,Trip end,Total earnings,Trip status",
        `${reservation},Jordan Lee,Honda Civic 2019,,${local(endAt - 3 * 86_400_000)},${local(endAt)},$240.00,Completed`,
      ].join("\n");
      await page.goto("/dashboard/trips");
      await ready();
      await page.getByLabel("Trip Earnings CSV").setInputFiles({
        name: "trip_earnings.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(csv),
      });
      await page.locator("#trip-zone").selectOption(ZONE);
      await page.getByRole("button", { name: "Import trips" }).click();
      await expect(toast(page, javaScriptEnabled, "1 new, 0 updated")).toBeVisible();

      await page.goto("/dashboard");
      await ready();
      await expect(page.getByText("2 of 5 done")).toBeVisible();
      await expect(
        checklist.getByRole("listitem").filter({ hasText: "Add your cars" }),
      ).toContainText("(done)");
      await expect(
        checklist.getByRole("listitem").filter({ hasText: "Import your trips" }),
      ).toContainText("(done)");
      await expect(checklist.getByText("(to do)")).toHaveCount(3);
      await shoot("dashboard-checklist");

      // 4. A damage claim from the trip, at once: no estimate, no amount.
      await page.goto("/dashboard/claims/new");
      await ready();
      const tripOption = page
        .getByLabel("Trip")
        .getByRole("option", { name: new RegExp(`^${reservation}`) });
      await page.getByLabel("Trip").selectOption((await tripOption.getAttribute("value"))!);
      await page.getByLabel("What for").selectOption("damage");
      await page.getByRole("button", { name: "Create claim" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Draft" })).toBeVisible();
      await ready();
      const claimUrl = page.url();
      const nextStep = page.getByRole("region", { name: /^Report the damage in Turo by/ });
      await expect(nextStep).toContainText("Next step");
      await expect(nextStep).toContainText(/2[12] hours( \d+ minutes?)? left/);
      await expect(page.getByText("Not entered", { exact: true })).toBeVisible();
      const deadlines = page.getByRole("region", { name: "Deadlines" });
      await expect(deadlines.getByRole("listitem").first()).toContainText("Report damage");
      await shoot("claim-draft");

      // Filing without the amount is refused with the reason; nothing changes. Then the amount,
      // and filed (typing revalidates the form: no "Submitter" page error).
      await fileClaimOnceAmountEntered(page, "640", ready);
      await expect(page.getByText("$640.00").first()).toBeVisible();
      await expect(page.getByRole("region", { name: "Wait for the guest's answer" })).toBeVisible();
      await expect(
        deadlines.getByRole("listitem").filter({ hasText: "Report damage" }),
      ).toContainText("Done in time");
      await shoot("claim");

      // 5. The packet: the host's facts, none of the risk wording.
      const packetHref = await page
        .getByRole("link", { name: "Evidence packet (PDF)" })
        .getAttribute("href");
      const packet = await page.request.get(packetHref!);
      expect(packet.status()).toBe(200);
      const text = pdfText(await packet.body());
      const flat = text.replace(/\s+/g, " ");
      expect(flat).toContain(`Damage claim, trip ${reservation}`);
      expect(flat).toContain(`Reservation ${reservation}`);
      expect(flat).toContain("Guest Jordan Lee");
      expect(flat).toContain("Amount claimed $640.00");
      expect(flat).toMatch(/Claim filed by .* \(Owner\)/);
      for (const risk of PACKET_RISK_WORDING) expect(text).not.toMatch(risk);
      expect(page.url()).toBe(claimUrl);

      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});

test.describe("a claim whose report window closed", () => {
  let owner: TestUser | undefined;
  test.afterEach(async () => owner?.api.dispose());

  test("the API starts it without an amount and refuses filing; the page says what the closed window means", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    owner = await registerViaApi("closedwindow");
    const vehicleId = await addVehicleViaApi(owner);
    const day = 86_400_000;
    const trip = await owner.api.post("/api/trips", {
      data: {
        reservationId: `R-${Date.now().toString().slice(-7)}`,
        vehicleId,
        guestName: "Avery Stone",
        startAt: new Date(Date.now() - 6 * day).toISOString(),
        endAt: new Date(Date.now() - 3 * day).toISOString(),
        timeZone: ZONE,
        guestPlan: "standard",
      },
    });
    expect(trip.status(), await trip.text()).toBe(201);
    const tripId = ((await trip.json()) as { trip: { id: string } }).trip.id;
    const plan = await owner.api.post(`/dashboard/vehicle/${vehicleId}/host-plans`, {
      form: { planId: "60", effectiveFrom: "2025-01-01" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(plan.status(), await plan.text()).toBeLessThan(400);

    // POST /api/claims { tripId, kind }: a draft at once, its deadlines counting.
    const started = await owner.api.post("/api/claims", { data: { tripId, kind: "damage" } });
    expect(started.status(), await started.text()).toBe(201);
    const draft = (await started.json()) as {
      claim: {
        id: string;
        claimedCents: number | null;
        deadlines: Array<{ key: string; status: string }>;
      };
    };
    expect(draft.claim.claimedCents).toBeNull();
    expect(
      draft.claim.deadlines.find((deadline) => deadline.key === "report-damage"),
    ).toMatchObject({ status: "passed" });
    const refused = await owner.api.patch(`/api/claims/${draft.claim.id}`, {
      data: { status: "filed" },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      error:
        "Enter the amount claimed before filing: the estimate's total, a shop's quote or the invoice.",
      fieldErrors: { claimedCents: expect.any(String) },
    });

    // The estimate: three photos without capture times in their window, hand-tagged, finalized.
    const form = new FormData();
    form.append("vehicleId", vehicleId);
    form.append("tripId", tripId);
    form.append(
      "findings",
      JSON.stringify([{ panel: "hood", damageType: "dent", severity: "moderate" }]),
    );
    for (const seed of [61, 62, 63]) {
      const file = fs.readFileSync(await phonePhoto(`closed-${seed}.jpg`, { seed }));
      form.append("photos", new Blob([file], { type: "image/jpeg" }), `closed-${seed}.jpg`);
    }
    const report = await owner.api.post("/api/analysis", { multipart: form });
    expect(report.status(), await report.text()).toBe(202);
    const reportId = ((await report.json()) as { reportId: string }).reportId;
    const finalized = await owner.api.post(`/api/analysis/${reportId}/finalize`);
    expect(finalized.status(), await finalized.text()).toBe(200);
    const claimed = await owner.api.post("/api/claims", {
      data: { tripId, kind: "damage", reportId },
    });
    expect(claimed.status(), await claimed.text()).toBe(201);
    const claimId = ((await claimed.json()) as { claim: { id: string } }).claim.id;

    const context = await browser.newContext({
      viewport: PHONE,
      extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
    });
    await context.addCookies((await owner.api.storageState()).cookies);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (entry) => {
      if (entry.type() === "error") pageErrors.push(entry.text());
    });
    await page.goto(`/dashboard/claim/${claimId}`);
    await waitForHydration(page);

    await expect(page.getByRole("region", { name: "Ask the guest to pay directly" })).toContainText(
      "Turo's report window closed",
    );
    const route = page.getByRole("region", { name: "Which route pays more" });
    await expect(route.getByRole("note").first()).toContainText(
      "Turo's 24-hour report window closed",
    );
    await expect(
      route.getByRole("region", { name: "Resolve directly with the guest" }),
    ).toContainText("Recommended");
    await expect(route).toContainText("Unlikely to pay: reported after the window");
    const deadlines = page.getByRole("region", { name: "Deadlines" });
    await expect(
      deadlines.getByRole("listitem").filter({ hasText: "Report damage" }),
    ).toContainText(/Missed: passed \d+ days?/);
    const checks = page.getByRole("list", { name: "To check" });
    await expect(checks.getByRole("listitem")).toHaveCount(1);
    await expect(checks).toContainText(/^3 photos \(1, 2, 3\): /);
    if (SHOTS) {
      await page.screenshot({
        path: path.join(SHOTS, "claim-closed-window-390.png"),
        fullPage: true,
      });
      await page.setViewportSize(DESKTOP);
      await page.screenshot({
        path: path.join(SHOTS, "claim-closed-window-1280.png"),
        fullPage: true,
      });
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
