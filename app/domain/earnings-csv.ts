/**
 * Reads the marketplace's earnings CSV export (pasted or uploaded) and aggregates it per car, to
 * prefill the Fleet Audit Calculator. Tolerant of header spellings, quoted fields with commas or
 * line breaks, CRLF, a byte-order mark and several date formats; strict about content: any
 * malformed row fails the whole file with row- and column-specific messages.
 */
import { sumOf } from "./calculation-steps";
import {
  csvFailure,
  fieldAt,
  foundColumnNames,
  locateColumns,
  missingColumnProblem,
  readCsvExport,
  readDateCell,
  reportedProblems,
  rowProblem,
  type CsvRecord,
} from "./csv";
import { formatNumber, parseMoneyToCents, roundToCents, type Cents } from "./money";
import { DAY_MS, formatIsoDate, isRealDate, naiveMsToWallClock } from "./zoned-time";

export const MAX_EARNINGS_CSV_ROWS = 5_000;
export { MAX_EARNINGS_CSV_CHARACTERS, MAX_REPORTED_CSV_ERRORS } from "./csv";

export type EarningsColumn =
  "vehicle" | "tripStart" | "tripEnd" | "tripPrice" | "totalEarnings" | "tripDays" | "status";

/**
 * Header names accepted for each column, compared after lower-casing and dropping everything but
 * letters and digits ("Trip Start", "trip_start" and "TRIP-START" all match "tripstart"). The
 * first alias found in the header wins, so the more specific names come first.
 */
export const EARNINGS_COLUMNS: Readonly<
  Record<EarningsColumn, { label: string; aliases: readonly string[] }>
> = {
  vehicle: {
    label: "Vehicle",
    aliases: ["vehiclename", "vehicle", "car", "carname", "listing", "listingname"],
  },
  tripStart: {
    label: "Trip start",
    aliases: [
      "tripstart",
      "tripstartdate",
      "tripstarttime",
      "startdate",
      "start",
      "pickupdate",
      "pickup",
    ],
  },
  tripEnd: {
    label: "Trip end",
    aliases: [
      "tripend",
      "tripenddate",
      "tripendtime",
      "enddate",
      "end",
      "returndate",
      "return",
      "dropoffdate",
    ],
  },
  tripPrice: {
    label: "Trip price",
    aliases: ["tripprice", "price", "tripcost", "triptotal", "grossrevenue"],
  },
  totalEarnings: {
    label: "Total earnings",
    aliases: ["totalearnings", "earnings", "hostearnings", "netearnings", "yourearnings", "payout"],
  },
  tripDays: { label: "Trip days", aliases: ["tripdays", "days", "rentaldays", "numberofdays"] },
  status: { label: "Trip status", aliases: ["tripstatus", "status", "reservationstatus"] },
};

export interface EarningsCsvError {
  /** 1-based line in the file (the header is line 1), or null for whole-file problems. */
  row: number | null;
  /** The column's header as written in the file, or null. */
  column: string | null;
  /** A complete sentence naming the row and column. */
  message: string;
}

export interface EarningsVehicleSummary {
  vehicleName: string;
  trips: number;
  bookedDays: number;
  /** Null when the file has no trip-price column. */
  tripPriceTotalCents: Cents | null;
  /** Null when the file has no earnings column. */
  earningsTotalCents: Cents | null;
  averageDailyPriceCents: Cents | null;
  averageDailyEarningsCents: Cents | null;
  /** Booked days ÷ days in the file's period, capped at 100, one decimal. */
  utilizationPercent: number;
  firstTripStart: string;
  lastTripEnd: string;
}

export interface EarningsCsvSummary {
  /** One entry per car, sorted by name. */
  vehicles: EarningsVehicleSummary[];
  /** From the earliest trip start to the latest trip end in the file. */
  period: { start: string; end: string; days: number };
  tripsRead: number;
  canceledSkipped: number;
  /** Which header in the file was used for each column. */
  columns: Partial<Record<EarningsColumn, string>>;
  warnings: string[];
}

export type EarningsCsvResult =
  ({ ok: true } & EarningsCsvSummary) | { ok: false; errors: EarningsCsvError[] };

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function to24Hour(hour: number, meridiem: string | undefined): number | null {
  if (!meridiem) return hour <= 23 ? hour : null;
  if (hour < 1 || hour > 12) return null;
  const isPm = meridiem.toUpperCase() === "PM";
  return (hour % 12) + (isPm ? 12 : 0);
}

const TIME_PART = String.raw`(?:[T ,]+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?)?`;
const ZONE_SUFFIX = String.raw`\s*(?:Z|[+-]\d{2}:?\d{2}|[A-Z]{2,4})?`;
const ISO_DATE = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME_PART}${ZONE_SUFFIX}$`);
const US_DATE = new RegExp(
  String.raw`^(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})${TIME_PART}${ZONE_SUFFIX}$`,
);
const NAMED_MONTH_DATE = new RegExp(
  String.raw`^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})${TIME_PART}${ZONE_SUFFIX}$`,
);

/**
 * A trip date as written in exports and spreadsheets, as zone-free wall-clock milliseconds:
 * "2024-01-31", "2024-01-31 10:00", "2024-01-31T10:00:00Z", "1/31/2024 10:00 AM", "01/31/24",
 * "Jan 31, 2024 10:00 AM". A time-zone suffix is ignored: only durations matter here.
 */
export function parseTripDateTime(text: string): number | null {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  let timeGroups: Array<string | undefined>;
  let match: RegExpExecArray | null;
  if ((match = ISO_DATE.exec(value))) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    timeGroups = match.slice(4);
  } else if ((match = US_DATE.exec(value))) {
    const rawYear = Number(match[3]);
    [month, day, year] = [
      Number(match[1]),
      Number(match[2]),
      rawYear < 100 ? 2000 + rawYear : rawYear,
    ];
    timeGroups = match.slice(4);
  } else if ((match = NAMED_MONTH_DATE.exec(value))) {
    const monthIndex = MONTHS.indexOf((match[1] ?? "").slice(0, 3).toLowerCase());
    if (monthIndex < 0) return null;
    [year, month, day] = [Number(match[3]), monthIndex + 1, Number(match[2])];
    timeGroups = match.slice(4);
  } else {
    return null;
  }
  if (!isRealDate({ year, month, day })) return null;
  const [hourText, minuteText, secondText, meridiem] = timeGroups;
  let hour = 0;
  let minute = 0;
  if (hourText !== undefined) {
    const hour24 = to24Hour(Number(hourText), meridiem);
    minute = Number(minuteText);
    if (hour24 === null || minute > 59 || Number(secondText ?? 0) > 59) return null;
    hour = hour24;
  }
  return Date.UTC(year, month - 1, day, hour, minute);
}

interface TripRow {
  vehicleKey: string;
  vehicleName: string;
  startMs: number;
  endMs: number;
  bookedDays: number;
  tripPriceCents: Cents;
  earningsCents: Cents;
}

/**
 * Reads the marketplace's earnings CSV export (pasted or uploaded) and aggregates it per car.
 *
 * Needs a vehicle, a trip start and a trip end column, plus a trip-price or earnings column (see
 * `EARNINGS_COLUMNS` for accepted header names). Optional: trip days (otherwise each trip counts
 * its 24-hour periods, at least one) and trip status (canceled trips are skipped). Blank amount
 * cells count as $0, because exports leave zero amounts empty. Any malformed row fails the whole
 * file with row- and column-specific errors, so nothing is prefilled from a half-read file.
 */
export function parseEarningsCsv(text: string): EarningsCsvResult {
  const file = readCsvExport(text, MAX_EARNINGS_CSV_ROWS, "rows");
  if (!file.ok) return file;
  const { header } = file;

  const columnIndex = locateColumns(header.fields, EARNINGS_COLUMNS);
  const headerErrors = earningsHeaderProblems(header.line, columnIndex);
  if (headerErrors.length > 0) return { ok: false, errors: headerErrors };
  const headerName = (column: EarningsColumn) => fieldAt(header, columnIndex[column]) ?? null;

  const errors: EarningsCsvError[] = [];
  const trips: TripRow[] = [];
  let canceledSkipped = 0;
  for (const record of file.records) {
    const cell = (column: EarningsColumn) => fieldAt(record, columnIndex[column]) ?? "";
    if (/cancel/i.test(cell("status"))) {
      canceledSkipped++;
      continue;
    }
    const rowError = (column: EarningsColumn | null, message: string) => {
      errors.push(rowProblem(record.line, column ? headerName(column) : null, message));
    };
    const trip = readEarningsRow(cell, rowError);
    if (trip) trips.push(trip);
  }

  if (errors.length > 0) return { ok: false, errors: reportedProblems(errors) };
  if (trips.length === 0) {
    return csvFailure("Every trip in the file is canceled, so there is nothing to prefill.");
  }
  return { ok: true, ...summarizeTrips(trips, canceledSkipped, columnIndex, header) };
}

/** What the header row lacks: a vehicle, the trip's start and end, and an amount column. */
function earningsHeaderProblems(
  headerLine: number,
  columnIndex: Partial<Record<EarningsColumn, number>>,
): EarningsCsvError[] {
  const missing = (["vehicle", "tripStart", "tripEnd"] as const).filter(
    (column) => columnIndex[column] === undefined,
  );
  const problems = missing.map((column) =>
    missingColumnProblem(headerLine, EARNINGS_COLUMNS[column].label),
  );
  if (columnIndex.tripPrice === undefined && columnIndex.totalEarnings === undefined) {
    problems.push({
      row: headerLine,
      column: null,
      message: `Missing an amount column: the file needs "${EARNINGS_COLUMNS.tripPrice.label}" or "${EARNINGS_COLUMNS.totalEarnings.label}".`,
    });
  }
  return problems;
}

/** One trip of the file, or null when the row has a problem (told to `rowError`). */
function readEarningsRow(
  cell: (column: EarningsColumn) => string,
  rowError: (column: EarningsColumn | null, message: string) => void,
): TripRow | null {
  const vehicleName = cell("vehicle").replace(/\s+/g, " ");
  if (vehicleName === "") rowError("vehicle", "the vehicle is empty.");

  const readDate = (column: "tripStart" | "tripEnd") =>
    readDateCell(
      cell(column),
      parseTripDateTime,
      "2024-01-31 10:00 or 1/31/2024 10:00 AM",
      (message) => rowError(column, message),
    );
  const startMs = readDate("tripStart");
  const endMs = readDate("tripEnd");
  if (startMs !== null && endMs !== null && endMs < startMs) {
    rowError(null, "the trip ends before it starts.");
  }

  const readAmount = (column: "tripPrice" | "totalEarnings") => {
    const raw = cell(column);
    if (raw === "") return 0;
    const cents = parseMoneyToCents(raw);
    if (cents === null) rowError(column, `"${raw}" is not an amount.`);
    return cents ?? 0;
  };
  const tripPriceCents = readAmount("tripPrice");
  const earningsCents = readAmount("totalEarnings");

  let bookedDays: number | null = null;
  const tripDaysText = cell("tripDays");
  if (tripDaysText !== "") {
    const value = Number(tripDaysText.replace(/,/g, ""));
    if (!Number.isFinite(value) || value < 0) {
      rowError("tripDays", `"${tripDaysText}" is not a number of days.`);
    } else {
      bookedDays = value;
    }
  }

  if (startMs === null || endMs === null || vehicleName === "" || endMs < startMs) return null;
  return {
    vehicleKey: vehicleName.toLowerCase(),
    vehicleName,
    startMs,
    endMs,
    bookedDays: bookedDays ?? Math.max(1, Math.ceil((endMs - startMs) / DAY_MS)),
    tripPriceCents,
    earningsCents,
  };
}

function summarizeTrips(
  trips: TripRow[],
  canceledSkipped: number,
  columnIndex: Partial<Record<EarningsColumn, number>>,
  header: CsvRecord,
): EarningsCsvSummary {
  const warnings: string[] = [];
  const periodStartMs = Math.min(...trips.map((trip) => trip.startMs));
  const periodEndMs = Math.max(...trips.map((trip) => trip.endMs));
  const periodDays = Math.max(1, Math.ceil((periodEndMs - periodStartMs) / DAY_MS));
  const hasPrice = columnIndex.tripPrice !== undefined;
  const hasEarnings = columnIndex.totalEarnings !== undefined;
  const isoDate = (ms: number) => formatIsoDate(naiveMsToWallClock(ms));

  const byVehicle = new Map<string, TripRow[]>();
  for (const trip of trips) {
    byVehicle.set(trip.vehicleKey, [...(byVehicle.get(trip.vehicleKey) ?? []), trip]);
  }

  const vehicles = [...byVehicle.values()].map((vehicleTrips): EarningsVehicleSummary => {
    const [firstTrip] = vehicleTrips;
    const vehicleName = firstTrip?.vehicleName ?? "";
    const bookedDays = sumOf(vehicleTrips, (trip) => trip.bookedDays);
    const tripPriceTotalCents = hasPrice
      ? sumOf(vehicleTrips, (trip) => trip.tripPriceCents)
      : null;
    const earningsTotalCents = hasEarnings
      ? sumOf(vehicleTrips, (trip) => trip.earningsCents)
      : null;
    const perDay = (total: Cents | null) =>
      total === null || bookedDays === 0 ? null : roundToCents(total / bookedDays);
    const rawUtilization = (bookedDays / periodDays) * 100;
    if (rawUtilization > 100) {
      warnings.push(
        `${vehicleName} has more booked days (${formatNumber(bookedDays, 1)}) than the file covers (${periodDays}); check for overlapping trips. Utilization is capped at 100%.`,
      );
    }
    return {
      vehicleName,
      trips: vehicleTrips.length,
      bookedDays,
      tripPriceTotalCents,
      earningsTotalCents,
      averageDailyPriceCents: perDay(tripPriceTotalCents),
      averageDailyEarningsCents: perDay(earningsTotalCents),
      utilizationPercent: Math.min(100, Math.round(rawUtilization * 10) / 10),
      firstTripStart: isoDate(Math.min(...vehicleTrips.map((trip) => trip.startMs))),
      lastTripEnd: isoDate(Math.max(...vehicleTrips.map((trip) => trip.endMs))),
    };
  });
  vehicles.sort((a, b) => a.vehicleName.localeCompare(b.vehicleName));

  if (!hasPrice) {
    warnings.push(
      `The file has no "${EARNINGS_COLUMNS.tripPrice.label}" column, so daily prices are worked out from your earnings and your host plan's share.`,
    );
  }
  return {
    vehicles,
    period: { start: isoDate(periodStartMs), end: isoDate(periodEndMs), days: periodDays },
    tripsRead: trips.length,
    canceledSkipped,
    columns: foundColumnNames(header, columnIndex),
    warnings,
  };
}
