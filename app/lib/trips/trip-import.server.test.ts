/**
 * The marketplace's real export on a real SQLite database: the host's cars matched by VIN,
 * plate, nickname, model and a match they made before; two cars of one model asked about, never
 * guessed; a narrower export that updates only what it states; the same file twice changing
 * nothing; a Latin-1 file; and caps on untrusted cells. Files are in ../../domain/trips/fixtures.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertOwner, SAMPLE_CAR } from "~/tests/support/rows";
import { decodeCsvBytes } from "~/domain/csv";
import type { VehicleFormData } from "~/lib/vehicles/vehicle-form";

setUpTempDataDir("trip-import");

const db = await import("~/lib/runtime/db.server");
const schema = await import("~/db/schema");
const vehicles = await import("~/lib/vehicles/vehicles.server");
const trips = await import("./trips.server");
const { importTripCsv } = await import("./trip-import.server");

function fixture(name: string) {
  const bytes = readFileSync(
    fileURLToPath(new URL(`../../domain/trips/fixtures/${name}`, import.meta.url)),
  );
  return decodeCsvBytes(bytes);
}

const NOW = Date.parse("2026-09-03T12:00:00Z");
const NEW_YORK = { timeZone: "America/New_York", now: NOW };

function car(accountId: string, fields: Partial<VehicleFormData>) {
  const result = vehicles.createVehicle(accountId, { ...SAMPLE_CAR, nickname: null, ...fields });
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.vehicle;
}

/** The host's fleet, each car findable by a different part of how the export names it. */
function hostFleet(name: string) {
  const owner = insertOwner(db, schema, name);
  const id = owner.accountId;
  return {
    owner,
    // The export's VIN.
    benz: car(id, {
      vin: "W1KWF8DB1KR512874",
      plate: "UXR4412",
      year: 2019,
      make: "Mercedes-Benz",
      model: "C-Class",
      trim: "C 300",
      priceClass: "luxury",
    }),
    // The plate, written with a dash; the export has no VIN for it.
    tesla: car(id, { plate: "TSL-3309", year: 2021, make: "Tesla", model: "Model 3", trim: null }),
    // The listing's nickname; no plate or VIN saved.
    jeep: car(id, { nickname: "Weekend Jeep", year: 2019, make: "Jeep", model: "Wrangler" }),
    // Saved with another year: nothing matches it until the host says so.
    van: car(id, { nickname: "Family Hauler", year: 2017, make: "Honda", model: "Odyssey" }),
    // Make, model and year.
    corolla: car(id, { year: 2020, make: "Toyota", model: "Corolla", trim: "LE" }),
    // Two cars of one model: the export's "Toyota Camry 2022" could be either.
    camryA: car(id, { vin: "4T1B11HK5NU641920", year: 2022, model: "Camry", trim: "SE" }),
    camryB: car(id, { vin: "4T1B11HK7NU718237", year: 2022, model: "Camry", trim: "XSE" }),
  };
}

function tripsOf(accountId: string) {
  return new Map(trips.listTrips(accountId).map((trip) => [trip.reservationId, trip]));
}

describe("importing the marketplace's export", () => {
  it("matches the 60-row export by VIN, plate, nickname, model and the host's earlier match; asks about the rest", () => {
    const fleet = hostFleet("import_60");
    const accountId = fleet.owner.accountId;

    // An earlier, smaller export: the host matched the minivan by hand.
    const earlier = importTripCsv(
      accountId,
      {
        text: [
          "Reservation ID,Guest,Vehicle,Vehicle name,Trip start,Trip end,Trip status",
          "41000001,Ana Ruiz,Minivan (VA #VAN5521),Honda Odyssey 2018,2025-10-01 10:00 AM,2025-10-03 10:00 AM,Completed",
        ].join("\r\n"),
        encoding: "utf-8",
      },
      NEW_YORK,
    );
    expect(earlier).toMatchObject({ ok: true, imported: 1, unmatched: 1 });
    expect(
      trips.matchTripsToVehicle(
        accountId,
        { label: "Minivan (VA #VAN5521)", title: "Honda Odyssey 2018", vin: null },
        fleet.van.id,
      ),
    ).toBe(1);

    const result = importTripCsv(accountId, fixture("trip-earnings-60.csv"), NEW_YORK);
    expect(result).toEqual({
      ok: true,
      timeZone: "America/New_York",
      encoding: "utf-8",
      imported: 60,
      updated: 0,
      skipped: 0,
      // The Mustang (not in the fleet, 6 trips) and the Camry (two of them, 5 trips).
      unmatched: 11,
    });

    const stored = [...tripsOf(accountId).values()];
    const carOf = (label: string) =>
      new Set(stored.filter((trip) => trip.vehicleName === label).map((trip) => trip.vehicleId));
    expect(carOf("Silver Benz (VA #UXR4412)")).toEqual(new Set([fleet.benz.id]));
    expect(carOf("Blue Tesla (VA #TSL3309)")).toEqual(new Set([fleet.tesla.id]));
    expect(carOf("Weekend Jeep (MD #8BK2210)")).toEqual(new Set([fleet.jeep.id]));
    expect(carOf("Minivan (VA #VAN5521)")).toEqual(new Set([fleet.van.id]));
    expect(carOf("Corolla (DC #GX7781)")).toEqual(new Set([fleet.corolla.id]));
    expect(carOf("Red Mustang (VA #MUS6600)")).toEqual(new Set([null]));
    expect(carOf("Camry (VA #CAM1234)")).toEqual(new Set([null]));

    const unmatched = trips.unmatchedCars(accountId);
    expect(
      unmatched.map(({ vehicle, trips: count, candidates }) => [vehicle, count, candidates]),
    ).toEqual([
      [
        {
          label: "Camry (VA #CAM1234)",
          title: "Toyota Camry 2022",
          vin: null,
          listingId: "1358140",
        },
        5,
        [fleet.camryA.id, fleet.camryB.id],
      ],
      [
        {
          label: "Red Mustang (VA #MUS6600)",
          title: "Ford Mustang 2017",
          vin: "1FA6P8TH6H5271106",
          listingId: "1349962",
        },
        6,
        [],
      ],
    ]);

    // The same file again: nothing new, nothing changed, nothing duplicated.
    expect(importTripCsv(accountId, fixture("trip-earnings-60.csv"), NEW_YORK)).toMatchObject({
      imported: 0,
      updated: 0,
      skipped: 60,
      unmatched: 11,
    });
    expect(trips.listTrips(accountId)).toHaveLength(61);
  });

  it("remembers the host's match for every later import, and attaches a car added from the file", () => {
    const fleet = hostFleet("import_remember");
    const accountId = fleet.owner.accountId;
    importTripCsv(accountId, fixture("trip-earnings-60.csv"), NEW_YORK);

    // "This Camry is the XSE": its 5 trips move, and the match is kept by listing id and plate.
    expect(
      trips.matchTripsToVehicle(
        accountId,
        { label: "Camry (VA #CAM1234)", title: "Toyota Camry 2022", vin: null },
        fleet.camryB.id,
      ),
    ).toBe(5);
    // The Mustang is added as a new car (as "Add as a new car" does): its trips attach to it.
    const mustang = car(accountId, {
      vin: "1FA6P8TH6H5271106",
      plate: "MUS6600",
      year: 2017,
      make: "Ford",
      model: "Mustang",
    });
    expect(
      trips.matchTripsToVehicle(
        accountId,
        {
          label: "Red Mustang (VA #MUS6600)",
          title: "Ford Mustang 2017",
          vin: "1FA6P8TH6H5271106",
        },
        mustang.id,
      ),
    ).toBe(6);
    // Only the minivan is left (nothing the host saved names it).
    expect(trips.unmatchedCars(accountId).map((unmatched) => unmatched.vehicle.label)).toEqual([
      "Minivan (VA #VAN5521)",
    ]);

    // A later export with new trips of both, written differently (only the "Vehicle" column).
    const later = importTripCsv(
      accountId,
      {
        text: [
          "Reservation ID,Guest,Vehicle,Trip start,Trip end,Trip status",
          "41990001,Ana Ruiz,Camry (VA #CAM1234),2026-10-01 10:00,2026-10-03 10:00,Booked",
          "41990002,Sam Park,Red Mustang (VA #MUS6600),2026-10-04 10:00,2026-10-05 10:00,Booked",
        ].join("\r\n"),
        encoding: "utf-8",
      },
      NEW_YORK,
    );
    expect(later).toMatchObject({ imported: 2, unmatched: 0 });
    const stored = tripsOf(accountId);
    expect(stored.get("41990001")!.vehicleId).toBe(fleet.camryB.id);
    expect(stored.get("41990002")!.vehicleId).toBe(mustang.id);
  });

  it("a narrower export updates only its columns: nothing is erased, nothing duplicated", () => {
    const fleet = hostFleet("import_subset");
    const accountId = fleet.owner.accountId;
    importTripCsv(accountId, fixture("trip-earnings-60.csv"), NEW_YORK);
    const before = tripsOf(accountId);

    const result = importTripCsv(accountId, fixture("trip-earnings-subset.csv"), {
      ...NEW_YORK,
      now: Date.parse("2026-09-19T12:00:00Z"),
    });
    // Five new reservations; the in-progress and booked trips now completed (and one in progress);
    // the rest are unchanged.
    expect(result).toMatchObject({ ok: true, imported: 5, updated: 3, skipped: 1 });
    const after = tripsOf(accountId);
    expect(after.size).toBe(before.size + 5);

    // A completed trip the subset repeats: every column it lacks is as the full export left it.
    const jeep = after.get("41945943")!;
    const { updatedAt: _a, ...jeepBefore } = before.get("41945943")!;
    const { updatedAt: _b, ...jeepAfter } = jeep;
    expect(jeepAfter).toEqual(jeepBefore);
    expect(jeep).toMatchObject({
      vehicleId: fleet.jeep.id,
      vehicleTitle: "Jeep Wrangler 2019",
      vehicleVin: "1C4HJXDG4KW610452",
      vehicleListingId: "1301877",
      odometerStart: 57891,
      odometerEnd: 58617,
      earningsCents: 55860,
    });
    // The in-progress Mustang trip is completed now; its odometer and earnings stay.
    expect(after.get("41946080")).toMatchObject({
      status: "completed",
      odometerStart: 72387,
      earningsCents: 23700,
      pickupLocation: before.get("41946080")!.pickupLocation,
    });
    expect(after.get("41946217")).toMatchObject({ status: "completed", earningsCents: 13350 });

    // A file with only "Vehicle": new trips go to every car it names by plate or nickname, and
    // to the car the host matched before (the minivan has no plate or nickname saved).
    trips.matchTripsToVehicle(
      accountId,
      { label: "Minivan (VA #VAN5521)", title: "Honda Odyssey 2018", vin: null },
      fleet.van.id,
    );
    importTripCsv(accountId, fixture("trip-earnings-subset.csv"), NEW_YORK);
    const latest = tripsOf(accountId);
    expect(latest.get("41946491")!.vehicleId).toBe(fleet.benz.id); // plate
    expect(latest.get("41946628")!.vehicleId).toBe(fleet.tesla.id); // plate
    expect(latest.get("41946765")!.vehicleId).toBe(fleet.jeep.id); // nickname
    expect(latest.get("41946902")!.vehicleId).toBe(fleet.van.id); // remembered
    // "Corolla (DC #GX7781)" names neither a plate nor a nickname of the host's: asked about.
    expect(latest.get("41947039")!.vehicleId).toBeNull();
    expect(latest.get("41947039")!.status).toBe("canceled");
  });

  it("reads a Latin-1 file as Windows-1252 and says so", () => {
    const fleet = hostFleet("import_latin1");
    const result = importTripCsv(
      fleet.owner.accountId,
      fixture("trip-earnings-latin1.csv"),
      NEW_YORK,
    );
    expect(result).toMatchObject({ ok: true, encoding: "windows-1252", imported: 2, unmatched: 0 });
    const stored = tripsOf(fleet.owner.accountId).get("52810044")!;
    expect(stored).toMatchObject({
      guestName: "José Martínez",
      vehicleName: "Dad’s Benz (VA #UXR4412)",
      vehicleId: fleet.benz.id,
    });
  });

  it("refuses a file with an over-long cell or a huge amount, storing nothing", () => {
    const fleet = hostFleet("import_caps");
    const result = importTripCsv(
      fleet.owner.accountId,
      fixture("trip-earnings-caps.csv"),
      NEW_YORK,
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      message: "The file has 3 problems; nothing was imported. Fix them and try again.",
    });
    expect(trips.listTrips(fleet.owner.accountId)).toEqual([]);
  });
});

describe("the order cars are offered in", () => {
  it("keeps cars added in the same millisecond in the order they were added, whatever their ids", () => {
    const owner = insertOwner(db, schema, "same_ms");
    const first = car(owner.accountId, { year: 2022, model: "Camry", trim: "SE" });
    const second = car(owner.accountId, { year: 2022, model: "Camry", trim: "XSE" });
    // The same creation time, and ids that sort the other way round.
    const at = new Date("2026-11-28T12:00:00Z");
    for (const [row, id] of [
      [first, "ffffffff-0000-4000-8000-000000000001"],
      [second, "00000000-0000-4000-8000-000000000002"],
    ] as const) {
      db.db()
        .update(schema.vehicles)
        .set({ id, createdAt: at })
        .where(eq(schema.vehicles.id, row.id))
        .run();
    }
    const order = ["ffffffff-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];
    expect(vehicles.listVehicles(owner.accountId).map((row) => row.id)).toEqual(order);
    // The trip matcher reads them the same way inside its transactions.
    expect(
      db.db().transaction((tx) => vehicles.listVehicles(owner.accountId, tx).map((row) => row.id)),
    ).toEqual(order);
  });
});
