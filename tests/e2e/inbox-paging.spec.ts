import type { Page } from "@playwright/test";
import { browserContext, disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi } from "../support/estimates";
import { expect, test, waitForHydration } from "../support/fixtures";

/**
 * The guest inbox of a busy account, in pages: 105 guests' messages forwarded through the
 * account's inbound webhook (as an email provider posts them), 60 of them about trips of one car.
 * Paging shows each conversation once over three pages, "Needs you" first; the filters (Needs
 * you, by car) are in the URL and stay on the next page. JavaScript off and on, and on a phone.
 */

const GUESTS = 105;
const ON_CAR = 60;
const FIRST_NAMES = [
  "Avery",
  "Blake",
  "Casey",
  "Devon",
  "Emery",
  "Finley",
  "Harper",
  "Jordan",
  "Kendall",
  "Logan",
  "Morgan",
  "Parker",
  "Quinn",
  "Riley",
  "Skyler",
];
const guestName = (i: number) =>
  `${FIRST_NAMES[i % FIRST_NAMES.length]} ${"ABCDEFGH"[Math.floor(i / FIRST_NAMES.length)]}.`;
const reservationId = (i: number) => String(71_000_000 + i);
// Every other guest asks for a discount: only the host can answer that ("Needs you").
const needsYou = (i: number) => i % 2 === 0;

/** A guest's message as the marketplace emails it, forwarded raw to the webhook. */
function guestMessage(i: number) {
  const minute = String(i % 60).padStart(2, "0");
  const hour = String(8 + Math.floor(i / 60)).padStart(2, "0");
  return [
    "From: Turo <noreply@mail.turo.com>",
    "To: host@fleet.test",
    `Subject: New message from ${guestName(i)}`,
    `Message-ID: <paging-${i}-${Date.now()}@mail.turo.com>`,
    `Date: Thu, 26 Nov 2026 ${hour}:${minute}:00 -0700`,
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="utf-8"',
    "Content-Transfer-Encoding: 8bit",
    "",
    `${guestName(i)} wrote:`,
    needsYou(i)
      ? "Hi! Could you give me a discount on the price if I keep it a day longer?"
      : "Hi! Where exactly is the car parked at the airport?",
    "",
    "Reply",
    `https://turo.com/us/en/reservation/${reservationId(i)}/messages`,
  ].join("\r\n");
}

test.describe.configure({ mode: "serial" });

let host: TestUser;
let carName: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  host = await registerViaApi("inboxpaging");
  const carA = await addVehicleViaApi(host, { make: "Toyota", model: "Prius" });
  await addVehicleViaApi(host);
  carName = "Toyota Prius";
  for (let i = 0; i < ON_CAR; i++) {
    const trip = await host.api.post("/api/trips", {
      data: {
        reservationId: reservationId(i),
        vehicleId: carA,
        guestName: guestName(i),
        startAt: "2026-12-20T10:00:00-07:00",
        endAt: "2026-12-22T18:00:00-07:00",
        timeZone: "America/Denver",
      },
    });
    expect(trip.status(), await trip.text()).toBe(201);
  }
  const { webhookUrl } = (await (await host.api.get("/api/inbound")).json()) as {
    webhookUrl: string;
  };
  const path = new URL(webhookUrl).pathname;
  for (let i = 0; i < GUESTS; i++) {
    const stored = await request.post(path, {
      headers: { "Content-Type": "message/rfc822" },
      data: guestMessage(i),
    });
    expect(stored.status(), await stored.text()).toBe(202);
  }
});

test.afterAll(async () => {
  await disposeAll(host);
});

/** Fails the test on an uncaught error or a console error on the page. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

const conversations = (page: Page) =>
  page.getByRole("list", { name: "Conversations" }).getByRole("listitem");

/** The guests on this page, in order. */
async function guestsOnPage(page: Page) {
  return conversations(page).getByRole("link").allInnerTexts();
}

/** Follows "Next page" to the end; every page's guests and URL. */
async function everyPage(page: Page, javaScriptEnabled: boolean) {
  const pages: { guests: string[]; url: URL }[] = [];
  for (;;) {
    // The URL changes when the navigation commits, before a streamed page has all its rows.
    await page.waitForLoadState();
    if (javaScriptEnabled) await waitForHydration(page);
    pages.push({ guests: await guestsOnPage(page), url: new URL(page.url()) });
    const next = page
      .getByRole("navigation", { name: "Pages of conversations" })
      .getByRole("link", {
        name: "Next page",
      });
    if ((await next.count()) === 0) return pages;
    const before = page.url();
    await next.click();
    await expect(page).not.toHaveURL(before);
    if (pages.length > 10) throw new Error("more pages than conversations");
  }
}

for (const javaScriptEnabled of [false, true]) {
  test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: three pages of conversations, Needs you first; filters keep across pages`, async ({
    browser,
  }) => {
    const context = await browserContext(browser, javaScriptEnabled);
    await context.addCookies((await host.api.storageState()).cookies);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto("/dashboard/inbox");
    await expect(page.getByRole("heading", { name: `Conversations (${GUESTS})` })).toBeVisible();

    const pages = await everyPage(page, javaScriptEnabled);
    expect(pages.map((p) => p.guests.length)).toEqual([50, 50, 5]);
    const seen = pages.flatMap((p) => p.guests);
    expect(new Set(seen).size).toBe(GUESTS);
    expect([...seen].sort()).toEqual(Array.from({ length: GUESTS }, (_, i) => guestName(i)).sort());
    // What needs the host comes first: the 53 guests asking for a discount lead.
    const needing = Array.from({ length: GUESTS }, (_, i) => i)
      .filter(needsYou)
      .map(guestName);
    expect(seen.slice(0, needing.length).sort()).toEqual([...needing].sort());
    // The last page holds only guests who need nothing of the host.
    for (const item of await conversations(page).all()) {
      await expect(item).not.toContainText("Needs you");
    }
    // "First page" goes back to the start.
    await page
      .getByRole("navigation", { name: "Pages of conversations" })
      .getByRole("link", { name: "First page" })
      .click();
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(conversations(page)).toHaveCount(50);
    expect(await guestsOnPage(page)).toEqual(pages[0]!.guests);

    // Needs you: 53 conversations, over two pages that both keep the filter.
    const filters = page.getByRole("form", { name: "Filter conversations" });
    await filters.getByLabel("Show").selectOption("needs-you");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/show=needs-you/);
    const needsYouPages = await everyPage(page, javaScriptEnabled);
    expect(needsYouPages.map((p) => p.guests.length)).toEqual([50, 3]);
    expect(needsYouPages.every((p) => p.url.searchParams.get("show") === "needs-you")).toBe(true);
    expect(needsYouPages.flatMap((p) => p.guests).sort()).toEqual([...needing].sort());
    await expect(
      page.getByRole("form", { name: "Filter conversations" }).getByLabel("Show"),
    ).toHaveValue("needs-you");
    for (const item of await conversations(page).all())
      await expect(item).toContainText("Needs you");

    // By car: the 60 conversations about the Prius' trips, two pages, the car kept.
    await page.goto("/dashboard/inbox");
    if (javaScriptEnabled) await waitForHydration(page);
    const carFilters = page.getByRole("form", { name: "Filter conversations" });
    const carOption = carFilters.getByLabel("Car").locator("option", { hasText: carName });
    await carFilters.getByLabel("Car").selectOption((await carOption.getAttribute("value"))!);
    await carFilters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/car=/);
    const carPages = await everyPage(page, javaScriptEnabled);
    expect(carPages.map((p) => p.guests.length)).toEqual([50, 10]);
    const car = carPages[0]!.url.searchParams.get("car");
    expect(carPages.every((p) => p.url.searchParams.get("car") === car)).toBe(true);
    expect(carPages.flatMap((p) => p.guests).sort()).toEqual(
      Array.from({ length: ON_CAR }, (_, i) => guestName(i)).sort(),
    );

    // Both: the Prius' guests who need the host, one page.
    await page
      .getByRole("form", { name: "Filter conversations" })
      .getByLabel("Show")
      .selectOption("needs-you");
    await page
      .getByRole("form", { name: "Filter conversations" })
      .getByRole("button", { name: "Filter" })
      .click();
    await expect(page).toHaveURL(/show=needs-you/);
    await expect(page).toHaveURL(/car=/);
    await expect(conversations(page)).toHaveCount(ON_CAR / 2);
    await expect(page.getByRole("navigation", { name: "Pages of conversations" })).toHaveCount(0);

    // A page link that is no longer valid shows the first page and says so.
    await page.goto("/dashboard/inbox?show=needs-you&cursor=stale-link");
    await expect(
      page.getByRole("status").filter({ hasText: "That page link is no longer valid" }),
    ).toBeVisible();
    await expect(conversations(page)).toHaveCount(50);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("on a phone (390×844): pages and filters fit the screen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies((await host.api.storageState()).cookies);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/dashboard/inbox?show=needs-you");
  await waitForHydration(page);
  await expect(conversations(page)).toHaveCount(50);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page
    .getByRole("navigation", { name: "Pages of conversations" })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(conversations(page)).toHaveCount(3);
  await expect(page).toHaveURL(/show=needs-you/);
  expect(errors).toEqual([]);
  await context.close();
});
