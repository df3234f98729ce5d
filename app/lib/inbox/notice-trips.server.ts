/**
 * What a forwarded booking, change or cancellation notice does to the account's trips: a booking
 * adds the trip (or fills in the one already imported), a made change moves its times, a
 * cancellation marks it canceled. A notice only sets what it states: a trip's other fields, and
 * a car the host already matched, stay as they were.
 */
import { and, eq, ne } from "drizzle-orm";
import { accounts, trips } from "~/db/schema";
import type { ReadNotification } from "~/domain/inbox/notification-email";
import { sameGuest } from "~/domain/inbox/guest-names";
import { statusByTime } from "~/domain/trips/trip";
import { resolveWallClock, type LocalDateTime } from "~/domain/zoned-time";
import { matchFileVehicle } from "~/domain/trips/file-vehicle";
import { rememberedMatches } from "~/lib/trips/trips.server";
import { listVehicles } from "~/lib/vehicles/vehicles.server";
import { linkConversationsToTrip, type Tx } from "~/lib/trips/trip-links.server";

/** The zone a notice's wall-clock times are in: the account's, else that of its latest trip. */
export function noticeTimeZone(tx: Tx, accountId: string): string | null {
  const account = tx
    .select({ timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .get();
  if (account?.timeZone) return account.timeZone;
  return (
    tx
      .select({ timeZone: trips.timeZone })
      .from(trips)
      .where(eq(trips.accountId, accountId))
      .orderBy(trips.startAt)
      .all()
      .at(-1)?.timeZone ?? null
  );
}

function instant(local: LocalDateTime, timeZone: string): Date {
  const resolved = resolveWallClock(local, timeZone);
  return new Date(resolved.kind === "unique" ? resolved.instantMs : resolved.earlierMs);
}

/** Applies the notice to its trip; returns the trip's id, or null when it names none we can place. */
export function applyTripNotice(
  tx: Tx,
  accountId: string,
  read: ReadNotification,
  options: { timeZone: string | null; now: Date },
): string | null {
  if (read.kind === "trip-cancelled") return cancelTrip(tx, accountId, read, options.now);
  if (read.kind !== "booking-confirmed" && read.kind !== "trip-changed") return null;
  if (!read.reservationId) return null;
  const stored = tx
    .select()
    .from(trips)
    .where(and(eq(trips.accountId, accountId), eq(trips.reservationId, read.reservationId)))
    .get();
  const zone = stored?.timeZone ?? options.timeZone;
  const times =
    zone && read.startAt && read.endAt
      ? { startAt: instant(read.startAt, zone), endAt: instant(read.endAt, zone) }
      : null;
  const timesMakeSense = times !== null && times.endAt.getTime() > times.startAt.getTime();
  if (stored) {
    const changes = {
      ...(read.guestName && !stored.guestName && { guestName: read.guestName }),
      ...(read.vehicleName && { vehicleName: read.vehicleName }),
      ...(timesMakeSense && times),
    };
    if (Object.keys(changes).length > 0) {
      tx.update(trips)
        .set({ ...changes, updatedAt: options.now })
        .where(eq(trips.id, stored.id))
        .run();
    }
    linkConversationsToTrip(tx, accountId, stored);
    return stored.id;
  }
  // A new trip needs its times; a notice without them waits for the export.
  if (!zone || !timesMakeSense) return null;
  const fleet = listVehicles(accountId, tx);
  // A notice names the car by its listing nickname or its make, model and year: matched as the
  // trip export's "Vehicle" and "Vehicle name" would be, remembered matches included.
  const match = read.vehicleName
    ? matchFileVehicle(fleet, rememberedMatches(tx, accountId), {
        label: read.vehicleName,
        title: read.vehicleName,
        vin: null,
        listingId: null,
      })
    : null;
  const vehicle = match?.kind === "matched" ? { id: match.vehicleId } : null;
  const trip = tx
    .insert(trips)
    .values({
      id: crypto.randomUUID(),
      accountId,
      reservationId: read.reservationId,
      vehicleId: vehicle?.id ?? null,
      vehicleName: read.vehicleName,
      guestName: read.guestName,
      startAt: times.startAt,
      endAt: times.endAt,
      timeZone: zone,
      status: statusByTime(times.startAt.getTime(), times.endAt.getTime(), options.now.getTime()),
      source: "email",
      updatedAt: options.now,
    })
    .returning()
    .get();
  linkConversationsToTrip(tx, accountId, trip);
  return trip.id;
}

/**
 * The trip a cancellation names (by reservation, else this guest's one trip not yet over) is
 * marked canceled.
 */
function cancelTrip(tx: Tx, accountId: string, read: ReadNotification, now: Date): string | null {
  let trip: { id: string } | undefined;
  if (read.reservationId) {
    trip = tx
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.accountId, accountId), eq(trips.reservationId, read.reservationId)))
      .get();
  } else if (read.guestName) {
    const open = tx
      .select({ id: trips.id, guestName: trips.guestName, endAt: trips.endAt })
      .from(trips)
      .where(and(eq(trips.accountId, accountId), ne(trips.status, "canceled")))
      .all()
      .filter(
        (candidate) =>
          sameGuest(candidate.guestName, read.guestName) &&
          candidate.endAt.getTime() > now.getTime(),
      );
    trip = open.length === 1 ? open[0] : undefined;
  }
  if (!trip) return null;
  tx.update(trips).set({ status: "canceled", updatedAt: now }).where(eq(trips.id, trip.id)).run();
  return trip.id;
}
