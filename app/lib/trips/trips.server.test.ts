/**
 * Trips on a real SQLite database: importing the same export twice changes nothing, a changed
 * row updates its trip, cars are matched by VIN or name (or left for the host to match), and
 * another account's trips are never found.
 */
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { describe, expect, it } from "vitest";
import { insertOwner, SAMPLE_CAR } from "~/tests/support/rows";
import { parseTripCsv } from "~/domain/trips/trip-csv";

setUpTempDataDir("trips");

// Loaded after DATA_DIR is set: the database reads it once.
const db = await import("~/lib/runtime/db.server");
const schema = await import("~/db/schema");
const vehicles = await import("~/lib/vehicles/vehicles.server");
const trips = await import("./trips.server");

const NOW = Date.parse("2026-11-24T12:00:00Z");

function rows(text: string) {
  const result = parseTripCsv(text, { timeZone: "America/Denver", now: NOW });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rows;
}

const EXPORT = [
  "Reservation ID,Guest,Vehicle,VIN,Trip start,Trip end,Total earnings,Trip status",
  "T-1,Jordan Lee,Blue,,2026-11-01 10:00,2026-11-03 10:00,$210.00,Completed",
  "T-2,Sam Park,Toyota Camry 2021,,2026-11-05 10:00,2026-11-06 10:00,$95.00,Completed",
  "T-3,Ana Ruiz,Corolla,2T1BURHE0KC246810,2026-11-07 10:00,2026-11-09 10:00,$180.00,Completed",
  "T-4,Lee Chan,Mystery Van,,2026-11-10 10:00,2026-11-12 10:00,$300.00,Completed",
].join("\n");

function fleetWithTwoCars(name: string) {
  const owner = insertOwner(db, schema, name);
  const camry = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
  const corolla = vehicles.createVehicle(owner.accountId, {
    ...SAMPLE_CAR,
    nickname: null,
    vin: "2T1BURHE0KC246810",
    year: 2019,
    model: "Corolla",
    trim: null,
  });
  if (!camry.ok || !corolla.ok) throw new Error("vehicles not created");
  return { owner, camry: camry.vehicle, corolla: corolla.vehicle };
}

describe("importing trips", () => {
  it("matches cars by VIN, nickname or year-make-model, and counts the rest as unmatched", () => {
    const { owner, camry, corolla } = fleetWithTwoCars("trips_match");
    expect(trips.importTrips(owner.accountId, rows(EXPORT))).toEqual({
      imported: 4,
      updated: 0,
      skipped: 0,
      unmatched: 1,
    });
    const byReservation = Object.fromEntries(
      trips.listTrips(owner.accountId).map((trip) => [trip.reservationId, trip.vehicleId]),
    );
    expect(byReservation).toEqual({
      "T-1": camry.id,
      "T-2": camry.id,
      "T-3": corolla.id,
      "T-4": null,
    });
    expect(trips.unmatchedCars(owner.accountId)).toEqual([
      {
        vehicle: { label: "Mystery Van", title: null, vin: null, listingId: null },
        trips: 1,
        candidates: [],
      },
    ]);
  });

  it("is idempotent: the same file again changes nothing; a changed row updates its trip", () => {
    const { owner } = fleetWithTwoCars("trips_again");
    trips.importTrips(owner.accountId, rows(EXPORT));
    expect(trips.importTrips(owner.accountId, rows(EXPORT))).toEqual({
      imported: 0,
      updated: 0,
      skipped: 4,
      unmatched: 1,
    });
    const changed = EXPORT.replace("$95.00", "$99.50");
    expect(trips.importTrips(owner.accountId, rows(changed))).toMatchObject({
      updated: 1,
      skipped: 3,
    });
    const t2 = trips.listTrips(owner.accountId).find((trip) => trip.reservationId === "T-2");
    expect(t2?.earningsCents).toBe(9950);
    expect(trips.listTrips(owner.accountId)).toHaveLength(4);
  });

  it("keeps the host's own match when the file is imported again", () => {
    const { owner, corolla } = fleetWithTwoCars("trips_keep");
    trips.importTrips(owner.accountId, rows(EXPORT));
    expect(
      trips.matchTripsToVehicle(
        owner.accountId,
        { label: "Mystery Van", title: null, vin: null },
        corolla.id,
      ),
    ).toBe(1);
    trips.importTrips(owner.accountId, rows(EXPORT));
    const t4 = trips.listTrips(owner.accountId).find((trip) => trip.reservationId === "T-4");
    expect(t4?.vehicleId).toBe(corolla.id);
    expect(trips.unmatchedCars(owner.accountId)).toEqual([]);
  });

  it("leaves a name two cars share for the host to match", () => {
    const owner = insertOwner(db, schema, "trips_twins");
    vehicles.createVehicle(owner.accountId, { ...SAMPLE_CAR, nickname: null });
    vehicles.createVehicle(owner.accountId, { ...SAMPLE_CAR, nickname: null, plate: "TWIN2" });
    const summary = trips.importTrips(
      owner.accountId,
      rows(
        "Reservation ID,Vehicle,Trip start,Trip end\nX-1,2021 Toyota Camry SE,2026-11-01 10:00,2026-11-02 10:00",
      ),
    );
    expect(summary.unmatched).toBe(1);
    expect(trips.unmatchedCars(owner.accountId)[0]!.candidates).toHaveLength(2);
  });
});

describe("trips by hand and tenancy", () => {
  it("refuses a second trip with the same reservation, and another account never sees them", () => {
    const { owner, camry } = fleetWithTwoCars("trips_hand");
    const [first] = rows(EXPORT);
    const trip = trips.createTrip(owner.accountId, first!.trip, camry.id, "manual");
    expect(() => trips.createTrip(owner.accountId, first!.trip, camry.id, "api")).toThrow(
      "Reservation T-1 is already a trip here.",
    );
    expect(trips.tripJson(trip)).toMatchObject({
      reservationId: "T-1",
      // Daylight saving ended at 2 AM that morning: 10 AM is Mountain Standard Time.
      startAt: "2026-11-01T10:00:00-07:00",
      endAt: "2026-11-03T10:00:00-07:00",
      timeZone: "America/Denver",
    });

    const other = insertOwner(db, schema, "trips_other");
    expect(trips.getTrip(other.accountId, trip.id)).toBeUndefined();
    expect(trips.listTrips(other.accountId)).toEqual([]);
    expect(trips.updateTrip(other.accountId, trip.id, first!.trip, camry.id)).toBeUndefined();
    // The same reservation id in another account is that account's own trip.
    const otherCar = vehicles.createVehicle(other.accountId, SAMPLE_CAR);
    if (!otherCar.ok) throw new Error("vehicle");
    expect(trips.createTrip(other.accountId, first!.trip, otherCar.vehicle.id, "api").id).not.toBe(
      trip.id,
    );
  });
});
