import crypto from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import {
  acceptViaForm,
  accountIdOf,
  apiContext,
  freshAddress,
  inviteViaForm,
  newUserDetails,
  registerViaApi,
  visibleMessages,
  disposeAll,
  type TestUser,
} from "../support/accounts";
import { DB_FILE } from "../support/env";
import { expect, query, seriousA11yViolations, test, waitForHydration } from "../support/fixtures";
import { LAPTOP, PHONE } from "../support/viewports";

/**
 * The fleet: adding vehicles (JavaScript on and off, on a phone), the dashboard, the vehicle page
 * and its edits, the damage-history diagram, shop rates, the JSON API, and tenancy (another
 * account's vehicle is a 404 everywhere).
 */

/** A 2021 Toyota (WMI 4T1, model year M) with a valid check digit, and the same with a typo. */
const TOYOTA_2021 = "4T1B11HK4MU123456";
const BAD_CHECK_DIGIT = "4T1B11HK5MU123456";
const TESLA_2021 = "5YJ3E1EA9MF317000";

interface Host {
  context: BrowserContext;
  page: Page;
  userId: string;
  accountId: string;
}

/** A new host signed in in their own browser context (registered on the same cookies). */
async function newHost(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Host> {
  const context = await browser.newContext({
    viewport: options.viewport ?? LAPTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
  });
  const response = await context.request.post("/api/register", { data: newUserDetails("fleet") });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { context, page: await context.newPage(), userId: id, accountId: accountIdOf(id) };
}

async function open(page: Page, path: string, javaScriptEnabled = true) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** A flash toast: the Radix toast with JavaScript, a static status banner without. */
async function expectToast(page: Page, title: string, javaScriptEnabled: boolean) {
  const toast = javaScriptEnabled
    ? page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")
    : page.getByRole("status");
  await expect(toast.filter({ hasText: title })).toBeVisible();
}

async function fillVehicle(
  page: Page,
  fields: { vin?: string; year?: string; make?: string; model?: string; nickname?: string },
) {
  if (fields.vin !== undefined) await page.getByLabel("VIN (optional)").fill(fields.vin);
  if (fields.year !== undefined) await page.getByLabel("Year", { exact: true }).fill(fields.year);
  if (fields.make !== undefined) await page.getByLabel("Make", { exact: true }).fill(fields.make);
  if (fields.model !== undefined)
    await page.getByLabel("Model", { exact: true }).fill(fields.model);
  if (fields.nickname !== undefined)
    await page.getByLabel("Nickname (optional)").fill(fields.nickname);
  await page.getByLabel("Body type").selectOption("sedan");
  await page.getByLabel("Price class").selectOption("mid");
  await page.getByLabel("Paint type").selectOption("metallic-pearl");
}

async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

function vehicleIdFromUrl(page: Page) {
  const match = /\/dashboard\/vehicle\/([^/?#]+)/.exec(page.url());
  if (!match?.[1]) throw new Error(`not on a vehicle page: ${page.url()}`);
  return match[1];
}

function vehicleAddedEvents(vehicleId: string) {
  return query<{ n: number }>(
    "select count(*) as n from analytics_events where name = 'vehicle_added' and properties like ?",
    `%${vehicleId}%`,
  )[0]!.n;
}

interface SeedFinding {
  panel: string;
  damageType: string;
  severity: "minor" | "moderate" | "severe";
  preExisting?: boolean;
}

/**
 * A completed report with findings, written straight into the server's database (WAL allows a
 * second writer): the upload and review flow has its own specs, these pages only read the result.
 */
function seedReport(
  accountId: string,
  vehicleId: string,
  daysAgo: number,
  findings: SeedFinding[],
  status: "complete" | "needs_review" = "complete",
): string[] {
  const db = new Database(DB_FILE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const at = Date.now() - daysAgo * 86_400_000;
    const reportId = crypto.randomBytes(16).toString("base64url");
    const total = status === "complete" ? 950_00 : null;
    db.prepare(
      `insert into reports (id, account_id, vehicle_id, status, mode, total_cents, low_cents, high_cents,
        completed_at, created_at, updated_at) values (?, ?, ?, ?, 'manual', ?, ?, ?, ?, ?, ?)`,
    ).run(
      reportId,
      accountId,
      vehicleId,
      status,
      total,
      total && 800_00,
      total && 1_300_00,
      status === "complete" ? at : null,
      at,
      at,
    );
    return findings.map((finding, position) => {
      const id = crypto.randomUUID();
      db.prepare(
        `insert into findings (id, report_id, account_id, vehicle_id, position, panel, damage_type,
          severity, confidence, source, pre_existing, created_at)
          values (?, ?, ?, ?, ?, ?, ?, ?, 1, 'host', ?, ?)`,
      ).run(
        id,
        reportId,
        accountId,
        vehicleId,
        position,
        finding.panel,
        finding.damageType,
        finding.severity,
        finding.preExisting ? 1 : 0,
        at,
      );
      return id;
    });
  } finally {
    db.close();
  }
}

/** Adds a vehicle through the JSON API of the host's browser context. */
async function addVehicleViaApi(host: Host, data: Record<string, unknown>): Promise<string> {
  const response = await host.context.request.post("/api/user/vehicles", {
    data: { bodyType: "sedan", priceClass: "mid", paintType: "solid", ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { vehicle: { id: string } }).vehicle.id;
}

for (const javaScriptEnabled of [false, true]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test(`phone, ${mode}: add the first vehicle from the empty dashboard; the VIN fills year and make`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const host = await newHost(browser, { javaScriptEnabled, viewport: PHONE });
    const { page } = host;

    await open(page, "/dashboard", javaScriptEnabled);
    await expect(page).toHaveTitle("Dashboard | FleetAssist");
    await expect(page.getByRole("heading", { name: "No vehicles yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New estimate" }).first()).toHaveAttribute(
      "href",
      "/app",
    );
    await expectNoHorizontalScroll(page);
    if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Add your first vehicle" }).click();
    await expect(page).toHaveURL(/\/dashboard\/vehicles\/new$/);
    if (javaScriptEnabled) await waitForHydration(page);

    if (javaScriptEnabled) {
      // Typing a full VIN decodes it in the browser and fills the empty year and make.
      await page.getByLabel("VIN (optional)").fill(TOYOTA_2021);
      await expect(page.getByText("Decoded from the VIN: 2021 · Toyota")).toBeVisible();
      await expect(page.getByLabel("Year", { exact: true })).toHaveValue("2021");
      await expect(page.getByLabel("Make", { exact: true })).toHaveValue("Toyota");
    }

    // A VIN typo is refused, everything typed kept: by the browser with JavaScript (the same
    // schema, nothing posted, focus on the VIN), by the server without (400).
    await fillVehicle(page, { vin: BAD_CHECK_DIGIT, model: "Camry", nickname: "Blue Camry" });
    await page.getByLabel("Year", { exact: true }).fill("");
    await page.getByLabel("Make", { exact: true }).fill("");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/dashboard/vehicles/new"))
        posts.push(request.url());
    });
    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Add vehicle" }).click();
      await expect(page.getByText("Enter the make, e.g. Toyota.")).toBeVisible();
      await expect(page.getByLabel("VIN (optional)")).toBeFocused();
      expect(posts).toEqual([]);
    } else {
      const refused = page.waitForResponse(
        (response) =>
          response.url().includes("/dashboard/vehicles/new") &&
          response.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Add vehicle" }).click();
      expect((await refused).status()).toBe(400);
    }
    await expect(
      page.getByText("The check digit (9th character) should be 4, not 5: check for a typo."),
    ).toBeVisible();
    await expect(page.getByLabel("VIN (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue("Camry");
    await expect(page.getByLabel("Nickname (optional)")).toHaveValue("Blue Camry");
    await expect(page.getByLabel("Paint type")).toHaveValue("metallic-pearl");
    await expectNoHorizontalScroll(page);
    if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);

    // Fixed, with year and make left blank: the server fills them from the VIN.
    await page.getByLabel("VIN (optional)").fill(TOYOTA_2021);
    await page.getByLabel("Year", { exact: true }).fill("");
    await page.getByLabel("Make", { exact: true }).fill("");
    await page.getByRole("button", { name: "Add vehicle" }).click();
    await expect(page).toHaveURL(/\/dashboard\/vehicle\/[^/]+$/);
    if (javaScriptEnabled) await waitForHydration(page);
    await expectToast(page, "Vehicle added", javaScriptEnabled);
    await expect(
      page.getByRole("heading", { level: 1, name: "Blue Camry (2021 Toyota Camry)" }),
    ).toBeVisible();
    const vehicleId = vehicleIdFromUrl(page);
    expect(
      query<{ vin: string; year: number; make: string; account_id: string }>(
        "select vin, year, make, account_id from vehicles where id = ?",
        vehicleId,
      ),
    ).toEqual([{ vin: TOYOTA_2021, year: 2021, make: "Toyota", account_id: host.accountId }]);
    expect(vehicleAddedEvents(vehicleId)).toBe(1);
    await expectNoHorizontalScroll(page);

    // The same VIN again is refused: it is already in this fleet.
    await open(page, "/dashboard/vehicles/new", javaScriptEnabled);
    await fillVehicle(page, { vin: TOYOTA_2021, model: "Camry" });
    await page.getByRole("button", { name: "Add vehicle" }).click();
    await expect(page.getByText("This VIN is already in your fleet.")).toBeVisible();
    expect(query("select id from vehicles where account_id = ?", host.accountId)).toHaveLength(1);

    // The dashboard lists the car, with links to its page and its damage history.
    await open(page, "/dashboard", javaScriptEnabled);
    const card = page.getByRole("listitem").filter({ hasText: "Blue Camry (2021 Toyota Camry)" });
    await expect(
      card.getByRole("link", { name: "Blue Camry (2021 Toyota Camry)", exact: true }),
    ).toHaveAttribute("href", `/dashboard/vehicle/${vehicleId}`);
    await expect(card.getByRole("link", { name: /Damage history of/ })).toHaveAttribute(
      "href",
      `/diagram-dashboard/${vehicleId}`,
    );
    await expectNoHorizontalScroll(page);
    if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
    await host.context.close();
  });
}

test("desktop: the dashboard's tiles, vehicle table and recent reports", async ({ browser }) => {
  const host = await newHost(browser);
  const camry = await addVehicleViaApi(host, {
    vin: TOYOTA_2021,
    model: "Camry",
    nickname: "Blue Camry",
  });
  const tesla = await addVehicleViaApi(host, {
    vin: TESLA_2021,
    model: "Model 3",
    priceClass: "ev-hybrid",
    status: "in_repair",
  });
  seedReport(host.accountId, camry, 10, [
    { panel: "front-bumper", damageType: "scratch", severity: "moderate" },
    { panel: "hood", damageType: "dent", severity: "minor" },
  ]);
  seedReport(
    host.accountId,
    tesla,
    2,
    [{ panel: "hood", damageType: "dent", severity: "minor" }],
    "needs_review",
  );

  await open(host.page, "/dashboard");
  const tiles = host.page.locator("dl").first();
  await expect(tiles).toContainText("Vehicles2");
  await expect(tiles).toContainText("Open damage2");
  await expect(tiles).toContainText("Reports2");
  await expect(tiles).toContainText("Estimated repairs$950");

  const table = host.page.getByRole("table", { name: "Your vehicles" });
  await expect(table).toBeVisible();
  const camryRow = table.getByRole("row").filter({ hasText: "Blue Camry" });
  await expect(camryRow).toContainText("2 open");
  await expect(camryRow).toContainText("Active");
  await expect(table.getByRole("row").filter({ hasText: "Tesla" })).toContainText("In repair");

  const reports = host.page.getByRole("region", { name: "Recent reports" });
  await expect(reports.getByRole("listitem")).toHaveCount(2);
  await expect(reports.getByRole("listitem").first()).toContainText("Needs review");
  await expect(reports.getByRole("listitem").first()).toContainText("No estimate yet");
  await expect(reports.getByRole("listitem").nth(1)).toContainText("Complete");
  await expect(reports.getByRole("listitem").nth(1)).toContainText("$800–1,300");
  // The header's Dashboard link is highlighted here.
  await expect(
    host.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }),
  ).toHaveAttribute("aria-current", "page");
  expect(await seriousA11yViolations(host.page)).toEqual([]);
  await host.context.close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`vehicle page, ${javaScriptEnabled ? "JavaScript on" : "JavaScript off"}: edit, mark repaired, reopen, mark all`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const host = await newHost(browser, { javaScriptEnabled });
    const { page } = host;
    const vehicleId = await addVehicleViaApi(host, {
      vin: TOYOTA_2021,
      model: "Camry",
      status: "in_repair",
    });
    const [scratch, dent] = seedReport(host.accountId, vehicleId, 5, [
      { panel: "front-bumper", damageType: "scratch", severity: "moderate" },
      { panel: "front-door-left", damageType: "dent", severity: "minor", preExisting: true },
    ]);
    seedReport(
      host.accountId,
      vehicleId,
      1,
      [{ panel: "hood", damageType: "scuff", severity: "minor" }],
      "needs_review",
    );

    await open(page, `/dashboard/vehicle/${vehicleId}`, javaScriptEnabled);
    await expect(page.getByRole("link", { name: "New estimate for this car" })).toHaveAttribute(
      "href",
      `/app?vehicleId=${vehicleId}`,
    );
    await expect(page.getByRole("link", { name: "Damage history diagram" })).toHaveAttribute(
      "href",
      `/diagram-dashboard/${vehicleId}`,
    );
    const openDamage = page.getByRole("region", { name: "Open damage" });
    await expect(openDamage.getByRole("listitem")).toHaveCount(2);
    await expect(openDamage).toContainText("1 finding on reports still in review");
    await expect(page.getByRole("region", { name: "Reports" }).getByRole("listitem")).toHaveCount(
      2,
    );
    if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);

    // Edit: an impossible year is refused with the typed values kept; then a real edit saves.
    const details = page.getByRole("region", { name: "Vehicle details" });
    await details.getByLabel("Nickname (optional)").fill("Airport car");
    await details.getByLabel("Year", { exact: true }).fill("1800");
    await details.getByRole("button", { name: "Save changes" }).click();
    await expect(details.getByText("Enter the model year, e.g. 2021.")).toBeVisible();
    await expect(details.getByLabel("Nickname (optional)")).toHaveValue("Airport car");
    await details.getByLabel("Year", { exact: true }).fill("2021");
    await details.getByLabel("Trim (optional)").fill("XSE");
    await details.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Vehicle saved", javaScriptEnabled);
    await expect(
      page.getByRole("heading", { level: 1, name: "Airport car (2021 Toyota Camry XSE)" }),
    ).toBeVisible();
    expect(query("select nickname, trim from vehicles where id = ?", vehicleId)).toEqual([
      { nickname: "Airport car", trim: "XSE" },
    ]);

    // Mark one repaired, then reopen it.
    await openDamage.getByRole("button", { name: /^Mark repaired: Moderate scratch/ }).click();
    await expectToast(page, "Marked repaired", javaScriptEnabled);
    const repairedSection = page.getByRole("region", { name: "Repaired" });
    await expect(repairedSection.getByRole("listitem")).toHaveCount(1);
    expect(
      query<{ repaired_at: number | null }>(
        "select repaired_at from findings where id = ?",
        scratch,
      )[0]?.repaired_at,
    ).toEqual(expect.any(Number));
    await repairedSection.getByRole("button", { name: /^Reopen: Moderate scratch/ }).click();
    await expectToast(page, "Damage reopened", javaScriptEnabled);
    await expect(page.getByRole("region", { name: "Repaired" })).toHaveCount(0);

    // Mark all: both open findings repaired, the draft untouched, the car active again.
    await page.getByRole("button", { name: "Mark all repaired" }).click();
    await expectToast(page, "All damage marked repaired", javaScriptEnabled);
    await expect(page.getByText("No open damage on this car.")).toBeVisible();
    const rows = query<{ id: string; repaired_at: number | null }>(
      "select id, repaired_at from findings where vehicle_id = ?",
      vehicleId,
    );
    expect(
      rows
        .filter((row) => row.repaired_at !== null)
        .map((row) => row.id)
        .sort(),
    ).toEqual([scratch, dent].sort());
    expect(query("select status from vehicles where id = ?", vehicleId)).toEqual([
      { status: "active" },
    ]);
    expect(
      query<{ n: number }>(
        "select count(*) as n from analytics_events where name = 'vehicle_marked_repaired' and properties like ?",
        `%${vehicleId}%`,
      )[0]!.n,
    ).toBeGreaterThanOrEqual(2);
    await host.context.close();
  });
}

test("damage history diagram: markers, table, filters without JavaScript and panel choice with it", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const host = await newHost(browser);
  const vehicleId = await addVehicleViaApi(host, { vin: TOYOTA_2021, model: "Camry" });
  const [, dent] = seedReport(host.accountId, vehicleId, 20, [
    { panel: "front-bumper", damageType: "scratch", severity: "moderate" },
    { panel: "front-door-left", damageType: "dent", severity: "minor" },
  ]);
  seedReport(host.accountId, vehicleId, 3, [
    { panel: "front-door-left", damageType: "dent", severity: "minor", preExisting: true },
    { panel: "rear-bumper", damageType: "crack", severity: "severe" },
  ]);
  // The first report's dent was repaired since.
  const db = new Database(DB_FILE, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  db.prepare("update findings set repaired_at = ? where id = ?").run(
    Date.now() - 10 * 86_400_000,
    dent,
  );
  db.close();

  const { page } = host;
  await open(page, `/diagram-dashboard/${vehicleId}`);
  await expect(page).toHaveTitle("Damage history of 2021 Toyota Camry | FleetAssist");
  const diagram = page.getByRole("group", { name: "Damage diagram of the 2021 Toyota Camry" });
  await expect(diagram.getByRole("img")).toHaveCount(4);
  await expect(
    diagram.getByRole("img", { name: /^2\. Minor dent, left front door, .*, repaired$/ }),
  ).toBeVisible();
  await expect(
    diagram.getByRole("img", { name: /^3\. Minor dent, left front door, .*, pre-existing$/ }),
  ).toBeVisible();
  await expect(
    diagram.getByRole("img", { name: /^4\. Severe crack, rear bumper, .*, new$/ }),
  ).toBeVisible();
  const table = page.getByRole("table", { name: /Damage findings on this vehicle/ });
  await expect(table.getByRole("row")).toHaveCount(5);
  await expect(table.getByRole("row").nth(3)).toContainText("Pre-existing");
  await expect(table.getByRole("row").nth(2)).not.toContainText("Not repaired");
  expect(await seriousA11yViolations(page)).toEqual([]);

  // With JavaScript: choosing the left front door on the diagram (by keyboard) shows its history.
  await diagram.getByRole("button", { name: "Left front door" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/panel=front-door-left/);
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(page.getByText("2 of 4 findings on the left front door")).toBeVisible();
  await page.getByRole("link", { name: "All panels" }).click();
  await expect(table.getByRole("row")).toHaveCount(5);

  // Without JavaScript the filters are a plain GET form.
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE,
    storageState: await host.context.storageState(),
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
  });
  const phone = await noJs.newPage();
  await phone.goto(`/diagram-dashboard/${vehicleId}`);
  await phone.getByRole("radio", { name: /^Open/ }).check();
  await phone.getByRole("radio", { name: "Hide" }).check();
  await phone.getByRole("button", { name: "Apply filters" }).click();
  await expect(phone).toHaveURL(/show=open/);
  await expect(phone).toHaveURL(/preExisting=hide/);
  const cards = phone.getByRole("list", { name: "Damage findings" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("Moderate scratch · Front bumper");
  await expect(cards.nth(1)).toContainText("Severe crack · Rear bumper");
  await expectNoHorizontalScroll(phone);
  // Hostile or unknown filter values fall back to the defaults.
  const hostile = await phone.goto(
    `/diagram-dashboard/${vehicleId}?show=%3Cscript%3Ealert(1)%3C/script%3E&panel=wing&preExisting=x`,
  );
  expect(hostile?.status()).toBe(200);
  expect(await hostile?.text()).not.toContain("<script>alert(1)</script>");
  await expect(
    phone.getByRole("list", { name: "Damage findings" }).getByRole("listitem"),
  ).toHaveCount(4);
  await noJs.close();
  await host.context.close();
});

test.describe("tenancy and roles", () => {
  test.describe.configure({ mode: "serial" });
  let owner: TestUser;
  let stranger: TestUser;
  let va: TestUser;
  let vehicleId: string;
  let findingId: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    [owner, stranger, va] = await Promise.all([
      registerViaApi("fleetowner"),
      registerViaApi("stranger"),
      registerViaApi("fleetva"),
    ]);
    const response = await owner.api.post("/api/user/vehicles", {
      data: {
        vin: TOYOTA_2021,
        model: "Camry",
        bodyType: "sedan",
        priceClass: "mid",
        paintType: "solid",
      },
    });
    expect(response.status()).toBe(201);
    vehicleId = ((await response.json()) as { vehicle: { id: string } }).vehicle.id;
    [findingId] = seedReport(accountIdOf(owner.id), vehicleId, 2, [
      { panel: "hood", damageType: "dent", severity: "minor" },
    ]) as [string];
    await acceptViaForm(va, await inviteViaForm(owner, va.email, "va"));
  });

  test.afterAll(async () => {
    await disposeAll(owner, stranger, va);
  });

  test("another account gets 404 on the vehicle's pages, forms and data", async () => {
    for (const path of [`/dashboard/vehicle/${vehicleId}`, `/diagram-dashboard/${vehicleId}`]) {
      const response = await stranger.api.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain(
        "We couldn&#x27;t find that vehicle in this account.",
      );
    }
    const forms: Record<string, string>[] = [
      { intent: "repair", findingId, repaired: "true" },
      { intent: "repair-all" },
      {
        intent: "update",
        model: "Hijacked",
        bodyType: "sedan",
        priceClass: "mid",
        paintType: "solid",
        year: "2020",
        make: "X",
      },
    ];
    for (const form of forms) {
      const response = await stranger.api.post(`/dashboard/vehicle/${vehicleId}`, { form });
      expect(response.status(), form.intent).toBe(404);
    }
    // Their own vehicle page cannot reach the owner's finding either.
    const own = await stranger.api.post("/api/user/vehicles", {
      data: {
        model: "Civic",
        year: 2019,
        make: "Honda",
        bodyType: "sedan",
        priceClass: "economy",
        paintType: "solid",
      },
    });
    const ownId = ((await own.json()) as { vehicle: { id: string } }).vehicle.id;
    const sneaky = await stranger.api.post(`/dashboard/vehicle/${ownId}`, {
      form: { intent: "repair", findingId, repaired: "true" },
    });
    expect(sneaky.status()).toBe(404);
    expect(visibleMessages(await sneaky.text())).toContain("That damage isn't in this account.");

    const list = (await (await stranger.api.get("/api/user/vehicles")).json()) as {
      vehicles: Array<{ id: string }>;
    };
    expect(list.vehicles.map((v) => v.id)).toEqual([ownId]);
    const dashboard = (await (await stranger.api.get("/api/dashboard")).json()) as {
      vehicles: Array<{ vehicle: { id: string } }>;
    };
    expect(dashboard.vehicles.map((v) => v.vehicle.id)).toEqual([ownId]);
    // Nothing of the owner's changed.
    expect(query("select model from vehicles where id = ?", vehicleId)).toEqual([
      { model: "Camry" },
    ]);
    expect(query("select repaired_at from findings where id = ?", findingId)).toEqual([
      { repaired_at: null },
    ]);
  });

  test("a VA works on the owner's fleet but sees the shop rates read-only", async () => {
    const page = await va.api.get(`/dashboard/vehicle/${vehicleId}`);
    expect(page.status()).toBe(200);
    const rates = await va.api.get("/dashboard/rates");
    expect(rates.status()).toBe(200);
    expect(await rates.text()).toContain("Only the account owner can change the shop rates.");
    const refused = await va.api.post("/dashboard/rates", {
      form: { state: "CA", bodyLaborCentsPerHour: "99" },
    });
    expect(refused.status()).toBe(403);
    expect(
      query("select state from rate_settings where account_id = ?", accountIdOf(owner.id)),
    ).toEqual([]);
  });

  test("the owner saves a home state and shop rates; errors are explained", async ({ browser }) => {
    const context = await browser.newContext({
      storageState: await owner.api.storageState(),
      extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
    });
    const page = await context.newPage();
    await open(page, "/dashboard/rates");
    await expect(page.getByText(/Regional defaults checked on Nov 23, 2026/)).toBeVisible();
    await page.getByLabel("Home state").selectOption("CA");
    // The placeholders follow the chosen state at once.
    await expect(page.getByLabel(/^Body labor rate/)).toHaveAttribute(
      "placeholder",
      /\(CA default\)$/,
    );
    await page.getByLabel(/^Body labor rate/).fill("lots");
    await page.getByLabel(/^Sales tax/).fill("40");
    await page.getByRole("button", { name: "Save rates" }).click();
    await expect(
      page.getByText("Enter the body labor rate in dollars per hour, e.g. 72.50."),
    ).toBeVisible();
    await expect(page.getByText("Sales tax must be between 0% and 15%.")).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel(/^Body labor rate/).fill("$82.50");
    await page.getByLabel(/^Sales tax/).fill("7.75");
    await page.getByRole("button", { name: "Save rates" }).click();
    await expectToast(page, "Shop rates saved", true);
    const [row] = query<{ state: string; overrides: string }>(
      "select state, overrides from rate_settings where account_id = ?",
      accountIdOf(owner.id),
    );
    expect(row?.state).toBe("CA");
    expect(JSON.parse(row!.overrides)).toEqual({
      bodyLaborCentsPerHour: 82_50,
      salesTaxPercent: 7.75,
    });
    await expect(page.getByLabel(/^Body labor rate/)).toHaveValue("82.50");
    await context.close();
  });
});

test("JSON API: /api/user/vehicles and /api/dashboard", async () => {
  const host = await registerViaApi("fleetapi");
  const anonymous = await apiContext();
  try {
    const unauthenticated = await anonymous.get("/api/user/vehicles");
    expect(unauthenticated.status()).toBe(401);
    expect(await unauthenticated.json()).toEqual({
      error: "Authentication required",
      message: "Authentication required",
    });
    expect((await anonymous.post("/api/user/vehicles", { data: { model: "X" } })).status()).toBe(
      401,
    );
    expect((await anonymous.get("/api/dashboard")).status()).toBe(401);

    expect(await (await host.api.get("/api/user/vehicles")).json()).toEqual({
      vehicles: [],
      nextCursor: null,
    });

    const created = await host.api.post("/api/user/vehicles", {
      data: {
        vin: TOYOTA_2021,
        model: "Camry",
        bodyType: "sedan",
        priceClass: "mid",
        paintType: "tri-coat",
      },
    });
    expect(created.status()).toBe(201);
    const { vehicle } = (await created.json()) as { vehicle: Record<string, unknown> };
    expect(vehicle).toMatchObject({
      vin: TOYOTA_2021,
      year: 2021,
      make: "Toyota",
      model: "Camry",
      paintType: "tri-coat",
      status: "active",
      title: "2021 Toyota Camry",
    });
    expect(vehicleAddedEvents(String(vehicle.id))).toBe(1);

    // A form post works too.
    const form = await host.api.post("/api/user/vehicles", {
      form: {
        model: "Civic",
        year: "2019",
        make: "Honda",
        bodyType: "sedan",
        priceClass: "economy",
        paintType: "solid",
      },
    });
    expect(form.status()).toBe(201);

    const duplicate = await host.api.post("/api/user/vehicles", {
      data: {
        vin: TOYOTA_2021,
        model: "Camry",
        bodyType: "sedan",
        priceClass: "mid",
        paintType: "solid",
      },
    });
    expect(duplicate.status()).toBe(409);
    expect(await duplicate.json()).toMatchObject({
      error: "This VIN is already in your fleet.",
      fieldErrors: { vin: "This VIN is already in your fleet." },
    });

    const invalid = await host.api.post("/api/user/vehicles", {
      data: { vin: BAD_CHECK_DIGIT, bodyType: "boat" },
    });
    expect(invalid.status()).toBe(400);
    expect(await invalid.json()).toMatchObject({
      error: "Check the vehicle details.",
      fieldErrors: {
        vin: "The check digit (9th character) should be 4, not 5: check for a typo.",
        model: "Enter the model, e.g. Camry.",
        bodyType: "Choose the body type.",
      },
    });
    const notJson = await host.api.post("/api/user/vehicles", {
      headers: { "Content-Type": "application/json" },
      data: "{not json",
    });
    expect(notJson.status()).toBe(400);
    for (const method of ["put", "delete", "patch"] as const) {
      const response = await host.api[method]("/api/user/vehicles");
      expect(response.status(), method).toBe(405);
    }

    const list = (await (await host.api.get("/api/user/vehicles")).json()) as {
      vehicles: Array<{ model: string }>;
    };
    expect(list.vehicles.map((v) => v.model)).toEqual(["Camry", "Civic"]);

    const dashboard = await host.api.get("/api/dashboard");
    expect(dashboard.status()).toBe(200);
    expect(await dashboard.json()).toMatchObject({
      totals: { vehicles: 2, reports: 0, openFindings: 0, completedEstimatesCents: 0 },
      recentReports: [],
    });
    expect((await host.api.post("/api/dashboard", { data: {} })).status()).toBe(405);
  } finally {
    await anonymous.dispose();
    await host.api.dispose();
  }
});
