import type { Page } from "@playwright/test";
import {
  expect,
  test,
  openHydrated,
  waitForHydration,
  seriousA11yViolations,
  expectQueryAnswer,
} from "../support/fixtures";

const PATH = "/fleet-audit-calculator";

interface Car {
  name: string;
  price: string;
  util: string;
  plan: string;
  costs: Partial<
    Record<
      | "Financing"
      | "Insurance"
      | "Depreciation"
      | "Maintenance"
      | "Cleaning"
      | "Unreimbursed tolls",
      string
    >
  >;
  repair?: string;
}

const CAMRY: Car = {
  name: "Toyota Camry",
  price: "60",
  util: "50",
  plan: "75",
  costs: {
    Financing: "350",
    Insurance: "120",
    Depreciation: "150",
    Maintenance: "50",
    Cleaning: "60",
    "Unreimbursed tolls": "10",
  },
};

const MODEL_3: Car = {
  name: "Tesla Model 3",
  price: "120",
  util: "70",
  plan: "90",
  costs: { Financing: "400", Insurance: "150" },
  repair: "2000",
};

// Camry: $912.50 trips × 75% = $684.38; costs $740 + 10% × $250 deductible = $765 → −$80.62.
// Model 3: $2,555.00 trips × 90% = $2,299.50; costs $550 + 10% × $2,000 repair = $750 → $1,549.50.
const FLEET_NET = "$1,468.88";

const car = (page: Page, number: number) =>
  page.getByRole("group", { name: new RegExp(`^Car ${number}\\b`) });

/** Fills one car's fields (every cost field, so blanks clear the example's values). */
async function fillCar(page: Page, number: number, values: Car) {
  const row = car(page, number);
  await row.getByLabel("Car", { exact: true }).fill(values.name);
  await row.getByLabel("Host protection plan").selectOption(values.plan);
  await row.getByLabel("Daily price").fill(values.price);
  await row.getByLabel("Utilization").fill(values.util);
  for (const label of [
    "Financing",
    "Insurance",
    "Depreciation",
    "Maintenance",
    "Cleaning",
    "Unreimbursed tolls",
  ] as const) {
    await row.getByLabel(label).fill(values.costs[label] ?? "");
  }
  await row.getByLabel("Average repair cost").fill(values.repair ?? "4730");
}

/** The visible answer: fleet net, and the cars losing money. */
async function readAnswer(page: Page) {
  const net = (await page.getByTestId("fleet-net").textContent())?.trim();
  const losers = await page.getByTestId("losers").locator("li").allTextContents();
  return { net, losers: losers.map((text) => text.replace(/\s+/g, " ").trim()) };
}

test("a first visit shows a labeled example with its answer", async ({ page, request }) => {
  const response = await request.get(PATH);
  expect(response.status()).toBe(200);
  await page.goto(PATH);
  await expect(
    page.getByRole("heading", { level: 1, name: "Fleet Audit Calculator" }),
  ).toBeVisible();
  await expect(page.getByText("This is an example car.")).toBeVisible();
  await expect(car(page, 1)).toContainText("Example");
  await expect(page.getByTestId("fleet-net")).toHaveText("-$80.62");
  await expect(page.getByTestId("losers")).toContainText("Example: 2020 Toyota Camry");
  await expect(page.getByTestId("losers")).toContainText("needs 55.9% utilization to break even");
  await expect(page.getByText(/Rules as of/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Host protection plans (US)" })).toHaveAttribute(
    "href",
    /^https:\/\//,
  );
  await expect(
    page.getByRole("link", { name: "Create your Free AI Estimate" }).first(),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Fleet Audit Calculator/);
});

test("the same cars give the same answer with JavaScript on and off", async ({ browser }) => {
  test.setTimeout(60_000);
  // JavaScript off: fill car 1, add a row (a plain GET submit), fill car 2, calculate.
  const off = await browser.newContext({ javaScriptEnabled: false });
  const offPage = await off.newPage();
  await offPage.goto(PATH);
  await fillCar(offPage, 1, CAMRY);
  await offPage.getByRole("button", { name: "Add a car" }).click();
  await expect(car(offPage, 2)).toBeVisible();
  await expect(car(offPage, 1).getByLabel("Car", { exact: true })).toHaveValue(CAMRY.name);
  await expect(car(offPage, 2).getByLabel("Car", { exact: true })).toBeFocused();
  await fillCar(offPage, 2, MODEL_3);
  await offPage.getByRole("button", { name: "Calculate", exact: true }).click();
  await expect(offPage).toHaveURL(/v1\.name=Tesla\+Model\+3/);
  const withoutJs = await readAnswer(offPage);
  const offUrl = new URL(offPage.url());
  await off.close();

  // JavaScript on: the same, read live without pressing Calculate.
  const on = await browser.newContext();
  const { page, hydrationErrors } = await openHydrated(on, PATH);
  await fillCar(page, 1, CAMRY);
  await page.getByRole("button", { name: "Add a car" }).click();
  await expect(car(page, 2)).toBeVisible();
  await expect(car(page, 1).getByLabel("Car", { exact: true })).toHaveValue(CAMRY.name);
  await fillCar(page, 2, MODEL_3);
  await expect(page.getByTestId("fleet-net")).toHaveText(FLEET_NET);
  // The address bar follows the form (after a short pause), so the link is shareable.
  await expect(page).toHaveURL(/v1\.name=Tesla\+Model\+3.*v1\.repair=2000/);
  const withJs = await readAnswer(page);
  const onUrl = new URL(page.url());
  await on.close();

  expect(withoutJs.net).toBe(FLEET_NET);
  expect(withJs).toEqual(withoutJs);
  expect(withJs.losers).toHaveLength(1);
  expect(withJs.losers[0]).toContain("Toyota Camry");
  expect(withJs.losers[0]).toContain("Loses $80.62 a month");
  for (const key of ["v0.name", "v0.price", "v1.util", "v1.plan", "v1.repair"]) {
    expect(onUrl.searchParams.get(key)).toBe(offUrl.searchParams.get(key));
  }
  expect(hydrationErrors).toEqual([]);
});

test("a shared link shows the same answer, table and arithmetic", async ({ page }) => {
  await page.goto(
    `${PATH}?v0.name=Camry&v0.price=60&v0.util=50&v0.plan=75&v0.fin=350&v0.ins=120&v0.dep=150&v0.maint=50&v0.clean=60&v0.tolls=10`,
  );
  await expect(page.getByTestId("fleet-net")).toHaveText("-$80.62");
  const table = page.getByRole("table", { name: "Monthly results per car" });
  await expect(table.getByRole("row", { name: /Camry/ })).toContainText("Losing money");
  await expect(table.getByRole("row", { name: /Camry/ })).toContainText("55.9%");
  await page.getByText("How we got Camry's numbers").click();
  await expect(page.getByText("$60.00 per day × 15.2 days")).toBeVisible();
});

test("Remove drops a car and moves the later ones up, without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(
    `${PATH}?v0.name=First&v0.price=50&v0.util=50&v1.name=Second&v1.price=60&v1.util=60&v2.name=Third&v2.price=70&v2.util=70`,
  );
  await page.getByRole("button", { name: "Remove car 2" }).click();
  await expect(page.getByRole("group", { name: /^Car \d/ })).toHaveCount(2);
  await expect(car(page, 2).getByLabel("Car", { exact: true })).toHaveValue("Third");
  await expect(page.getByRole("table", { name: "Monthly results per car" })).not.toContainText(
    "Second",
  );
  // Enter in a field calculates; it does not press the first row's Remove button.
  await car(page, 1).getByLabel("Daily price").fill("55");
  await car(page, 1).getByLabel("Daily price").press("Enter");
  await expect(page).toHaveURL(/v0\.price=55/);
  await expect(page.getByRole("group", { name: /^Car \d/ })).toHaveCount(2);
  await context.close();
});

test("Remove works with JavaScript too", async ({ page }) => {
  await page.goto(
    `${PATH}?v0.name=First&v0.price=50&v0.util=50&v1.name=Second&v1.price=60&v1.util=60`,
  );
  await waitForHydration(page);
  await car(page, 2).getByLabel("Daily price").fill("65");
  await page.getByRole("button", { name: "Remove car 1" }).click();
  await expect(page.getByRole("group", { name: /^Car \d/ })).toHaveCount(1);
  await expect(car(page, 1).getByLabel("Car", { exact: true })).toHaveValue("Second");
  await expect(car(page, 1).getByLabel("Daily price")).toHaveValue("65");
});

test("empty added rows are skipped, and the form stops at 25 cars", async ({ request, page }) => {
  const skipped = await request.get(`${PATH}?v0.name=A&v0.price=50&v0.util=50&rows=3`);
  expect(skipped.status()).toBe(200);

  const full = new URLSearchParams();
  for (let index = 0; index < 25; index++) {
    full.set(`v${index}.name`, `Car ${index + 1}`);
    full.set(`v${index}.price`, "50");
    full.set(`v${index}.util`, "50");
  }
  await page.goto(`${PATH}?${full}`);
  await expect(page.getByRole("button", { name: "Add a car" })).toHaveCount(0);
  await expect(page.getByText("25 cars is the most one audit holds.")).toBeVisible();
});

const HOSTILE: Array<[string, number, RegExp]> = [
  ["?x=<script>alert(1)</script>", 200, /This is an example car/],
  ["?v0.name=<script>alert(1)</script>&v0.price=50&v0.util=50", 200, /Net profit/],
  ["?v0.name=A&v0.price=99999999999999999999&v0.util=50", 400, /Daily price must be between/],
  ["?v0.name=A&v0.price=-50&v0.util=-5", 400, /Utilization must be between 0% and 100%/],
  ["?v0.name=A&v0.price=1e400&v0.util=50", 400, /Daily price must be a dollar amount/],
  [`?v0.name=${"x".repeat(10_000)}&v0.price=50&v0.util=50`, 400, /Keep the name under 100/],
  [`?v0.name=A&v0.price=50&v0.util=${"9".repeat(10_000)}`, 400, /Utilization must be/],
  ["?v0.name=A&v0.name=B&v0.price=50&v0.price=abc&v0.util=50", 200, /Net profit/],
  ["?v0.name=A&v0.price=50&v0.util=50&v0.plan=99", 400, /Choose the host protection plan/],
  ["?v0.name=A&v0.price=50&v0.util=50&v999999.name=B", 400, /up to 25 cars/],
  ["?v0.name=A&v0.price=50&v0.util=50&rows=100000", 200, /most one audit holds/],
  ["?v0.name=A&v0.price=50&v0.util=50&remove=-1&rows=abc", 200, /Net profit/],
  ["?v0.name=A&v0.price=50&v0.util=50&damageRate=NaN", 400, /Monthly damage rate must be a number/],
  ["?v0.fin=100", 400, /Enter the average daily price/],
];

for (const [query, status, message] of HOSTILE) {
  test(`hostile query ${query.slice(0, 60)} answers ${status} with a message`, async ({
    request,
  }) => {
    await expectQueryAnswer(request, `${PATH}${query}`, status, message);
  });
}

const EXPORT = [
  "Reservation ID,Vehicle,Trip start,Trip end,Trip status,Trip price,Total earnings",
  "1001,Toyota Camry 2020,2024-01-01 10:00,2024-01-04 10:00,Completed,$150.00,$112.50",
  '1002,"Tesla Model 3, white",2024-01-05 08:00,2024-01-10 08:00,Completed,"$1,000.00",$900.00',
  "1003,Toyota Camry 2020,2024-01-20 08:00,2024-01-21 08:00,Cancelled,,",
  '1004,"Tesla Model 3, white",2024-01-25 08:00,2024-01-31 08:00,Completed,"$1,200.00","$1,080.00"',
].join("\n");

const BROKEN = [
  "Vehicle,Trip start,Trip end,Trip price",
  "Camry,2024-01-01,2024-01-03,$100",
  "Camry,tomorrow,2024-01-05,$100",
  "Civic,2024-01-02,2024-01-04,lots",
].join("\n");

for (const javaScriptEnabled of [false, true]) {
  test(`uploading the earnings CSV prefills the cars (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(PATH);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByText(/Prefill from your .* earnings export/).click();
    await page.getByLabel("Earnings CSV file").setInputFiles({
      name: "earnings.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(EXPORT),
    });
    await page.getByLabel("Host plan for these cars").selectOption("80");
    await page.getByRole("button", { name: "Import and prefill" }).click();
    await expect(page).toHaveURL(/v0\.name=Tesla\+Model\+3%2C\+white/);
    await expect(page).toHaveURL(/imported=2024-01-01_2024-01-31/);
    await expect(car(page, 1).getByLabel("Car", { exact: true })).toHaveValue(
      "Tesla Model 3, white",
    );
    await expect(car(page, 1).getByLabel("Daily price")).toHaveValue("200");
    await expect(car(page, 1).getByLabel("Utilization")).toHaveValue("36.7");
    await expect(car(page, 1).getByLabel("Host protection plan")).toHaveValue("80");
    await expect(car(page, 2).getByLabel("Car", { exact: true })).toHaveValue("Toyota Camry 2020");
    await expect(page.getByText("Prefilled from your earnings export")).toBeVisible();
    await expect(
      page.getByText("Imported 2 cars from your earnings export", { exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByTestId("fleet-net")).toBeVisible();
    await context.close();
  });

  test(`a malformed CSV lists each problem by row and column (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${PATH}?v0.name=Keep&v0.price=50&v0.util=50`);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByText(/Prefill from your .* earnings export/).click();
    await page.getByLabel("Or paste the CSV text").fill(BROKEN);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Import and prefill" }).click(),
    ]);
    expect(response.status()).toBe(400);
    const errors = page.getByTestId("csv-errors").locator("li");
    await expect(errors).toHaveCount(2);
    await expect(errors.nth(0)).toHaveText(/Row 3, column "Trip start": "tomorrow" is not a date/);
    await expect(errors.nth(1)).toHaveText(/Row 4, column "Trip price": "lots" is not an amount/);
    // The pasted text stays for fixing, and the cars are untouched.
    await expect(page.getByLabel("Or paste the CSV text")).toHaveValue(BROKEN);
    await expect(car(page, 1).getByLabel("Car", { exact: true })).toHaveValue("Keep");
    await context.close();
  });
}

test("CSV import answers bad uploads with clear errors, never a 500", async ({ request }) => {
  const missingColumns = await request.post(PATH, {
    multipart: { csvText: "Name,Date\nCamry,2024-01-01" },
  });
  expect(missingColumns.status()).toBe(400);
  expect(await missingColumns.text()).toContain("Missing the &quot;Trip start&quot; column");

  const empty = await request.post(PATH, { multipart: { csvText: "" } });
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain("Choose your earnings CSV file, or paste its contents");

  const binary = await request.post(PATH, {
    multipart: {
      csvFile: {
        name: "book.xlsx",
        mimeType: "application/octet-stream",
        buffer: Buffer.from("PK\u0003\u0004junk"),
      },
    },
  });
  expect(binary.status()).toBe(400);
  expect(await binary.text()).toContain("not CSV text");

  const tooLarge = await request.post(PATH, {
    multipart: {
      csvFile: {
        name: "huge.csv",
        mimeType: "text/csv",
        buffer: Buffer.alloc(2 * 1024 * 1024 + 10, "a"),
      },
    },
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.text()).toContain("That file is over 2 MB");

  const garbage = await request.post(PATH, {
    data: "not a form",
    headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
  });
  expect(garbage.status()).toBe(400);
  expect(await garbage.text()).toContain("We couldn&#x27;t read that file");
});

test("axe: no serious or critical violations (example, errors, results, import errors)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const pages = [
    PATH,
    `${PATH}?v0.name=A&v0.price=-5&v0.util=50&v1.fin=20&damageRate=200`,
    `${PATH}?v0.name=Camry&v0.price=60&v0.util=50&v0.fin=900&v1.name=Civic&v1.price=80&v1.util=70&rows=3`,
  ];
  for (const url of pages) {
    await page.goto(url);
    await waitForHydration(page);
    await page
      .locator("details")
      .first()
      .evaluate((element) => {
        (element as HTMLDetailsElement).open = true;
      });
    expect(await seriousA11yViolations(page), url).toEqual([]);
  }
});

test("fits a 390 px wide phone, long names included", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const longName = "Supercalifragilisticexpialidocious".repeat(2);
  for (const url of [
    PATH,
    `${PATH}?v0.name=${longName}&v0.price=60&v0.util=50&v0.fin=900&v1.name=Civic&v1.price=80&v1.util=70&v2.fin=x`,
  ]) {
    await page.goto(url);
    await page.getByText(/Prefill from your .* earnings export/).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, url).toBeLessThanOrEqual(390);
    await expect(page.getByTestId("fleet-net")).toBeVisible();
  }
  await context.close();
});
