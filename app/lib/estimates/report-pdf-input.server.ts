/**
 * Builds the PDF of a report from the same view the web page shows, and answers the download.
 * Used by the owner's route, the JSON API and share links alike.
 */
import { StandardFonts } from "pdf-lib";
import type { Estimate } from "~/domain/estimate/engine";
import { logoBytes } from "~/lib/accounts/logo.server";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { recordEvent } from "~/lib/analytics/server";
import { jsonError } from "~/lib/http/json";
import { renderReportPdf } from "~/lib/pdf/report-pdf.server";
import { drawVehicleDiagram } from "~/lib/pdf/vehicle-diagram.server";
import { readPhotoFile } from "./photos.server";
import { findingDetailText, findingMarkers } from "./finding-form";
import { reportView } from "./report-view.server";
import { loadReport, type ReportData } from "./reports.server";
import { loadRevision, parseRevisionParam, type RevisionInfo } from "./revisions.server";

/** A report to print: the open one, or a final revision as `loadRevision` gives it. */
export type PdfReportData = ReportData & {
  revision?: Pick<RevisionInfo, "number" | "supersededBy">;
};

export async function buildReportPdf(
  data: PdfReportData,
  options: {
    showGps: boolean;
    preparedFor: string;
    shareUrl?: string | null;
    /** False inside a claim's evidence packet, which numbers the pages itself. */
    pageFooters?: boolean;
  },
): Promise<Uint8Array> {
  const view = reportView(data, { photoUrlBase: "", showGps: options.showGps });
  const estimate = view.estimate as Estimate;
  const photos = [];
  for (const [index, row] of data.photos.entries()) {
    const jpeg = await readPhotoFile(row, "display");
    const photo = view.photos[index]!;
    if (!jpeg) continue;
    photos.push({
      id: photo.id,
      number: photo.number,
      jpeg,
      width: photo.width,
      height: photo.height,
      phase: photo.phase,
      capturedAt: photo.capturedAt,
      uploadedAt: row.createdAt,
      sha256: photo.originalSha256,
      gps: photo.gps,
      hasGps: photo.hasGps,
      showGps: options.showGps,
      boxes: view.findings
        .filter((finding) => finding.photoId === photo.id && finding.box)
        .map((finding) => ({
          number: finding.number,
          severity: finding.severity,
          box: finding.box!,
        })),
    });
  }
  const markers = findingMarkers(view.findings);
  const { logoKey } = accountPreferences(data.report.accountId);
  return renderReportPdf({
    reportId: view.id,
    generatedAt: new Date(),
    createdAt: data.report.createdAt,
    completedAt: data.report.completedAt,
    status: view.status === "complete" ? "complete" : "needs_review",
    // The business name replaces the owner's name on everything the account sends out.
    preparedFor: view.business.name ?? options.preparedFor,
    logoPng: await logoBytes(logoKey),
    timeZone: view.display.timeZone,
    units: view.display.units,
    vehicle: view.vehicle,
    estimate,
    findings: view.findings.map((finding) => ({
      id: finding.id,
      number: finding.number,
      label: [finding.label, findingDetailText(finding)].filter(Boolean).join(" — "),
      panelLabel: finding.panelLabel,
      sizeCm: finding.sizeCm ?? undefined,
      confidence: finding.confidence,
      source: finding.source,
      photoNumber: finding.photoNumber,
      preExisting: finding.preExisting,
      reportedBefore: Boolean(finding.sameAsFindingId),
      note: finding.note,
    })),
    photos,
    lostIncome: view.lostIncome,
    disclaimers: view.disclaimers,
    shareUrl: options.shareUrl ?? null,
    revision: data.revision ?? { number: data.report.revision, supersededBy: null },
    pageFooters: options.pageFooters ?? true,
    drawDiagram: (page, box) => {
      const font = page.doc.embedStandardFont(StandardFonts.Helvetica);
      drawVehicleDiagram(page, box, view.vehicle.bodyType, markers, font);
    },
  });
}

/** The PDF as a download, recording the pdf_generated and analysis_downloaded events. */
export async function reportPdfResponse(
  data: PdfReportData,
  options: { showGps: boolean; preparedFor: string; userId?: string; shareUrl?: string | null },
) {
  if (
    data.report.status !== "complete" &&
    data.report.status !== "needs_review" &&
    data.report.status !== "failed"
  ) {
    return jsonError(
      409,
      "The photos are still being analyzed. Download the PDF when the analysis is done.",
    );
  }
  const pdf = await buildReportPdf(data, options);
  recordEvent("pdf_generated", { analysisId: data.report.id }, options.userId);
  recordEvent("analysis_downloaded", { analysisId: data.report.id }, options.userId);
  const name =
    `damage-estimate-${data.vehicle.year}-${data.vehicle.make}-${data.vehicle.model}-${data.report.id.slice(0, 8)}`
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}.pdf"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * What the owner's PDF routes print: the report as it is now, or with `?revision=N` that final
 * revision. Null (a 404) for another account's report or a revision that isn't final.
 */
export function ownerPdfData(
  accountId: string,
  reportId: string,
  url: string,
): PdfReportData | null {
  const loaded = loadReport(accountId, reportId);
  const requested = new URL(url).searchParams.get("revision");
  if (!loaded || requested === null) return loaded;
  const number = parseRevisionParam(requested);
  return number === null ? null : loadRevision(loaded.report, number);
}
