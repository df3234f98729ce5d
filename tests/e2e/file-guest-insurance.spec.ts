import type { Page } from "@playwright/test";
import { expect, test, waitForHydration, seriousA11yViolations } from "../support/fixtures";
import { SAMPLE_CLAIM } from "../support/tool-fixtures";

const PATH = "/file-guest-insurance";
const PDF_PATH = `${PATH}/letter.pdf`;

/** The form as a host fills it in: label → value (text inputs and dates). */
const FIELDS: Array<[label: string | RegExp, value: string]> = [
  ["Your name", "Sam Rivera"],
  ["Your email", "sam@example.com"],
  ["Guest's full name", "Alex Chen"],
  ["Guest's insurance company", "Acme Mutual"],
  ["Policy number", "PA-123-456"],
  ["Car (year, make, model)", "2022 Tesla Model 3"],
  [/reservation ID$/, "R-98765"],
  ["Trip start date", "2026-06-05"],
  ["Trip end date", "2026-06-08"],
  ["Date of the incident", "2026-06-07"],
  ["Repair estimate", "1850.40"],
  ["Repair shop (optional)", "Bay Collision Center"],
  ["Letter date", "2026-06-10"],
];
const DESCRIPTION = "The rear bumper was scraped and cracked while parking.";

/** The same claim as a query string (for the PDF and hostile-input checks). */
const VALID_QUERY = {
  ...SAMPLE_CLAIM,
  description: DESCRIPTION,
  estimate: "1850.40",
  "c0.label": "Towing",
  "c0.amount": "125",
  letterDate: "2026-06-10",
};
const query = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({ ...VALID_QUERY, ...overrides }).toString();

async function fillForm(page: Page) {
  for (const [label, value] of FIELDS) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("textbox", { name: "What happened", exact: true }).fill(DESCRIPTION);
  await page.getByLabel(/Protection plan the guest chose/).selectOption("declined");
  await page.getByLabel("Charge 1", { exact: true }).fill("Towing");
  await page.getByLabel("Charge 1 Amount", { exact: true }).fill("125");
  await page.getByLabel("Pre-trip photos", { exact: true }).check();
}

async function expectLetter(page: Page) {
  const letter = page.locator("#claim-letter");
  await expect(letter).toBeVisible();
  await expect(letter).toContainText(
    "Re: Property damage claim: 2022 Tesla Model 3, your insured Alex Chen, policy PA-123-456",
  );
  await expect(letter).toContainText("June 10, 2026");
  await expect(letter).toContainText("declined the protection plans");
  await expect(letter.getByTestId("letter-charges")).toContainText("Towing");
  await expect(letter.getByTestId("letter-charges").locator("tfoot")).toContainText("$1,975.40");
  await expect(letter).toContainText("Enclosures:");
  return letter.innerText();
}

test("claim letter: same letter with JavaScript on and off", async ({ browser, page }) => {
  // Two browsers filling a long form: allow for a busy machine.
  test.slow();
  // JavaScript off: fill the form, submit, the server renders the letter.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const staticPage = await noJs.newPage();
  await staticPage.goto(PATH);
  await expect(staticPage.locator("#claim-letter")).toHaveCount(0);
  await fillForm(staticPage);
  await staticPage.getByRole("button", { name: "Create letter" }).click();
  await expect(staticPage).toHaveURL(/guestName=Alex\+Chen/);
  const withoutJs = await expectLetter(staticPage);
  const checklistWithoutJs = await staticPage
    .getByRole("region", { name: "Evidence checklist" })
    .innerText();
  await noJs.close();

  // JavaScript on: the letter appears as the host types, without submitting.
  await page.goto(PATH);
  await waitForHydration(page);
  await fillForm(page);
  const withJs = await expectLetter(page);
  expect(withJs).toEqual(withoutJs);
  expect(await page.getByRole("region", { name: "Evidence checklist" }).innerText()).toEqual(
    checklistWithoutJs,
  );
  await expect(page).toHaveURL(/guestName=Alex\+Chen.*c0\.label=Towing/);
  // The checklist follows the form.
  const checklist = page.getByRole("region", { name: "Evidence checklist" });
  await expect(
    checklist.getByRole("listitem").filter({ hasText: "Pre-trip photos" }),
  ).toContainText("You have it");
  await expect(checklist).toContainText("One for each charge in the letter: Towing.");
});

for (const javaScriptEnabled of [false, true]) {
  test(`claim letter: "Add charge" adds a row with JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(PATH);
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(page.getByLabel("Charge 2", { exact: true })).toHaveCount(0);
    await page.getByLabel("Charge 1", { exact: true }).fill("Towing");
    await page.getByLabel("Charge 1 Amount", { exact: true }).fill("125");
    await page.getByRole("button", { name: "Add charge" }).click();
    await expect(page.getByLabel("Charge 2", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Charge 1", { exact: true })).toHaveValue("Towing");
    await expect(page).toHaveURL(/rows=2/);
    await context.close();
  });
}

test("claim letter: at most 10 charge rows", async ({ page }) => {
  await page.goto(`${PATH}?rows=99`);
  await expect(page.getByLabel("Charge 10", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Charge 11", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add charge" })).toHaveCount(0);
});

test("claim letter: Download PDF links to the same query and downloads a PDF", async ({
  page,
  request,
}) => {
  await page.goto(`${PATH}?${query({ ev: "pre-trip-photos" })}`);
  await waitForHydration(page);
  const link = page.getByRole("link", { name: "Download PDF" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(new RegExp(`^${PDF_PATH}\\?`));
  expect(href).toContain("guestName=Alex+Chen");
  expect(href).toContain("ev=pre-trip-photos");

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("claim-letter-alex-chen-2026-06-10.pdf");

  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe(
    'attachment; filename="claim-letter-alex-chen-2026-06-10.pdf"',
  );
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

test("claim letter: the PDF survives hostile Unicode and sanitises the filename", async ({
  request,
}) => {
  const hostile = "Zoë 😀 \u202Eevil\u202C 你好 \u0000 “quotes” — ≤ ✓";
  const response = await request.get(
    `${PDF_PATH}?${query({
      guestName: hostile,
      hostName: hostile,
      insurer: hostile,
      vehicle: hostile,
      description: `${hostile}\n\n${"x".repeat(900)}`,
      "c0.label": hostile,
      location: hostile,
    })}`,
  );
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe(
    'attachment; filename="claim-letter-zoe-evil-quotes-2026-06-10.pdf"',
  );
  expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

const TEN_K = "x".repeat(10_000);
const HOSTILE_PAGE: Array<[query: string, status: number, message: string]> = [
  ["x=<script>alert(1)</script>", 400, "Your letter appears here once these are done"],
  [query({ hostName: TEN_K }), 400, "Your name: keep it under 200 characters."],
  [query({ description: TEN_K }), 400, "What happened: keep it under 4,000 characters."],
  [query({ estimate: "-1" }), 400, "Repair estimate must be between $0 and $10,000,000."],
  [query({ estimate: "1e999999" }), 400, "Repair estimate must be a dollar amount, like 1250."],
  [
    query({ estimate: "99999999999999" }),
    400,
    "Repair estimate must be between $0 and $10,000,000.",
  ],
  [
    query({ "c0.label": "<script>alert(1)</script>", "c0.amount": "<script>" }),
    400,
    "Charge 1: the amount must be a dollar amount, like 1250.",
  ],
  [
    query({ tripStart: "2026-13-45" }),
    400,
    "Enter the trip start date as a real date (YYYY-MM-DD).",
  ],
  [query({ guestPlan: "<script>alert(1)</script>" }), 400, "or leave it blank."],
  [
    `${query()}&guestName=Other&rows=99999999999999999999&${"ev=bogus&".repeat(500)}`,
    200,
    "Alex Chen",
  ],
];

for (const [index, [hostileQuery, status, message]] of HOSTILE_PAGE.entries()) {
  test(`claim letter: hostile query #${index + 1} → ${status} "${message}"`, async ({
    request,
  }) => {
    const response = await request.get(`${PATH}?${hostileQuery}`);
    expect(response.status()).toBeLessThan(500);
    expect(response.status()).toBe(status);
    const body = await response.text();
    expect(body).toContain(message);
    expect(body).not.toContain("<script>alert(1)</script>");
  });
}

const HOSTILE_PDF: Array<[query: string, message: string]> = [
  ["x=<script>alert(1)</script>", "Enter your name."],
  [query({ description: TEN_K }), "What happened: keep it under 4,000 characters."],
  [query({ estimate: "-1" }), "Repair estimate must be between $0 and $10,000,000."],
];

for (const [index, [hostileQuery, message]] of HOSTILE_PDF.entries()) {
  test(`claim letter PDF: hostile query #${index + 1} → 400 "${message}"`, async ({ request }) => {
    const response = await request.get(`${PDF_PATH}?${hostileQuery}`);
    expect(response.status()).toBe(400);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const body = await response.text();
    expect(body).toContain("The claim letter can't be created yet");
    expect(body).toContain(message);
  });
}

test("claim letter: a submitted incomplete form shows its errors on the page", async ({ page }) => {
  await page.goto(`${PATH}?go=1&estimate=-1`);
  const summary = page.getByRole("region", { name: "Your letter" }).getByRole("alert");
  await expect(summary).toContainText("Enter your name.");
  await expect(summary.getByRole("link", { name: "Enter your name." })).toHaveAttribute(
    "href",
    "#hostName",
  );
  await expect(page.getByLabel("Your name", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.locator("#estimate-error")).toHaveText(
    "Repair estimate must be between $0 and $10,000,000.",
  );
});

test("claim letter: printing shows only the letter; the Print button prints", async ({ page }) => {
  await page.goto(`${PATH}?${query()}`);
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole("button", { name: "Print" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  const everythingElse = [
    page.getByRole("heading", { level: 1, includeHidden: true }),
    page.getByRole("heading", { name: "How to file, step by step", includeHidden: true }),
    page.getByRole("button", { name: "Create letter", includeHidden: true }),
    page.getByRole("link", { name: "Download PDF", includeHidden: true }),
    page.getByRole("heading", { name: "Evidence checklist", includeHidden: true }),
    page.getByRole("heading", { name: /^Rules as of /, includeHidden: true }),
    page.getByRole("link", { name: "Create your Free AI Estimate", includeHidden: true }),
  ];
  for (const locator of everythingElse) await expect(locator).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await expect(page.locator("#claim-letter")).toBeVisible();
  for (const locator of everythingElse) await expect(locator).toBeHidden();
});

test("claim letter: guide, sources and call to action", async ({ page }) => {
  await page.goto(PATH);
  const guide = page.getByRole("region", { name: "How to file, step by step" });
  await expect(guide.getByRole("listitem")).toHaveCount(4);
  await expect(guide).toContainText("within 24 hours");
  await expect(
    guide.getByRole("link", { name: "Compare both routes for your plans" }),
  ).toHaveAttribute("href", /-protection-plan$/);
  await expect(page.getByRole("heading", { name: /^Rules as of / })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create your Free AI Estimate" })).toBeVisible();
});

for (const path of [PATH, `${PATH}?${query({ ev: "pre-trip-photos" })}`, `${PATH}?go=1`]) {
  test(`claim letter: axe finds no serious or critical violations (${path.slice(0, 60)})`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

test("claim letter: fits a 390 px wide phone, long words included", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(
    `${PATH}?${query({ description: `${"W".repeat(300)} dent`, "c0.label": "L".repeat(200) })}`,
  );
  await expect(page.locator("#claim-letter")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
