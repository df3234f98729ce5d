import type { Page } from "@playwright/test";
import {
  expect,
  test,
  openHydrated,
  waitForHydration,
  seriousA11yViolations,
  expectQueryAnswer,
} from "../support/fixtures";

const PATH = "/guest-message-templates";

const TRIP = {
  "Guest name": "Alex",
  Car: "2022 Tesla Model 3",
  "Pickup and return place": "123 Main St, San Jose",
  "Your name": "Sam",
} as const;
const START = "2026-06-05T10:00";
const END = "2026-06-08T10:30";

/** Fills the trip details (and a toll total) without submitting. */
async function fillTrip(page: Page) {
  for (const [label, value] of Object.entries(TRIP)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByLabel("Pickup time", { exact: true }).fill(START);
  await page.getByLabel("Return time", { exact: true }).fill(END);
  await page.getByText("Details for return, damage and fee messages").click();
  await page.getByLabel("Toll total", { exact: true }).fill("18.4");
  await page.getByLabel("Smoking fee requested", { exact: true }).selectOption("evidence");
}

const message = (page: Page, id: string) => page.locator(`pre[data-template="${id}"]`);

async function readMessages(page: Page) {
  const texts: Record<string, string> = {};
  for (const id of ["booking-confirmation", "toll-reimbursement", "smoking", "damage-follow-up"]) {
    texts[id] = (await message(page, id).textContent()) ?? "";
  }
  return texts;
}

test("the same trip fills the same messages with JavaScript on and off", async ({ browser }) => {
  const off = await browser.newContext({ javaScriptEnabled: false });
  const offPage = await off.newPage();
  await offPage.goto(PATH);
  await expect(offPage.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  await fillTrip(offPage);
  await offPage.getByRole("button", { name: "Fill in the templates" }).click();
  await expect(offPage).toHaveURL(/guest=Alex/);
  const withoutJs = await readMessages(offPage);
  await off.close();

  const on = await browser.newContext();
  const { page, hydrationErrors } = await openHydrated(on, PATH);
  await fillTrip(page);
  // Live: the messages update without submitting, and the address bar follows.
  await expect(message(page, "booking-confirmation")).toContainText("Hi Alex,");
  await expect(page).toHaveURL(/guest=Alex.*tolls=18\.4/);
  const withJs = await readMessages(page);
  await on.close();

  expect(withJs).toEqual(withoutJs);
  expect(withJs["booking-confirmation"]).toContain(
    "Thanks for booking the 2022 Tesla Model 3! Your trip starts Fri, Jun 5 at 10:00 AM at 123 Main St, San Jose and ends Mon, Jun 8 at 10:30 AM.",
  );
  expect(withJs["booking-confirmation"]).toMatch(/Thanks,\nSam$/);
  expect(withJs["toll-reimbursement"]).toContain("shows $18.40 in tolls");
  expect(withJs.smoking).toContain("I've requested the $150 (odor with evidence) smoking fee");
  // Not filled in yet: a visible placeholder, named under the message.
  expect(withJs["damage-follow-up"]).toContain("I found [Damage found]");
  expect(hydrationErrors).toEqual([]);
});

test("a filled link renders the messages, with placeholders for what is missing", async ({
  page,
}) => {
  const response = await page.goto(`${PATH}?guest=Jo&car=Civic`);
  expect(response?.status()).toBe(200);
  await expect(message(page, "booking-confirmation")).toContainText(
    "Hi Jo,\n\nThanks for booking the Civic! Your trip starts [Pickup time]",
  );
  await expect(
    page
      .getByRole("article", { name: "Booking confirmation" })
      .locator("p", { hasText: "Still to fill in:" }),
  ).toContainText("Pickup time, Pickup and return place, Return time, Your name");
});

test("Copy puts the filled message on the clipboard", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`${PATH}?guest=Jo&car=Civic&host=Sam`);
  await waitForHydration(page);
  const card = page.getByRole("article", { name: "Thanks and review request" });
  await card.getByRole("button", { name: "Copy Thanks and review request" }).click();
  await expect(card.getByRole("button", { name: /Copied/ })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await message(page, "post-trip-thanks").textContent());
  expect(copied).toContain("Hi Jo,\n\nThanks for taking good care of the Civic.");
});

for (const javaScriptEnabled of [true, false]) {
  test(`stage links filter the templates and keep the trip (JavaScript ${
    javaScriptEnabled ? "on" : "off"
  })`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${PATH}?guest=Jo`);
    if (javaScriptEnabled) await waitForHydration(page);
    const stages = page.getByRole("navigation", { name: "Trip stages" });
    await expect(stages.getByRole("link", { name: /All stages/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await stages.getByRole("link", { name: /Damage, tolls and fees/ }).click();
    await expect(page).toHaveURL(/\?guest=Jo&stage=charges$/);
    await expect(stages.getByRole("link", { name: /Damage, tolls and fees/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { name: "Damage, tolls and fees" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Booking", exact: true })).toHaveCount(0);
    await expect(message(page, "cleaning")).toContainText("Hi Jo,");
    await expect(page.locator("pre[data-template]")).toHaveCount(5);
    // Submitting the form keeps the stage.
    await page.getByLabel("Car", { exact: true }).fill("Civic");
    await page.getByRole("button", { name: "Fill in the templates" }).click();
    await expect(page).toHaveURL(/car=Civic.*stage=charges/);
    await expect(page.locator("pre[data-template]")).toHaveCount(5);
    await context.close();
  });
}

test("the page states the safety rules and where deadlines come from", async ({ page }) => {
  await page.goto(PATH);
  const rules = page.getByRole("complementary", { name: "Two rules every template follows" });
  await expect(rules).toContainText("No access codes before the trip is confirmed.");
  await expect(rules).toContainText("Never admit liability.");
  await expect(page.getByRole("heading", { name: /^Rules as of / })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create your Free AI Estimate" })).toBeVisible();
  await expect(page).toHaveTitle(/Guest Message Templates/);
  // No field asks for an access code.
  await expect(page.getByLabel(/code|lockbox|password|pin\b/i)).toHaveCount(0);
});

test("hostile query strings answer with a message, never a 500", async ({ request }) => {
  const cases: Array<[query: string, status: number, text: RegExp]> = [
    ["?guest=<script>alert(1)</script>", 200, /Hi &lt;script&gt;alert\(1\)&lt;\/script&gt;,/],
    [`?guest=${"x".repeat(10_000)}`, 400, /Guest name is too long/],
    ["?start=tomorrow", 400, /Pickup time must be a date and time/],
    ["?start=99999-01-01T10:00", 400, /Pickup time must be a date and time/],
    ["?tolls=-5", 400, /Toll total can(&#x27;|')t be negative/],
    ["?tolls=1e308", 400, /Toll total must be a dollar amount/],
    ["?refuel=999999999999", 400, /must be at most \$100,000/],
    ["?smoking=free", 400, /Choose one of the policy(&#x27;|')s smoking fees/],
    ["?stage=<script>", 400, /There is no such trip stage/],
    ["?guest=Ana&guest=Bo&stage=booking&stage=x", 200, /Hi Ana,/],
    ["?junk=1&%00=%00", 200, /Guest Message Templates/],
  ];
  for (const [query, status, text] of cases) {
    await expectQueryAnswer(request, `${PATH}${query}`, status, text);
  }
});

test("a bad value is shown next to its field", async ({ page }) => {
  const response = await page.goto(`${PATH}?tolls=abc&guest=Jo`);
  expect(response?.status()).toBe(400);
  await expect(page.getByLabel("Toll total", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByText("Toll total must be a dollar amount, like 18.40.")).toBeVisible();
  await expect(message(page, "toll-reimbursement")).toContainText("shows [Toll total] in tolls");
  await expect(message(page, "booking-confirmation")).toContainText("Hi Jo,");
});

test("axe finds no serious or critical violations", async ({ page }) => {
  await page.goto(`${PATH}?guest=Jo&tolls=abc`);
  await waitForHydration(page);
  await page.getByText("Details for return, damage and fee messages").click();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("fits a 390 px wide phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${PATH}?guest=${"W".repeat(60)}&place=${"Long".repeat(40)}`);
  await waitForHydration(page);
  await page.getByText("Details for return, damage and fee messages").click();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await context.close();
});
