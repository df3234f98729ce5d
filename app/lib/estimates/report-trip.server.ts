/**
 * The trip an estimate belongs to. The host chooses it at upload ("find it from the photos",
 * "not for a trip", or one of the car's trips) and can change it on the report; "find it" matches
 * the photos' capture times (or upload times) against the car's trips.
 */
import { and, desc, eq } from "drizzle-orm";
import { reports } from "~/db/schema";
import { FIND_TRIP, NO_TRIP, type TripMatchBasis } from "~/domain/trips/trip";
import { suggestTrip } from "~/domain/trips/trip-suggestion";
import { db } from "~/lib/runtime/db.server";
import { getTrip, listTrips, type TripRow } from "~/lib/trips/trips.server";
import { InputError } from "~/lib/http/input-error";
import { getReport } from "./reports.server";

export const CHOOSE_TRIP_MESSAGE = "Choose one of this car's trips.";

export interface TripOfReport {
  tripId: string | null;
  tripMatchedBy: TripMatchBasis | null;
}

/** How many of a car's latest trips the choosers offer. */
const TRIP_CHOICES = 30;

/** The host's choice turned into the report's trip: `choice` is FIND_TRIP, NO_TRIP or a trip id. */
export function resolveTripChoice(
  accountId: string,
  vehicleId: string,
  choice: string | undefined,
  photos: readonly { capturedAt: string | null; createdAt: Date }[],
): TripOfReport {
  if (choice === NO_TRIP) return { tripId: null, tripMatchedBy: null };
  if (choice && choice !== FIND_TRIP) {
    const trip = getTrip(accountId, choice);
    if (!trip || trip.vehicleId !== vehicleId) {
      throw new InputError(CHOOSE_TRIP_MESSAGE, { field: "tripId", status: 400 });
    }
    return { tripId: trip.id, tripMatchedBy: "host" };
  }
  const suggestion = suggestTrip(
    listTrips(accountId, { vehicleId }).map((trip) => ({
      id: trip.id,
      startAt: trip.startAt.getTime(),
      endAt: trip.endAt.getTime(),
      timeZone: trip.timeZone,
    })),
    photos.map((photo) => ({
      capturedAt: photo.capturedAt,
      uploadedAt: photo.createdAt.getTime(),
    })),
  );
  return suggestion
    ? { tripId: suggestion.tripId, tripMatchedBy: suggestion.basis }
    : { tripId: null, tripMatchedBy: null };
}

/** The host changes the report's trip (any status: the trip is not part of the estimate). */
export function setReportTrip(accountId: string, reportId: string, choice: string | undefined) {
  const report = getReport(accountId, reportId);
  if (!report) throw new InputError("Report not found.", { status: 404 });
  const { tripId } = resolveTripChoice(accountId, report.vehicleId, choice || NO_TRIP, []);
  db()
    .update(reports)
    .set({ tripId, tripMatchedBy: tripId ? "host" : null })
    .where(eq(reports.id, report.id))
    .run();
}

/** The trips a chooser offers for each car: "R-1234 · Pat Ng · Nov 18–20". */
export function tripChoices(accountId: string, vehicleIds: readonly string[]) {
  return vehicleIds.map((vehicleId) => ({
    vehicleId,
    trips: listTrips(accountId, { vehicleId, limit: TRIP_CHOICES }).map(tripChoice),
  }));
}

export type TripChoice = ReturnType<typeof tripChoice>;

function tripChoice(trip: TripRow) {
  return {
    id: trip.id,
    reservationId: trip.reservationId,
    guestName: trip.guestName,
    startAt: trip.startAt.toISOString(),
    endAt: trip.endAt.toISOString(),
    timeZone: trip.timeZone,
  };
}

/** The report's trip as its pages show it, or null. */
export function tripOfReport(
  accountId: string,
  report: { tripId: string | null; tripMatchedBy: TripMatchBasis | null },
) {
  const trip = report.tripId ? getTrip(accountId, report.tripId) : undefined;
  return trip ? { ...tripChoice(trip), matchedBy: report.tripMatchedBy ?? "host" } : null;
}

/** The estimates attached to a trip, newest first. */
export function reportsOfTrip(accountId: string, tripId: string) {
  return db()
    .select({
      id: reports.id,
      status: reports.status,
      revision: reports.revision,
      totalCents: reports.totalCents,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(eq(reports.accountId, accountId), eq(reports.tripId, tripId)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .all();
}
