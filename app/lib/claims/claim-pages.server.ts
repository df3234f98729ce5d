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
import { claimDeadlines } from "~/domain/claims/claim-windows";
import { deadlineOutcome, nextStep, type ClaimProgress } from "~/domain/claims/next-step";
import { formatDateTime } from "~/domain/dates";
import { CLAIM_DEADLINE_RULES, REIMBURSEMENT_DEADLINE_RULES } from "~/domain/marketplace-rules";
import { DAY_MS } from "~/domain/zoned-time";
import { accountMembers } from "~/lib/auth/accounts.server";
import { finalizedEstimates } from "~/lib/estimates/final-estimates.server";
import { getVehicle, vehicleLabel, vehiclesById } from "~/lib/vehicles/vehicles.server";
import { getTrip, type TripRow } from "~/lib/trips/trips.server";
import { NO_TRIP_FILTERS, tripPage } from "~/lib/trips/trip-list.server";
import { memberNames } from "./claim-api.server";
import { claimHistory, getClaim, type ClaimRow } from "./claims.server";
import {
  claimCounts,
  claimMoneyStats,
  claimListPage,
  claimStatusOptions,
  readClaimListRequest,
} from "./claim-list.server";
import { routeAdvisorFor } from "./route-advisor.server";
import { claimEvidence } from "./evidence.server";

function tripTitle(trip: TripRow, labels: Map<string, string>) {
  const car = trip.vehicleId
    ? (labels.get(trip.vehicleId) ?? "Car")
    : (trip.vehicleName ?? "Car not matched");
  return `${trip.reservationId} · ${car}${trip.guestName ? ` · ${trip.guestName}` : ""}`;
}

/** The labels of the trips' cars, read for those cars only. */
function vehicleLabels(accountId: string, trips: readonly Pick<TripRow, "vehicleId">[]) {
  const cars = vehiclesById(
    accountId,
    trips.map((trip) => trip.vehicleId),
  );
  return new Map([...cars].map(([id, vehicle]) => [id, vehicleLabel(vehicle)]));
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

/**
 * The claims page: one page of open claims (the default) or finished ones, the counts and the
 * money figures, all read with a fixed number of queries whatever the number of claims.
 */
export function claimsBoard(
  accountId: string,
  now: number,
  timeZone: string,
  params: URLSearchParams = new URLSearchParams(),
) {
  const request = readClaimListRequest(params, "open");
  const page = claimListPage(accountId, request.filters, {
    limit: request.limit,
    cursor: request.ok ? request.cursor : null,
  });
  // Under the open claims, the few last finished (a claim just paid stays in sight).
  const firstOpenPage =
    request.filters.show === "open" && !request.filters.status && !(request.ok && request.cursor);
  const finishedRows = firstOpenPage
    ? claimListPage(
        accountId,
        { show: "finished", status: null },
        { limit: RECENTLY_FINISHED, cursor: null },
      ).rows
    : [];
  const labels = vehicleLabels(
    accountId,
    [...page.rows, ...finishedRows].map(({ trip }) => trip),
  );
  const items = page.rows.map(({ claim, trip }) => summary(claim, trip, labels, now));
  // Within the page, the exact next deadline decides (kinds have different windows).
  if (request.filters.show === "open") items.sort((a, b) => a.nextDueMs - b.nextDueMs);
  const counts = claimCounts(accountId);
  const recentlyFinished = finishedRows.map(({ claim, trip }) => summary(claim, trip, labels, now));
  return {
    recentlyFinished: recentlyFinished.map(({ nextDueMs: _, ...item }) => item),
    filters: request.filters,
    notice: request.ok ? null : request.message,
    items: items.map(({ nextDueMs: _, ...item }) => item),
    nextCursor: page.nextCursor,
    counts: { open: counts.open, finished: counts.finished },
    statuses: claimStatusOptions(counts),
    atStakeCents: counts.atStakeCents,
    ...claimMoneyStats(accountId, now, timeZone),
  };
}

/** How many finished claims the open claims' first page shows under them. */
const RECENTLY_FINISHED = 5;

/** The longest any deadline runs after the trip's end, with a day to spare for zone shifts. */
const HOUR_MS = 3_600_000;
const LONGEST_WINDOW_MS =
  Math.max(
    ...[...CLAIM_DEADLINE_RULES, ...REIMBURSEMENT_DEADLINE_RULES].map(({ duration }) =>
      duration.unit === "elapsed-hours" ? duration.amount * HOUR_MS : duration.amount * DAY_MS,
    ),
  ) + DAY_MS;

/** How many open claims the dashboard reads to find the nearest deadlines among them. */
const DEADLINE_WINDOW = 20;

/** The open claims with the nearest deadlines, for the dashboard. */
export function nextClaimDeadlines(accountId: string, count: number) {
  const now = Date.now();
  // Only trips recent enough for a deadline to be still open: older open claims (whose
  // deadlines all passed) would otherwise fill the window.
  const { rows } = claimListPage(
    accountId,
    { show: "open", status: null },
    { limit: DEADLINE_WINDOW, cursor: null },
    now - LONGEST_WINDOW_MS,
  );
  const labels = vehicleLabels(
    accountId,
    rows.map(({ trip }) => trip),
  );
  return rows
    .map(({ claim, trip }) => summary(claim, trip, labels, now))
    .filter((item) => item.next !== null)
    .sort((a, b) => a.nextDueMs - b.nextDueMs)
    .slice(0, count)
    .map(({ nextDueMs: _, ...item }) => item);
}

/** The trips and finalized estimates a new claim can be for. */
export function newClaimOptions(accountId: string) {
  // The 200 most recently ended (a claim is for a trip that just ended), read in index order.
  const recent = tripPage(
    accountId,
    NO_TRIP_FILTERS,
    { limit: 200, cursor: null },
    { now: null, timeZone: "UTC" },
  );
  const labels = vehicleLabels(accountId, recent.trips);
  const trips = recent.trips.map((trip) => ({
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
