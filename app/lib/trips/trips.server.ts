/**
 * The account's trips: imported from the Trip Earnings CSV, posted to the API or typed by hand.
 * Every query takes the account id first; another account's trip ids are simply not found.
 */
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { trips, vehicles } from "../../../db/schema";
import type { TripCsvRow } from "~/domain/trips/trip-csv";
import type { TripInput, TripStatus } from "~/domain/trips/trip";
import { normalizeVin } from "~/domain/vin";
import { isoWithOffset } from "~/domain/zoned-time";
import { db } from "../runtime/db.server";
import { ofAccountAndVehicle, type AccountListOptions } from "../runtime/account-rows.server";
import { vehicleTitle } from "../estimates/vehicles.server";
import { linkConversationsToTrip, linkConversationsToTrips } from "../inbox/trip-links.server";

export type TripRow = typeof trips.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

/** How a file's car name is compared: lower case, words only ("2019 Toyota Corolla" ≈ "toyota corolla 2019"). */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .sort()
    .join(" ");
}

/**
 * The account's car a file row means: the one with its VIN, else the only one whose nickname or
 * "year make model" has the same words. Two cars with the same name match neither (the host picks).
 */
export function matchVehicleFor(
  fleet: readonly VehicleRow[],
  row: { vehicleName: string; vin: string | null },
): VehicleRow | null {
  if (row.vin) {
    const vin = normalizeVin(row.vin);
    const byVin = fleet.find((vehicle) => vehicle.vin === vin);
    if (byVin) return byVin;
  }
  const key = nameKey(row.vehicleName);
  if (key === "") return null;
  const named = fleet.filter((vehicle) =>
    [
      vehicle.nickname ?? "",
      vehicleTitle(vehicle),
      `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    ]
      .filter((name) => name !== "")
      .some((name) => nameKey(name) === key),
  );
  return named.length === 1 ? named[0]! : null;
}

export interface ImportSummary {
  imported: number;
  updated: number;
  /** Rows identical to the trip already stored. */
  skipped: number;
  /** Trips whose car isn't matched to one of the account's vehicles yet. */
  unmatched: number;
}

const TRACKED: ReadonlyArray<keyof TripInput> = [
  "guestName",
  "startAt",
  "endAt",
  "timeZone",
  "pickupLocation",
  "returnLocation",
  "odometerStart",
  "odometerEnd",
  "distanceMiles",
  "earningsCents",
  "status",
];

function rowValues(trip: TripInput) {
  return {
    ...(trip.guestPlan !== undefined && { guestPlan: trip.guestPlan }),
    guestName: trip.guestName,
    startAt: new Date(trip.startAt),
    endAt: new Date(trip.endAt),
    timeZone: trip.timeZone,
    pickupLocation: trip.pickupLocation,
    returnLocation: trip.returnLocation,
    odometerStart: trip.odometerStart,
    odometerEnd: trip.odometerEnd,
    distanceMiles: trip.distanceMiles,
    earningsCents: trip.earningsCents,
    status: trip.status,
  };
}

function unchanged(stored: TripRow, trip: TripInput): boolean {
  const next = rowValues(trip);
  return TRACKED.every((field) => {
    const a = stored[field as keyof TripRow];
    const b = next[field as keyof typeof next];
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
  });
}

/**
 * Stores a whole file in one transaction: new reservations are added, known ones updated (a car
 * the host already matched keeps its match), identical ones left alone.
 */
export function importTrips(accountId: string, rows: readonly TripCsvRow[]): ImportSummary {
  return db().transaction((tx) => {
    const fleet = tx.select().from(vehicles).where(eq(vehicles.accountId, accountId)).all();
    const ids = rows.map((row) => row.trip.reservationId);
    const existing = new Map(
      (ids.length === 0
        ? []
        : tx
            .select()
            .from(trips)
            .where(and(eq(trips.accountId, accountId), inArray(trips.reservationId, ids)))
            .all()
      ).map((trip) => [trip.reservationId, trip]),
    );
    const summary: ImportSummary = { imported: 0, updated: 0, skipped: 0, unmatched: 0 };
    const now = new Date();
    for (const row of rows) {
      const stored = existing.get(row.trip.reservationId);
      const vehicleId = stored?.vehicleId ?? matchVehicleFor(fleet, row)?.id ?? null;
      if (vehicleId === null) summary.unmatched++;
      const file = { vehicleName: row.vehicleName || null, vehicleVin: row.vin };
      if (!stored) {
        tx.insert(trips)
          .values({
            id: crypto.randomUUID(),
            accountId,
            reservationId: row.trip.reservationId,
            vehicleId,
            ...file,
            ...rowValues(row.trip),
            source: "import",
            updatedAt: now,
          })
          .run();
        summary.imported++;
      } else if (unchanged(stored, row.trip) && stored.vehicleId === vehicleId) {
        summary.skipped++;
      } else {
        tx.update(trips)
          .set({ vehicleId, ...file, ...rowValues(row.trip), updatedAt: now })
          .where(eq(trips.id, stored.id))
          .run();
        summary.updated++;
      }
    }
    linkConversationsToTrips(tx, accountId, ids);
    return summary;
  });
}

export class TripConflictError extends Error {}

/** A trip typed by hand or posted to the API; a reservation already stored is refused. */
export function createTrip(
  accountId: string,
  trip: TripInput,
  vehicleId: string,
  source: "manual" | "api",
): TripRow {
  return db().transaction((tx) => {
    const clash = tx
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.accountId, accountId), eq(trips.reservationId, trip.reservationId)))
      .get();
    if (clash) {
      throw new TripConflictError(`Reservation ${trip.reservationId} is already a trip here.`);
    }
    const row = tx
      .insert(trips)
      .values({
        id: crypto.randomUUID(),
        accountId,
        reservationId: trip.reservationId,
        vehicleId,
        ...rowValues(trip),
        source,
        updatedAt: new Date(),
      })
      .returning()
      .get();
    return linkConversationsToTrip(tx, accountId, row);
  });
}

export function updateTrip(
  accountId: string,
  tripId: string,
  trip: TripInput,
  vehicleId: string,
): TripRow | undefined {
  return db().transaction((tx) => {
    const clash = tx
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.accountId, accountId), eq(trips.reservationId, trip.reservationId)))
      .get();
    if (clash && clash.id !== tripId) {
      throw new TripConflictError(
        `Reservation ${trip.reservationId} is already another trip here.`,
      );
    }
    const row = tx
      .update(trips)
      .set({
        reservationId: trip.reservationId,
        vehicleId,
        ...rowValues(trip),
        updatedAt: new Date(),
      })
      .where(and(eq(trips.accountId, accountId), eq(trips.id, tripId)))
      .returning()
      .get();
    return linkConversationsToTrip(tx, accountId, row);
  });
}

export function getTrip(accountId: string, tripId: string): TripRow | undefined {
  return db()
    .select()
    .from(trips)
    .where(and(eq(trips.accountId, accountId), eq(trips.id, tripId)))
    .get();
}

export function listTrips(accountId: string, options: AccountListOptions = {}): TripRow[] {
  return db()
    .select()
    .from(trips)
    .where(ofAccountAndVehicle(trips, accountId, options.vehicleId))
    .orderBy(desc(trips.startAt))
    .limit(options.limit ?? 500)
    .all();
}

/** The file's car names whose trips aren't matched to a vehicle yet, with how many trips each. */
export function unmatchedVehicleNames(accountId: string): { vehicleName: string; trips: number }[] {
  const rows = db()
    .select({ vehicleName: trips.vehicleName, vehicleVin: trips.vehicleVin })
    .from(trips)
    .where(and(eq(trips.accountId, accountId), isNull(trips.vehicleId)))
    .orderBy(asc(trips.vehicleName))
    .all();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const name = row.vehicleName ?? row.vehicleVin ?? "";
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([vehicleName, count]) => ({ vehicleName, trips: count }));
}

/** The matching step: every unmatched trip the file names `vehicleName` goes to `vehicleId`. */
export function matchTripsToVehicle(
  accountId: string,
  vehicleName: string,
  vehicleId: string,
): number {
  const result = db()
    .update(trips)
    .set({ vehicleId, updatedAt: new Date() })
    .where(
      and(
        eq(trips.accountId, accountId),
        isNull(trips.vehicleId),
        eq(trips.vehicleName, vehicleName),
      ),
    )
    .run();
  return result.changes;
}

/** The API's shape of a trip: times as ISO 8601 with the trip's own offset. */
export function tripJson(trip: TripRow) {
  return {
    id: trip.id,
    reservationId: trip.reservationId,
    vehicleId: trip.vehicleId,
    vehicleName: trip.vehicleName,
    guestName: trip.guestName,
    startAt: isoWithOffset(trip.startAt.getTime(), trip.timeZone),
    endAt: isoWithOffset(trip.endAt.getTime(), trip.timeZone),
    timeZone: trip.timeZone,
    pickupLocation: trip.pickupLocation,
    returnLocation: trip.returnLocation,
    odometerStart: trip.odometerStart,
    odometerEnd: trip.odometerEnd,
    distanceMiles: trip.distanceMiles,
    earningsCents: trip.earningsCents,
    status: trip.status as TripStatus,
    guestPlan: trip.guestPlan,
    source: trip.source,
  };
}
