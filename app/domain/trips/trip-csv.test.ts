import { describe, expect, it } from "vitest";
import { parseTripCsv, tripInstant } from "./trip-csv";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const DENVER = { timeZone: "America/Denver", now: NOW };

const HEADER =
  "Reservation ID,Guest,Vehicle,VIN,Trip start,Trip end,Pickup location,Check-in odometer,Check-out odometer,Distance traveled,Total earnings,Trip status";

function csv(...rows: string[]) {
  return [HEADER, ...rows].join("\r\n");
}

describe("tripInstant", () => {
  it("reads local times in the zone, and offsets as written", () => {
    expect(new Date(tripInstant("2026-11-20 10:00", "America/Denver")!).toISOString()).toBe(
      "2026-11-20T17:00:00.000Z",
    );
    expect(new Date(tripInstant("11/20/2026 10:00 AM", "America/New_York")!).toISOString()).toBe(
      "2026-11-20T15:00:00.000Z",
    );
    expect(
      new Date(tripInstant("2026-11-20T10:00:00-08:00", "America/New_York")!).toISOString(),
    ).toBe("2026-11-20T18:00:00.000Z");
    expect(new Date(tripInstant("2026-11-20T10:00:00Z", "America/Denver")!).toISOString()).toBe(
      "2026-11-20T10:00:00.000Z",
    );
  });

  it("reads a skipped spring-forward time as the time after the change, a repeated one as the first", () => {
    // 2026-03-08 02:30 doesn't exist in Denver: read as 03:30 MDT.
    expect(new Date(tripInstant("2026-03-08 02:30", "America/Denver")!).toISOString()).toBe(
      "2026-03-08T09:30:00.000Z",
    );
    // 2026-11-01 01:30 happens twice in Denver: the first is MDT (-6).
    expect(new Date(tripInstant("2026-11-01 01:30", "America/Denver")!).toISOString()).toBe(
      "2026-11-01T07:30:00.000Z",
    );
  });

  it("refuses what isn't a date", () => {
    expect(tripInstant("next Tuesday", "America/Denver")).toBeNull();
    expect(tripInstant("2026-02-30 10:00", "America/Denver")).toBeNull();
  });
});

describe("parseTripCsv", () => {
  it("reads every column of a Trip Earnings export", () => {
    const result = parseTripCsv(
      csv(
        'R-81234567,Jordan Lee,"Toyota Corolla 2019",2T1BURHE0KC123456,2026-11-20 10:00,2026-11-22 18:30,"Denver Airport, Lot C",41200,41562,362,"$412.50",Completed',
      ),
      DENVER,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows).toEqual([
      {
        line: 2,
        vehicleName: "Toyota Corolla 2019",
        vin: "2T1BURHE0KC123456",
        trip: {
          reservationId: "R-81234567",
          guestName: "Jordan Lee",
          startAt: Date.parse("2026-11-20T17:00:00Z"),
          endAt: Date.parse("2026-11-23T01:30:00Z"),
          timeZone: "America/Denver",
          pickupLocation: "Denver Airport, Lot C",
          returnLocation: null,
          odometerStart: 41200,
          odometerEnd: 41562,
          distanceMiles: 362,
          earningsCents: 41250,
          status: "completed",
        },
      },
    ]);
  });

  it("takes each row's own time zone column over the file's", () => {
    const text = [
      "Reservation ID,Vehicle,Trip start,Trip end,Time zone",
      "A1,Civic,2026-11-20 10:00,2026-11-21 10:00,America/Los_Angeles",
      "A2,Civic,2026-11-22 10:00,2026-11-23 10:00,",
    ].join("\n");
    const result = parseTripCsv(text, DENVER);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.rows.map((row) => row.trip.timeZone)).toEqual([
      "America/Los_Angeles",
      "America/Denver",
    ]);
    expect(new Date(result.rows[0]!.trip.startAt).toISOString()).toBe("2026-11-20T18:00:00.000Z");
  });

  it("works out the distance from the odometer, and the status from the dates when there is none", () => {
    const text = [
      "Reservation ID,Vehicle,Trip start,Trip end,Check-in odometer,Check-out odometer",
      "B1,Civic,2026-11-20 10:00,2026-11-21 10:00,1000,1250",
      "B2,Civic,2026-11-24 01:00,2026-11-26 10:00,,",
      "B3,Civic,2026-12-20 10:00,2026-12-21 10:00,,",
    ].join("\n");
    const result = parseTripCsv(text, DENVER);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.rows.map((row) => [row.trip.distanceMiles, row.trip.status])).toEqual([
      [250, "completed"],
      [null, "in_progress"],
      [null, "booked"],
    ]);
  });

  it("keeps canceled trips, marked canceled", () => {
    const result = parseTripCsv(
      csv("C1,Jo,Civic,,2026-11-20 10:00,2026-11-21 10:00,,,,,,Cancelled by guest"),
      DENVER,
    );
    expect(result.ok && result.rows[0]?.trip.status).toBe("canceled");
  });

  it("refuses the whole file, naming each bad row and column", () => {
    const result = parseTripCsv(
      csv(
        "D1,Jo,Civic,,2026-11-20 10:00,2026-11-19 10:00,,,,,,Completed",
        "D2,Jo,Civic,,someday,2026-11-21 10:00,,,,,,Completed",
        "D1,Jo,Civic,,2026-11-20 10:00,2026-11-21 10:00,,,,,,Completed",
        "D4,Jo,Civic,,2026-11-20 10:00,2026-11-21 10:00,,500,400,,lots,Completed",
        "D5,Jo,Civic,,2026-11-20 10:00,2026-11-21 10:00,,,,,,Parked",
        "D6; DROP TABLE trips,Jo,Civic,,2026-11-20 10:00,2026-11-21 10:00,,,,,,Completed",
      ),
      DENVER,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.message)).toEqual([
      "Row 2: the trip must end after it starts.",
      'Row 3, column "Trip start": "someday" is not a date we can read. Use a format like 2026-01-31 10:00 or 1/31/2026 10:00 AM.',
      'Row 4, column "Reservation ID": reservation D1 is also on row 2.',
      'Row 5, column "Total earnings": "lots" is not an amount.',
      'Row 6, column "Trip status": "Parked" is not a trip status we know (booked, in progress, completed or canceled).',
      'Row 7, column "Reservation ID": "D6; DROP TABLE trips" is not a reservation ID (letters, digits and dashes).',
    ]);
  });

  it("says which columns are missing, and refuses binary and empty files", () => {
    const missing = parseTripCsv("Guest,Trip start\nJo,2026-11-20", DENVER);
    expect(!missing.ok && missing.errors.map((error) => error.message)).toEqual([
      'Missing the "Reservation ID" column. The header row must name it (for example "Reservation ID").',
      'Missing the "Trip end" column. The header row must name it (for example "Trip end").',
      'Missing the "Vehicle" column. The header row must name it (for example "Vehicle").',
    ]);
    expect(parseTripCsv("PK\u0003\u0004xlsx", DENVER).ok).toBe(false);
    expect(parseTripCsv("   ", DENVER)).toEqual({
      ok: false,
      errors: [{ row: null, column: null, message: "The file is empty." }],
    });
  });
});
