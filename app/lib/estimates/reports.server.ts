/**
 * Damage reports: creating one from staged photos, reading it and pricing it with the estimate
 * engine (the host's review edits are in report-edits.server.ts). Every function takes the
 * account id from the session and scopes by it: another account's report ids are simply not
 * found.
 */
import { InputError } from "~/lib/http/input-error";
import crypto from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { estimateRepair, type Estimate } from "~/domain/estimate/engine";
import { resolveRateCard, type RateOverrides } from "~/domain/estimate/rate-card";
import {
  DAMAGE_TYPES,
  PANELS,
  type AdasSensor,
  type BoundingBox,
  type DamageType,
  type Finding,
  type HailDetail,
  type PanelId,
  type Severity,
} from "~/domain/estimate/taxonomy";
import { HailDetailSchema } from "~/domain/estimate/finding-schema";
import { findings, photos, rateSettings, reports, type ReportStatus } from "~/db/schema";
import { visionProviderFromEnv } from "~/lib/ai/vision.server";
import { recordEvent } from "~/lib/analytics/server";
import { pageOf, type Page, type ListPageRequest } from "~/lib/paging/paging";
import { afterTime, timeCursor } from "~/lib/paging/time-keyset.server";
import { db } from "~/lib/runtime/db.server";
import { findingLabel, type FindingFormData } from "./finding-form";
import { reportPhotos, stagedPhotos, MAX_PHOTOS_PER_REPORT, type PhotoRow } from "./photos.server";
import {
  getVehicle,
  statedEquipmentForEngine,
  toEngineVehicle,
  type VehicleRow,
} from "~/lib/vehicles/vehicles.server";

export type ReportRow = typeof reports.$inferSelect;
type TripMatchBasis = NonNullable<ReportRow["tripMatchedBy"]>;
export type FindingRow = typeof findings.$inferSelect;

/** Statuses in which the host can still change findings. */
export const EDITABLE_STATUSES: readonly ReportStatus[] = ["needs_review", "failed"];

/** A 128-bit random id: report ids appear in URLs and must not be guessable. */
function newReportId() {
  return crypto.randomBytes(16).toString("base64url");
}

export function aiAvailable() {
  return visionProviderFromEnv() !== null;
}

export const PHOTO_NOT_ON_REPORT = "Choose one of this report's photos for the finding.";

export interface CreateReportInput {
  accountId: string;
  userId: string;
  vehicleId: string;
  photoIds: string[];
  /** "ai" when a provider is configured and the host asked for it; otherwise hand tagging. */
  mode: "ai" | "manual";
  /** Hand-tagged findings sent with the photos (JSON API, or the no-JS hand-tagging form). */
  findings?: FindingFormData[];
  /** The trip the damage is from (`resolveTripChoice`). */
  trip?: { tripId: string | null; tripMatchedBy: TripMatchBasis | null };
}

/** Creates the report and claims its photos in one transaction; an AI report is queued. */
export function createReport(input: CreateReportInput): ReportRow {
  const vehicle = getVehicle(input.accountId, input.vehicleId);
  if (!vehicle)
    throw new InputError("Choose one of your vehicles.", { field: "vehicleId", status: 404 });
  const ids = [...new Set(input.photoIds)];
  if (ids.length === 0)
    throw new InputError("Add at least one photo of the damage.", { field: "photos", status: 400 });
  if (ids.length > MAX_PHOTOS_PER_REPORT) {
    throw new InputError(`A report holds at most ${MAX_PHOTOS_PER_REPORT} photos.`, {
      field: "photos",
      status: 400,
    });
  }
  const staged = stagedPhotos(input.accountId, ids);
  if (staged.length !== ids.length) {
    throw new InputError(
      "Some photos are no longer available (they expire after a day). Upload them again.",
      { field: "photos", status: 409 },
    );
  }
  if ((input.findings ?? []).some((finding) => finding.photoId && !ids.includes(finding.photoId))) {
    throw new InputError(PHOTO_NOT_ON_REPORT, { field: "photoId", status: 400 });
  }
  const mode = input.mode === "ai" && aiAvailable() ? "ai" : "manual";
  const now = new Date();
  const report = db().transaction((tx) => {
    const row = tx
      .insert(reports)
      .values({
        id: newReportId(),
        accountId: input.accountId,
        vehicleId: vehicle.id,
        createdByUserId: input.userId,
        status: mode === "ai" ? "queued" : "needs_review",
        mode,
        nextAttemptAt: mode === "ai" ? now : null,
        rateState: accountRateSettings(input.accountId).state,
        tripId: input.trip?.tripId ?? null,
        tripMatchedBy: input.trip?.tripMatchedBy ?? null,
        updatedAt: now,
      })
      .returning()
      .get();
    staged.forEach((photo, position) => {
      tx.update(photos)
        .set({ reportId: row.id, position })
        .where(and(eq(photos.id, photo.id), isNull(photos.reportId)))
        .run();
    });
    (input.findings ?? []).forEach((finding, position) => {
      tx.insert(findings)
        .values(findingValues(row, finding, position))
        .run();
    });
    return row;
  });
  recordEvent("analysis_started", { analysisId: report.id, photoCount: staged.length });
  recordEvent("photo_upload", { photoCount: staged.length, analysisType: mode });
  if (mode === "ai") notifyQueued();
  return report;
}

/**
 * A findings row for this report. Hand-tagged findings come at full confidence from the host;
 * the analysis worker passes the AI's confidence, photo and box.
 */
export function findingValues(
  report: Pick<ReportRow, "id" | "accountId" | "vehicleId">,
  finding: FindingFormData & { confidence?: number },
  position: number,
  source: "ai" | "host" = "host",
) {
  return {
    id: crypto.randomUUID(),
    reportId: report.id,
    accountId: report.accountId,
    vehicleId: report.vehicleId,
    position,
    panel: finding.panel,
    damageType: finding.damageType,
    severity: finding.severity,
    sizeCm: finding.sizeCm ?? null,
    confidence: finding.confidence ?? 1,
    photoId: finding.photoId ?? null,
    box: finding.box ? JSON.stringify(finding.box) : null,
    source,
    preExisting: finding.preExisting,
    note: finding.note ?? null,
    ...findingDetails(finding),
  };
}

/** The details only some damage has, as stored: hail counts, the damaged sensor, cracked paint. */
export function findingDetails(
  finding: Pick<FindingFormData, "hail" | "sensor" | "paintCracked" | "sameAsFindingId">,
) {
  return {
    hail: finding.hail ? JSON.stringify(finding.hail) : null,
    sensor: finding.sensor ?? null,
    paintCracked: finding.paintCracked ?? false,
    sameAsFindingId: finding.sameAsFindingId ?? null,
  };
}

function parseHail(json: string | null): HailDetail | undefined {
  if (!json) return undefined;
  const parsed = HailDetailSchema.safeParse(safeJson(json));
  return parsed.success ? parsed.data : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// ─── The analysis queue hook ────────────────────────────────────────────────────────────────────

let queueListener: (() => void) | null = null;

/** The worker registers here to hear about new queued reports without waiting for its poll. */
export function onReportQueued(listener: () => void) {
  queueListener = listener;
}

export function notifyQueued() {
  queueListener?.();
}

// ─── Reading ────────────────────────────────────────────────────────────────────────────────────

export function getReport(accountId: string, reportId: string): ReportRow | undefined {
  if (typeof reportId !== "string" || reportId.length > 64) return undefined;
  return db()
    .select()
    .from(reports)
    .where(and(eq(reports.accountId, accountId), eq(reports.id, reportId)))
    .get();
}

export function reportFindings(reportId: string): FindingRow[] {
  return db()
    .select()
    .from(findings)
    .where(eq(findings.reportId, reportId))
    .orderBy(findings.position, findings.createdAt)
    .all();
}

/**
 * One page of the account's reports, newest first: `limit` of them after `cursor` (the last
 * report's creation time and id). A cursor that isn't a reports cursor is null here: the caller
 * refuses it first.
 */
export function reportPage(accountId: string, page: ListPageRequest): Page<ReportRow> {
  const cursor = timeCursor(page.cursor);
  const rows = db()
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.accountId, accountId),
        afterTime(reports.createdAt, reports.id, cursor, "desc"),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(page.limit + 1)
    .all();
  return pageOf(rows, page.limit, (report) => ({ key: report.createdAt.getTime(), id: report.id }));
}

export function accountRateSettings(accountId: string): {
  state: string | null;
  overrides: RateOverrides;
} {
  const row = db().select().from(rateSettings).where(eq(rateSettings.accountId, accountId)).get();
  if (!row) return { state: null, overrides: {} };
  try {
    return { state: row.state, overrides: JSON.parse(row.overrides) as RateOverrides };
  } catch {
    return { state: row.state, overrides: {} };
  }
}

export function toEngineFinding(row: FindingRow): Finding {
  return {
    id: row.id,
    panel: row.panel as PanelId,
    damageType: row.damageType as DamageType,
    severity: row.severity as Severity,
    sizeCm: row.sizeCm ?? undefined,
    confidence: row.confidence,
    photoId: row.photoId ?? undefined,
    box: parseBox(row.box),
    note: row.note ?? undefined,
    hail: parseHail(row.hail ?? null),
    sensor: (row.sensor as AdasSensor | null) ?? undefined,
    paintCracked: row.paintCracked || undefined,
  };
}

function parseBox(json: string | null): BoundingBox | undefined {
  if (!json) return undefined;
  try {
    return JSON.parse(json) as BoundingBox;
  } catch {
    return undefined;
  }
}

/** What a revision is priced with: the state's default rates and the shop's own rates on top. */
export interface RateInputs {
  state: string | null;
  overrides: RateOverrides;
}

export function parseRateInputs(json: string | null): RateInputs | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Partial<RateInputs>;
    return { state: parsed.state ?? null, overrides: parsed.overrides ?? {} };
  } catch {
    return null;
  }
}

/** The rate inputs a report's open revision is priced with: pinned ones, else the account's. */
export function reportRateInputs(
  report: Pick<ReportRow, "accountId" | "rateState"> & Partial<Pick<ReportRow, "pinnedRatesJson">>,
): RateInputs {
  const pinned = parseRateInputs(report.pinnedRatesJson ?? null);
  if (pinned) return pinned;
  const settings = accountRateSettings(report.accountId);
  return { state: report.rateState ?? settings.state, overrides: settings.overrides };
}

/** The rate inputs the report would be priced with at the account's current rates. */
export function currentRateInputs(report: Pick<ReportRow, "accountId" | "rateState">): RateInputs {
  return reportRateInputs({ ...report, pinnedRatesJson: null });
}

/** Whether two sets of rate inputs price alike (same state, same shop rates in any order). */
export function sameRateInputs(a: RateInputs, b: RateInputs): boolean {
  const entries = (inputs: RateInputs) =>
    JSON.stringify(
      Object.entries(inputs.overrides)
        .filter(([, value]) => value !== undefined && value !== null)
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return (a.state ?? null) === (b.state ?? null) && entries(a) === entries(b);
}

/**
 * Prices the report's new damage with the engine. Pre-existing damage is shown but not charged:
 * the marketplace only pays the difference over damage that was already there.
 */
export function priceFindings(
  report: Pick<ReportRow, "accountId" | "rateState"> & Partial<Pick<ReportRow, "pinnedRatesJson">>,
  vehicle: VehicleRow,
  rows: FindingRow[],
): Estimate {
  const rates = reportRateInputs(report);
  return estimateRepair({
    vehicle: toEngineVehicle(vehicle),
    options: { assumptions: statedEquipmentForEngine(vehicle).assumptions },
    // Damage already reported on an earlier report ("same as") isn't charged again either.
    findings: rows.filter((row) => !row.preExisting && !row.sameAsFindingId).map(toEngineFinding),
    rateCard: resolveRateCard(rates.state, rates.overrides),
  });
}

/** The estimate to show: frozen once complete, otherwise priced live from the current findings. */
export function reportEstimate(
  report: ReportRow,
  vehicle: VehicleRow,
  rows: FindingRow[],
): Estimate | null {
  if (report.status === "complete" && report.estimateJson) {
    return JSON.parse(report.estimateJson) as Estimate;
  }
  if (report.status === "queued" || report.status === "analyzing") return null;
  return priceFindings(report, vehicle, rows);
}

// ─── Views ──────────────────────────────────────────────────────────────────────────────────────

export function findingJson(row: FindingRow, number: number, photoNumbers: Map<string, number>) {
  const panel = row.panel as PanelId;
  const damageType = row.damageType as DamageType;
  const severity = row.severity as Severity;
  return {
    id: row.id,
    number,
    panel,
    panelLabel: PANELS[panel]?.label ?? row.panel,
    damageType,
    damageLabel: DAMAGE_TYPES[damageType]?.label ?? row.damageType,
    severity,
    label: findingLabel({ severity, damageType }),
    sizeCm: row.sizeCm,
    confidence: row.confidence,
    source: row.source,
    preExisting: row.preExisting,
    photoId: row.photoId,
    photoNumber: row.photoId ? (photoNumbers.get(row.photoId) ?? null) : null,
    box: parseBox(row.box) ?? null,
    note: row.note,
    hail: parseHail(row.hail ?? null) ?? null,
    sensor: row.sensor ?? null,
    paintCracked: row.paintCracked ?? false,
    sameAsFindingId: row.sameAsFindingId ?? null,
    repairedAt: row.repairedAt?.toISOString() ?? null,
  };
}

export type FindingJson = ReturnType<typeof findingJson>;

export interface ReportData {
  report: ReportRow;
  vehicle: VehicleRow;
  photos: PhotoRow[];
  findings: FindingRow[];
  estimate: Estimate | null;
}

/** Everything a report page, the PDF or the API needs, for this account's report. */
export function loadReport(accountId: string, reportId: string): ReportData | null {
  const report = getReport(accountId, reportId);
  if (!report) return null;
  return loadReportRow(report);
}

export function loadReportRow(report: ReportRow): ReportData | null {
  const vehicle = getVehicle(report.accountId, report.vehicleId);
  if (!vehicle) return null;
  const rows = reportFindings(report.id);
  return {
    report,
    vehicle,
    photos: reportPhotos(report.id),
    findings: rows,
    estimate: reportEstimate(report, vehicle, rows),
  };
}
