import fs from "node:fs";
import type { Page } from "@playwright/test";
import { browserContext, disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi } from "../support/estimates";
import { expect, test, waitForHydration } from "../support/fixtures";

/**
 * The inbox never loses a question, and finished claims stop counting down, on a phone (390 px)
 * with JavaScript on and off (and at 1280 px for the screenshots):
 *
 * - the guest asks where to park, then for a discount to extend before the host replied: one
 *   draft answers the parking question and holds the rest; "Needs you" names the discount;
 * - marking that reply sent leaves "Needs you" open, on the conversation and in the queue, until
 *   someone marks it resolved;
 * - the conversation's reply deadline is the queue item's;
 * - a withdrawn claim shows no countdown on the list or its page;
 * - no page errors.
 */

const SHOTS = "/tmp/shots-inbox20";
fs.mkdirSync(SHOTS, { recursive: true });

const PARKING = "The car is on level 2 of the Economy Lot, row F, by the elevators.";

function guestEmail(id: string, text: string, date: Date) {
  return [
    "From: Turo <noreply@mail.turo.com>",
    "To: host@fleet.test",
    "Subject: New message from Jordan L.",
    `Message-ID: <${id}@mail.turo.com>`,
    `Date: ${date.toUTCString()}`,
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="utf-8"',
    "Content-Transfer-Encoding: 8bit",
    "",
    "Jordan L. wrote:",
    text,
    "",
    "https://turo.com/us/en/reservation/70112233/messages",
  ].join("\r\n");
}

/** Collects uncaught page errors and console errors for the whole test. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (entry) => {
    if (entry.type() === "error") errors.push(`console: ${entry.text()}`);
  });
  return errors;
}

const RUNS = [
  { javaScriptEnabled: true, width: 390, height: 844 },
  { javaScriptEnabled: false, width: 390, height: 844 },
  { javaScriptEnabled: true, width: 1280, height: 900 },
] as const;

for (const { javaScriptEnabled, width, height } of RUNS) {
  const label = `JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`;

  test.describe(label, () => {
    let host: TestUser | undefined;
    test.afterEach(async () => {
      await disposeAll(host);
      host = undefined;
    });

    test("one draft answers the whole conversation; Needs you stays until resolved; the queue agrees", async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const owner = (host = await registerViaApi("inboxq"));
      // The account's zone from the start: otherwise the browser's zone is saved on the first
      // page load, and pages loaded before and after it would show times in different zones.
      expect(
        (
          await owner.api.post("/api/user/time-zone", {
            data: { timeZone: "America/New_York" },
          })
        ).status(),
      ).toBe(200);
      expect(
        (
          await owner.api.put("/api/knowledge", { data: { topic: "pickup-spot", text: PARKING } })
        ).status(),
      ).toBe(200);
      const { webhookUrl } = (await (await owner.api.get("/api/inbound")).json()) as {
        webhookUrl: string;
      };
      const run = `${width}-${javaScriptEnabled}-${Date.now()}`;
      const first = new Date(Date.now() - 10 * 60_000);
      const posted = await request.post(new URL(webhookUrl).pathname, {
        headers: { "Content-Type": "message/rfc822" },
        data: guestEmail(`park-${run}`, "Where do I park at pickup?", first),
      });
      const { conversationId } = (await posted.json()) as { conversationId: string };
      await request.post(new URL(webhookUrl).pathname, {
        headers: { "Content-Type": "message/rfc822" },
        data: guestEmail(
          `discount-${run}`,
          "Can I get a discount if I extend two days?",
          new Date(first.getTime() + 5 * 60_000),
        ),
      });
      // The AI (the local test server) drafts as the emails arrive: one reply draft, for both.
      const replyDrafts = async () =>
        (
          (await (await owner.api.get(`/api/conversations/${conversationId}`)).json()) as {
            conversation: { drafts: Array<{ purpose: string; status: string; text: string }> };
          }
        ).conversation.drafts.filter((draft) => draft.purpose === "reply");
      await expect
        .poll(async () => (await replyDrafts()).map((draft) => draft.text).join("|"), {
          timeout: 20_000,
        })
        .toContain("I'll confirm the extension and the discount shortly.");
      expect(await replyDrafts()).toHaveLength(1);

      const context = await browserContext(browser, javaScriptEnabled);
      await context.addCookies((await owner.api.storageState()).cookies);
      const page = await context.newPage();
      await page.setViewportSize({ width, height });
      const errors = watchErrors(page);
      await page.goto(`/dashboard/inbox/${conversationId}`);
      if (javaScriptEnabled) await waitForHydration(page);

      const reply = page.getByRole("region", { name: "Draft reply" });
      const text = reply.getByRole("textbox", { name: "Reply" });
      await expect(text).toHaveValue(new RegExp(PARKING.replace(/[.,]/g, "\\$&")));
      await expect(text).toHaveValue(/I'll confirm the extension and the discount shortly\./);
      await expect(
        reply.getByText("Drafted by AI from your knowledge base, and checked."),
      ).toBeVisible();
      const needs = page.getByRole("region", { name: "Needs you" });
      await expect(needs.getByRole("list", { name: "Why" })).toHaveText(
        /Trip change \(extension, early or late times\)\s*Price, discount or refund/,
      );
      await page.screenshot({
        path: `${SHOTS}/conversation-draft-${width}-js${javaScriptEnabled ? "on" : "off"}.png`,
        fullPage: true,
      });

      // The queue's deadline is the conversation's.
      const replyBy = (await page.getByText(/^Reply by /).textContent())!
        .replace(/^Reply by /, "")
        .replace(/\s*\(.*$/, "")
        .trim();
      await page.goto("/concierge-dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      const open = page.getByRole("list", { name: "Open items, nearest deadline first" });
      const answer = open.getByRole("listitem").filter({ hasText: "Answer Jordan L." });
      await expect(answer).toHaveCount(1);
      await expect(answer).toContainText(`Due ${replyBy}`);
      await expect(
        open.getByRole("listitem").filter({ hasText: "Needs a person: Jordan L." }),
      ).toContainText("Price, discount or refund");

      // The draft goes out as it is: the guest has their answer, the discount stays open.
      await page.goto(`/dashboard/inbox/${conversationId}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(reply.getByLabel(/Keep “Needs you” open/)).toBeChecked();
      await reply.getByRole("button", { name: "Mark as sent" }).click();
      await expect(page.getByText("Marked as sent").first()).toBeVisible();
      await expect(needs).toBeVisible();
      await expect(needs).toContainText("The guest got a reply that holds this");
      await expect(page.getByText(/^Reply by /)).toHaveCount(0);
      await page.screenshot({
        path: `${SHOTS}/conversation-held-${width}-js${javaScriptEnabled ? "on" : "off"}.png`,
        fullPage: true,
      });

      await page.goto("/concierge-dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(open.getByRole("listitem").filter({ hasText: "Answer Jordan L." })).toHaveCount(
        0,
      );
      await expect(
        open.getByRole("listitem").filter({ hasText: "Needs a person: Jordan L." }),
      ).toHaveCount(1);
      await page.screenshot({
        path: `${SHOTS}/queue-held-${width}-js${javaScriptEnabled ? "on" : "off"}.png`,
        fullPage: true,
      });

      // Someone deals with it: resolved, on both.
      await page.goto(`/dashboard/inbox/${conversationId}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await needs.getByRole("button", { name: "Mark resolved" }).click();
      await expect(page.getByText("Marked resolved").first()).toBeVisible();
      await expect(page.getByRole("region", { name: "Needs you" })).toHaveCount(0);
      await page.goto("/concierge-dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(open.getByRole("listitem").filter({ hasText: "Jordan L." })).toHaveCount(0);

      expect(errors).toEqual([]);
      await context.close();
    });

    test("a booking message never shows a bracket: it says what is missing instead", async ({
      browser,
    }) => {
      // The worker drafts the confirmation on its next pass (every minute).
      test.setTimeout(150_000);
      const owner = (host = await registerViaApi("bookinggap"));
      const vehicleId = await addVehicleViaApi(owner);
      const reservationId = `GAP${width}${javaScriptEnabled ? 1 : 0}`;
      const start = Date.now() + 3 * 86_400_000;
      // No pickup place on the trip, and no pickup spot answer in the knowledge base.
      const trip = await owner.api.post("/api/trips", {
        data: {
          reservationId,
          vehicleId,
          guestName: "Riley Park",
          startAt: new Date(start).toISOString(),
          endAt: new Date(start + 2 * 86_400_000).toISOString(),
          timeZone: "America/Denver",
        },
      });
      expect(trip.status(), await trip.text()).toBe(201);
      const conversationId = async () =>
        (
          (await (await owner.api.get("/api/conversations")).json()) as {
            conversations: Array<{ id: string; reservationId: string | null }>;
          }
        ).conversations.find((conversation) => conversation.reservationId === reservationId)?.id;
      await expect.poll(conversationId, { timeout: 120_000, intervals: [2_000] }).toBeTruthy();

      const context = await browserContext(browser, javaScriptEnabled);
      await context.addCookies((await owner.api.storageState()).cookies);
      const page = await context.newPage();
      await page.setViewportSize({ width, height });
      const errors = watchErrors(page);
      await page.goto(`/dashboard/inbox/${await conversationId()}`);
      if (javaScriptEnabled) await waitForHydration(page);
      const draft = page.getByRole("region", { name: "Draft reply" });
      const text = draft.getByRole("textbox", { name: "Reply" });
      await expect(text).toHaveValue(/^Hi Riley,\n\nThanks for booking the /);
      await expect(text).not.toHaveValue(/\[|\{\{/);
      await expect(draft.getByText("Made from your knowledge base, and checked.")).toBeVisible();
      await expect(draft.getByText(/Not in this message:.*pickup and return place/)).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}/booking-missing-${width}-js${javaScriptEnabled ? "on" : "off"}.png`,
        fullPage: true,
      });
      expect(errors).toEqual([]);
      await context.close();
    });

    test("a finished claim shows no countdown, on the list or its page", async ({ browser }) => {
      const owner = (host = await registerViaApi("claimdone"));
      const vehicleId = await addVehicleViaApi(owner);
      const end = Date.now() - 3 * 3_600_000;
      const trip = await owner.api.post("/api/trips", {
        data: {
          reservationId: `FIN${width}${javaScriptEnabled ? 1 : 0}`,
          vehicleId,
          startAt: new Date(end - 2 * 86_400_000).toISOString(),
          endAt: new Date(end).toISOString(),
          timeZone: "America/Denver",
        },
      });
      expect(trip.status(), await trip.text()).toBe(201);
      const tripId = ((await trip.json()) as { trip: { id: string } }).trip.id;
      const newClaim = async (kind: string) => {
        const made = await owner.api.post("/api/claims", {
          data: { tripId, kind, claimedCents: 4_200 },
        });
        expect(made.status(), await made.text()).toBe(201);
        return ((await made.json()) as { claim: { id: string } }).claim.id;
      };
      const openId = await newClaim("fuel");
      const doneId = await newClaim("cleaning");
      expect(
        (
          await owner.api.patch(`/api/claims/${doneId}`, { data: { status: "withdrawn" } })
        ).status(),
      ).toBe(200);

      const context = await browserContext(browser, javaScriptEnabled);
      await context.addCookies((await owner.api.storageState()).cookies);
      const page = await context.newPage();
      await page.setViewportSize({ width, height });
      const errors = watchErrors(page);
      await page.goto("/dashboard/claims");
      if (javaScriptEnabled) await waitForHydration(page);
      const openList = page.getByRole("list", { name: "Open claims, next deadline first" });
      await expect(openList.getByRole("listitem")).toHaveCount(1);
      await expect(openList.getByRole("listitem")).toContainText(/left\)/);
      const finished = page.getByRole("list", { name: "Finished claims" });
      await expect(finished.getByRole("listitem")).toHaveCount(1);
      await expect(finished.getByRole("listitem")).toContainText("Withdrawn");
      await expect(finished.getByRole("listitem")).not.toContainText(/left|by /);
      await page.screenshot({
        path: `${SHOTS}/claims-list-${width}-js${javaScriptEnabled ? "on" : "off"}.png`,
        fullPage: true,
      });

      await page.goto(`/dashboard/claim/${doneId}`);
      if (javaScriptEnabled) await waitForHydration(page);
      const deadlines = page.getByRole("region", { name: "Deadlines" });
      await expect(deadlines).toContainText(
        "This claim is withdrawn: its deadlines no longer apply.",
      );
      await expect(deadlines).not.toContainText(/left|passed/);
      await page.screenshot({
        path: `${SHOTS}/claim-finished-${width}-js${javaScriptEnabled ? "on" : "off"}.png`,
        fullPage: true,
      });
      // An open claim still counts down.
      await page.goto(`/dashboard/claim/${openId}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("region", { name: "Deadlines" })).toContainText(/left/);

      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
