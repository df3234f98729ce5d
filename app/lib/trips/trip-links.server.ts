/**
 * Conversations and trips find each other whichever arrives first: a conversation names its
 * trip by reservation id, or, when the guest's emails named no reservation, by the guest's
 * name, but only when exactly one of the account's trips is that guest's around the time of
 * the conversation (a repeat guest is left for the host to tell apart).
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { conversations, trips } from "~/db/schema";
import { sameGuest } from "~/domain/inbox/guest-names";
import { DAY_MS } from "~/domain/zoned-time";
import type { db } from "~/lib/runtime/db.server";

export type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** How long before a trip's start and after its end a guest's messages are about that trip. */
const BEFORE_TRIP_MS = 30 * DAY_MS;
const AFTER_TRIP_MS = 14 * DAY_MS;

type TripWindow = Pick<
  typeof trips.$inferSelect,
  "id" | "reservationId" | "guestName" | "startAt" | "endAt"
>;

function around(trip: TripWindow, at: Date): boolean {
  const time = at.getTime();
  return (
    time >= trip.startAt.getTime() - BEFORE_TRIP_MS && time <= trip.endAt.getTime() + AFTER_TRIP_MS
  );
}

/** The trip a conversation is about: by reservation id, else the one trip of this guest then. */
export function tripForConversation(
  tx: Tx,
  accountId: string,
  conversation: { reservationId: string | null; guestName: string | null; at: Date },
): string | null {
  if (conversation.reservationId) {
    return (
      tx
        .select({ id: trips.id })
        .from(trips)
        .where(
          and(eq(trips.accountId, accountId), eq(trips.reservationId, conversation.reservationId)),
        )
        .get()?.id ?? null
    );
  }
  if (!conversation.guestName) return null;
  const theirs = guestTrips(tx, accountId).filter(
    (trip) => sameGuest(trip.guestName, conversation.guestName) && around(trip, conversation.at),
  );
  return theirs.length === 1 ? theirs[0]!.id : null;
}

function guestTrips(tx: Tx, accountId: string, reservationIds?: string[]): TripWindow[] {
  return tx
    .select({
      id: trips.id,
      reservationId: trips.reservationId,
      guestName: trips.guestName,
      startAt: trips.startAt,
      endAt: trips.endAt,
    })
    .from(trips)
    .where(
      reservationIds
        ? and(eq(trips.accountId, accountId), inArray(trips.reservationId, reservationIds))
        : eq(trips.accountId, accountId),
    )
    .all();
}

/**
 * Links the account's conversations that don't name a trip yet to the trips just stored (by
 * reservation id): call it wherever trips are added or changed, in the same transaction.
 */
export function linkConversationsToTrips(
  tx: Tx,
  accountId: string,
  reservationIds: readonly string[],
): number {
  if (reservationIds.length === 0) return 0;
  const waiting = tx
    .select({
      id: conversations.id,
      reservationId: conversations.reservationId,
      guestName: conversations.guestName,
      lastMessageAt: conversations.lastMessageAt,
    })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), isNull(conversations.tripId)))
    .all();
  if (waiting.length === 0) return 0;
  const wanted = new Set(reservationIds);
  const byName = waiting.some(
    (conversation) => !conversation.reservationId && conversation.guestName,
  );
  const reservations = waiting.flatMap((conversation) =>
    conversation.reservationId && wanted.has(conversation.reservationId)
      ? [conversation.reservationId]
      : [],
  );
  if (!byName && reservations.length === 0) return 0;
  const all = byName ? guestTrips(tx, accountId) : guestTrips(tx, accountId, reservations);
  const byReservation = new Map(all.map((trip) => [trip.reservationId, trip]));
  let linked = 0;
  for (const conversation of waiting) {
    let trip: TripWindow | undefined;
    if (conversation.reservationId) {
      if (wanted.has(conversation.reservationId))
        trip = byReservation.get(conversation.reservationId);
    } else if (conversation.guestName) {
      const theirs = all.filter(
        (candidate) =>
          sameGuest(candidate.guestName, conversation.guestName) &&
          around(candidate, conversation.lastMessageAt),
      );
      if (theirs.length === 1 && wanted.has(theirs[0]!.reservationId)) trip = theirs[0];
    }
    if (!trip) continue;
    tx.update(conversations)
      .set({ tripId: trip.id, reservationId: trip.reservationId })
      .where(eq(conversations.id, conversation.id))
      .run();
    linked++;
  }
  return linked;
}

/** The same, for one trip: returns the trip so a caller can link and return in one step. */
export function linkConversationsToTrip<T extends { reservationId: string } | undefined>(
  tx: Tx,
  accountId: string,
  trip: T,
): T {
  if (trip) linkConversationsToTrips(tx, accountId, [trip.reservationId]);
  return trip;
}
