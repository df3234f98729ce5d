/**
 * The evidence packet of a claim, built from its records: the claim page's facts, the evidence
 * check, a timeline, the quotes and invoice of its estimate, and the estimate revision's own PDF.
 */
import { formatDateTime } from "~/domain/dates";
import { formatCents } from "~/domain/money";
import { roleBadge } from "../auth/account-labels";
import { buildReportPdf } from "../estimates/report-pdf-input.server";
import { accountOwnerName, getReport } from "../estimates/reports.server";
import { loadRevision } from "../estimates/revisions.server";
import { jsonError } from "../http/json";
import { renderClaimPacket } from "../pdf/claim-packet-pdf.server";
import { listConfirmations, listQuotes } from "../repairs/repairs.server";
import { recordEvent } from "../analytics/server";
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
      })
    : null;

  const timeline: Array<{ at: number; text: string }> = [
    { at: Date.parse(trip.startAt), text: "Trip started" },
    { at: Date.parse(trip.endAt), text: "Trip ended" },
    ...(claim.evidence?.photos ?? []).map((photo) => ({
      at: photo.takenAt,
      text: `Photo ${photo.number} taken (${photo.phase === "pre_trip" ? "pre-trip" : "post-trip"}${photo.basis === "upload" ? ", upload time" : ""}), SHA-256 ${photo.sha256}`,
    })),
    ...claim.history.map((event, index) => ({
      at: Date.parse(event.at),
      text: `${index === 0 ? "Claim created" : event.changed ? `Claim ${event.status.toLowerCase()}` : "Note"} by ${event.by} (${roleBadge(event.role).label})${event.note ? `: ${event.note}` : ""}`,
    })),
  ].sort((a, b) => a.at - b.at);

  const quotes = claim.reportId
    ? listQuotes(accountId)
        .filter(({ quote }) => quote.reportId === claim.reportId && quote.status === "received")
        .map(
          ({ quote }) =>
            `${quote.shopName}: ${formatCents(quote.amountCents ?? 0)}${quote.days !== null ? `, ${quote.days} working days` : ""}${quote.details ? `. ${quote.details}` : ""}`,
        )
    : [];
  const invoices = claim.reportId
    ? listConfirmations(accountId)
        .filter((row) => row.reportId === claim.reportId)
        .map(
          (row) =>
            `${formatCents(row.invoiceCents)}${row.shopName ? ` from ${row.shopName}` : ""}, finished ${row.repairedOn} (estimate ${formatCents(row.estimateCents)})`,
        )
    : [];

  return renderClaimPacket({
    title: `${claim.kind} claim, trip ${trip.reservationId}`,
    generatedAt: at(Date.now()),
    facts: [
      ["Status", claim.statusLabel],
      ["Car", trip.vehicleLabel ?? "Not matched"],
      ["Guest", trip.guestName ?? "Not named"],
      ["Trip", `${at(trip.startAt)} to ${at(trip.endAt)}`],
      ["Claimed", formatCents(claim.claimedCents)],
      ...(claim.approvedCents !== null
        ? ([["Approved", formatCents(claim.approvedCents)]] as Array<[string, string]>)
        : []),
      ...(claim.paidCents !== null
        ? ([["Paid", formatCents(claim.paidCents)]] as Array<[string, string]>)
        : []),
      ...(claim.reportRevision
        ? ([["Estimate", `revision ${claim.reportRevision}`]] as Array<[string, string]>)
        : []),
    ],
    risks: claim.evidence?.risks ?? [],
    warnings: claim.evidence?.warnings ?? [],
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
