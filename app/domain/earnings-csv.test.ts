import { describe, expect, it } from "vitest";
import {
  MAX_EARNINGS_CSV_ROWS,
  parseEarningsCsv,
  parseTripDateTime,
  type EarningsCsvResult,
} from "./earnings-csv";
import { FLEET_VEHICLE_DEFAULTS, prefillFleetVehicles, validateFleetAudit } from "./fleet-audit";

const noCosts = {
  financingMonthlyCents: 0,
  insuranceMonthlyCents: 0,
  depreciationMonthlyCents: 0,
  maintenanceMonthlyCents: 0,
  cleaningMonthlyCents: 0,
  tollsMonthlyCents: 0,
};

function ok(result: EarningsCsvResult) {
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result;
}

function errors(result: EarningsCsvResult) {
  if (result.ok) throw new Error("expected errors");
  return result.errors;
}

const EXPORT = [
  "\uFEFFReservation ID,Guest,Vehicle,Vehicle name,Trip start,Trip end,Trip status,Trip price,Total earnings",
  `1001,Alex P.,Sam's Toyota Camry 2020,Toyota Camry 2020,2024-01-01 10:00 AM,2024-01-04 10:00 AM,Completed,$150.00,$112.50`,
  `1002,"Lee, Jordan",Sam's Toyota Camry 2020,Toyota Camry 2020,2024-01-10 09:00 AM,2024-01-12 11:00 AM,Completed,$165.00,$123.75`,
  `1003,Kim,"Sam's Tesla Model 3, white","Tesla Model 3, white",2024-01-05 08:00,2024-01-10 08:00,Completed,"$1,000.00",$900.00`,
  `1004,Pat,"Sam's Tesla Model 3, white","Tesla Model 3, white",2024-01-20 08:00,2024-01-21 08:00,Canceled,,`,
  `1005,Ana,"Sam's Tesla Model 3, white","Tesla Model 3, white",2024-01-25 08:00,2024-01-31 08:00,Completed,"$1,200.00","$1,080.00"`,
].join("\r\n");

describe("parseEarningsCsv: a marketplace export", () => {
  const result = ok(parseEarningsCsv(EXPORT));

  it("aggregates trips per car", () => {
    expect(result.vehicles).toEqual([
      {
        vehicleName: "Tesla Model 3, white",
        trips: 2,
        bookedDays: 11,
        tripPriceTotalCents: 2_200_00,
        earningsTotalCents: 1_980_00,
        averageDailyPriceCents: 200_00,
        averageDailyEarningsCents: 180_00,
        utilizationPercent: 36.7,
        firstTripStart: "2024-01-05",
        lastTripEnd: "2024-01-31",
      },
      {
        vehicleName: "Toyota Camry 2020",
        trips: 2,
        bookedDays: 6, // 3 days + 2 days 2 hours (billed as 3)
        tripPriceTotalCents: 315_00,
        earningsTotalCents: 236_25,
        averageDailyPriceCents: 52_50,
        averageDailyEarningsCents: 39_38,
        utilizationPercent: 20,
        firstTripStart: "2024-01-01",
        lastTripEnd: "2024-01-12",
      },
    ]);
  });

  it("reports the period, the counts and the columns it used", () => {
    expect(result.period).toEqual({ start: "2024-01-01", end: "2024-01-31", days: 30 });
    expect(result.tripsRead).toBe(4);
    expect(result.canceledSkipped).toBe(1);
    expect(result.columns).toEqual({
      vehicle: "Vehicle name",
      tripStart: "Trip start",
      tripEnd: "Trip end",
      tripPrice: "Trip price",
      totalEarnings: "Total earnings",
      status: "Trip status",
    });
    expect(result.warnings).toEqual([]);
  });

  it("prefills form rows", () => {
    const rows = prefillFleetVehicles(result.vehicles, {
      ...noCosts,
      hostPlan: 80,
      averageRepairCostCents: FLEET_VEHICLE_DEFAULTS.averageRepairCostCents,
    });
    expect(
      rows.map((row) => [row.name, row.dailyPriceCents, row.utilizationPercent, row.hostPlan]),
    ).toEqual([
      ["Tesla Model 3, white", 200_00, 36.7, 80],
      ["Toyota Camry 2020", 52_50, 20, 80],
    ]);
    expect(validateFleetAudit(rows)).toEqual({});
  });

  it("reads the same file with LF or CR line endings and no BOM", () => {
    const lf = ok(parseEarningsCsv(EXPORT.replace(/^\uFEFF/, "").replaceAll("\r\n", "\n")));
    const cr = ok(parseEarningsCsv(EXPORT.replaceAll("\r\n", "\r")));
    expect(lf.vehicles).toEqual(result.vehicles);
    expect(cr.vehicles).toEqual(result.vehicles);
  });

  it("ignores blank lines and a trailing newline", () => {
    const padded = ok(parseEarningsCsv(`${EXPORT.replace("\r\n", "\r\n\r\n")}\r\n\r\n`));
    expect(padded.vehicles).toEqual(result.vehicles);
  });
});

describe("parseEarningsCsv: tolerant of variants", () => {
  it("header spellings, semicolons and US dates", () => {
    const text = [
      "CAR;START DATE;end_date;Price",
      "Civic;1/2/2024 9:00 AM;1/4/2024 9:00 AM;100",
      "civic ;01/10/24;01/11/24;(20.00)",
    ].join("\n");
    const result = ok(parseEarningsCsv(text));
    expect(result.columns).toMatchObject({
      vehicle: "CAR",
      tripStart: "START DATE",
      tripEnd: "end_date",
      tripPrice: "Price",
    });
    expect(result.vehicles).toHaveLength(1); // names match case- and space-insensitively
    expect(result.vehicles[0]).toMatchObject({
      vehicleName: "Civic",
      trips: 2,
      bookedDays: 3,
      tripPriceTotalCents: 80_00,
    });
    expect(result.vehicles[0]?.earningsTotalCents).toBeNull();
  });

  it("quoted fields with doubled quotes and line breaks", () => {
    const text =
      'Vehicle,Trip start,Trip end,Trip price\n"The ""Beast""\nF-150",2024-03-01,2024-03-03,"1,500"\n';
    const result = ok(parseEarningsCsv(text));
    expect(result.vehicles[0]?.vehicleName).toBe('The "Beast" F-150');
    expect(result.vehicles[0]?.tripPriceTotalCents).toBe(1_500_00);
  });

  it("uses a trip-days column when there is one", () => {
    const text =
      "Vehicle,Trip start,Trip end,Trip days,Trip price\nA,2024-01-01 10:00,2024-01-03 12:00,2,200";
    expect(ok(parseEarningsCsv(text)).vehicles[0]?.bookedDays).toBe(2);
  });

  it("a same-time start and end counts as one day", () => {
    const text = "Vehicle,Trip start,Trip end,Trip price\nA,2024-01-01 10:00,2024-01-01 10:00,50";
    const result = ok(parseEarningsCsv(text));
    expect(result.vehicles[0]).toMatchObject({ bookedDays: 1, utilizationPercent: 100 });
    expect(result.period.days).toBe(1);
  });

  it("earnings without trip prices: warns, and prefill derives the price from the plan share", () => {
    const text =
      "Vehicle,Trip start,Trip end,Total earnings\nA,2024-01-01,2024-01-11,$750.00\nA,2024-01-21,2024-01-31,";
    const result = ok(parseEarningsCsv(text));
    expect(result.vehicles[0]).toMatchObject({
      tripPriceTotalCents: null,
      averageDailyPriceCents: null,
      averageDailyEarningsCents: 37_50,
      utilizationPercent: 66.7,
    });
    expect(result.warnings).toEqual([
      'The file has no "Trip price" column, so daily prices are worked out from your earnings and your host plan\'s share.',
    ]);
    const [row] = prefillFleetVehicles(result.vehicles, {
      ...noCosts,
      hostPlan: 75,
      averageRepairCostCents: 0,
    });
    expect(row?.dailyPriceCents).toBe(50_00);
  });

  it("overlapping trips cap utilization at 100% with a warning", () => {
    const text =
      "Vehicle,Trip start,Trip end,Trip price\nA,2024-01-01,2024-01-05,1\nA,2024-01-02,2024-01-05,1";
    const result = ok(parseEarningsCsv(text));
    expect(result.vehicles[0]?.utilizationPercent).toBe(100);
    expect(result.warnings[0]).toContain("check for overlapping trips");
  });

  it("accepts exactly the row limit", () => {
    const rows = Array.from(
      { length: MAX_EARNINGS_CSV_ROWS },
      (_, index) => `Car ${index % 7},2024-01-01,2024-01-02,10`,
    );
    const result = ok(
      parseEarningsCsv(["Vehicle,Trip start,Trip end,Trip price", ...rows].join("\n")),
    );
    expect(result.tripsRead).toBe(MAX_EARNINGS_CSV_ROWS);
    expect(result.vehicles).toHaveLength(7);
  });
});

describe("parseEarningsCsv: malformed files", () => {
  const HEADER = "Vehicle,Trip start,Trip end,Trip price";

  it.each([
    ["", "The file is empty."],
    ["   \n\r\n  ", "The file is empty."],
    ["\uFEFF", "The file is empty."],
    [HEADER, "The file has a header row but no trips."],
    [`${HEADER}\n\n`, "The file has a header row but no trips."],
    [
      "PK\u0003\u0004binary",
      "This looks like a spreadsheet or binary file, not CSV text. Export or save it as CSV.",
    ],
  ])("%j → %s", (text, message) => {
    expect(errors(parseEarningsCsv(text))).toEqual([{ row: null, column: null, message }]);
  });

  it("names each missing column", () => {
    expect(errors(parseEarningsCsv("Guest,Amount\nAlex,10"))).toEqual([
      {
        row: 1,
        column: null,
        message:
          'Missing the "Vehicle" column. The header row must name it (for example "Vehicle").',
      },
      {
        row: 1,
        column: null,
        message:
          'Missing the "Trip start" column. The header row must name it (for example "Trip start").',
      },
      {
        row: 1,
        column: null,
        message:
          'Missing the "Trip end" column. The header row must name it (for example "Trip end").',
      },
      {
        row: 1,
        column: null,
        message: 'Missing an amount column: the file needs "Trip price" or "Total earnings".',
      },
    ]);
  });

  it("points at a non-numeric amount by row and column", () => {
    const text = `${HEADER}\nA,2024-01-01,2024-01-02,100\nB,2024-01-01,2024-01-02,about 90`;
    expect(errors(parseEarningsCsv(text))).toEqual([
      {
        row: 3,
        column: "Trip price",
        message: 'Row 3, column "Trip price": "about 90" is not an amount.',
      },
    ]);
  });

  it("rejects amounts with misplaced thousands separators", () => {
    const text = `${HEADER}\nA,2024-01-01,2024-01-02,"1,2,3"`;
    expect(errors(parseEarningsCsv(text))[0]?.message).toContain('"1,2,3" is not an amount.');
  });

  it("points at unreadable and empty dates", () => {
    const text = `${HEADER}\nA,2024-02-30,,100\nB,13/01/2024,2024-01-02 25:00,100`;
    expect(
      errors(parseEarningsCsv(text)).map((error) => [error.row, error.column, error.message]),
    ).toEqual([
      [
        2,
        "Trip start",
        'Row 2, column "Trip start": "2024-02-30" is not a date we can read. Use a format like 2024-01-31 10:00 or 1/31/2024 10:00 AM.',
      ],
      [2, "Trip end", 'Row 2, column "Trip end": the date is empty.'],
      [
        3,
        "Trip start",
        'Row 3, column "Trip start": "13/01/2024" is not a date we can read. Use a format like 2024-01-31 10:00 or 1/31/2024 10:00 AM.',
      ],
      [
        3,
        "Trip end",
        'Row 3, column "Trip end": "2024-01-02 25:00" is not a date we can read. Use a format like 2024-01-31 10:00 or 1/31/2024 10:00 AM.',
      ],
    ]);
  });

  it("rejects a trip that ends before it starts, an empty vehicle and bad trip days", () => {
    const text =
      "Vehicle,Trip start,Trip end,Trip days,Trip price\nA,2024-01-05,2024-01-01,,10\n,2024-01-01,2024-01-02,,10\nC,2024-01-01,2024-01-02,two,10";
    expect(errors(parseEarningsCsv(text)).map((error) => error.message)).toEqual([
      "Row 2: the trip ends before it starts.",
      'Row 3, column "Vehicle": the vehicle is empty.',
      'Row 4, column "Trip days": "two" is not a number of days.',
    ]);
  });

  it("reports rows by file line even after a multi-line field", () => {
    const text = `${HEADER}\n"Multi\nline",2024-01-01,2024-01-02,10\nB,2024-01-01,2024-01-02,oops`;
    expect(errors(parseEarningsCsv(text))[0]?.row).toBe(4);
  });

  it("an unclosed quote says where it started", () => {
    const text = `${HEADER}\nA,2024-01-01,2024-01-02,10\n"B,2024-01-01,2024-01-02,10\n`;
    expect(errors(parseEarningsCsv(text))).toEqual([
      {
        row: 3,
        column: null,
        message: 'Line 3: A quoted field that starts on line 3 is never closed (missing ").',
      },
    ]);
  });

  it("more than 5,000 rows is refused before reading them", () => {
    const rows = Array.from(
      { length: MAX_EARNINGS_CSV_ROWS + 1 },
      () => "A,2024-01-01,2024-01-02,10",
    );
    expect(errors(parseEarningsCsv([HEADER, ...rows].join("\n")))).toEqual([
      {
        row: null,
        column: null,
        message: "The file has 5,001 rows; the limit is 5,000. Export a shorter date range.",
      },
    ]);
  });

  it("lists the first 20 row problems and summarizes the rest", () => {
    const rows = Array.from({ length: 30 }, () => "A,2024-01-01,2024-01-02,x");
    const list = errors(parseEarningsCsv([HEADER, ...rows].join("\n")));
    expect(list).toHaveLength(21);
    expect(list[19]?.row).toBe(21);
    expect(list[20]).toEqual({
      row: null,
      column: null,
      message: "…and 10 more problems. Fix the rows above and try again.",
    });
  });

  it("a file of canceled trips has nothing to prefill", () => {
    const text =
      "Vehicle,Trip start,Trip end,Trip status,Trip price\nA,,,Canceled,\nB,,,Canceled by guest,";
    expect(errors(parseEarningsCsv(text))[0]?.message).toBe(
      "Every trip in the file is canceled, so there is nothing to prefill.",
    );
  });

  it("refuses a huge paste without reading it", () => {
    expect(errors(parseEarningsCsv("x".repeat(10_000_001)))[0]?.message).toContain("too large");
  });
});

describe("parseTripDateTime", () => {
  const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
    Date.UTC(year, month - 1, day, hour, minute);

  it.each([
    ["2024-01-31", at(2024, 1, 31)],
    ["2024-1-5", at(2024, 1, 5)],
    ["2024-01-31 10:00", at(2024, 1, 31, 10)],
    ["2024-01-31T10:00:59", at(2024, 1, 31, 10)],
    ["2024-01-31T10:00:00.000Z", at(2024, 1, 31, 10)],
    ["2024-01-31 10:00 -05:00", at(2024, 1, 31, 10)],
    ["2024-01-31 10:00 AM", at(2024, 1, 31, 10)],
    ["2024-01-31 12:00 AM", at(2024, 1, 31, 0)],
    ["2024-01-31 12:30 PM", at(2024, 1, 31, 12, 30)],
    ["2024-01-31 11:59 pm", at(2024, 1, 31, 23, 59)],
    ["1/31/2024", at(2024, 1, 31)],
    ["01/31/24 9:05 AM", at(2024, 1, 31, 9, 5)],
    ["1/31/2024, 9:05 PM", at(2024, 1, 31, 21, 5)],
    ["Jan 31, 2024", at(2024, 1, 31)],
    ["January 31 2024 10:00 AM", at(2024, 1, 31, 10)],
    ["Sept. 3, 2024 at 4:15 PM", at(2024, 9, 3, 16, 15)],
    ["2024-02-29", at(2024, 2, 29)],
  ])("%j", (text, expected) => {
    expect(parseTripDateTime(text)).toBe(expected);
  });

  it.each([
    ["", "nothing"],
    ["yesterday", "a relative day"],
    ["2023-02-29", "February 29 of a common year"],
    ["2024-13-01", "a 13th month"],
    ["31/01/2024", "day first"],
    ["2024-01-31 24:00", "hour 24"],
    ["2024-01-31 13:00 PM", "a 24-hour time with PM"],
    ["2024-01-31 0:30 AM", "hour 0 on a 12-hour clock"],
    ["2024-01-31 10:60", "minute 60"],
    ["Foo 3, 2024", "no such month"],
    ["2024/01/31", "year first with slashes"],
  ])("%j is not a date (%s)", (text) => {
    expect(parseTripDateTime(text)).toBeNull();
  });
});
