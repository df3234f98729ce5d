import type { Page } from "@playwright/test";
import { claimsPath, marketplace } from "../../app/config/marketplace";
import {
  expect,
  seriousA11yViolations,
  test,
  openHydrated,
  waitForHydration,
  expectQueryAnswer,
} from "../support/fixtures";

const PATH = claimsPath;

/** Fills the trip end without submitting. */
async function fillTripEnd(
  page: Page,
  { date, time, zone, other }: { date: string; time: string; zone: string; other?: string },
) {
  await page.getByLabel("Trip-end date").fill(date);
  await page.getByLabel("Trip-end time").fill(time);
  await page.getByLabel("Your time zone").selectOption(zone);
  if (other !== undefined) await page.getByLabel("Another time zone (IANA name)").fill(other);
}

/** Each deadline's id, local date-time text and UTC instant (not the clock-dependent time left). */
async function readDeadlines(page: Page) {
  const cards = page.locator("li[data-deadline]");
  await expect(cards).toHaveCount(5);
  const rows: string[] = [];
  for (const card of await cards.all()) {
    const time = card.getByTestId("deadline-local");
    rows.push(
      [
        await card.getAttribute("data-deadline"),
        await time.textContent(),
        await time.getAttribute("datetime"),
      ].join(" | "),
    );
  }
  return rows;
}

const LOS_ANGELES_TRIP = {
  date: "2026-03-06",
  time: "10:00",
  zone: "America/Los_Angeles",
};

// Counted from Fri, Mar 6, 2026, 10:00 AM PST; the clocks go forward on Mar 8, so the 72 elapsed
// hours end at 11:00 AM PDT while the calendar-day deadlines keep 10:00 AM.
const LOS_ANGELES_DEADLINES = [
  "report-damage | Sat, Mar 7, 2026, 10:00 AM PST | 2026-03-07T18:00:00.000Z",
  "post-trip-photos | Sat, Mar 7, 2026, 10:00 AM PST | 2026-03-07T18:00:00.000Z",
  "repair-estimate | Mon, Mar 9, 2026, 11:00 AM PDT | 2026-03-09T18:00:00.000Z",
  "escalate | Thu, Mar 26, 2026, 10:00 AM PDT | 2026-03-26T17:00:00.000Z",
  "toll-reimbursement | Thu, Jun 4, 2026, 10:00 AM PDT | 2026-06-04T17:00:00.000Z",
];

test("the same trip end gives the same deadlines with JavaScript on and off", async ({
  browser,
}) => {
  const off = await browser.newContext({ javaScriptEnabled: false });
  const offPage = await off.newPage();
  await offPage.goto(PATH);
  await fillTripEnd(offPage, LOS_ANGELES_TRIP);
  await offPage.getByRole("button", { name: "Show my deadlines" }).click();
  await expect(offPage).toHaveURL(/date=2026-03-06&time=10%3A00&tz=America%2FLos_Angeles/);
  const withoutJs = await readDeadlines(offPage);
  await off.close();

  const on = await browser.newContext();
  const { page, hydrationErrors } = await openHydrated(on, PATH);
  await fillTripEnd(page, LOS_ANGELES_TRIP);
  // Live: no submit; the address bar follows.
  await expect(page).toHaveURL(/date=2026-03-06&time=10%3A00&tz=America%2FLos_Angeles/);
  const withJs = await readDeadlines(page);
  await on.close();

  expect(withoutJs).toEqual(LOS_ANGELES_DEADLINES);
  expect(withJs).toEqual(withoutJs);
  expect(hydrationErrors).toEqual([]);
});

test("a zone outside the US list works with JavaScript on and off", async ({ browser }) => {
  const trip = { date: "2026-10-24", time: "18:15", zone: "other", other: "Europe/London" };
  const results: string[][] = [];
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(PATH);
    if (javaScriptEnabled) await waitForHydration(page);
    await fillTripEnd(page, trip);
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Show my deadlines" }).click();
    await expect(page).toHaveURL(/tz=other&tzOther=Europe%2FLondon/);
    results.push(await readDeadlines(page));
    await context.close();
  }
  expect(results[1]).toEqual(results[0]);
  // 72 hours after 6:15 PM BST on Oct 24 is 5:15 PM GMT on Oct 27 (clocks went back Oct 25).
  expect(results[0]).toContain(
    "repair-estimate | Tue, Oct 27, 2026, 5:15 PM GMT | 2026-10-27T17:15:00.000Z",
  );
});

test("the next deadline is highlighted and passed ones say so", async ({ page }) => {
  const end = new Date(Date.now() - 30 * 3_600_000);
  const date = end.toISOString().slice(0, 10);
  const time = end.toISOString().slice(11, 16);
  const response = await page.goto(`${PATH}?date=${date}&time=${time}&tz=other&tzOther=UTC`);
  expect(response?.status()).toBe(200);
  const next = page.locator('li[data-deadline][aria-current="step"]');
  await expect(next).toHaveCount(1);
  await expect(next).toHaveAttribute("data-deadline", "repair-estimate");
  await expect(next).toContainText("Next deadline");
  await expect(next.getByTestId("time-left")).toHaveText(/^1 day 1[78] hours left$/);
  const report = page.locator('li[data-deadline="report-damage"]');
  await expect(report).toContainText("Passed");
  await expect(report.getByTestId("time-left")).toHaveText(/^Passed (5|6) hours/);
  await expect(page.getByTestId("next-deadline")).toContainText("Next: Get a repair estimate by");
});

test("with JavaScript the countdown follows the browser's clock", async ({ page }) => {
  const end = new Date(Date.now() - 23 * 3_600_000 - 30 * 60_000);
  const date = end.toISOString().slice(0, 10);
  const time = end.toISOString().slice(11, 16);
  await page.clock.install({ time: new Date() });
  await page.goto(`${PATH}?date=${date}&time=${time}&tz=UTC`);
  await waitForHydration(page);
  const report = page.locator('li[data-deadline="report-damage"]');
  await expect(report).toHaveAttribute("aria-current", "step");
  await expect(report.getByTestId("time-left")).toHaveText(/minutes left$/);
  await page.clock.fastForward("01:00:00");
  await expect(report.getByTestId("time-left")).toHaveText(/^Passed/);
  await expect(page.locator('li[data-deadline="repair-estimate"]')).toHaveAttribute(
    "aria-current",
    "step",
  );
});

test("a time the clocks repeated says which one it used, and the host can pick", async ({
  page,
}) => {
  await page.goto(`${PATH}?date=2026-11-01&time=01:30&tz=America/New_York`);
  await waitForHydration(page);
  await expect(page.getByText(/1:30 AM happened twice on November 1, 2026/)).toContainText(
    "the first one (EDT)",
  );
  await page.getByLabel("The second").check();
  await expect(page.getByText(/1:30 AM happened twice/)).toContainText("the second one (EST)");
  await expect(page).toHaveURL(/repeated=later/);
});

test("hostile query strings answer with a message, never a 500", async ({ request }) => {
  const trip = "date=2026-03-06&time=10:00";
  const cases: Array<[query: string, status: number, text: RegExp]> = [
    // Clocks jump from 2:00 to 3:00 AM on March 8, 2026 in New York.
    [
      "?date=2026-03-08&time=02:30&tz=America/New_York",
      400,
      /2:30 AM didn(&#x27;|')t exist on March 8, 2026 in America\/New_York/,
    ],
    [`?${trip}&tz=Mars/Olympus`, 400, /not a time zone we know/],
    [`?${trip}&tz=<script>alert(1)</script>`, 400, /not a time zone we know/],
    [`?${trip}&tz=other`, 400, /IANA name/],
    ["?date=<script>&time=10:00", 400, /real calendar date/],
    ["?date=2026-02-30&time=10:00", 400, /real calendar date/],
    ["?date=99999-01-01&time=10:00", 400, /real calendar date/],
    ["?date=-2026-01-01&time=-10:00", 400, /24-hour clock/],
    ["?date=2026-03-06&time=24:00", 400, /24-hour clock/],
    ["?date=2200-01-01&time=10:00", 400, /between 1970 and 2100/],
    [`?date=${"9".repeat(10_000)}&time=10:00`, 400, /real calendar date/],
    [`?date=2026-03-06&time=10:00&tz=${"a".repeat(10_000)}`, 400, /not a time zone we know/],
    ["?date=2026-03-06", 400, /24-hour clock/],
    [`?${trip}&date=junk&time=x&tz=America/Denver&tz=x`, 200, /Mar 7, 2026, 10:00 AM MST/],
    ["?tz=<script>&junk=%00", 200, /Your claim deadlines/],
  ];
  for (const [query, status, text] of cases) {
    await expectQueryAnswer(request, `${PATH}${query}`, status, text);
  }
});

test("an unknown zone is shown next to the zone field", async ({ page }) => {
  const response = await page.goto(`${PATH}?date=2026-03-06&time=10:00&tz=Nowhere/Town`);
  expect(response?.status()).toBe(400);
  const field = page.getByLabel("Another time zone (IANA name)");
  await expect(field).toHaveValue("Nowhere/Town");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/"Nowhere\/Town" is not a time zone we know/)).toBeVisible();
  await expect(page.locator("li[data-deadline]")).toHaveCount(0);
});

test("explains how claims work, what evidence wins, and leads to the estimate tool", async ({
  page,
}) => {
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(
    `${marketplace.name} Damage Claims: Deadlines, Evidence and How to Win | FleetAssist`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${marketplace.name} Damage Claims: Deadlines, Evidence and How to Win`,
  );
  const zones = await page.getByLabel("Your time zone").locator("option").allTextContents();
  expect(zones.slice(0, 7)).toEqual([
    "Eastern (New York)",
    "Central (Chicago)",
    "Mountain (Denver)",
    "Arizona (Phoenix, no daylight saving)",
    "Pacific (Los Angeles)",
    "Alaska (Anchorage)",
    "Hawaii (Honolulu)",
  ]);
  // Before a trip end is entered, the rules at a glance.
  await expect(page.getByText("Report all damage")).toBeVisible();
  const how = page.getByRole("region", { name: `How a damage claim works on ${marketplace.name}` });
  await expect(how.getByRole("heading", { name: "Resolve directly with the guest" })).toBeVisible();
  await expect(
    how.getByRole("heading", { name: `${marketplace.name}-managed claim` }),
  ).toBeVisible();
  const evidence = page.getByRole("region", { name: "What evidence wins" });
  await expect(evidence).toContainText("$25 fee");
  await expect(evidence).toContainText("within 24 hours before the trip starts");
  await expect(evidence).toContainText("labor hours × rate");
  await expect(page.getByRole("heading", { name: /^Rules as of / })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create your Free AI Estimate" })).toHaveAttribute(
    "href",
    "/auth",
  );
});

test("axe finds no serious or critical violations", async ({ page }) => {
  for (const query of ["", "?date=2026-03-06&time=10:00&tz=America/Chicago", "?date=x&time=y"]) {
    await page.goto(`${PATH}${query}`);
    await waitForHydration(page);
    expect(await seriousA11yViolations(page), query).toEqual([]);
  }
});

test("fits a 390 px wide phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const query of [
    "",
    "?date=2026-03-06&time=10:00&tz=other&tzOther=America/Argentina/ComodRivadavia",
    "?date=2026-03-08&time=02:30&tz=America/New_York",
  ]) {
    await page.goto(`${PATH}${query}`);
    await waitForHydration(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, query).toBeLessThanOrEqual(390);
  }
  await context.close();
});
