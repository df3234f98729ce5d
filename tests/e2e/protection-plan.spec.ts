import type { Page } from "@playwright/test";
import {
  expect,
  test,
  waitForHydration,
  seriousA11yViolations,
  expectQueryAnswer,
} from "../support/fixtures";

const PATH = "/turo-protection-plan";

interface Scenario {
  name: string;
  guest: RegExp;
  host: RegExp;
  estimate: string;
  hours?: string;
  earnings?: string;
  interior?: boolean;
  /** What the page must show. */
  better: RegExp;
  guestOwes: string;
  planPays: string;
  deductible: string;
  lostIncome: string;
  urlHas: RegExp;
}

const SCENARIOS: Scenario[] = [
  {
    name: "Premier guest, 85 plan, $5,000",
    guest: /^Premier/,
    host: /^85 plan/,
    estimate: "5000",
    better: /managed claim/,
    guestOwes: "$0",
    planPays: "$3,375",
    deductible: "$1,625",
    lostIncome: "Not eligible",
    urlHas: /guest=premier.*host=85.*estimate=5000/,
  },
  {
    name: "Standard guest, 60 plan, lost income by the formula",
    guest: /^Standard/,
    host: /^60 plan/,
    estimate: "2400",
    hours: "28",
    earnings: "6000",
    better: /managed claim/,
    guestOwes: "$500",
    planPays: "$2,400",
    deductible: "$0",
    lostIncome: "$900",
    urlHas: /hours=28.*earnings60=6000/,
  },
  {
    name: "Minimum guest, 90 plan, interior misuse",
    guest: /^Minimum/,
    host: /^90 plan/,
    estimate: "4000",
    interior: true,
    better: /Resolve directly/,
    guestOwes: "$4,000",
    planPays: "$0",
    deductible: "$2,500",
    lostIncome: "Not eligible",
    urlHas: /interior=on/,
  },
];

async function fillForm(page: Page, scenario: Scenario) {
  await page.getByRole("radio", { name: scenario.guest }).check();
  await page.getByRole("radio", { name: scenario.host }).check();
  await page.getByLabel("Repair estimate").fill(scenario.estimate);
  if (scenario.hours) await page.getByLabel("Labor hours on the estimate").fill(scenario.hours);
  if (scenario.earnings)
    await page.getByLabel("Car's earnings, last 60 days").fill(scenario.earnings);
  if (scenario.interior) await page.getByLabel("Interior damage from misuse").check();
}

/** The visible answer: the verdict, the four figures and both route cards. */
async function readAnswer(page: Page) {
  const result = page.getByRole("region", { name: "Result" });
  return {
    verdict: await result.getByTestId("verdict").innerText(),
    figures: await result.locator("dl").first().innerText(),
    managed: await result.getByTestId("route-marketplace-managed").innerText(),
    direct: await result.getByTestId("route-resolve-directly").innerText(),
  };
}

async function expectAnswer(page: Page, scenario: Scenario) {
  const result = page.getByRole("region", { name: "Result" });
  await expect(result.getByTestId("verdict")).toContainText(scenario.better);
  const figures = result.locator("dl").first();
  const expected: Array<[string, string]> = [
    ["Guest owes at most", scenario.guestOwes],
    ["Your host plan pays", scenario.planPays],
    ["Your deductible", scenario.deductible],
    ["Lost income", scenario.lostIncome],
  ];
  for (const [label, value] of expected) {
    await expect(figures.locator("div", { hasText: label }).locator("dd").first()).toHaveText(
      value,
    );
  }
  // Exactly one route is marked as the better one.
  await expect(result.getByText("Better for you", { exact: false })).toHaveCount(2);
  await expect(result.locator("article", { hasText: "★ Better for you" })).toHaveCount(1);
}

for (const scenario of SCENARIOS) {
  test(`protection plan: same answer with JavaScript on and off (${scenario.name})`, async ({
    browser,
    page,
  }) => {
    // Two browsers filling the form: allow for a busy machine.
    test.slow();
    // JavaScript off: fill the form, submit, the server renders the answer.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const staticPage = await noJs.newPage();
    await staticPage.goto(PATH);
    await fillForm(staticPage, scenario);
    await staticPage.getByRole("button", { name: "Compare the routes" }).click();
    await expect(staticPage).toHaveURL(scenario.urlHas);
    await expectAnswer(staticPage, scenario);
    const withoutJs = await readAnswer(staticPage);
    await noJs.close();

    // JavaScript on: the answer updates as the host types, without submitting.
    await page.goto(PATH);
    await waitForHydration(page);
    await fillForm(page, scenario);
    await expectAnswer(page, scenario);
    expect(await readAnswer(page)).toEqual(withoutJs);
    await expect(page).toHaveURL(scenario.urlHas);
  });
}

test("protection plan: the lost-income rule shows its 'as of' caveat and source", async ({
  page,
}) => {
  await page.goto(`${PATH}?guest=standard&host=60&estimate=2400&hours=28&earnings60=6000`);
  const section = page.getByRole("region", { name: "Loss of hosting income" });
  await expect(section).toContainText("Eligible.");
  await expect(section).toContainText(/As of [A-Z][a-z]+ \d{1,2}, \d{4}:/);
  await expect(section).toContainText("2025 blog post");
  await expect(
    section.getByRole("link", { name: /Source: Loss of hosting income/ }),
  ).toHaveAttribute("href", /^https:\/\//);
  await expect(section).toContainText("9 days");
  await expect(page.getByRole("heading", { name: /^Rules as of / })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create your Free AI Estimate" })).toBeVisible();
});

const TEN_K = "9".repeat(10_000);
const HOSTILE: Array<[query: string, status: number, message: string | null]> = [
  ["x=<script>alert(1)</script>", 400, "Enter the repair estimate."],
  ["estimate=1e999999", 400, "Repair estimate must be a dollar amount, like 1250."],
  ["estimate=99999999999999", 400, "Repair estimate must be between $0 and $10,000,000."],
  ["estimate=-500", 400, "Repair estimate must be between $0 and $10,000,000."],
  [`estimate=${TEN_K}`, 400, "Repair estimate must be between $0 and $10,000,000."],
  ["guest=<script>alert(1)</script>&estimate=100", 400, "Choose the guest&#x27;s protection plan."],
  ["host=9999&estimate=100", 400, "Choose your host protection plan."],
  [
    "estimate=100&hours=1e308&earnings60=100",
    400,
    "Labor hours must be between 0 and 2,000 hours.",
  ],
  [`estimate=100&lostIncome=${"x".repeat(10_000)}`, 400, "Lost income must be a dollar amount"],
  ["estimate=100&estimate=<b>&host=60&host=9999&interior=maybe", 200, null],
  ["%E0%A4%A=%ZZ&estimate=%00100", 400, "Repair estimate must be a dollar amount"],
];

for (const [query, status, message] of HOSTILE) {
  test(`protection plan: hostile query ${query.slice(0, 60)} → ${status}`, async ({ request }) => {
    await expectQueryAnswer(request, `${PATH}?${query}`, status, message ?? undefined);
  });
}

test("protection plan: an invalid link shows the message on the page", async ({ page }) => {
  await page.goto(`${PATH}?estimate=-5&guest=nobody`);
  const alert = page.getByRole("region", { name: "Result" }).getByRole("alert");
  await expect(alert).toContainText("Choose the guest's protection plan.");
  await expect(alert).toContainText("Repair estimate must be between $0 and $10,000,000.");
});

for (const path of [
  PATH,
  `${PATH}?guest=minimum&host=60&estimate=800&lostIncome=300&mechanical=on`,
]) {
  test(`protection plan: axe finds no serious or critical violations (${path})`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

test("protection plan: fits a 390 px wide phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${PATH}?guest=declined&host=75&estimate=12345.67&hours=45&earnings60=9000`);
  await expect(page.getByRole("region", { name: "Result" }).getByTestId("verdict")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
