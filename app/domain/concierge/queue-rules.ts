/**
 * Which queue items an account's trips, claims and conversations call for, and when: pure rules
 * over plain values, so the worker, the dashboard and the tests agree. Every key names what the
 * item is about and the time it derives from, so a trip whose times change gets new items.
 */
import { deadlineInstant } from "~/domain/claim-deadlines";
import { OPEN_CLAIM_STATUSES, type ClaimKind, type ClaimStatus } from "~/domain/claims/claim";
import type { ClaimDeadline } from "~/domain/claims/claim-windows";
import {
  claimDeadlineRule,
  describeDuration,
  FEES,
  type ClaimDeadlineId,
} from "~/domain/marketplace-rules";
import { formatCents } from "~/domain/money";
import { wallClockAt } from "~/domain/zoned-time";
import type { TripStatus } from "~/domain/trips/trip";
import type { QueueItemKind } from "./queue-item";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Trips starting within this span from now get their items… */
export const TRIP_LOOKAHEAD_MS = 7 * DAY_MS;
/** …and trips that ended within this span before now. */
export const TRIP_LOOKBACK_MS = 3 * DAY_MS;
/** The trip-start check opens this long before the trip starts. */
export const TRIP_START_CHECK_LEAD_MS = 2 * HOUR_MS;
/** A claim deadline that passed longer ago than this no longer makes an item. */
export const CLAIM_DEADLINE_LOOKBACK_MS = 3 * DAY_MS;

export const TRIP_ITEM_KINDS = [
  "trip-start",
  "return-check",
  "photo-audit",
  "reimbursement",
] as const satisfies readonly QueueItemKind[];
export const CONVERSATION_ITEM_KINDS = [
  "reply",
  "escalation",
] as const satisfies readonly QueueItemKind[];

/** One item the rules call for (what `queue_items` stores, minus its progress). */
export interface QueueItemSpec {
  kind: QueueItemKind;
  key: string;
  title: string;
  detail: string | null;
  tripId?: string | null;
  claimId?: string | null;
  conversationId?: string | null;
  amountCents?: number | null;
  readyAt: number;
  deadlineAt: number;
  /**
   * Listed without an email: it was already due when the product learned of its source (a trip
   * imported after the fact, a claim opened late), or its emails follow other settings.
   */
  quiet?: boolean;
}

/**
 * A source's items as of when the product learned of it (`knownAt`): a window that had already
 * closed by then gives no item (it is only "missed", never emailed), one already open is listed
 * quietly (the person adding the data is looking at it), the rest are scheduled as usual.
 */
export function sinceKnown(specs: readonly QueueItemSpec[], knownAt: number | undefined) {
  if (knownAt === undefined) return { items: [...specs], missed: [] as QueueItemSpec[] };
  const items: QueueItemSpec[] = [];
  const missed: QueueItemSpec[] = [];
  for (const spec of specs) {
    if (spec.deadlineAt <= knownAt) missed.push(spec);
    else items.push(spec.readyAt <= knownAt ? { ...spec, quiet: true } : spec);
  }
  return { items, missed };
}

export interface TripFacts {
  id: string;
  reservationId: string;
  guestName: string | null;
  vehicleName: string | null;
  startAt: number;
  endAt: number;
  timeZone: string;
  status: TripStatus;
  /** When the product learned of the trip (its row was written: an import, the API, by hand). */
  knownAt?: number;
}

/** Whether a trip is close enough to now for its items: starting soon, running, or just ended. */
export function tripInWindow(trip: Pick<TripFacts, "startAt" | "endAt" | "status">, now: number) {
  return (
    trip.status !== "canceled" &&
    trip.startAt <= now + TRIP_LOOKAHEAD_MS &&
    trip.endAt >= now - TRIP_LOOKBACK_MS
  );
}

function tripName(trip: TripFacts) {
  const who = trip.guestName ?? "the guest";
  const car = trip.vehicleName ? ` in ${trip.vehicleName}` : "";
  return `${who}${car} (trip ${trip.reservationId})`;
}

/** The reimbursement windows a trip end opens, and the claim kinds each covers. */
const REIMBURSEMENT_WINDOWS: ReadonlyArray<{
  rule: ClaimDeadlineId;
  name: string;
  kinds: readonly ClaimKind[];
}> = [
  { rule: "smoking-cleaning", name: "smoking or cleaning", kinds: ["smoking", "cleaning"] },
  {
    rule: "fuel-reimbursement",
    name: "fuel or EV charge",
    kinds: ["fuel", "ev-charge", "extra-distance", "impound"],
  },
];

/**
 * A trip's items: the start check (license, access details at the start, primary guest only),
 * the return check (grace, late fee), the post-trip photo audit and the reimbursement windows.
 * `reimbursementClaims` are the trip's open claims, whose amounts show on the windows they fall in.
 * Once the trip has ended its start check is moot and no longer given; windows that had closed
 * before the trip was known (an imported history) give nothing, and those already open when it
 * became known are listed without email (`sinceKnown`).
 */
export function tripItems(
  trip: TripFacts,
  reimbursementClaims: ReadonlyArray<{ kind: ClaimKind; claimedCents: number | null }> = [],
  now = trip.startAt,
): QueueItemSpec[] {
  return sinceKnown(allTripItems(trip, reimbursementClaims, now), trip.knownAt).items;
}

/** The windows of a trip imported after they had closed: listed as missed, never emailed. */
export function missedTripItems(trip: TripFacts, now = trip.startAt): QueueItemSpec[] {
  return sinceKnown(allTripItems(trip, [], now), trip.knownAt).missed;
}

function allTripItems(
  trip: TripFacts,
  reimbursementClaims: ReadonlyArray<{ kind: ClaimKind; claimedCents: number | null }> = [],
  now = trip.startAt,
): QueueItemSpec[] {
  if (trip.status === "canceled") return [];
  const name = tripName(trip);
  const late = FEES.lateReturn;
  const endLocal = wallClockAt(trip.endAt, trip.timeZone);
  const photos = claimDeadlineRule("post-trip-photos");
  const start: QueueItemSpec[] = [
    {
      kind: "trip-start",
      key: `trip-start:${trip.id}:${trip.startAt}`,
      title: `Trip starts: ${name}`,
      detail:
        "Check the guest's driver's license against the booking. Send access details only at the start, and only to the primary guest.",
      tripId: trip.id,
      readyAt: trip.startAt - TRIP_START_CHECK_LEAD_MS,
      deadlineAt: trip.startAt,
    },
  ];
  const items: QueueItemSpec[] = [
    ...(now < trip.endAt ? start : []),
    {
      kind: "return-check",
      key: `return-check:${trip.id}:${trip.endAt}`,
      title: `Return due: ${name}`,
      detail: `Confirm the car is back. ${late.graceMinutes} minutes of grace; from ${late.minimumHoursLate} hours late the guest owes a ${formatCents(late.feeCents, { trimWholeDollars: true })} late fee plus the extra time.`,
      tripId: trip.id,
      readyAt: trip.endAt,
      deadlineAt: trip.endAt + late.graceMinutes * MINUTE_MS,
    },
    {
      kind: "photo-audit",
      key: `photo-audit:${trip.id}:${trip.endAt}`,
      title: `Post-trip photos: ${name}`,
      detail: `Take post-trip photos of every side, the wheels, roof and interior, and report any damage within ${describeDuration(photos.duration)} of the end.`,
      tripId: trip.id,
      readyAt: trip.endAt,
      deadlineAt: deadlineInstant(
        { atMs: trip.endAt, local: endLocal },
        photos.duration,
        trip.timeZone,
      ),
    },
  ];
  for (const window of REIMBURSEMENT_WINDOWS) {
    const rule = claimDeadlineRule(window.rule);
    // Claims started before their amount is known add nothing to the sum.
    const claimed = reimbursementClaims.filter(
      (claim) => window.kinds.includes(claim.kind) && claim.claimedCents !== null,
    );
    const amountCents =
      claimed.length > 0
        ? claimed.reduce((sum, claim) => sum + (claim.claimedCents ?? 0), 0)
        : null;
    items.push({
      kind: "reimbursement",
      key: `reimbursement:${trip.id}:${window.rule}:${trip.endAt}`,
      title: `Reimbursement window (${window.name}): ${name}`,
      detail: [
        rule.description,
        rule.confidence && rule.confidence !== "high" && rule.caveat ? rule.caveat : null,
        amountCents !== null ? `Claimed: ${formatCents(amountCents)}.` : null,
      ]
        .filter(Boolean)
        .join(" "),
      tripId: trip.id,
      amountCents,
      readyAt: trip.endAt,
      deadlineAt: deadlineInstant(
        { atMs: trip.endAt, local: endLocal },
        rule.duration,
        trip.timeZone,
      ),
    });
  }
  return items;
}

export interface ClaimFacts {
  id: string;
  kind: ClaimKind;
  status: ClaimStatus;
  /** Null until the amount is known. */
  claimedCents: number | null;
  reservationId: string;
  tripEndAt: number;
  /** When the claim was opened. */
  knownAt?: number;
}

/**
 * One item per deadline of an open claim, from its trip's end, until it is long past; none for a
 * deadline that had passed when the claim was opened. They are listed, not emailed: the owner's
 * claim reminder settings ("Remind me") decide which emails go out about claim deadlines.
 */
export function claimItems(
  claim: ClaimFacts,
  deadlines: readonly ClaimDeadline[],
  kindLabel: string,
  now: number,
): QueueItemSpec[] {
  if (!OPEN_CLAIM_STATUSES.includes(claim.status)) return [];
  return deadlines
    .filter((deadline) => deadline.dueAtMs >= now - CLAIM_DEADLINE_LOOKBACK_MS)
    .filter((deadline) => claim.knownAt === undefined || deadline.dueAtMs > claim.knownAt)
    .map((deadline) => ({
      kind: "claim-deadline" as const,
      key: `claim-deadline:${claim.id}:${deadline.key}:${deadline.dueAtMs}`,
      title: `${deadline.label}: ${kindLabel.toLowerCase()} claim, trip ${claim.reservationId}`,
      detail: [deadline.description, deadline.caveat].filter(Boolean).join(" "),
      claimId: claim.id,
      amountCents: claim.claimedCents,
      readyAt: Math.min(claim.tripEndAt, deadline.dueAtMs),
      deadlineAt: deadline.dueAtMs,
      quiet: true,
    }));
}

export interface ConversationFacts {
  id: string;
  guestName: string | null;
  reservationId: string | null;
  /** The guest waits for a reply: since their first unanswered message, due by the response window. */
  reply: { since: number; dueAt: number } | null;
  /** The guest waits for a person ("Needs you"): since the first open question's message. */
  needsYou: { since: number; dueAt: number } | null;
  /** Restricted topics and action items, as labels: the escalation's reasons. */
  escalationReasons: readonly string[];
}

/**
 * A conversation where a guest waits: a reply item while a message is unanswered, an escalation
 * while "Needs you" is open (it outlives the holding reply). Keys count from the first message
 * waiting, so the guest writing again updates the item instead of starting (and emailing) anew.
 */
export function conversationItems(conversation: ConversationFacts): QueueItemSpec[] {
  const who = conversation.guestName ?? "A guest";
  const trip = conversation.reservationId ? ` (trip ${conversation.reservationId})` : "";
  const items: QueueItemSpec[] = [];
  if (conversation.reply) {
    items.push({
      kind: "reply",
      key: `reply:${conversation.id}:${conversation.reply.since}`,
      title: `Answer ${who}${trip}`,
      detail: "Reply in the marketplace's messaging, then mark it sent in the inbox.",
      conversationId: conversation.id,
      readyAt: conversation.reply.since,
      deadlineAt: conversation.reply.dueAt,
    });
  }
  if (conversation.needsYou && conversation.escalationReasons.length > 0) {
    items.push({
      kind: "escalation",
      key: `escalation:${conversation.id}:${conversation.needsYou.since}`,
      title: `Needs a person: ${who}${trip}`,
      detail: conversation.escalationReasons.join("; "),
      conversationId: conversation.id,
      readyAt: conversation.needsYou.since,
      deadlineAt: conversation.needsYou.dueAt,
    });
  }
  return items;
}

/** Soonest deadline first, so overdue items (deadline passed) lead. */
export function byDeadline<T extends { deadlineAt: number }>(items: readonly T[]) {
  return [...items].sort((a, b) => a.deadlineAt - b.deadlineAt);
}
