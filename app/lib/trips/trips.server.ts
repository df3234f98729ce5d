/**
 * The account's trips: imported from the Trip Earnings CSV, posted to the API or typed by hand.
 * Every query takes the account id first; another account's trip ids are simply not found.
 */
import { and, asc, count, desc, eq, inArray, isNull, max } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { trips, vehicleMatches } from "~/db/schema";
import { matchFileVehicle, rememberKeys, type FileVehicle } from "~/domain/trips/file-vehicle";
import type { TripCsvRow } from "~/domain/trips/trip-csv";
import type { TripInput, TripStatus } from "~/domain/trips/trip";
import { isoWithOffset } from "~/domain/zoned-time";
import { db } from "~/lib/runtime/db.server";
import { ofAccountAndVehicle, type AccountListOptions } from "~/lib/runtime/account-rows.server";
import { linkConversationsToTrip, linkConversationsToTrips } from "~/lib/trips/trip-links.server";
import { listVehicles } from "~/lib/vehicles/vehicles.server";

export type TripRow = typeof trips.$inferSelect;

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

/** The host's matches, by remembered key (see `rememberKeys`). */
export function rememberedMatches(tx: Tx, accountId: string): Map<string, string> {
  return new Map(
    tx
      .select({ key: vehicleMatches.key, vehicleId: vehicleMatches.vehicleId })
      .from(vehicleMatches)
      .where(eq(vehicleMatches.accountId, accountId))
      .all()
      .map((row) => [row.key, row.vehicleId]),
  );
}

export interface ImportSummary {
  imported: number;
  updated: number;
  /** Rows identical to the trip already stored. */
  skipped: number;
  /** Trips whose car isn't matched to one of the account's vehicles yet. */
  unmatched: number;
}

type Tx = Pick<ReturnType<typeof db>, "select" | "insert" | "update">;

/** The stored values a file row states: the times always, the optional fields it has columns for. */
function statedValues(row: TripCsvRow) {
  const all = rowValues(row.trip);
  const values: Partial<ReturnType<typeof rowValues>> = {
    startAt: all.startAt,
    endAt: all.endAt,
    timeZone: all.timeZone,
  };
  for (const field of row.stated) Object.assign(values, { [field]: all[field] });
  // The car as the file names it; a narrower file doesn't forget a name a wider one gave.
  const { label, title, vin, listingId } = row.vehicle;
  return {
    ...values,
    ...(label !== null && { vehicleName: label }),
    ...(title !== null && { vehicleTitle: title }),
    ...(vin !== null && { vehicleVin: vin }),
    ...(listingId !== null && { vehicleListingId: listingId }),
  };
}

function sameValues(stored: TripRow, values: Record<string, unknown>): boolean {
  return Object.entries(values).every(([field, value]) => {
    const current = stored[field as keyof TripRow];
    return current instanceof Date && value instanceof Date
      ? current.getTime() === value.getTime()
      : current === value;
  });
}

/**
 * Adds or updates one imported trip: the one place an import writes a trip. A stored trip gets
 * only the fields the file states, and keeps its car once it has one.
 */
function upsertImportedTrip(
  tx: Tx,
  accountId: string,
  row: TripCsvRow,
  stored: TripRow | undefined,
  vehicleId: string | null,
  now: Date,
): { tripId: string; outcome: "imported" | "updated" | "skipped" } {
  if (!stored) {
    const tripId = crypto.randomUUID();
    tx.insert(trips)
      .values({
        id: tripId,
        accountId,
        reservationId: row.trip.reservationId,
        vehicleId,
        vehicleName: row.vehicle.label,
        vehicleTitle: row.vehicle.title,
        vehicleVin: row.vehicle.vin,
        vehicleListingId: row.vehicle.listingId,
        ...rowValues(row.trip),
        source: "import",
        updatedAt: now,
      })
      .run();
    return { tripId, outcome: "imported" };
  }
  const values = { ...statedValues(row), vehicleId: stored.vehicleId ?? vehicleId };
  if (sameValues(stored, values)) return { tripId: stored.id, outcome: "skipped" };
  tx.update(trips)
    .set({ ...values, updatedAt: now })
    .where(eq(trips.id, stored.id))
    .run();
  return { tripId: stored.id, outcome: "updated" };
}

/**
 * Stores a whole file in one transaction: new reservations are added, known ones updated with
 * what the file states, identical ones left alone. Cars are matched as file-vehicle.ts says; a
 * car the host already matched keeps its match.
 */
export function importTrips(accountId: string, rows: readonly TripCsvRow[]): ImportSummary {
  return db().transaction((tx) => {
    const fleet = listVehicles(accountId, tx);
    const remembered = rememberedMatches(tx, accountId);
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
      const match = stored?.vehicleId ? null : matchFileVehicle(fleet, remembered, row.vehicle);
      const vehicleId = stored?.vehicleId ?? (match?.kind === "matched" ? match.vehicleId : null);
      if (vehicleId === null) summary.unmatched++;
      const { outcome } = upsertImportedTrip(tx, accountId, row, stored, vehicleId, now);
      summary[outcome]++;
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

/** A car the file names that isn't matched yet: how the file names it, and its trips. */
export interface UnmatchedCar {
  vehicle: FileVehicle;
  trips: number;
  /** The host's cars it could equally be (when more than one matched), else empty. */
  candidates: string[];
}

const sameFileValue = (column: SQLiteColumn, value: string | null) =>
  value === null ? isNull(column) : eq(column, value);

function ofFileVehicle(vehicle: Pick<FileVehicle, "label" | "title" | "vin">) {
  return and(
    sameFileValue(trips.vehicleName, vehicle.label),
    sameFileValue(trips.vehicleTitle, vehicle.title),
    sameFileValue(trips.vehicleVin, vehicle.vin),
  );
}

/** The cars the account's files name whose trips aren't matched to a vehicle yet. */
export function unmatchedCars(accountId: string): UnmatchedCar[] {
  const rows = db()
    .select({
      label: trips.vehicleName,
      title: trips.vehicleTitle,
      vin: trips.vehicleVin,
      listingId: max(trips.vehicleListingId),
      trips: count(),
    })
    .from(trips)
    .where(and(eq(trips.accountId, accountId), isNull(trips.vehicleId)))
    .groupBy(trips.vehicleName, trips.vehicleTitle, trips.vehicleVin)
    .orderBy(asc(trips.vehicleName), asc(trips.vehicleTitle))
    .limit(200)
    .all();
  if (rows.length === 0) return [];
  const fleet = listVehicles(accountId);
  const remembered = rememberedMatches(db(), accountId);
  return rows.map(({ trips: tripCount, ...vehicle }) => {
    const match = matchFileVehicle(fleet, remembered, vehicle);
    return {
      vehicle,
      trips: tripCount,
      candidates: match.kind === "ambiguous" ? match.vehicleIds : [],
    };
  });
}

/**
 * The host says which car a file's name is: its unmatched trips go to `vehicleId`, and the match
 * is remembered (by listing id, VIN, plate and nickname) so every later import applies it. Other
 * unmatched trips the remembered match now covers go to the car too. Returns how many trips moved.
 */
export function matchTripsToVehicle(
  accountId: string,
  vehicle: Pick<FileVehicle, "label" | "title" | "vin">,
  vehicleId: string,
): number {
  return db().transaction((tx) => {
    const now = new Date();
    const listing = tx
      .select({ listingId: max(trips.vehicleListingId) })
      .from(trips)
      .where(and(eq(trips.accountId, accountId), ofFileVehicle(vehicle)))
      .get();
    for (const key of rememberKeys({ ...vehicle, listingId: listing?.listingId ?? null })) {
      tx.insert(vehicleMatches)
        .values({ accountId, key, vehicleId })
        .onConflictDoUpdate({
          target: [vehicleMatches.accountId, vehicleMatches.key],
          set: { vehicleId },
        })
        .run();
    }
    let moved = tx
      .update(trips)
      .set({ vehicleId, updatedAt: now })
      .where(and(eq(trips.accountId, accountId), isNull(trips.vehicleId), ofFileVehicle(vehicle)))
      .run().changes;
    // The same car under another spelling (a narrower export, a renamed listing).
    const fleet = listVehicles(accountId, tx);
    const remembered = rememberedMatches(tx, accountId);
    const waiting = tx
      .select()
      .from(trips)
      .where(and(eq(trips.accountId, accountId), isNull(trips.vehicleId)))
      .all();
    for (const trip of waiting) {
      const match = matchFileVehicle(fleet, remembered, {
        label: trip.vehicleName,
        title: trip.vehicleTitle,
        vin: trip.vehicleVin,
        listingId: trip.vehicleListingId,
      });
      if (match.kind === "matched" && match.by === "remembered") {
        tx.update(trips)
          .set({ vehicleId: match.vehicleId, updatedAt: now })
          .where(eq(trips.id, trip.id))
          .run();
        if (match.vehicleId === vehicleId) moved++;
      }
    }
    return moved;
  });
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
