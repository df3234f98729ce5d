/**
 * The claims agent: drafts from the claim record only (`ClaimRecord`), by the configured AI when
 * there is one and by the templates otherwise. Every AI draft passes `checkDraft`; one that fails
 * is held back, with the reasons, and the template's draft is offered instead.
 */
import { marketplace } from "~/config/marketplace";
import {
  checkDraft,
  templateDraft,
  type ClaimRecord,
  type DraftKind,
  DRAFT_KIND_LABELS,
} from "~/domain/claims/claim-drafts";
import { CLAIM_KIND_LABELS, type ClaimKind } from "~/domain/claims/claim";
import { formatDateTime } from "~/domain/dates";
import type { DamageType, PanelId, Severity } from "~/domain/estimate/taxonomy";
import { PANELS } from "~/domain/estimate/taxonomy";
import { TextDraftError, type TextDrafter } from "~/lib/ai/text.server";
import { findingLabel } from "~/lib/estimates/finding-form";
import { reportPhotos } from "~/lib/estimates/photos.server";
import { getRevision, revisionFindings } from "~/lib/estimates/revisions.server";
import { getVehicle, vehicleTitle } from "~/lib/vehicles/vehicles.server";
import type { TripRow } from "~/lib/trips/trips.server";
import type { ClaimRow } from "./claims.server";

export function claimRecord(accountId: string, claim: ClaimRow, trip: TripRow): ClaimRecord {
  const vehicle = trip.vehicleId ? getVehicle(accountId, trip.vehicleId) : undefined;
  const revision =
    claim.reportId && claim.reportRevision
      ? getRevision(claim.reportId, claim.reportRevision)
      : undefined;
  const findings = revision
    ? revisionFindings(revision).filter((finding) => !finding.preExisting)
    : [];
  const photos = claim.reportId ? reportPhotos(claim.reportId) : [];
  const estimate = revision
    ? {
        revision: revision.number,
        totalCents: revision.totalCents,
        lowCents: revision.lowCents,
        highCents: revision.highCents,
      }
    : null;
  return {
    reservationId: trip.reservationId,
    guestName: trip.guestName,
    vehicle: vehicle ? vehicleTitle(vehicle) : (trip.vehicleName ?? "the car"),
    tripStart: formatDateTime(trip.startAt, trip.timeZone),
    tripEnd: formatDateTime(trip.endAt, trip.timeZone),
    kindLabel: CLAIM_KIND_LABELS[claim.kind as ClaimKind],
    damage: findings.map(
      (finding) =>
        `${findingLabel({ severity: finding.severity as Severity, damageType: finding.damageType as DamageType })}, ${(PANELS[finding.panel as PanelId]?.label ?? finding.panel).toLowerCase()}`,
    ),
    claimedCents: claim.claimedCents,
    estimate,
    photoCount: {
      preTrip: photos.filter((photo) => photo.phase === "pre_trip").length,
      postTrip: photos.filter((photo) => photo.phase === "post_trip").length,
    },
    note: claim.note,
  };
}

export interface WrittenDraft {
  kind: DraftKind;
  title: string;
  text: string;
  source: "ai" | "template";
  /** Why the AI's draft was held back (then `text` is the template's). */
  heldBack: string[];
  /** The AI couldn't be used (unreachable, unreadable answer): the template was used. */
  aiUnavailable: boolean;
}

const SYSTEM = `You draft messages for a car-rental host about a claim after a ${marketplace.name} trip. Rules:
- Use only the facts in the claim record. Never add an amount, date, time, id, name or event that isn't in it.
- State what happened; never admit fault or liability, never blame.
- Keep all communication and payment on ${marketplace.name}: no phone numbers, emails or other payment apps.
- Write as the host, plainly and politely, in US English. Keep the template's facts; improve its wording.
Answer with JSON: {"draft": "..."}.`;

export async function writeDraft(
  record: ClaimRecord,
  kind: DraftKind,
  concerns: string,
  drafter: TextDrafter | null,
): Promise<WrittenDraft> {
  const template = templateDraft(kind, record, concerns);
  const base = {
    kind,
    title: DRAFT_KIND_LABELS[kind],
    heldBack: [] as string[],
    aiUnavailable: false,
  };
  if (!drafter) return { ...base, text: template, source: "template" };
  const user = [
    `Task: ${DRAFT_KIND_LABELS[kind]}.`,
    `Claim record (JSON): ${JSON.stringify(record)}`,
    kind === "denial-reply" ? `${marketplace.name}'s concerns:\n${concerns}` : null,
    `TEMPLATE:\n${template}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  try {
    const text = await drafter.draft({ system: SYSTEM, user });
    const check = checkDraft(text, record, concerns);
    return check.ok
      ? { ...base, text, source: "ai" }
      : { ...base, text: template, source: "template", heldBack: check.problems };
  } catch (error) {
    if (!(error instanceof TextDraftError)) throw error;
    return { ...base, text: template, source: "template", aiUnavailable: true };
  }
}
