/**
 * The evidence check of a damage claim: the claimed revision's findings (as frozen) against the
 * report's photos and the trip's photo windows.
 */
import { auditEvidence, type EvidenceAudit } from "~/domain/claims/evidence-audit";
import { PANELS, type PanelId } from "~/domain/estimate/taxonomy";
import { reportPhotos } from "~/lib/estimates/photos.server";
import { getRevision, revisionFindings } from "~/lib/estimates/revisions.server";
import type { TripRow } from "~/lib/trips/trips.server";
import type { ClaimRow } from "./claims.server";

function warningCodes(json: string): string[] {
  try {
    const parsed = JSON.parse(json) as Array<{ code?: string }>;
    return parsed.map((warning) => warning.code ?? "").filter(Boolean);
  } catch {
    return [];
  }
}

/** Null for claims without an estimate (reimbursements, amounts typed by hand). */
export function claimEvidence(claim: ClaimRow, trip: TripRow): EvidenceAudit | null {
  if (!claim.reportId || !claim.reportRevision) return null;
  const revision = getRevision(claim.reportId, claim.reportRevision);
  if (!revision) return null;
  const photos = reportPhotos(claim.reportId).map((photo, index) => ({
    id: photo.id,
    number: index + 1,
    phase: photo.phase,
    capturedAt: photo.capturedAt,
    uploadedAt: photo.createdAt.getTime(),
    sha256: photo.originalSha256,
    warnings: warningCodes(photo.warnings),
  }));
  const findings = revisionFindings(revision).map((finding) => ({
    panelLabel: PANELS[finding.panel as PanelId]?.label ?? finding.panel,
    photoId: finding.photoId,
    preExisting: finding.preExisting,
  }));
  return auditEvidence({
    trip: { startAt: trip.startAt.getTime(), endAt: trip.endAt.getTime(), timeZone: trip.timeZone },
    photos,
    findings,
  });
}
