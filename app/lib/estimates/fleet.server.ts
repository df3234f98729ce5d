/**
 * The fleet dashboard: overview counts, a vehicle's damage history over time, marking damage
 * repaired, and the account's shop rates. Every function takes the account id from the session
 * and scopes by it, so another account's vehicle and finding ids are simply not found.
 *
 * Definitions the pages and the JSON API rely on:
 * - a finding is part of the car's damage record once its report is complete; findings on
 *   reports still queued, analyzing, in review or failed are drafts ("in-review");
 * - open damage: recorded findings not marked repaired (pre-existing ones included: they are
 *   still on the car);
 * - open damage value: the totals of completed estimates that still have unrepaired NEW damage.
 *   A report's total only prices its new damage (pre-existing damage is never charged), so it
 *   stops counting once all of that new damage is marked repaired.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  DAMAGE_TYPES,
  PANELS,
  isPanelId,
  type DamageType,
  type PanelId,
  type Severity,
} from "~/domain/estimate/taxonomy";
import {
  RATE_FIELDS,
  RATE_OVERRIDE_LIMITS,
  isUsStateCode,
  validateRateOverrides,
  type RateField,
  type RateOverrides,
} from "~/domain/estimate/rate-card";
import { parseMoneyToCents } from "~/domain/money";
import type { FieldErrors } from "~/domain/validation";
import {
  findings,
  photos,
  rateSettings,
  reports,
  vehicles,
  type PhotoPhase,
  type ReportStatus,
} from "~/db/schema";
import { z } from "zod";
import { recordEvent } from "~/lib/analytics/server";
import { postedFields, postedString, postedText } from "~/lib/http/intent";
import { pageOf, type ListPageRequest } from "~/lib/paging/paging";
import { afterTime, type TimeCursor } from "~/lib/paging/time-keyset.server";
import { db } from "~/lib/runtime/db.server";
import { findingLabel } from "./finding-form";
import {
  getVehicle,
  vehicleJson,
  vehicleLabel,
  vehiclePage,
  vehiclesById,
  vehicleTitle,
} from "~/lib/vehicles/vehicles.server";

// ─── Overview ───────────────────────────────────────────────────────────────────────────────────

export interface FleetVehicleSummary {
  vehicle: ReturnType<typeof vehicleJson>;
  /** "Blue Camry (2021 Toyota Camry SE)" or the title alone. */
  label: string;
  reportCount: number;
  /** Recorded damage (on completed reports) not marked repaired. */
  openFindings: number;
  repairedFindings: number;
  /** ISO time of the newest report, or null. */
  lastReportAt: string | null;
  /** Totals of completed estimates that still have unrepaired new damage, in cents. */
  openDamageCents: number;
}

export interface RecentReport {
  id: string;
  vehicleId: string;
  vehicleTitle: string;
  status: ReportStatus;
  createdAt: string;
  completedAt: string | null;
  /** The frozen estimate of a complete report; null before that. */
  totalCents: number | null;
  lowCents: number | null;
  highCents: number | null;
  findingCount: number;
}

export interface FleetOverview {
  /** One page of the fleet, oldest car first. */
  vehicles: FleetVehicleSummary[];
  /** The next page of cars; null on the last. */
  nextCursor: string | null;
  /** The whole fleet's, not the page's. */
  totals: {
    vehicles: number;
    reports: number;
    openFindings: number;
    /** Sum of every completed estimate's total, in cents. */
    completedEstimatesCents: number;
    openDamageCents: number;
  };
  /** The 10 newest reports. */
  recentReports: RecentReport[];
}

const RECENT_REPORTS = 10;
/** Cars on one page of the dashboard (and of /api/dashboard unless it asks for another limit). */
export const FLEET_PAGE_SIZE = 25;

/**
 * The fleet's dashboard: one page of cars (oldest first, `limit` after `cursor`, the last car's
 * creation time and id) with their figures, the whole fleet's totals and the newest reports. A
 * cursor that isn't a fleet cursor reads as the first page: the caller refuses it first.
 */
export function fleetOverview(
  accountId: string,
  page: ListPageRequest = { limit: FLEET_PAGE_SIZE, cursor: null },
): FleetOverview {
  const shown = vehiclePage(accountId, page);
  const stats = vehicleStats(
    accountId,
    shown.items.map((vehicle) => vehicle.id),
  );
  return {
    vehicles: shown.items.map((vehicle) => vehicleSummary(vehicle, stats)),
    nextCursor: shown.nextCursor,
    totals: fleetTotals(accountId),
    recentReports: newestReports(accountId),
  };
}

/**
 * The open damage value of the reports summed over: completed estimates that still have
 * unrepaired new damage (raw column names, as drizzle leaves columns inside sql`` unqualified,
 * which would be ambiguous in the correlated subquery).
 */
const openDamageCents = sql<number>`coalesce(sum(case when reports.status = 'complete' and exists (
  select 1 from findings f where f.report_id = reports.id
    and f.repaired_at is null and f.pre_existing = 0
) then reports.total_cents end), 0)`;

type VehicleStats = ReturnType<typeof vehicleStats>;

/**
 * Per car of `vehicleIds`: its reports (count, newest, open damage value) and its recorded
 * findings (open, repaired). Raw SQL column names below: drizzle leaves columns inside sql``
 * unqualified, which would be ambiguous in the correlated subquery and the join.
 */
function vehicleStats(accountId: string, vehicleIds: string[]) {
  const database = db();
  const reportRows = database
    .select({
      vehicleId: reports.vehicleId,
      count: sql<number>`count(*)`,
      lastAt: sql<number | null>`max(reports.created_at)`,
      openCents: openDamageCents,
    })
    .from(reports)
    .where(and(eq(reports.accountId, accountId), inArray(reports.vehicleId, vehicleIds)))
    .groupBy(reports.vehicleId)
    .all();
  const findingRows = database
    .select({
      vehicleId: findings.vehicleId,
      open: sql<number>`coalesce(sum(case when findings.repaired_at is null then 1 else 0 end), 0)`,
      repaired: sql<number>`coalesce(sum(case when findings.repaired_at is not null then 1 else 0 end), 0)`,
    })
    .from(findings)
    .innerJoin(reports, eq(reports.id, findings.reportId))
    .where(
      and(
        eq(findings.accountId, accountId),
        inArray(findings.vehicleId, vehicleIds),
        eq(reports.status, "complete"),
      ),
    )
    .groupBy(findings.vehicleId)
    .all();
  return {
    reports: new Map(reportRows.map((row) => [row.vehicleId, row])),
    findings: new Map(findingRows.map((row) => [row.vehicleId, row])),
  };
}

function vehicleSummary(
  vehicle: typeof vehicles.$inferSelect,
  stats: VehicleStats,
): FleetVehicleSummary {
  const reportRow = stats.reports.get(vehicle.id);
  const findingRow = stats.findings.get(vehicle.id);
  return {
    vehicle: vehicleJson(vehicle),
    label: vehicleLabel(vehicle),
    reportCount: reportRow?.count ?? 0,
    openFindings: findingRow?.open ?? 0,
    repairedFindings: findingRow?.repaired ?? 0,
    lastReportAt: reportRow?.lastAt != null ? new Date(reportRow.lastAt).toISOString() : null,
    openDamageCents: reportRow?.openCents ?? 0,
  };
}

/** The whole fleet's figures, added up by SQLite (the page's cars are only some of them). */
function fleetTotals(accountId: string): FleetOverview["totals"] {
  const database = db();
  const cars = database
    .select({ count: count() })
    .from(vehicles)
    .where(eq(vehicles.accountId, accountId))
    .get();
  const reportTotals = database
    .select({
      count: count(),
      completedCents: sql<number>`coalesce(sum(case when reports.status = 'complete'
        then reports.total_cents end), 0)`,
      openCents: openDamageCents,
    })
    .from(reports)
    .where(eq(reports.accountId, accountId))
    .get();
  const openFindings = database
    .select({ count: count() })
    .from(findings)
    .innerJoin(reports, eq(reports.id, findings.reportId))
    .where(
      and(
        eq(findings.accountId, accountId),
        isNull(findings.repairedAt),
        eq(reports.status, "complete"),
      ),
    )
    .get();
  return {
    vehicles: cars?.count ?? 0,
    reports: reportTotals?.count ?? 0,
    openFindings: openFindings?.count ?? 0,
    completedEstimatesCents: reportTotals?.completedCents ?? 0,
    openDamageCents: reportTotals?.openCents ?? 0,
  };
}

/** The account's newest reports, with their car's label and finding count. */
function newestReports(accountId: string): RecentReport[] {
  const rows = db()
    .select()
    .from(reports)
    .where(eq(reports.accountId, accountId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(RECENT_REPORTS)
    .all();
  if (rows.length === 0) return [];
  const cars = vehiclesById(
    accountId,
    rows.map((report) => report.vehicleId),
  );
  const findingCounts = countFindings(rows.map((report) => report.id));
  return rows.map((report) => {
    const car = cars.get(report.vehicleId);
    return recentReport(report, car ? vehicleLabel(car) : "Unknown vehicle", findingCounts);
  });
}

function countFindings(reportIds: string[]): Map<string, number> {
  if (reportIds.length === 0) return new Map();
  return new Map(
    db()
      .select({ reportId: findings.reportId, count: sql<number>`count(*)` })
      .from(findings)
      .where(inArray(findings.reportId, reportIds))
      .groupBy(findings.reportId)
      .all()
      .map((row) => [row.reportId, row.count]),
  );
}

/**
 * One page of a vehicle's reports, newest first, in the same shape as the overview's recent
 * reports, and how many it has in all.
 */
export function vehicleReports(
  accountId: string,
  vehicleId: string,
  page: ListPageRequest<TimeCursor>,
): { reports: RecentReport[]; nextCursor: string | null; total: number } {
  const vehicle = getVehicle(accountId, vehicleId);
  if (!vehicle) return { reports: [], nextCursor: null, total: 0 };
  const ofVehicle = and(eq(reports.accountId, accountId), eq(reports.vehicleId, vehicleId));
  const rows = db()
    .select()
    .from(reports)
    .where(and(ofVehicle, afterTime(reports.createdAt, reports.id, page.cursor, "desc")))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(page.limit + 1)
    .all();
  const shown = pageOf(rows, page.limit, (report) => ({
    key: report.createdAt.getTime(),
    id: report.id,
  }));
  const counts = countFindings(shown.items.map((report) => report.id));
  const total = db().select({ count: count() }).from(reports).where(ofVehicle).get()?.count ?? 0;
  return {
    reports: shown.items.map((report) => recentReport(report, vehicleTitle(vehicle), counts)),
    nextCursor: shown.nextCursor,
    total,
  };
}

/** A report as the dashboard lists it: amounts only once the estimate is final. */
function recentReport(
  report: typeof reports.$inferSelect,
  title: string,
  findingCounts: Map<string, number>,
): RecentReport {
  const final = report.status === "complete";
  return {
    id: report.id,
    vehicleId: report.vehicleId,
    vehicleTitle: title,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    completedAt: report.completedAt?.toISOString() ?? null,
    totalCents: final ? report.totalCents : null,
    lowCents: final ? report.lowCents : null,
    highCents: final ? report.highCents : null,
    findingCount: findingCounts.get(report.id) ?? 0,
  };
}

// ─── Damage history ─────────────────────────────────────────────────────────────────────────────

/** Where a finding stands: on the car, fixed, or still a draft on a report under review. */
export type FindingState = "open" | "repaired" | "in-review";

export interface HistoryEntry {
  id: string;
  /** 1, 2, 3… in the order the damage was recorded (oldest report first). */
  number: number;
  reportId: string;
  reportStatus: ReportStatus;
  /** ISO time the report was created (when the photos were taken into the app). */
  reportDate: string;
  panel: PanelId;
  panelLabel: string;
  damageType: DamageType;
  damageLabel: string;
  severity: Severity;
  /** "Moderate scratch". */
  label: string;
  sizeCm: number | null;
  note: string | null;
  /** Phase of the photo the damage was seen on, when it was tagged on a photo. */
  photoPhase: PhotoPhase | null;
  preExisting: boolean;
  repairedAt: string | null;
  state: FindingState;
}

/** Every finding on the vehicle across its reports, oldest first; null for another account's id. */
export function vehicleHistory(accountId: string, vehicleId: string): HistoryEntry[] | null {
  if (!getVehicle(accountId, vehicleId)) return null;
  const rows = db()
    .select({ finding: findings, report: reports, photoPhase: photos.phase })
    .from(findings)
    .innerJoin(reports, eq(reports.id, findings.reportId))
    .leftJoin(photos, eq(photos.id, findings.photoId))
    .where(and(eq(findings.accountId, accountId), eq(findings.vehicleId, vehicleId)))
    .orderBy(
      asc(reports.createdAt),
      asc(reports.id),
      asc(findings.position),
      asc(findings.createdAt),
    )
    .all();
  return rows.map(({ finding, report, photoPhase }, index) => {
    const panel = finding.panel as PanelId;
    const damageType = finding.damageType as DamageType;
    const severity = finding.severity as Severity;
    return {
      id: finding.id,
      number: index + 1,
      reportId: report.id,
      reportStatus: report.status,
      reportDate: report.createdAt.toISOString(),
      panel,
      panelLabel: PANELS[panel]?.label ?? finding.panel,
      damageType,
      damageLabel: DAMAGE_TYPES[damageType]?.label ?? finding.damageType,
      severity,
      label: DAMAGE_TYPES[damageType] ? findingLabel({ severity, damageType }) : finding.damageType,
      sizeCm: finding.sizeCm,
      note: finding.note,
      photoPhase: photoPhase ?? null,
      preExisting: finding.preExisting,
      repairedAt: finding.repairedAt?.toISOString() ?? null,
      state: report.status !== "complete" ? "in-review" : finding.repairedAt ? "repaired" : "open",
    };
  });
}

export const HISTORY_SHOW = ["all", "open", "repaired"] as const;
export type HistoryShow = (typeof HISTORY_SHOW)[number];

export interface HistoryFilter {
  show: HistoryShow;
  preExisting: boolean;
  /** One panel's history (chosen on the diagram), or every panel. */
  panel: PanelId | null;
}

/** The diagram page's filters from its query string; anything unknown falls back to the default. */
export function parseHistoryFilter(params: URLSearchParams): HistoryFilter {
  const show = params.get("show");
  const panel = params.get("panel");
  return {
    show: (HISTORY_SHOW as readonly string[]).includes(show ?? "") ? (show as HistoryShow) : "all",
    preExisting: params.get("preExisting") !== "hide",
    panel: isPanelId(panel) ? panel : null,
  };
}

export function filterHistory(entries: HistoryEntry[], filter: HistoryFilter): HistoryEntry[] {
  return entries.filter(
    (entry) =>
      (filter.show === "all" || entry.state === filter.show) &&
      (filter.preExisting || !entry.preExisting) &&
      (filter.panel === null || entry.panel === filter.panel),
  );
}

// ─── Marking damage repaired ────────────────────────────────────────────────────────────────────

export type RepairResult =
  { ok: true; vehicleId: string } | { ok: false; status: 404 | 409; error: string };

/**
 * Marks one recorded finding repaired (now) or open again. Only damage on a completed report can
 * be marked: a report under review can still change. With `vehicleId`, a finding of any other
 * vehicle is not found (a vehicle page only changes its own damage).
 */
export function markFindingRepaired(
  accountId: string,
  findingId: string,
  repaired: boolean,
  vehicleId?: string,
): RepairResult {
  if (typeof findingId !== "string" || findingId.length > 100) {
    return { ok: false, status: 404, error: "That damage isn't in this account." };
  }
  const row = db()
    .select({ finding: findings, reportStatus: reports.status })
    .from(findings)
    .innerJoin(reports, eq(reports.id, findings.reportId))
    .where(and(eq(findings.accountId, accountId), eq(findings.id, findingId)))
    .get();
  if (!row) return { ok: false, status: 404, error: "That damage isn't in this account." };
  if (vehicleId !== undefined && row.finding.vehicleId !== vehicleId) {
    return { ok: false, status: 404, error: "That damage isn't on this vehicle." };
  }
  if (row.reportStatus !== "complete") {
    return {
      ok: false,
      status: 409,
      error:
        "Finish the review of this report first: only damage on a final estimate can be marked repaired.",
    };
  }
  const wasRepaired = row.finding.repairedAt !== null;
  if (wasRepaired !== repaired) {
    db()
      .update(findings)
      .set({ repairedAt: repaired ? new Date() : null })
      .where(eq(findings.id, row.finding.id))
      .run();
    if (repaired) recordEvent("vehicle_marked_repaired", { vehicleId: row.finding.vehicleId });
  }
  return { ok: true, vehicleId: row.finding.vehicleId };
}

/**
 * Marks every open finding on the vehicle's completed reports repaired, and puts a car that was
 * "in repair" back to active. Returns how many findings changed, or null for another account's id.
 */
export function markVehicleRepaired(
  accountId: string,
  vehicleId: string,
): { count: number } | null {
  const vehicle = getVehicle(accountId, vehicleId);
  if (!vehicle) return null;
  const now = new Date();
  const count = db().transaction((tx) => {
    const completed = tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.accountId, accountId),
          eq(reports.vehicleId, vehicleId),
          eq(reports.status, "complete"),
        ),
      );
    const changed = tx
      .update(findings)
      .set({ repairedAt: now })
      .where(
        and(
          eq(findings.accountId, accountId),
          eq(findings.vehicleId, vehicleId),
          isNull(findings.repairedAt),
          inArray(findings.reportId, completed),
        ),
      )
      .run().changes;
    if (vehicle.status === "in_repair") {
      tx.update(vehicles)
        .set({ status: "active", updatedAt: now })
        .where(and(eq(vehicles.accountId, accountId), eq(vehicles.id, vehicleId)))
        .run();
    }
    return changed;
  });
  if (count > 0 || vehicle.status === "in_repair") {
    recordEvent("vehicle_marked_repaired", { vehicleId });
  }
  return { count };
}

// ─── Dashboard views (analytics) ────────────────────────────────────────────────────────────────

/** A "visit" as web analytics count them: views less than 30 minutes apart belong to one. */
export const DASHBOARD_VISIT_MS = 30 * 60 * 1000;
const MAX_TRACKED_SESSIONS = 10_000;
const lastDashboardView = new Map<string, number>();

/**
 * Whether this dashboard view starts a new visit for the session (then it is recorded as
 * `dashboard_viewed`); reloads and back-and-forth within a visit are not counted again.
 */
export function startsDashboardVisit(sessionKey: string, now = Date.now()): boolean {
  const last = lastDashboardView.get(sessionKey);
  // Re-inserting keeps the map in last-seen order, so the oldest entries are dropped first.
  lastDashboardView.delete(sessionKey);
  lastDashboardView.set(sessionKey, now);
  if (lastDashboardView.size > MAX_TRACKED_SESSIONS) {
    const oldest = lastDashboardView.keys().next().value;
    if (oldest !== undefined) lastDashboardView.delete(oldest);
  }
  return last === undefined || now - last >= DASHBOARD_VISIT_MS;
}

// ─── Shop rates ─────────────────────────────────────────────────────────────────────────────────

export interface RateSettingsInput {
  /** A US state code, or null for the national average. */
  state: string | null;
  overrides: RateOverrides;
}

/** What the rates form asks for in each field. */
const RATE_FIELD_EXAMPLES: Record<RateField, string> = {
  bodyLaborCentsPerHour: "Enter the body labor rate in dollars per hour, e.g. 72.50.",
  refinishLaborCentsPerHour: "Enter the refinish labor rate in dollars per hour, e.g. 72.50.",
  mechanicalLaborCentsPerHour: "Enter the mechanical labor rate in dollars per hour, e.g. 110.",
  paintMaterialsCentsPerRefinishHour:
    "Enter the paint materials rate in dollars per refinish hour, e.g. 38.",
  salesTaxPercent: "Enter the sales tax as a percentage, e.g. 7.25.",
};

/** The rates form's fields as posted: the state as text, each rate as text ("" for a file). */
const rateFormSchema = z.object({
  state: postedString,
  ...(Object.fromEntries(RATE_FIELDS.map((field) => [field, postedText])) as Record<
    (typeof RATE_FIELDS)[number],
    typeof postedText
  >),
});

/**
 * The rates form: a state (blank = national average) and any of the shop's own rates, in dollars
 * for money fields and percent for tax. A blank field keeps the regional default.
 */
export function parseRateForm(
  form: FormData,
): { ok: true; data: RateSettingsInput } | { ok: false; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  const posted = postedFields(form, rateFormSchema);
  const rawState = posted.state.trim().toUpperCase();
  let state: string | null = null;
  if (rawState !== "" && rawState !== "US") {
    if (isUsStateCode(rawState)) state = rawState;
    else fieldErrors.state = "Choose a state from the list, or the US national average.";
  }
  const overrides: RateOverrides = {};
  for (const field of RATE_FIELDS) {
    const text = posted[field].trim();
    if (text === "") continue;
    if (text.length > 20) {
      fieldErrors[field] = RATE_FIELD_EXAMPLES[field];
      continue;
    }
    if (RATE_OVERRIDE_LIMITS[field].kind === "cents") {
      const cents = parseMoneyToCents(text);
      if (cents === null) fieldErrors[field] = RATE_FIELD_EXAMPLES[field];
      else overrides[field] = cents;
    } else {
      const number = text.replace(/\s*%$/, "");
      const percent = /^-?(\d+\.?\d*|\.\d+)$/.test(number) ? Number(number) : NaN;
      if (Number.isFinite(percent)) overrides[field] = percent;
      else fieldErrors[field] = RATE_FIELD_EXAMPLES[field];
    }
  }
  // Range checks only see the values that parsed; a field's own parse error is kept.
  const errors = { ...validateRateOverrides(overrides), ...fieldErrors };
  return Object.keys(errors).length > 0
    ? { ok: false, fieldErrors: errors }
    : { ok: true, data: { state, overrides } };
}

/** Saves the account's home state and shop rates (one row per account). */
export function saveRateSettings(accountId: string, input: RateSettingsInput) {
  const values = {
    state: input.state,
    overrides: JSON.stringify(input.overrides),
    updatedAt: new Date(),
  };
  db()
    .insert(rateSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: rateSettings.accountId, set: values })
    .run();
}
