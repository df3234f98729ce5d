/**
 * What the claims pages show: the board (open claims by next deadline, money at stake and
 * recovered), the choices of a new claim, and one claim with its deadlines and history.
 */
import {
  CLAIM_KIND_LABELS,
  CLAIM_STATUS_LABELS,
  CLAIM_TRANSITIONS,
  OPEN_CLAIM_STATUSES,
  type ClaimKind,
  type ClaimStatus,
} from "~/domain/claims/claim";
import { claimStats } from "~/domain/claims/claim-stats";
import { claimDeadlines } from "~/domain/claims/claim-windows";
import { deadlineOutcome, nextStep, type ClaimProgress } from "~/domain/claims/next-step";
import { formatDateTime } from "~/domain/dates";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import { accountPreferences } from "../accounts/preferences.server";
import { accountMembers } from "../auth/accounts.server";
import { finalizedEstimates } from "../estimates/final-estimates.server";
import { getVehicle, listVehicles, vehicleLabel } from "../estimates/vehicles.server";
import { listTrips, getTrip, type TripRow } from "../trips/trips.server";
import { memberNames } from "./claim-api.server";
import {
  claimHistory,
  claimMilestones,
  getClaim,
  listClaims,
  type ClaimRow,
} from "./claims.server";
import { routeAdvisorFor } from "./route-advisor.server";
import { claimEvidence } from "./evidence.server";

function tripTitle(trip: TripRow, labels: Map<string, string>) {
  const car = trip.vehicleId
    ? (labels.get(trip.vehicleId) ?? "Car")
    : (trip.vehicleName ?? "Car not matched");
  return `${trip.reservationId} · ${car}${trip.guestName ? ` · ${trip.guestName}` : ""}`;
}

function vehicleLabels(accountId: string) {
  return new Map(listVehicles(accountId).map((vehicle) => [vehicle.id, vehicleLabel(vehicle)]));
}

function summary(claim: ClaimRow, trip: TripRow, labels: Map<string, string>, now: number) {
  const deadlines = claimDeadlines(
    claim.kind as ClaimKind,
    { endAt: trip.endAt.getTime(), timeZone: trip.timeZone },
    now,
  );
  // A finished claim (paid, closed, withdrawn, denied) has nothing left to count down to.
  const open = OPEN_CLAIM_STATUSES.includes(claim.status as ClaimStatus);
  const next = open ? (deadlines.find((deadline) => deadline.status === "open") ?? null) : null;
  return {
    id: claim.id,
    kind: CLAIM_KIND_LABELS[claim.kind as ClaimKind],
    status: claim.status as ClaimStatus,
    statusLabel: CLAIM_STATUS_LABELS[claim.status as ClaimStatus],
    trip: tripTitle(trip, labels),
    claimedCents: claim.claimedCents,
    paidCents: claim.paidCents,
    next: next
      ? {
          label: next.label,
          dueAt: new Date(next.dueAtMs).toISOString(),
          timeZone: trip.timeZone,
          left: next.timeLeft.text,
        }
      : null,
    nextDueMs: next?.dueAtMs ?? Number.POSITIVE_INFINITY,
  };
}

export function claimsBoard(accountId: string, now: number, timeZone: string) {
  const labels = vehicleLabels(accountId);
  const milestones = claimMilestones(accountId);
  const rows = listClaims(accountId).map(({ claim, trip }) => ({
    claim,
    item: summary(claim, trip, labels, now),
  }));
  const open = rows
    .filter(({ claim }) => OPEN_CLAIM_STATUSES.includes(claim.status as ClaimStatus))
    .map(({ item }) => item)
    .sort((a, b) => a.nextDueMs - b.nextDueMs);
  const done = rows
    .filter(({ claim }) => !OPEN_CLAIM_STATUSES.includes(claim.status as ClaimStatus))
    .map(({ item }) => item);
  const stats = claimStats(
    rows.map(({ claim }) => ({
      claimedCents: claim.claimedCents ?? 0,
      paidCents: claim.paidCents,
      createdAt: claim.createdAt.getTime(),
      filedAt: milestones.get(claim.id)?.filedAt ?? null,
      // Money recorded as paid without a change to "paid" counts from the claim's last change.
      paidAt:
        milestones.get(claim.id)?.paidAt ??
        (claim.paidCents !== null ? claim.updatedAt.getTime() : null),
    })),
    now,
    timeZone,
  );
  return {
    open: open.map(({ nextDueMs: _, ...item }) => item),
    done: done.map(({ nextDueMs: _, ...item }) => item),
    atStakeCents: open.reduce((sum, item) => sum + (item.claimedCents ?? 0), 0),
    ...stats,
  };
}

/** The open claims with the nearest deadlines, for the dashboard. */
export function nextClaimDeadlines(accountId: string, count: number) {
  const zone = accountPreferences(accountId).timeZone ?? DEFAULT_TIME_ZONE;
  return claimsBoard(accountId, Date.now(), zone)
    .open.filter((item) => item.next !== null)
    .slice(0, count);
}

/** The trips and finalized estimates a new claim can be for. */
export function newClaimOptions(accountId: string) {
  const labels = vehicleLabels(accountId);
  const trips = listTrips(accountId, { limit: 200 }).map((trip) => ({
    id: trip.id,
    label: tripTitle(trip, labels),
    vehicleId: trip.vehicleId,
  }));
  const estimates = finalizedEstimates(accountId);
  return { trips, estimates };
}

export function claimPage(accountId: string, claimId: string, now: number) {
  const claim = getClaim(accountId, claimId);
  const trip = claim ? getTrip(accountId, claim.tripId) : undefined;
  if (!claim || !trip) return null;
  const vehicle = trip.vehicleId ? getVehicle(accountId, trip.vehicleId) : undefined;
  const names = memberNames(accountMembers(accountId));
  const status = claim.status as ClaimStatus;
  const events = claimHistory(accountId, claim.id);
  const firstAt = (wanted: ClaimStatus) =>
    events.find((event) => event.status === wanted && event.fromStatus !== wanted)?.at.getTime() ??
    null;
  const evidence = claimEvidence(claim, trip);
  const progress: ClaimProgress = {
    kind: claim.kind as ClaimKind,
    status,
    claimedCents: claim.claimedCents,
    filedAt: firstAt("filed"),
    escalatedAt: firstAt("escalated"),
    postTripPhotosInWindow: evidence
      ? evidence.panels.length > 0 && evidence.panels.every((panel) => panel.postTripPhoto !== null)
      : null,
  };
  const deadlines = claimDeadlines(
    claim.kind as ClaimKind,
    { endAt: trip.endAt.getTime(), timeZone: trip.timeZone },
    now,
  );
  return {
    id: claim.id,
    kind: CLAIM_KIND_LABELS[claim.kind as ClaimKind],
    status,
    statusLabel: CLAIM_STATUS_LABELS[status],
    nextStatuses: CLAIM_TRANSITIONS[status].map((next) => ({
      id: next,
      label: CLAIM_STATUS_LABELS[next],
    })),
    claimedCents: claim.claimedCents,
    approvedCents: claim.approvedCents,
    paidCents: claim.paidCents,
    note: claim.note,
    reportId: claim.reportId,
    reportRevision: claim.reportRevision,
    trip: {
      id: trip.id,
      vehicleId: trip.vehicleId,
      reservationId: trip.reservationId,
      guestName: trip.guestName,
      vehicleLabel: vehicle ? vehicleLabel(vehicle) : null,
      startAt: trip.startAt.toISOString(),
      endAt: trip.endAt.toISOString(),
      timeZone: trip.timeZone,
    },
    nextStep: nextStep(
      progress,
      deadlines.map((deadline) => ({
        key: deadline.key,
        dueAtMs: deadline.dueAtMs,
        status: deadline.status,
        dueText: formatDateTime(deadline.dueAtMs, trip.timeZone),
        left: deadline.timeLeft.text,
      })),
      evidence?.problems.length ?? 0,
    ),
    deadlines: deadlines.map(({ dueAtMs, timeLeft, ...deadline }) => ({
      ...deadline,
      outcome: deadlineOutcome({ key: deadline.key, dueAtMs, status: deadline.status }, progress),
      dueAt: new Date(dueAtMs).toISOString(),
      left: timeLeft.text,
    })),
    route: routeAdvisorFor(accountId, claim, trip, now),
    evidence,
    history: events.map((event) => ({
      id: event.id,
      status: CLAIM_STATUS_LABELS[event.status as ClaimStatus],
      changed: event.fromStatus !== event.status,
      at: event.at.toISOString(),
      by: event.byUserId ? (names.get(event.byUserId) ?? "A former member") : "A former member",
      role: event.byRole,
      note: event.note,
      approvedCents: event.approvedCents,
      paidCents: event.paidCents,
    })),
  };
}
