/**
 * The evidence packet of a claim, built from its records: the host's case for an adjuster or the
 * guest's insurer. It states facts only (the trip, the car, the photos with their capture times
 * and fingerprints, a timeline, the estimate, quotes and invoice); the evidence check's judgments
 * stay on the claim page, where the host can act on them.
 */
import { formatDateTime } from "~/domain/dates";
import { formatCents } from "~/domain/money";
import { roleBadge } from "~/lib/auth/account-labels";
import { buildReportPdf } from "~/lib/estimates/report-pdf-input.server";
import { accountOwnerName } from "~/lib/accounts/owner.server";
import { getReport } from "~/lib/estimates/reports.server";
import { loadRevision } from "~/lib/estimates/revisions.server";
import { jsonError } from "~/lib/http/json";
import { renderClaimPacket } from "~/lib/pdf/claim-packet-pdf.server";
import { confirmationsFor, receivedQuotesFor } from "~/lib/repairs/repairs.server";
import { recordEvent } from "~/lib/analytics/server";
import { claimPage } from "./claim-pages.server";

export async function claimPacketPdf(
  accountId: string,
  claimId: string,
): Promise<Uint8Array | null> {
  const claim = claimPage(accountId, claimId, Date.now());
  if (!claim) return null;
  const { trip } = claim;
  const zone = trip.timeZone;
  const at = (iso: string | number) => formatDateTime(iso, zone);
  const report = claim.reportId ? getReport(accountId, claim.reportId) : undefined;
  const revision =
    report && claim.reportRevision ? loadRevision(report, claim.reportRevision) : null;
  const estimatePdf = revision
    ? await buildReportPdf(revision, {
        showGps: report!.shareGps,
        preparedFor: accountOwnerName(accountId),
        pageFooters: false,
      })
    : null;

  const timeline: Array<{ at: number; text: string }> = [
    { at: Date.parse(trip.startAt), text: "Trip started" },
    { at: Date.parse(trip.endAt), text: "Trip ended" },
    ...(claim.evidence?.photos ?? []).map((photo) => ({
      at: photo.takenAt,
      text: `Photo ${photo.number} ${photo.basis === "upload" ? "uploaded" : "taken"} (${photo.phase === "pre_trip" ? "pre-trip" : "post-trip"})`,
    })),
    ...claim.history.map((event, index) => ({
      at: Date.parse(event.at),
      text: `${index === 0 ? "Claim created" : event.changed ? `Claim ${event.status.toLowerCase()}` : "Note"} by ${event.by} (${roleBadge(event.role).label})${event.note ? `: ${event.note}` : ""}`,
    })),
  ].sort((a, b) => a.at - b.at);

  const quotes = claim.reportId
    ? receivedQuotesFor(accountId, claim.reportId).map(
        (quote) =>
          `${quote.shopName}: ${formatCents(quote.amountCents ?? 0)}${quote.days !== null ? `, ${quote.days} working ${quote.days === 1 ? "day" : "days"}` : ""}${quote.details ? `. ${quote.details}` : ""}`,
      )
    : [];
  const invoices = claim.reportId
    ? confirmationsFor(accountId, claim.reportId).map(
        (row) =>
          `${formatCents(row.invoiceCents)}${row.shopName ? ` from ${row.shopName}` : ""}, finished ${row.repairedOn} (estimate ${formatCents(row.estimateCents)})`,
      )
    : [];

  const photos = (claim.evidence?.photos ?? []).map((photo) => ({
    title: `Photo ${photo.number}, ${photo.phase === "pre_trip" ? "pre-trip" : "post-trip"}`,
    time:
      photo.basis === "upload"
        ? `Uploaded ${at(photo.takenAt)} (the file carries no capture time)`
        : photo.basis === "exif-camera-clock"
          ? `Taken ${at(photo.takenAt)} (the camera's clock, in the trip's time zone)`
          : `Taken ${at(photo.takenAt)} (capture time recorded by the camera)`,
    sha256: photo.sha256,
  }));
  const claimedParts = claim.evidence?.panels.map((panel) => panel.panelLabel) ?? [];

  return renderClaimPacket({
    title: `${claim.kind} claim, trip ${trip.reservationId}`,
    generatedAt: at(Date.now()),
    facts: [
      ["Reservation", trip.reservationId],
      ["Car", trip.vehicleLabel ?? "Not matched"],
      ["Guest", trip.guestName ?? "Not named"],
      ["Trip", `${at(trip.startAt)} to ${at(trip.endAt)}`],
      ["Claim", `${claim.kind}, ${claim.statusLabel.toLowerCase()}`],
      ...(claimedParts.length > 0
        ? ([["Damaged parts", claimedParts.join(", ")]] as Array<[string, string]>)
        : []),
      [
        "Amount claimed",
        claim.claimedCents === null ? "To follow" : formatCents(claim.claimedCents),
      ],
      ...(claim.approvedCents !== null
        ? ([["Approved", formatCents(claim.approvedCents)]] as Array<[string, string]>)
        : []),
      ...(claim.paidCents !== null
        ? ([["Paid", formatCents(claim.paidCents)]] as Array<[string, string]>)
        : []),
      ...(revision
        ? ([
            [
              "Estimate",
              `revision ${claim.reportRevision}, ${formatCents(revision.report.totalCents ?? 0)}`,
            ],
          ] as Array<[string, string]>)
        : []),
    ],
    photos,
    timeline: timeline.map((entry) => `${at(entry.at)}: ${entry.text}`),
    quotes,
    invoices,
    estimatePdf,
  });
}

/**
 * The packet as a file: a download for the claim page and the API, or shown in the browser for a
 * share link (`viewer` "share-link": nobody signed in).
 */
export async function claimPacketResponse(
  accountId: string,
  claimId: string,
  viewer: { userId: string } | "share-link",
) {
  const pdf = await claimPacketPdf(accountId, claimId);
  if (!pdf) return jsonError(404, "Not found");
  const shared = viewer === "share-link";
  recordEvent(
    "feature_usage",
    { feature: "claims", action: shared ? "packet-link-opened" : "packet" },
    shared ? undefined : viewer.userId,
  );
  const filename = `claim-packet-${claimId.slice(0, 8)}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${shared ? "inline" : "attachment"}; filename="${filename}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
