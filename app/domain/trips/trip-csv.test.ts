import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodeCsvBytes } from "~/domain/csv";
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
        vehicle: {
          label: "Toyota Corolla 2019",
          title: null,
          vin: "2T1BURHE0KC123456",
          listingId: null,
        },
        stated: [
          "guestName",
          "pickupLocation",
          "odometerStart",
          "odometerEnd",
          "distanceMiles",
          "earningsCents",
          "status",
        ],
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

/** Real-format exports in ./fixtures, written from the marketplace's documented columns. */
function fixture(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
}

describe("the marketplace's Trip Earnings export", () => {
  const NEW_YORK = { timeZone: "America/New_York", now: Date.parse("2026-09-03T12:00:00Z") };

  it("reads all 60 rows of a full export: BOM, CRLF, quoted commas, every money column, cancellations", () => {
    const bytes = fixture("trip-earnings-60.csv");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes("\r\n")).toBe(true);
    const { text, encoding } = decodeCsvBytes(bytes);
    expect(encoding).toBe("utf-8");
    const result = parseTripCsv(text, NEW_YORK);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.rows).toHaveLength(60);

    const first = result.rows[0]!;
    expect(first.vehicle).toEqual({
      label: "Weekend Jeep (MD #8BK2210)",
      title: "Jeep Wrangler 2019",
      vin: "1C4HJXDG4KW610452",
      listingId: "1301877",
    });
    expect(first.trip).toMatchObject({
      reservationId: "41938271",
      guestName: "Jordan Lee",
      // "2025-11-06 08:00 AM" in New York (EST, -5).
      startAt: Date.parse("2025-11-06T13:00:00Z"),
      endAt: Date.parse("2025-11-13T11:00:00Z"),
      timeZone: "America/New_York",
      odometerStart: 55120,
      odometerEnd: 55744,
      distanceMiles: 624,
      earningsCents: 46127,
      status: "completed",
    });

    const byId = new Map(result.rows.map((row) => [row.trip.reservationId, row]));
    // Quoted commas and doubled quotes inside a cell.
    expect(byId.get("41941011")!.trip.pickupLocation).toBe(
      "Baltimore/Washington International Airport, Baltimore, MD 21240",
    );
    expect(byId.get("41938819")!.trip.guestName).toBe('Robert "Bobby" Tran');
    expect(byId.get("41938545")!.trip.guestName).toBe("José Martínez");
    // "1,204.00" in quotes is an amount with a thousands separator.
    expect(byId.get("41942381")!.trip.earningsCents).toBe(90300);
    // Cancellations by either side, the host's with a negative total; a trip under way; booked ones.
    expect(byId.get("41939230")!.trip).toMatchObject({ status: "canceled", earningsCents: 6675 });
    expect(byId.get("41941833")!.trip).toMatchObject({ status: "canceled", earningsCents: -5000 });
    expect(byId.get("41946080")!.trip).toMatchObject({
      status: "in_progress",
      odometerStart: 72387,
      odometerEnd: null,
    });
    expect(byId.get("41946354")!.trip.status).toBe("booked");
    expect(result.rows.filter((row) => row.trip.status === "canceled")).toHaveLength(5);
    // A 12-hour time in the evening.
    expect(new Date(byId.get("41942244")!.trip.startAt).toISOString()).toBe(
      "2026-04-08T00:00:00.000Z",
    );
  });

  it("reads a subset export (no VIN, no Vehicle name, no money) and says which fields it states", () => {
    const result = parseTripCsv(decodeCsvBytes(fixture("trip-earnings-subset.csv")).text, NEW_YORK);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.rows).toHaveLength(9);
    expect(result.rows[0]!.stated).toEqual(["guestName", "status"]);
    expect(result.rows[4]!.vehicle).toEqual({
      label: "Silver Benz (VA #UXR4412)",
      title: null,
      vin: null,
      listingId: null,
    });
    // "2026-09-19 10:00": the 24-hour form, EDT (-4).
    expect(new Date(result.rows[4]!.trip.startAt).toISOString()).toBe("2026-09-19T14:00:00.000Z");
    expect(result.rows[4]!.trip).toMatchObject({
      pickupLocation: null,
      earningsCents: null,
      status: "booked",
    });
  });

  it("reads a Latin-1 (Windows-1252) file as such, names and curly apostrophes intact", () => {
    const bytes = fixture("trip-earnings-latin1.csv");
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    const { text, encoding } = decodeCsvBytes(bytes);
    expect(encoding).toBe("windows-1252");
    const result = parseTripCsv(text, NEW_YORK);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.rows.map((row) => row.trip.guestName)).toEqual(["José Martínez", "Chloé Dubois"]);
    expect(result.rows[0]!.vehicle.label).toBe("Dad’s Benz (VA #UXR4412)");
    expect(result.rows[0]!.trip.pickupLocation).toBe(
      "Café Azul, 3100 Clarendon Blvd, Arlington, VA 22201",
    );
    expect(text).not.toContain("\uFFFD");
    // Declared as ISO-8859-1 it is read the same way; UTF-16 with its mark is read as UTF-16.
    expect(decodeCsvBytes(bytes, "ISO-8859-1").text).toBe(text);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    expect(decodeCsvBytes(utf16)).toEqual({ text, encoding: "utf-16le" });
  });

  it("makes an over-long cell and an amount over $1,000,000 row errors, not stored values", () => {
    const result = parseTripCsv(decodeCsvBytes(fixture("trip-earnings-caps.csv")).text, NEW_YORK);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.message)).toEqual([
      'Row 2, column "Pickup location": the cell is 609 characters long; the limit is 500.',
      "Row 3, column \"Total earnings\": $2,500,000.00 is over $1,000,000; that can't be one trip's amount.",
      "Row 4, column \"Cleaning\": $1,000,000.01 is over $1,000,000; that can't be one trip's amount.",
    ]);
  });
});
