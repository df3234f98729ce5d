/** The JSON API's shapes for reports (GET /api/analysis and /api/analysis/{reportId}). */
import type { Estimate } from "~/domain/estimate/engine";
import { reportView } from "./report-view.server";
import { revisionInfo } from "./revisions.server";
import { catchInputError } from "~/lib/http/input-error";
import { inputErrorJson } from "~/lib/http/json-input.server";
import { jsonError, NOT_FOUND } from "~/lib/http/json";
import { loadReport, type ReportData, type ReportRow } from "./reports.server";

export function reportSummaryJson(report: ReportRow, vehicleTitle: string) {
  return {
    reportId: report.id,
    vehicleId: report.vehicleId,
    vehicleTitle,
    status: report.status,
    revision: report.revision,
    mode: report.mode,
    tripId: report.tripId,
    createdAt: report.createdAt.toISOString(),
    completedAt: report.completedAt?.toISOString() ?? null,
    totalCents: report.totalCents,
    lowCents: report.lowCents,
    highCents: report.highCents,
  };
}

export function reportDetailJson(data: ReportData) {
  const view = reportView(data, { photoUrlBase: "/photos", showGps: true });
  return {
    reportId: view.id,
    status: view.status,
    /** The revision open for edits or, when complete, the newest final one. */
    revision: data.report.revision,
    finalRevisions: revisionInfo(data.report).final,
    mode: view.mode,
    /** The trip the damage is from, and how it was set ("host", "capture-times", "upload-times"). */
    tripId: data.report.tripId,
    tripMatchedBy: data.report.tripMatchedBy,
    failureReason: view.failureReason,
    vehicle: view.vehicle,
    photos: view.photos,
    findings: view.findings,
    estimate: view.estimate
      ? {
          lines: view.estimate.lines,
          subtotals: view.estimate.subtotals,
          totalCents: view.estimate.totalCents,
          laborHours: view.estimate.laborHours,
          repairDays: view.estimate.repairDays,
          lostIncomeDays: view.estimate.lostIncomeDays,
          rangeDisplay: view.estimate.rangeDisplay,
          costRaisers: view.estimate.costRaisers,
          // Per-finding notes (cracked paint rules out PDR, hail past the matrix…); estimates
          // frozen before the engine wrote them have none.
          findingNotes: (view.estimate.findingNotes as Estimate["findingNotes"] | undefined) ?? {},
          region: view.estimate.region,
          ratesAsOf: view.estimate.ratesAsOf,
        }
      : null,
    lowCents: view.estimate?.lowCents ?? null,
    highCents: view.estimate?.highCents ?? null,
    /** What the estimate assumed (about the car's equipment, the rates…), frozen with it. */
    assumptions: view.estimate?.assumptions ?? [],
    createdAt: view.createdAt,
    completedAt: view.completedAt,
  };
}

/**
 * The JSON API's answer to a change of one report: the change's refusal (an InputError) as
 * a JSON error, else the report as it now is.
 */
export function reportChangeResponse(
  accountId: string,
  reportId: string,
  change: () => void,
  status = 200,
): Promise<Response> {
  return catchInputError(() => {
    change();
    const loaded = loadReport(accountId, reportId);
    return loaded ? Response.json(reportDetailJson(loaded), { status }) : jsonError(404, NOT_FOUND);
  }, inputErrorJson);
}
