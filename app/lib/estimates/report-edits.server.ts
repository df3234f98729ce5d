/**
 * The review edits of a damage report: the host's changes to its findings, finalizing a
 * revision, opening the next one, repricing at today's rates, retrying the analysis and the
 * share's GPS setting. Each takes the account id from the session and scopes by it.
 */
import { InputError } from "~/lib/http/input-error";
import { and, eq } from "drizzle-orm";
import type { Estimate } from "~/domain/estimate/engine";
import { findings, reportRevisions, reports } from "~/db/schema";
import { recordEvent } from "~/lib/analytics/server";
import { db } from "~/lib/runtime/db.server";
import type { FindingFormData } from "./finding-form";
import { matchingOpenDamage } from "./open-damage";
import { openDamageFor } from "./open-damage.server";
import { reportPhotos } from "./photos.server";
import { getVehicle } from "~/lib/vehicles/vehicles.server";
import {
  EDITABLE_STATUSES,
  type FindingRow,
  PHOTO_NOT_ON_REPORT,
  type ReportRow,
  aiAvailable,
  findingDetails,
  findingValues,
  getReport,
  notifyQueued,
  priceFindings,
  reportFindings,
  reportRateInputs,
} from "./reports.server";

function requireEditable(accountId: string, reportId: string): ReportRow {
  const report = getReport(accountId, reportId);
  if (!report) throw new InputError("Report not found", { status: 404 });
  if (!EDITABLE_STATUSES.includes(report.status)) {
    throw new InputError(
      report.status === "complete"
        ? "This estimate is final. Choose “Edit findings” to change it."
        : "The photos are still being analyzed. Edit the findings when the analysis is done.",
      { status: 409 },
    );
  }
  return report;
}

/** Any edit means the host is reviewing by hand now: a failed AI report moves on to review. */
function touch(reportId: string) {
  db()
    .update(reports)
    .set({ status: "needs_review", failureReason: null, updatedAt: new Date() })
    .where(eq(reports.id, reportId))
    .run();
}

/** A finding's photo must be one of this report's photos. */
function checkFindingPhotos(reportId: string, list: Pick<FindingFormData, "photoId">[]) {
  const ids = new Set(reportPhotos(reportId).map((photo) => photo.id));
  if (list.some((data) => data.photoId && !ids.has(data.photoId))) {
    throw new InputError(PHOTO_NOT_ON_REPORT, { field: "photoId", status: 400 });
  }
}

/** The photo and box to store: unchanged when the caller left the photo out. */
function photoAndBox(data: FindingFormData, kept: Pick<FindingRow, "photoId" | "box">) {
  if (data.photoId === undefined) return { photoId: kept.photoId, box: kept.box };
  return { photoId: data.photoId, box: data.box ? JSON.stringify(data.box) : null };
}

export function addFinding(accountId: string, reportId: string, data: FindingFormData) {
  const report = requireEditable(accountId, reportId);
  checkFindingPhotos(report.id, [data]);
  const position = reportFindings(report.id).length;
  db()
    .insert(findings)
    .values(findingValues(report, data, position))
    .run();
  touch(report.id);
}

export function updateFinding(
  accountId: string,
  reportId: string,
  findingId: string,
  data: FindingFormData,
) {
  const report = requireEditable(accountId, reportId);
  checkFindingPhotos(report.id, [data]);
  const existing = reportFindings(report.id).find((row) => row.id === findingId);
  if (!existing) throw new InputError("That finding is no longer on this report.", { status: 404 });
  const changedWhat =
    existing.panel !== data.panel ||
    existing.damageType !== data.damageType ||
    existing.severity !== data.severity;
  db()
    .update(findings)
    .set({
      panel: data.panel,
      damageType: data.damageType,
      severity: data.severity,
      sizeCm: data.sizeCm ?? null,
      preExisting: data.preExisting,
      note: data.note ?? null,
      ...findingDetails(data),
      ...photoAndBox(data, existing),
      // A person confirmed or corrected it: it is now the host's finding at full confidence.
      confidence: 1,
      // Answering "same damage" or "new" confirms the finding too.
      source: changedWhat || data.newDamage || data.sameAsFindingId ? "host" : existing.source,
    })
    .where(eq(findings.id, existing.id))
    .run();
  touch(report.id);
}

export function removeFinding(accountId: string, reportId: string, findingId: string) {
  const report = requireEditable(accountId, reportId);
  const result = db()
    .delete(findings)
    .where(and(eq(findings.reportId, report.id), eq(findings.id, findingId)))
    .run();
  if (result.changes === 0)
    throw new InputError("That finding is no longer on this report.", { status: 404 });
  touch(report.id);
}

/** Replaces every finding at once (the JSON API's review edit). Keeps AI ids it is given back. */
export function replaceFindings(
  accountId: string,
  reportId: string,
  list: (FindingFormData & { id?: string })[],
) {
  const report = requireEditable(accountId, reportId);
  checkFindingPhotos(report.id, list);
  const existing = new Map(reportFindings(report.id).map((row) => [row.id, row]));
  db().transaction((tx) => {
    tx.delete(findings).where(eq(findings.reportId, report.id)).run();
    list.forEach((data, position) => {
      const kept = data.id ? existing.get(data.id) : undefined;
      const values = findingValues(report, data, position);
      const unchanged =
        kept &&
        kept.panel === data.panel &&
        kept.damageType === data.damageType &&
        kept.severity === data.severity;
      tx.insert(findings)
        .values(
          kept
            ? {
                ...values,
                id: kept.id,
                ...photoAndBox(data, kept),
                source: unchanged ? kept.source : "host",
                confidence: unchanged ? kept.confidence : 1,
              }
            : values,
        )
        .run();
    });
    tx.update(reports)
      .set({ status: "needs_review", failureReason: null, updatedAt: new Date() })
      .where(eq(reports.id, report.id))
      .run();
  });
}

/**
 * Freezes the open revision: its estimate, its findings and the rate inputs it was priced with
 * (report_revisions), and completes the report.
 */
export function finalizeReport(
  accountId: string,
  reportId: string,
  finalizedByUserId: string | null = null,
): Estimate {
  const report = requireEditable(accountId, reportId);
  const vehicle = getVehicle(accountId, report.vehicleId);
  if (!vehicle) throw new InputError("Report not found", { status: 404 });
  const rows = reportFindings(report.id);
  if (rows.length === 0) {
    throw new InputError("Add at least one finding before finalizing the estimate.", {
      status: 422,
    });
  }
  // The AI doesn't know what earlier reports found: the host says whether it's the same damage.
  const open = openDamageFor(accountId, report);
  const unresolved = rows.findIndex(
    (row) =>
      row.source === "ai" &&
      !row.preExisting &&
      !row.sameAsFindingId &&
      matchingOpenDamage(open, row).length > 0,
  );
  if (unresolved >= 0) {
    throw new InputError(
      `Finding ${unresolved + 1} is on a panel that already has this damage from an earlier report. Open it and say whether it's the same damage (not charged again) or new, then finalize.`,
      { status: 409 },
    );
  }
  const rates = reportRateInputs(report);
  const estimate = priceFindings(report, vehicle, rows);
  const now = new Date();
  const ratesJson = JSON.stringify(rates);
  db().transaction((tx) => {
    tx.insert(reportRevisions)
      .values({
        reportId: report.id,
        accountId,
        number: report.revision,
        estimateJson: JSON.stringify(estimate),
        findingsJson: JSON.stringify(rows),
        ratesJson,
        totalCents: estimate.totalCents,
        lowCents: estimate.lowCents,
        highCents: estimate.highCents,
        finalizedByUserId,
        finalizedAt: now,
      })
      .run();
    tx.update(reports)
      .set({
        status: "complete",
        estimateJson: JSON.stringify(estimate),
        totalCents: estimate.totalCents,
        lowCents: estimate.lowCents,
        highCents: estimate.highCents,
        pinnedRatesJson: ratesJson,
        completedAt: now,
        updatedAt: now,
      })
      .where(eq(reports.id, report.id))
      .run();
  });
  recordEvent("analysis_completed", { analysisId: report.id });
  return estimate;
}

/**
 * Opens the next revision of a complete report for editing; the final one stays as it was for
 * its share links and PDFs. Priced with the same rate inputs until the host re-prices. Answers
 * the number of the revision now open (the same one again if it was already open).
 */
export function openNextRevision(accountId: string, reportId: string): number {
  const report = getReport(accountId, reportId);
  if (!report) throw new InputError("Report not found", { status: 404 });
  if (report.status !== "complete") return report.revision;
  const next = report.revision + 1;
  db()
    .update(reports)
    .set({
      status: "needs_review",
      revision: next,
      estimateJson: null,
      completedAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(reports.id, report.id), eq(reports.status, "complete")))
    .run();
  return next;
}

/** Prices the open revision with the account's current rates from now on (an explicit choice). */
export function repriceAtCurrentRates(accountId: string, reportId: string) {
  const report = requireEditable(accountId, reportId);
  db()
    .update(reports)
    .set({ pinnedRatesJson: null, updatedAt: new Date() })
    .where(eq(reports.id, report.id))
    .run();
}

/** Queues a failed AI analysis again (when a provider is configured). */
export function retryAnalysis(accountId: string, reportId: string) {
  const report = getReport(accountId, reportId);
  if (!report) throw new InputError("Report not found", { status: 404 });
  if (report.status !== "failed") return;
  if (!aiAvailable()) {
    throw new InputError(
      "AI analysis isn't set up on this server. Tag the damage on the diagram instead.",
      { status: 409 },
    );
  }
  db()
    .update(reports)
    .set({
      status: "queued",
      mode: "ai",
      attempts: 0,
      nextAttemptAt: new Date(),
      failureReason: null,
      updatedAt: new Date(),
    })
    .where(eq(reports.id, report.id))
    .run();
  notifyQueued();
}

export function setShareGps(accountId: string, reportId: string, shareGps: boolean) {
  const report = getReport(accountId, reportId);
  if (!report) throw new InputError("Report not found", { status: 404 });
  db()
    .update(reports)
    .set({ shareGps, updatedAt: new Date() })
    .where(eq(reports.id, report.id))
    .run();
}
