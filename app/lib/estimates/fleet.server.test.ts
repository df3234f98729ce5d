import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  accounts,
  analyticsEvents,
  findings,
  photos,
  rateSettings,
  reports,
  users,
  vehicles,
  type ReportStatus,
} from "~/db/schema";
import { decodeCursor } from "~/lib/paging/paging";

// The process-wide database opens lazily on first use: point it at a temporary directory first.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-fleet-"));
process.env.DATA_DIR = dataDir;

const { closeDatabase, db } = await import("~/lib/runtime/db.server");
const { createVehicle } = await import("~/lib/vehicles/vehicles.server");
const { VehicleFormSchema } = await import("~/lib/vehicles/vehicle-form");
const fleet = await import("./fleet.server");

// Opening migrates and seeds the demo account (a deliberately slow password hash): allow time.
beforeAll(() => {
  db();
}, 60_000);

afterAll(() => {
  closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function newAccount(label: string): string {
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  const tag = crypto.randomBytes(4).toString("hex");
  db()
    .insert(users)
    .values({
      id: userId,
      username: `${label}_${tag}`,
      usernameKey: `${label}_${tag}`,
      email: `${label}.${tag}@fleet.test`,
      passwordHash: "scrypt$test",
    })
    .run();
  db().insert(accounts).values({ id: accountId, ownerUserId: userId }).run();
  return accountId;
}

function addVehicle(accountId: string, model: string, extra: Record<string, string> = {}) {
  const data = VehicleFormSchema.parse({
    year: "2021",
    make: "Toyota",
    model,
    bodyType: "sedan",
    priceClass: "mid",
    paintType: "solid",
    ...extra,
  });
  const result = createVehicle(accountId, data);
  if (!result.ok) throw new Error("vehicle not created");
  return result.vehicle;
}

let clock = Date.UTC(2026, 0, 1);

interface FindingSpec {
  panel?: string;
  damageType?: string;
  severity?: string;
  preExisting?: boolean;
  repaired?: boolean;
  phase?: "pre_trip" | "post_trip";
}

/** A report with its findings, written directly (the upload and review flow is tested elsewhere). */
function addReport(
  accountId: string,
  vehicleId: string,
  status: ReportStatus,
  totalCents: number | null,
  specs: FindingSpec[],
) {
  clock += 24 * 3600 * 1000;
  const createdAt = new Date(clock);
  const reportId = crypto.randomBytes(16).toString("base64url");
  db()
    .insert(reports)
    .values({
      id: reportId,
      accountId,
      vehicleId,
      status,
      mode: "manual",
      totalCents,
      lowCents: totalCents === null ? null : Math.round(totalCents * 0.9),
      highCents: totalCents === null ? null : Math.round(totalCents * 1.3),
      completedAt: status === "complete" ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    })
    .run();
  const ids = specs.map((spec, position) => {
    let photoId: string | null = null;
    if (spec.phase) {
      photoId = crypto.randomUUID();
      db()
        .insert(photos)
        .values({
          id: photoId,
          accountId,
          reportId,
          phase: spec.phase,
          storageKey: `k-${photoId}`,
          thumbKey: `t-${photoId}`,
          width: 10,
          height: 10,
          storedBytes: 1,
          originalSha256: "0".repeat(64),
          originalBytes: 1,
          hashedBy: "server",
          dhash: "0".repeat(16),
        })
        .run();
    }
    const id = crypto.randomUUID();
    db()
      .insert(findings)
      .values({
        id,
        reportId,
        accountId,
        vehicleId,
        position,
        panel: spec.panel ?? "front-bumper",
        damageType: spec.damageType ?? "scratch",
        severity: spec.severity ?? "moderate",
        confidence: 1,
        source: "host",
        photoId,
        preExisting: spec.preExisting ?? false,
        repairedAt: spec.repaired ? new Date(clock + 1000) : null,
      })
      .run();
    return id;
  });
  return { reportId, findingIds: ids };
}

function repairEvents() {
  return db()
    .select()
    .from(analyticsEvents)
    .all()
    .filter((event) => event.name === "vehicle_marked_repaired")
    .map((event) => JSON.parse(event.properties) as { vehicleId: string });
}

function findingRow(id: string) {
  return db()
    .select()
    .from(findings)
    .all()
    .find((row) => row.id === id);
}

describe("fleetOverview", () => {
  let accountA: string;
  let accountB: string;

  beforeAll(() => {
    accountA = newAccount("owner_a");
    accountB = newAccount("owner_b");
  });

  it("is empty for a new account", () => {
    expect(fleet.fleetOverview(newAccount("empty"))).toEqual({
      vehicles: [],
      totals: {
        vehicles: 0,
        reports: 0,
        openFindings: 0,
        completedEstimatesCents: 0,
        openDamageCents: 0,
      },
      nextCursor: null,
      recentReports: [],
    });
  });

  it("counts reports, open and repaired damage and open value per vehicle", () => {
    const camry = addVehicle(accountA, "Camry", { nickname: "Blue Camry" });
    const corolla = addVehicle(accountA, "Corolla");
    // Camry: a complete report with one open and one repaired finding (counts as open value),
    // a complete report whose new damage is all repaired but with open pre-existing damage (no
    // open value), and a report still in review (its findings are drafts).
    addReport(accountA, camry.id, "complete", 800_00, [{}, { repaired: true }]);
    addReport(accountA, camry.id, "complete", 300_00, [{ repaired: true }, { preExisting: true }]);
    addReport(accountA, camry.id, "needs_review", null, [{}, {}, {}]);
    // Corolla: one failed report, no findings.
    addReport(accountA, corolla.id, "failed", null, []);
    // Another account's data never shows up.
    const other = addVehicle(accountB, "Prius");
    addReport(accountB, other.id, "complete", 999_00, [{}]);

    const overview = fleet.fleetOverview(accountA);
    expect(overview.vehicles.map((v) => v.label).sort()).toEqual([
      "2021 Toyota Corolla",
      "Blue Camry (2021 Toyota Camry)",
    ]);
    const camrySummary = overview.vehicles.find((v) => v.vehicle.id === camry.id);
    const corollaSummary = overview.vehicles.find((v) => v.vehicle.id === corolla.id);
    expect(camrySummary).toMatchObject({
      reportCount: 3,
      openFindings: 2,
      repairedFindings: 2,
      openDamageCents: 800_00,
      vehicle: { id: camry.id, title: "2021 Toyota Camry", nickname: "Blue Camry" },
    });
    expect(camrySummary?.lastReportAt).toEqual(expect.stringMatching(/^2026-01-0\dT/));
    expect(corollaSummary).toMatchObject({
      reportCount: 1,
      openFindings: 0,
      repairedFindings: 0,
      openDamageCents: 0,
    });
    expect(overview.totals).toEqual({
      vehicles: 2,
      reports: 4,
      openFindings: 2,
      completedEstimatesCents: 1_100_00,
      openDamageCents: 800_00,
    });
  });

  it("pages the fleet oldest car first, each car once, with the whole fleet's totals on every page", () => {
    const accountId = newAccount("paged");
    const cars = Array.from({ length: 7 }, (_, i) => addVehicle(accountId, `Car ${i}`));
    // Two cars added in the same millisecond keep one order: by id after the time.
    const base = Date.parse("2026-01-01T00:00:00Z");
    cars.forEach((car, i) =>
      db()
        .update(vehicles)
        .set({ createdAt: new Date(base + Math.min(i, 5) * 60_000) })
        .where(eq(vehicles.id, car.id))
        .run(),
    );
    const byTime = [
      ...cars.slice(0, 5).map((car) => car.id),
      ...cars
        .slice(5)
        .map((car) => car.id)
        .sort(),
    ];
    const lastCarId = byTime[6]!;
    addReport(accountId, lastCarId, "complete", 500_00, [{}]);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const asked = cursor ? decodeCursor(cursor) : null;
      const overview = fleet.fleetOverview(accountId, { limit: 3, cursor: asked });
      expect(overview.totals).toMatchObject({ vehicles: 7, reports: 1, openFindings: 1 });
      expect(overview.totals.openDamageCents).toBe(500_00);
      seen.push(...overview.vehicles.map((v) => v.vehicle.id));
      cursor = overview.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(byTime);
    const lastCar = fleet.fleetOverview(accountId, {
      limit: 3,
      cursor: decodeCursor(fleet.fleetOverview(accountId, { limit: 6, cursor: null }).nextCursor!),
    });
    expect(lastCar.vehicles).toHaveLength(1);
    expect(lastCar.vehicles[0]).toMatchObject({
      vehicle: { id: lastCarId },
      reportCount: 1,
      openDamageCents: 500_00,
    });
    expect(lastCar.nextCursor).toBeNull();
  });

  it("lists the 10 newest reports with vehicle title, status and a range only when complete", () => {
    const accountId = newAccount("recent");
    const car = addVehicle(accountId, "RAV4", { bodyType: "suv" });
    for (let i = 0; i < 11; i += 1) addReport(accountId, car.id, "complete", 100_00 + i, [{}]);
    const inReview = addReport(accountId, car.id, "needs_review", null, [{}, {}]);
    const { recentReports } = fleet.fleetOverview(accountId);
    expect(recentReports).toHaveLength(10);
    expect(recentReports[0]).toMatchObject({
      id: inReview.reportId,
      status: "needs_review",
      vehicleTitle: "2021 Toyota RAV4",
      totalCents: null,
      lowCents: null,
      highCents: null,
      findingCount: 2,
    });
    expect(recentReports[1]).toMatchObject({ status: "complete", totalCents: 100_10 });
    expect(recentReports[1]?.lowCents).toBeLessThan(recentReports[1]?.highCents ?? 0);
    const dates = recentReports.map((report) => report.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("vehicleHistory", () => {
  it("lists every finding oldest first, numbered, with report, phase and state", () => {
    const accountId = newAccount("history");
    const car = addVehicle(accountId, "Model 3", { make: "Tesla", priceClass: "ev-hybrid" });
    const first = addReport(accountId, car.id, "complete", 500_00, [
      { panel: "front-door-left", damageType: "dent", severity: "minor", phase: "post_trip" },
      { panel: "hood", repaired: true },
    ]);
    const second = addReport(accountId, car.id, "needs_review", null, [
      { panel: "front-door-left", damageType: "dent", preExisting: true, phase: "pre_trip" },
    ]);
    const history = fleet.vehicleHistory(accountId, car.id);
    expect(history).toHaveLength(3);
    expect(history?.map((entry) => [entry.number, entry.reportId, entry.state])).toEqual([
      [1, first.reportId, "open"],
      [2, first.reportId, "repaired"],
      [3, second.reportId, "in-review"],
    ]);
    expect(history?.[0]).toMatchObject({
      panel: "front-door-left",
      panelLabel: "Left front door",
      damageLabel: "Dent",
      label: "Minor dent",
      photoPhase: "post_trip",
      preExisting: false,
      repairedAt: null,
      reportStatus: "complete",
    });
    expect(history?.[1]?.photoPhase).toBeNull();
    expect(history?.[1]?.repairedAt).toEqual(expect.any(String));
    expect(history?.[2]).toMatchObject({ photoPhase: "pre_trip", preExisting: true });
  });

  it("is null for another account's vehicle or an unknown id", () => {
    const owner = newAccount("hist_owner");
    const stranger = newAccount("hist_stranger");
    const car = addVehicle(owner, "Civic", { make: "Honda" });
    addReport(owner, car.id, "complete", 100_00, [{}]);
    expect(fleet.vehicleHistory(stranger, car.id)).toBeNull();
    expect(fleet.vehicleHistory(owner, "no-such-vehicle")).toBeNull();
  });

  it("filters by state and pre-existing damage, from the query string", () => {
    const filter = (query: string) => fleet.parseHistoryFilter(new URLSearchParams(query));
    expect(filter("")).toEqual({ show: "all", preExisting: true, panel: null });
    expect(filter("show=repaired&preExisting=hide&panel=hood")).toEqual({
      show: "repaired",
      preExisting: false,
      panel: "hood",
    });
    expect(filter("show=<script>&preExisting=maybe&panel=wing")).toEqual({
      show: "all",
      preExisting: true,
      panel: null,
    });

    const accountId = newAccount("filters");
    const car = addVehicle(accountId, "Sienna", { bodyType: "minivan" });
    addReport(accountId, car.id, "complete", 100_00, [
      {},
      { repaired: true },
      { preExisting: true, panel: "hood" },
    ]);
    addReport(accountId, car.id, "needs_review", null, [{ panel: "hood" }]);
    const history = fleet.vehicleHistory(accountId, car.id) ?? [];
    const numbers = (query: string) =>
      fleet.filterHistory(history, filter(query)).map((entry) => entry.number);
    expect(numbers("")).toEqual([1, 2, 3, 4]);
    expect(numbers("show=open")).toEqual([1, 3]);
    expect(numbers("show=open&preExisting=hide")).toEqual([1]);
    expect(numbers("show=repaired")).toEqual([2]);
    expect(numbers("panel=hood")).toEqual([3, 4]);
    expect(numbers("panel=hood&preExisting=hide")).toEqual([4]);
  });
});

describe("marking damage repaired", () => {
  let accountId: string;
  beforeEach(() => {
    accountId = newAccount("repair");
  });

  it("marks one finding repaired and open again, recording the event once", () => {
    const car = addVehicle(accountId, "Camry");
    const { findingIds } = addReport(accountId, car.id, "complete", 400_00, [{}, {}]);
    const [id] = findingIds as [string];
    const before = repairEvents().length;
    expect(fleet.markFindingRepaired(accountId, id, true)).toEqual({ ok: true, vehicleId: car.id });
    const repairedAt = findingRow(id)?.repairedAt;
    expect(repairedAt).toBeInstanceOf(Date);
    // Marking it again changes nothing and records nothing.
    expect(fleet.markFindingRepaired(accountId, id, true)).toEqual({ ok: true, vehicleId: car.id });
    expect(findingRow(id)?.repairedAt).toEqual(repairedAt);
    expect(repairEvents().slice(before)).toEqual([expect.objectContaining({ vehicleId: car.id })]);

    expect(fleet.markFindingRepaired(accountId, id, false).ok).toBe(true);
    expect(findingRow(id)?.repairedAt).toBeNull();
    expect(fleet.fleetOverview(accountId).totals.openFindings).toBe(2);
  });

  it("refuses another account's or vehicle's finding (404) and damage under review (409)", () => {
    const car = addVehicle(accountId, "Camry");
    const complete = addReport(accountId, car.id, "complete", 400_00, [{}]);
    const draft = addReport(accountId, car.id, "needs_review", null, [{}]);
    const stranger = newAccount("stranger");
    const [completeId] = complete.findingIds as [string];
    const [draftId] = draft.findingIds as [string];

    expect(fleet.markFindingRepaired(stranger, completeId, true)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(fleet.markFindingRepaired(accountId, "x".repeat(500), true)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(fleet.markFindingRepaired(accountId, draftId, true)).toMatchObject({
      ok: false,
      status: 409,
      error: expect.stringContaining("Finish the review"),
    });
    const otherCar = addVehicle(accountId, "Corolla");
    expect(fleet.markFindingRepaired(accountId, completeId, true, otherCar.id)).toEqual({
      ok: false,
      status: 404,
      error: "That damage isn't on this vehicle.",
    });
    expect(findingRow(completeId)?.repairedAt).toBeNull();
    expect(findingRow(draftId)?.repairedAt).toBeNull();
  });

  it("marks every open finding on completed reports and puts an in-repair car back to active", () => {
    const car = addVehicle(accountId, "Highlander", { bodyType: "suv", status: "in_repair" });
    const other = addVehicle(accountId, "Yaris", { priceClass: "economy" });
    const done = addReport(accountId, car.id, "complete", 400_00, [
      {},
      { preExisting: true },
      { repaired: true },
    ]);
    const draft = addReport(accountId, car.id, "needs_review", null, [{}]);
    const otherReport = addReport(accountId, other.id, "complete", 200_00, [{}]);
    const earlierRepair = findingRow(done.findingIds[2]!)?.repairedAt;
    const before = repairEvents().length;

    expect(fleet.markVehicleRepaired(accountId, car.id)).toEqual({ count: 2 });
    expect(done.findingIds.map((id) => findingRow(id)?.repairedAt)).toEqual([
      expect.any(Date),
      expect.any(Date),
      earlierRepair,
    ]);
    expect(findingRow(draft.findingIds[0]!)?.repairedAt).toBeNull();
    expect(findingRow(otherReport.findingIds[0]!)?.repairedAt).toBeNull();
    const status = db()
      .select({ id: vehicles.id, status: vehicles.status })
      .from(vehicles)
      .all()
      .find((row) => row.id === car.id)?.status;
    expect(status).toBe("active");
    expect(repairEvents().slice(before)).toEqual([expect.objectContaining({ vehicleId: car.id })]);

    const overview = fleet.fleetOverview(accountId);
    const summary = overview.vehicles.find((v) => v.vehicle.id === car.id);
    expect(summary).toMatchObject({ openFindings: 0, repairedFindings: 3, openDamageCents: 0 });
  });

  it("leaves another account's vehicle alone", () => {
    const car = addVehicle(accountId, "Camry");
    const report = addReport(accountId, car.id, "complete", 400_00, [{}]);
    expect(fleet.markVehicleRepaired(newAccount("intruder"), car.id)).toBeNull();
    expect(findingRow(report.findingIds[0]!)?.repairedAt).toBeNull();
  });

  it("records nothing when there was nothing to repair", () => {
    const car = addVehicle(accountId, "Camry");
    const before = repairEvents().length;
    expect(fleet.markVehicleRepaired(accountId, car.id)).toEqual({ count: 0 });
    expect(repairEvents().length).toBe(before);
  });
});

describe("startsDashboardVisit", () => {
  it("counts a view once per 30-minute visit and per session", () => {
    const start = 1_000_000;
    expect(fleet.startsDashboardVisit("s1", start)).toBe(true);
    expect(fleet.startsDashboardVisit("s1", start + 60_000)).toBe(false);
    expect(fleet.startsDashboardVisit("s2", start + 60_000)).toBe(true);
    // The visit window restarts with every view.
    expect(fleet.startsDashboardVisit("s1", start + 60_000 + fleet.DASHBOARD_VISIT_MS - 1)).toBe(
      false,
    );
    expect(fleet.startsDashboardVisit("s1", start + 60_000 + 2 * fleet.DASHBOARD_VISIT_MS)).toBe(
      true,
    );
  });
});

describe("shop rates", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(entries)) data.set(key, value);
    return data;
  };

  it("reads dollars, percent and a state; blank fields keep the defaults", () => {
    expect(
      fleet.parseRateForm(
        form({
          state: "ca",
          bodyLaborCentsPerHour: "$72.50",
          refinishLaborCentsPerHour: "",
          mechanicalLaborCentsPerHour: "110",
          paintMaterialsCentsPerRefinishHour: " ",
          salesTaxPercent: "7.25 %",
        }),
      ),
    ).toEqual({
      ok: true,
      data: {
        state: "CA",
        overrides: {
          bodyLaborCentsPerHour: 72_50,
          mechanicalLaborCentsPerHour: 110_00,
          salesTaxPercent: 7.25,
        },
      },
    });
    expect(fleet.parseRateForm(form({ state: "" }))).toEqual({
      ok: true,
      data: { state: null, overrides: {} },
    });
  });

  it("answers each bad field with a message that says what to enter", () => {
    const result = fleet.parseRateForm(
      form({
        state: "ZZ",
        bodyLaborCentsPerHour: "lots",
        refinishLaborCentsPerHour: "900",
        salesTaxPercent: "-1",
        mechanicalLaborCentsPerHour: "1".repeat(30),
      }),
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        state: "Choose a state from the list, or the US national average.",
        bodyLaborCentsPerHour: "Enter the body labor rate in dollars per hour, e.g. 72.50.",
        refinishLaborCentsPerHour: "Refinish labor rate must be between $1 and $500.",
        mechanicalLaborCentsPerHour:
          "Enter the mechanical labor rate in dollars per hour, e.g. 110.",
        salesTaxPercent: "Sales tax must be between 0% and 15%.",
      },
    });
  });

  it("refuses a file posted where the state belongs, rather than reading it as blank", () => {
    const posted = new FormData();
    posted.set("state", new File(["CA"], "state.txt"));
    expect(fleet.parseRateForm(posted)).toEqual({
      ok: false,
      fieldErrors: { state: "Choose a state from the list, or the US national average." },
    });
  });

  it("saves the settings once per account and updates them in place", () => {
    const accountId = newAccount("rates");
    const saved = () =>
      db()
        .select()
        .from(rateSettings)
        .all()
        .filter((row) => row.accountId === accountId)
        .map((row) => ({ state: row.state, overrides: JSON.parse(row.overrides) as unknown }));
    fleet.saveRateSettings(accountId, { state: "TX", overrides: { salesTaxPercent: 8.25 } });
    expect(saved()).toEqual([{ state: "TX", overrides: { salesTaxPercent: 8.25 } }]);
    fleet.saveRateSettings(accountId, { state: null, overrides: {} });
    expect(saved()).toEqual([{ state: null, overrides: {} }]);
  });
});
