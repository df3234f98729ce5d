import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freshAddress, newUserDetails, pathOf, type TestUser } from "../support/accounts";
import { addVehicleViaApi } from "../support/estimates";
import { expect, linkIn, test, waitForEmail, waitForHydration } from "../support/fixtures";

/**
 * A new host's first run on a phone, JavaScript on and off: "Try It Free" opens the
 * registration form, the verification link ends on "Email verified", whose main action is the
 * dashboard; the setup checklist ticks itself as cars and trips arrive; a damage claim starts
 * from a trip with no estimate (its deadlines already counting), is refused filing without an
 * amount, then filed with one; and its evidence packet, read with pdftotext, states facts with
 * none of the evidence check's risk wording. No page errors anywhere.
 */

const PHONE = { width: 390, height: 844 };
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

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-run-packet-"));
  const file = path.join(dir, "packet.pdf");
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const RISK_WORDING = [
  /likely to be denied/i,
  /confirm it applies/i,
  /relying on it/i,
  /\brisk\b/i,
  /camera roll/i,
];

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
        await page.setViewportSize({ width: 1280, height: 900 });
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
      await expect(page).toHaveURL(/\/app(\?|$)/);
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
      for (const [label, href] of [
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
      await page.getByLabel("Times in the file are in").selectOption(ZONE);
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

      // Filing without the amount is refused with the reason; nothing changes.
      const update = page.getByRole("region", { name: "Update the claim" });
      await update.getByLabel("New status").selectOption("filed");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(
        update
          .getByText(
            "Enter the amount claimed before filing: the estimate's total, a shop's quote or the invoice.",
          )
          .first(),
      ).toBeVisible();
      await ready();
      await expect(page.getByRole("heading", { name: "Damage claim · Draft" })).toBeVisible();

      // The amount, then filed (typing revalidates the form: no "Submitter" page error).
      await update.getByLabel("Amount claimed, $").fill("640");
      await update.getByLabel("New status").selectOption("filed");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Filed" })).toBeVisible();
      await ready();
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
      for (const risk of RISK_WORDING) expect(text).not.toMatch(risk);
      expect(page.url()).toBe(claimUrl);

      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
