/**
 * Report revisions. Finalizing freezes the report's current revision (its estimate, its findings
 * and the rate inputs it was priced with); what was sent to an adjuster never changes under
 * them. Editing a finished report opens the next revision, priced with the same rate inputs
 * until the host explicitly re-prices at the account's current rates.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Estimate } from "~/domain/estimate/engine";
import { reportRevisions } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";
import { reportPhotos } from "./photos.server";
import type { FindingRow, ReportData, ReportRow } from "./reports.server";
import { getVehicle } from "~/lib/vehicles/vehicles.server";

export type RevisionRow = typeof reportRevisions.$inferSelect;

/** Where a revision stands among the report's revisions, for the page and the JSON API. */
export interface RevisionInfo {
  number: number;
  /** Null while this revision is a draft being edited. */
  finalizedAt: string | null;
  /** The newest final revision after this one, if any. */
  supersededBy: number | null;
  /** Every final revision, oldest first. */
  final: Array<{ number: number; finalizedAt: string; totalCents: number }>;
}

/**
 * The report's final revisions, oldest first: number, date and total only (every report page and
 * report JSON lists them; the frozen estimate and findings stay unread).
 */
export function finalRevisions(reportId: string): RevisionInfo["final"] {
  return db()
    .select({
      number: reportRevisions.number,
      finalizedAt: reportRevisions.finalizedAt,
      totalCents: reportRevisions.totalCents,
    })
    .from(reportRevisions)
    .where(eq(reportRevisions.reportId, reportId))
    .orderBy(asc(reportRevisions.number))
    .all()
    .map((row) => ({ ...row, finalizedAt: row.finalizedAt.toISOString() }));
}

export function getRevision(reportId: string, number: number): RevisionRow | undefined {
  return db()
    .select()
    .from(reportRevisions)
    .where(and(eq(reportRevisions.reportId, reportId), eq(reportRevisions.number, number)))
    .get();
}

/** The findings rows as they were when the revision was finalized. */
export function revisionFindings(revision: RevisionRow): FindingRow[] {
  const rows = JSON.parse(revision.findingsJson) as Array<
    Omit<FindingRow, "createdAt" | "repairedAt"> & { createdAt: string; repairedAt: string | null }
  >;
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    repairedAt: row.repairedAt ? new Date(row.repairedAt) : null,
  }));
}

export function revisionInfo(report: ReportRow, number = report.revision): RevisionInfo {
  const final = finalRevisions(report.id);
  const own = final.find((row) => row.number === number);
  const newest = final.at(-1);
  return {
    number,
    finalizedAt: own?.finalizedAt ?? null,
    supersededBy: newest && newest.number > number ? newest.number : null,
    final,
  };
}

/**
 * A final revision as a report to show: its frozen findings and estimate, with the report's
 * photos and vehicle. Null when the report has no such final revision.
 */
export function loadRevision(
  report: ReportRow,
  number: number,
): (ReportData & { revision: RevisionInfo }) | null {
  const row = getRevision(report.id, number);
  const vehicle = row ? getVehicle(report.accountId, report.vehicleId) : undefined;
  if (!row || !vehicle) return null;
  return {
    report: {
      ...report,
      status: "complete",
      revision: number,
      totalCents: row.totalCents,
      lowCents: row.lowCents,
      highCents: row.highCents,
      completedAt: row.finalizedAt,
    },
    vehicle,
    photos: reportPhotos(report.id),
    findings: revisionFindings(row),
    estimate: JSON.parse(row.estimateJson) as Estimate,
    revision: revisionInfo(report, number),
  };
}

/** A `?revision=N` query value as a revision number; null when absent or not a number. */
export function parseRevisionParam(text: string | null): number | null {
  return text && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : null;
}

/** The newest final revision's number, or null when none was finalized yet. */
export function latestFinalRevision(reportId: string): number | null {
  return finalRevisions(reportId).at(-1)?.number ?? null;
}
