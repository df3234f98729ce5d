import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "@playwright/test";
import {
  disposeAll,
  emailsTo,
  freshAddress,
  newUserDetails,
  pathOf,
  registerViaApi,
  tokenIn,
  waitForNthEmail,
  type TestUser,
} from "../support/accounts";
import { fileClaimOnceAmountEntered } from "../support/claim-filing";
import { expect, linkIn, query, test, waitForEmail, waitForHydration } from "../support/fixtures";
import { phonePhoto } from "../support/photos";
import { PACKET_RISK_WORDING, pdfText } from "../support/packet-text";
import { DESKTOP, PHONE } from "../support/viewports";

/**
 * A new host's real first day, on a phone (390 px), with JavaScript on and off, as one test:
 * "Try It Free" → register → verify the email → add two cars → import the Trip Earnings export
 * (trips that already ended, one just ended, one ending tomorrow) → fill the knowledge base →
 * a guest's two questions arrive as forwarded emails (the inbound webhook) → an estimate from
 * photos (the local AI server) → a damage claim started from a trip with no amount → the amount
 * entered, filed, its packet read with pdftotext, followed to paid → the inbox: one draft answers
 * the parking question and holds the discount, "Needs you" outlives the holding reply, the queue
 * agrees → a VA invited, who starts a shift and sees the guest waiting.
 *
 * Counted over the whole day: the emails the host received (the SMTP sink), at most 3, and the
 * page errors, none.
 */

const ZONE = "America/Denver";
const SHOTS = "/tmp/shots-journey";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const PARKING = "The car is on level 2 of the Economy Lot, row F, by the elevators.";
const HOLDING_DISCOUNT = "I'll confirm the extension and the discount shortly.";

/** The export's header exactly as the marketplace writes it (a real export's first line). */
const EXPORT_HEADER = fs
  .readFileSync(
    fileURLToPath(new URL("./fixtures/trip-earnings-new-car.csv", import.meta.url)),
    "utf8",
  )
  .replace(/^\uFEFF/, "")
  .split(/\r?\n/)[0]!;

/** "2026-11-27 08:30 AM": local wall-clock time in the host's zone, as the export writes it. */
function exportTime(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hour12: true,
    })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

interface ExportRow {
  reservation: string;
  guest: string;
  car: "benz" | "civic";
  start: string;
  end: string;
  status: string;
  tripPrice: string;
  cancellationFee?: string;
  total: string;
}

const CARS = {
  benz: {
    vehicle: "Silver Benz (CO #UXR4412)",
    name: "Mercedes-Benz C-Class 2019",
    id: "1184203",
    place: "Denver International Airport, Denver, CO 80249",
  },
  civic: {
    vehicle: "Blue Civic (CO #CVC2019)",
    name: "Honda Civic 2019",
    id: "1349962",
    place: "1701 Wynkoop St, Denver, CO 80202",
  },
};

/** A Trip Earnings export in the marketplace's own columns (BOM, CRLF, quoted cells). */
function tripExport(rows: ExportRow[]): Buffer {
  const quote = (cell: string) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const lines = rows.map((row) => {
    const car = CARS[row.car];
    const cells = [
      row.reservation,
      row.guest,
      car.vehicle,
      car.name,
      car.id,
      "",
      row.start,
      row.end,
      car.place,
      car.place,
      row.status,
      "",
      "",
      "",
      "",
      row.tripPrice,
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      row.cancellationFee ?? "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      row.total,
    ];
    expect(cells).toHaveLength(EXPORT_HEADER.split(",").length);
    return cells.map(quote).join(",");
  });
  return Buffer.from(`\uFEFF${[EXPORT_HEADER, ...lines].join("\r\n")}\r\n`);
}

/**
 * A marketplace guest-message notice forwarded from Gmail (plain text, as Gmail's "Forward"
 * writes it: the host's note, the "Forwarded message" block, then the notice), like
 * tests/fixtures/forwarded-emails/gmail-guest-message-en-qp.eml.
 */
function gmailForwardedGuestMessage(options: {
  id: string;
  sentAt: number;
  hostEmail: string;
  text: string;
}) {
  const when = new Intl.DateTimeFormat("en-US", {
    timeZone: ZONE,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  })
    .format(options.sentAt)
    .replace(/, (\d{4}), /, ", $1 at ")
    .replace(" AM", "\u202fAM")
    .replace(" PM", "\u202fPM");
  return [
    "MIME-Version: 1.0",
    `Date: ${new Date(options.sentAt + 60_000).toUTCString()}`,
    `Message-ID: <CAH7kPq${options.id}@mail.gmail.com>`,
    "Subject: Fwd: Jordan L. sent you a message",
    `From: Pat Host <${options.hostEmail}>`,
    "To: forward@inbound.fleet.test",
    'Content-Type: text/plain; charset="UTF-8"',
    "Content-Transfer-Encoding: 8bit",
    "",
    "---------- Forwarded message ---------",
    "From: Turo <noreply@mail.turo.com>",
    `Date: ${when}`,
    "Subject: Jordan L. sent you a message",
    `To: <${options.hostEmail}>`,
    "",
    "",
    "Jordan L. sent you a message",
    "",
    "Jordan L.",
    `\u201c${options.text}\u201d`,
    "",
    "Reply",
    "https://turo.com/us/en/reservation/52004190/messages",
    "",
    "Turo, Inc. \u00b7 111 Sutter St, 12th Floor, San Francisco, CA 94104",
    "You're receiving this email because you're a host on Turo.",
    "",
  ].join("\r\n");
}

/** Uncaught page errors and console errors of every page in a context, for the whole day. */
function watchErrors(context: BrowserContext, errors: string[]) {
  const watch = (page: Page) => {
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    page.on("console", (entry) => {
      if (entry.type() !== "error") return;
      // The browser logs the deliberately refused filing (400) as a failed resource load.
      if (/Failed to load resource: the server responded with a status of 400/.test(entry.text()))
        return;
      errors.push(`console: ${entry.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on("page", watch);
}

test.describe("a new host's first day, on a phone", () => {
  // A step that can't happen fails in seconds, not at the end of the day's timeout.
  test.use({ actionTimeout: 20_000 });
  let va: TestUser | undefined;
  test.afterEach(async () => {
    await disposeAll(va);
    va = undefined;
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: sign-up, cars, trips, an estimate, a claim to paid, guest questions, a VA; at most 3 emails, no page errors`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const errors: string[] = [];
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: PHONE,
        timezoneId: ZONE,
        extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
      });
      watchErrors(context, errors);
      const page = await context.newPage();
      const ready = async () => {
        if (javaScriptEnabled) await waitForHydration(page);
      };
      const open = async (to: string) => {
        await page.goto(to);
        await ready();
      };
      const toast = (text: string | RegExp) =>
        (javaScriptEnabled
          ? page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")
          : page.getByRole("status")
        )
          .filter({ hasText: text })
          .first();
      const shoot = async (name: string) => {
        if (!javaScriptEnabled) return;
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
        await page.setViewportSize(DESKTOP);
        await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
        await page.setViewportSize(PHONE);
      };
      const run = `${javaScriptEnabled ? "on" : "off"}-${Date.now()}`;

      // 1. "Try It Free" from the phone menu opens the registration form.
      // (The home page is the concierge service's; the self-serve product's pages offer the trial.)
      await open("/damage-estimates");
      await page.getByRole("banner").getByLabel("Menu").click();
      await page
        .getByRole("navigation", { name: "Mobile" })
        .getByRole("link", { name: "Try It Free" })
        .click();
      await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fapp$/);
      await ready();
      await expect(page.getByRole("heading", { name: "Create your free account" })).toBeVisible();
      const host = newUserDetails("firstday");
      await page.getByLabel("First name").fill(host.firstName);
      await page.getByLabel("Last name").fill(host.lastName);
      await page.getByLabel("Username").fill(host.username);
      await page.getByLabel("Email").fill(host.email);
      await page.getByLabel("Password", { exact: true }).fill(host.password);
      await page.getByRole("button", { name: "Create account" }).click();
      // Password hashing takes a moment on a busy machine.
      await expect(page).toHaveURL(/\/app(\?|$)/, { timeout: 20_000 });
      await ready();
      await expect(toast("Account created successfully!")).toBeVisible();

      // 2. The emailed link: "Email verified", whose main action is the dashboard.
      const verification = await waitForEmail(host.email, "Verify your email");
      await open(pathOf(linkIn(verification, "/verify-email")));
      await page.getByRole("button", { name: "Verify my email" }).click();
      await expect(page).toHaveURL(/\/email-verified$/);
      await ready();
      await page.getByRole("link", { name: "Go to your dashboard" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await ready();
      const checklist = page.getByRole("list", { name: "Setup checklist" });
      await expect(page.getByText("0 of 5 done")).toBeVisible();
      const accountId = query<{ id: string }>(
        "select a.id from accounts a join users u on u.id = a.owner_user_id where u.email = ?",
        host.email.toLowerCase(),
      )[0]!.id;

      // 3. Two of the six cars, from the checklist's first step.
      const cars = [
        {
          year: "2019",
          make: "Mercedes-Benz",
          model: "C-Class",
          nickname: "Silver Benz",
          plate: "UXR4412",
          priceClass: "luxury",
        },
        {
          year: "2019",
          make: "Honda",
          model: "Civic",
          nickname: "Blue Civic",
          plate: "CVC2019",
          priceClass: "economy",
        },
      ];
      for (const car of cars) {
        await open("/dashboard");
        await checklist.getByRole("link", { name: "Add your cars" }).click();
        await expect(page).toHaveURL(/\/dashboard\/vehicles\/new$/);
        await ready();
        await page.getByLabel("Year").fill(car.year);
        await page.getByLabel("Make").fill(car.make);
        await page.getByLabel("Model", { exact: true }).fill(car.model);
        await page.getByLabel("Body type").selectOption("sedan");
        await page.getByLabel("Price class").selectOption(car.priceClass);
        await page.getByLabel("Paint type").selectOption("solid");
        await page.getByLabel("Nickname (optional)").fill(car.nickname);
        await page.getByLabel("License plate (optional)").fill(car.plate);
        await page.getByRole("button", { name: "Add vehicle" }).click();
        await expect(page).toHaveURL(/\/dashboard\/vehicle\/[^/]+$/);
        await ready();
        await expect(page.getByRole("heading", { level: 1 })).toContainText(car.nickname);
      }

      // 4. The Trip Earnings export: history, a cancellation, a trip that ended two hours ago
      // and one ending tomorrow. The cars are found by the plates in the "Vehicle" column.
      const now = Date.now();
      const claimTrip = `5200${run.startsWith("on") ? 41 : 51}04`;
      const rows: ExportRow[] = [
        {
          reservation: `5200${run.startsWith("on") ? 41 : 51}01`,
          guest: "Priya Natarajan",
          car: "benz",
          start: exportTime(now - 34 * DAY),
          end: exportTime(now - 31 * DAY),
          status: "Completed",
          tripPrice: "267.00",
          total: "200.25",
        },
        {
          // The estimate's photos were taken the day after this trip (Nov 20, 2026, 2:03 PM).
          reservation: `5200${run.startsWith("on") ? 41 : 51}02`,
          guest: "Marcus Johnson",
          car: "civic",
          start: "2026-11-17 10:00 AM",
          end: "2026-11-19 06:00 PM",
          status: "Completed",
          tripPrice: "138.00",
          total: "103.50",
        },
        {
          reservation: `5200${run.startsWith("on") ? 41 : 51}03`,
          guest: "Dana Whitfield",
          car: "benz",
          start: exportTime(now - 12 * DAY),
          end: exportTime(now - 10 * DAY),
          status: "Guest cancellation",
          tripPrice: "0.00",
          cancellationFee: "45.00",
          total: "33.75",
        },
        {
          reservation: claimTrip,
          guest: "Avery Stone",
          car: "civic",
          start: exportTime(now - 3 * DAY - 2 * HOUR),
          end: exportTime(now - 2 * HOUR),
          status: "Completed",
          tripPrice: "207.00",
          total: "155.25",
        },
        {
          reservation: `5200${run.startsWith("on") ? 41 : 51}05`,
          guest: "Sam Rivera",
          car: "benz",
          start: exportTime(now - 2 * DAY),
          end: exportTime(now + DAY),
          status: "In-progress",
          tripPrice: "268.00",
          total: "201.00",
        },
      ];
      await open("/dashboard");
      await checklist.getByRole("link", { name: "Import your trips" }).click();
      await expect(page).toHaveURL(/\/dashboard\/trips$/);
      await ready();
      await page.getByLabel("Trip Earnings CSV").setInputFiles({
        name: "trip_earnings.csv",
        mimeType: "text/csv",
        buffer: tripExport(rows),
      });
      await page.locator("#trip-zone").selectOption(ZONE);
      await page.getByRole("button", { name: "Import trips" }).click();
      await expect(toast("5 new, 0 updated, 0 unchanged.")).toBeVisible();
      await expect(page.getByRole("region", { name: "Which car is it?" })).toHaveCount(0);
      await shoot("trips-imported");

      // 5. The knowledge base's pickup spot, then the inbox's webhook for the email provider.
      await open("/dashboard");
      await checklist.getByRole("link", { name: "Fill the knowledge base" }).click();
      await expect(page).toHaveURL(/\/dashboard\/inbox\/knowledge$/);
      await ready();
      const pickup = page.getByRole("region", { name: "Pickup spot", exact: true });
      await pickup.getByRole("textbox", { name: "Pickup spot" }).fill(PARKING);
      await pickup.getByRole("button", { name: "Save and confirm" }).click();
      await expect(pickup.getByText(/Last confirmed .* · version 1/)).toBeVisible();
      await open("/dashboard");
      await checklist.getByRole("link", { name: "Forward Turo's emails" }).click();
      await expect(page).toHaveURL(/\/dashboard\/inbox#forwarding$/);
      await ready();
      await page
        .getByRole("region", { name: "Forward your notification emails" })
        .getByRole("link", { name: "Set up email forwarding" })
        .click();
      await expect(page).toHaveURL(/\/dashboard\/inbox\/setup$/);
      await ready();
      const webhookUrl = await page.getByLabel("Inbound webhook URL").inputValue();
      expect(webhookUrl).toMatch(/^http:\/\/localhost:\d+\/api\/inbound\/email\//);

      // 6. A guest asks two questions before the host answers; the host forwards both notices
      // from Gmail, and the email provider posts each to the webhook.
      const asked = Date.now() - 6 * 60_000;
      for (const [index, text] of [
        "Where do I park at pickup?",
        "Can I get a discount if I extend two days?",
      ].entries()) {
        const posted = await request.post(new URL(webhookUrl).pathname, {
          headers: { "Content-Type": "message/rfc822" },
          data: gmailForwardedGuestMessage({
            id: `${run}-${index}`,
            sentAt: asked + index * 3 * 60_000,
            hostEmail: host.email,
            text,
          }),
        });
        expect(posted.status(), await posted.text()).toBeLessThan(300);
      }

      // 7. An estimate from two photos of the Civic: the AI's findings, reviewed and finalized;
      // its trip found from the photos' capture times.
      await open("/app");
      const vehicleSelect = page.getByLabel("Vehicle", { exact: true });
      const civic = vehicleSelect.getByRole("option", { name: /Civic/ });
      await vehicleSelect.selectOption((await civic.getAttribute("value"))!);
      await page
        .locator("#photos-library")
        .setInputFiles([
          await phonePhoto(`first-day-${run}-front.jpg`, { seed: 71 }),
          await phonePhoto(`first-day-${run}-side.jpg`, { seed: 73 }),
        ]);
      if (javaScriptEnabled) {
        // Each photo is resized and uploaded as soon as it is picked.
        await expect(page.getByText("Looks good")).toHaveCount(2, { timeout: 20_000 });
      }
      await page.getByRole("button", { name: "Get my estimate" }).click();
      await page.waitForURL(/\/analysis\//);
      // Without JavaScript the status page refreshes itself until the findings are in.
      await expect(page.getByRole("heading", { name: "Review the damage" })).toBeVisible({
        timeout: 30_000,
      });
      await ready();
      await expect(page.getByText(/The AI found \d+ things?/)).toBeVisible();
      await page.getByRole("button", { name: "Finalize estimate" }).click();
      await expect(toast("Estimate ready")).toBeVisible();
      await ready();
      const estimateTrip = page.getByRole("region", { name: "Trip" });
      await expect(estimateTrip).toContainText(`${rows[1]!.reservation} · Marcus Johnson`);
      await expect(estimateTrip).toContainText("(matched from the photos' capture times)");
      await shoot("estimate");

      // 8. A damage claim from the trip that just ended, at once: no estimate, no amount.
      await open("/dashboard/trips");
      await page.getByRole("link", { name: claimTrip, exact: true }).click();
      await expect(page.getByRole("heading", { name: `Trip ${claimTrip}` })).toBeVisible();
      await ready();
      await page.getByRole("link", { name: "Start a claim" }).click();
      await expect(page).toHaveURL(/\/dashboard\/claims\/new\?tripId=/);
      await ready();
      await page.getByLabel("What for").selectOption("damage");
      await page.getByRole("button", { name: "Create claim" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Draft" })).toBeVisible();
      await ready();
      const claimPath = new URL(page.url()).pathname;
      await expect(page.getByText("Not entered", { exact: true })).toBeVisible();
      const nextStep = page.getByRole("region", { name: /^Report the damage in Turo by/ });
      await expect(nextStep).toContainText(/2[12] hours( \d+ minutes?)? left/);
      await shoot("claim-draft");
      await open("/dashboard/claims");
      const openClaims = page.getByRole("list", { name: "Open claims, next deadline first" });
      await expect(openClaims.getByRole("listitem")).toHaveCount(1);
      await expect(openClaims.getByRole("listitem")).toContainText("Amount not entered yet");
      await expect(openClaims.getByRole("listitem")).toContainText(/left\)/);

      // Filing needs the amount; then it is entered and the claim filed.
      await open(claimPath);
      const update = await fileClaimOnceAmountEntered(page, "640", ready);

      // The packet: the host's facts, none of the evidence check's risk wording.
      const packetHref = await page
        .getByRole("link", { name: "Evidence packet (PDF)" })
        .getAttribute("href");
      const packet = await page.request.get(packetHref!);
      expect(packet.status()).toBe(200);
      expect(packet.headers()["content-type"]).toBe("application/pdf");
      const text = pdfText(await packet.body());
      const flat = text.replace(/\s+/g, " ");
      expect(flat).toContain(`Damage claim, trip ${claimTrip}`);
      expect(flat).toContain(`Reservation ${claimTrip}`);
      expect(flat).toContain("Guest Avery Stone");
      expect(flat).toContain("Amount claimed $640.00");
      expect(flat).toMatch(/Claim filed by .* \(Owner\)/);
      for (const risk of PACKET_RISK_WORDING) expect(text).not.toMatch(risk);

      // Approved and paid: a finished claim counts nothing down, on its page or the list.
      await update.getByLabel("New status").selectOption("approved");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Approved" })).toBeVisible();
      await ready();
      await update.getByLabel("New status").selectOption("paid");
      await update.getByLabel("Amount paid, $").fill("640");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Paid" })).toBeVisible();
      await ready();
      const deadlines = page.getByRole("region", { name: "Deadlines" });
      await expect(deadlines).toContainText("This claim is paid: its deadlines no longer apply.");
      // The form starts afresh: the amount just saved is not offered again.
      await expect(update.getByLabel("Amount paid, $")).toHaveValue("");
      const countdown =
        /\d+ (minutes?|hours?|days?)( \d+ (minutes?|hours?))? left|passed \d+ (minutes?|hours?|days?)/;
      await expect(page.getByRole("main")).not.toContainText(countdown);
      await shoot("claim-paid");
      await open("/dashboard/claims");
      await expect(
        page.getByRole("list", { name: "Open claims, next deadline first" }),
      ).toHaveCount(0);
      // With nothing open, the page says a claim starts from the trip at once (no estimate first).
      await expect(page.getByRole("region", { name: "Open claims (0)" })).toContainText(
        "Start one from a trip as soon as you know of damage",
      );
      const finished = page.getByRole("list", { name: "Finished claims" }).getByRole("listitem");
      await expect(finished).toHaveCount(1);
      await expect(finished).toContainText("Paid");
      await expect(finished).toContainText("paid $640.00");
      await expect(finished).not.toContainText(countdown);
      await expect(finished).not.toContainText(/left|by /);
      const tile = (label: string) => page.getByText(label, { exact: true }).locator("..");
      await expect(tile("Recovered this month")).toContainText("$640.00");
      await shoot("claims-finished");

      // 9. The inbox: one draft answers the parking question and holds the discount.
      const replyDrafts = async (conversationId: string) =>
        (
          (await (await page.request.get(`/api/conversations/${conversationId}`)).json()) as {
            conversation: { drafts: Array<{ purpose: string; text: string }> };
          }
        ).conversation.drafts.filter((draft) => draft.purpose === "reply");
      await open("/dashboard/inbox");
      const conversations = page.getByRole("list", { name: "Conversations" });
      await expect(conversations.getByRole("listitem")).toHaveCount(1);
      await expect(conversations.getByRole("listitem")).toContainText("Needs you");
      await conversations.getByRole("link", { name: "Jordan L." }).click();
      await expect(page).toHaveURL(/\/dashboard\/inbox\/[^/]+$/);
      const conversationId = new URL(page.url()).pathname.split("/").pop()!;
      // The local AI server drafts as the emails arrive: one reply draft, for both questions.
      await expect
        .poll(async () => (await replyDrafts(conversationId)).map((d) => d.text).join("|"), {
          timeout: 20_000,
        })
        .toContain(HOLDING_DISCOUNT);
      expect(await replyDrafts(conversationId)).toHaveLength(1);
      await open(`/dashboard/inbox/${conversationId}`);
      const reply = page.getByRole("region", { name: "Draft reply" });
      const draft = reply.getByRole("textbox", { name: "Reply" });
      await expect(draft).toHaveValue(new RegExp(PARKING.replace(/[.,]/g, "\\$&")));
      await expect(draft).toHaveValue(new RegExp(HOLDING_DISCOUNT.replace(/[.']/g, "\\$&")));
      await expect(draft).not.toHaveValue(/\[|\{\{/);
      await expect(
        reply.getByText("Drafted by AI from your knowledge base, and checked."),
      ).toBeVisible();
      const needs = page.getByRole("region", { name: "Needs you" });
      await expect(needs.getByRole("list", { name: "Why" })).toContainText(
        "Price, discount or refund",
      );
      const replyBy = (await page.getByText(/^Reply by /).textContent())!
        .replace(/^Reply by /, "")
        .replace(/\s*\(.*$/, "")
        .trim();
      await shoot("conversation-draft");

      // The queue says the same: the guest waits for an answer, due when the page says.
      await open("/concierge-dashboard");
      const queue = page.getByRole("list", { name: "Open items, nearest deadline first" });
      await expect(
        queue.getByRole("listitem").filter({ hasText: "Answer Jordan L." }),
      ).toContainText(`Due ${replyBy}`);
      await expect(
        queue.getByRole("listitem").filter({ hasText: "Needs a person: Jordan L." }),
      ).toContainText("Price, discount or refund");

      // The holding reply goes out as drafted: "Needs you" stays until someone deals with it.
      await open(`/dashboard/inbox/${conversationId}`);
      await expect(reply.getByLabel(/Keep “Needs you” open/)).toBeChecked();
      await reply.getByRole("button", { name: "Mark as sent" }).click();
      await expect(page.getByText("Marked as sent").first()).toBeVisible();
      await ready();
      await expect(needs).toContainText("The guest got a reply that holds this");
      await expect(page.getByText(/^Reply by /)).toHaveCount(0);
      await shoot("conversation-held");
      await open("/concierge-dashboard");
      await expect(queue.getByRole("listitem").filter({ hasText: "Answer Jordan L." })).toHaveCount(
        0,
      );
      await expect(
        queue.getByRole("listitem").filter({ hasText: "Needs a person: Jordan L." }),
      ).toHaveCount(1);

      // The worker's pass emails whoever is on duty (the host, until a VA starts a shift) about
      // what became ready: wait for it, so the day's count includes it.
      await expect
        .poll(
          () =>
            query<{ n: number }>(
              "select count(*) as n from queue_items where account_id = ? and ready_at <= ? and notified_at is null and done_at is null",
              accountId,
              Date.now(),
            )[0]!.n,
          { timeout: 75_000, intervals: [1_000] },
        )
        .toBe(0);

      // 10. A VA, invited from Account; they accept and start a shift: the guest is waiting.
      va = await registerViaApi(`firstdayva${javaScriptEnabled ? "on" : "off"}`);
      await open("/dashboard");
      await expect(page.getByText("4 of 5 done")).toBeVisible();
      await checklist.getByRole("link", { name: "Invite your team or VA" }).click();
      await expect(page).toHaveURL(/\/account#team-heading$/);
      await ready();
      await page.getByLabel("Invite by email").fill(va.email);
      await page.getByLabel("Role").selectOption("va");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(
        page.getByText(`Invitation sent to ${va.email.toLowerCase()}.`).first(),
      ).toBeVisible();
      const invitation = await waitForNthEmail(va.email, "invited you", 1);
      const vaContext = await browser.newContext({
        javaScriptEnabled,
        viewport: PHONE,
        timezoneId: ZONE,
        extraHTTPHeaders: { "X-Forwarded-For": va.address },
      });
      watchErrors(vaContext, errors);
      await vaContext.addCookies((await va.api.storageState()).cookies);
      const vaPage = await vaContext.newPage();
      // The account switcher refetches the VA's accounts once it mounts. Joining rotates the
      // session id, so a press that beats that fetch has it refused (401): a person is slower.
      const accountsFetched = javaScriptEnabled
        ? vaPage.waitForResponse((response) =>
            response.url().endsWith("/api/user/available-accounts"),
          )
        : null;
      await vaPage.goto(`/invite/${tokenIn(invitation, "/invite/")}`);
      if (javaScriptEnabled) await waitForHydration(vaPage);
      expect((await accountsFetched)?.status() ?? 200).toBe(200);
      await vaPage.getByRole("button", { name: "Accept and join" }).click();
      await expect(vaPage).toHaveURL(/\/account$/);
      await vaPage.goto("/concierge-dashboard");
      if (javaScriptEnabled) await waitForHydration(vaPage);
      await vaPage.getByRole("button", { name: "Start shift" }).click();
      await expect(vaPage.getByText("1 guest is waiting for an answer.")).toBeVisible();
      const vaQueue = vaPage.getByRole("list", { name: "Open items, nearest deadline first" });
      await expect(
        vaQueue.getByRole("listitem").filter({ hasText: "Needs a person: Jordan L." }),
      ).toHaveCount(1);
      if (javaScriptEnabled) {
        await vaPage.screenshot({ path: path.join(SHOTS, "va-shift-390.png"), fullPage: true });
        await vaPage.setViewportSize(DESKTOP);
        await vaPage.screenshot({ path: path.join(SHOTS, "va-shift-1280.png"), fullPage: true });
      }
      // …and on the conversation page, the same guest waits on "Needs you".
      await open(`/dashboard/inbox/${conversationId}`);
      await expect(needs).toBeVisible();
      await vaContext.close();
      // Every setup step done: the dashboard's checklist has gone.
      await open("/dashboard");
      await expect(checklist).toHaveCount(0);

      // 11. The day's email to the host: everything queued has gone out; at most 3, the
      // verification included; nothing about the windows of trips that had ended before import.
      await expect
        .poll(
          () =>
            query<{ n: number }>(
              "select count(*) as n from email_outbox where lower(\"to\") = ? and status = 'pending'",
              host.email.toLowerCase(),
            )[0]!.n,
          { timeout: 15_000 },
        )
        .toBe(0);
      const received = await emailsTo(host.email);
      const subjects = received.map((email) => email.subject).join(" | ");
      test.info().annotations.push({ type: "emails to the host", description: subjects });
      console.log(`Emails to the host (${received.length}): ${subjects}`);
      expect(received.length).toBeGreaterThanOrEqual(2);
      expect(
        received.length,
        received.map((email) => email.subject).join("\n"),
      ).toBeLessThanOrEqual(3);
      expect(received[0]!.subject).toContain("Verify your email");
      expect(received.some((email) => email.text.includes("Needs a person: Jordan L."))).toBe(true);
      for (const email of received) {
        for (const row of rows.filter((row) => row.reservation !== claimTrip)) {
          expect(email.text).not.toContain(row.reservation);
        }
      }

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
