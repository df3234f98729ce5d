/**
 * Reads the marketplace's Trip Earnings CSV into trips. Tolerant of header spellings and date
 * formats (like the earnings reader it shares them with), strict about content: a file with any
 * bad row is refused as a whole, with every problem named by row and column, so an import never
 * half-writes.
 *
 * The car is kept as the file names it (see file-vehicle.ts for matching). Every cell is capped
 * (500 characters) and every amount too ($1,000,000 either way): past that it is a row error,
 * never a stored value. The columns a file has are the fields it states; a narrower export
 * (fewer columns) updates only those, so nothing it doesn't mention is erased.
 *
 * Times: a date with an offset ("2026-11-20T10:00:00-08:00", "…Z") is that instant; otherwise it
 * is local time in the row's "Time zone" column, or else in the zone the host chose for the
 * file. A local time the clocks skip (spring forward) is read as the time after the change; one
 * that repeats (fall back) as the first of the two.
 */
import {
  fieldAt,
  foundColumnNames,
  locateColumns,
  missingColumnProblem,
  normalizeHeader,
  readCsvExport,
  readDateCell,
  reportedProblems,
  rowProblem,
  type CsvRecord,
} from "~/domain/csv";
import { parseTripDateTime } from "~/domain/earnings-csv";
import { formatCents, formatNumber, parseMoneyToCents } from "~/domain/money";
import { canonicalTimeZone, naiveMsToWallClock, resolveWallClock } from "~/domain/zoned-time";
import type { FileVehicle } from "./file-vehicle";
import {
  MAX_RESERVATION_ID_LENGTH,
  statusByTime,
  tripProblems,
  tripStatusFromText,
  type TripInput,
} from "./trip";

export const MAX_TRIP_CSV_ROWS = 5_000;
/** No cell of the export is longer (an address is the longest); past this it isn't the export. */
export const MAX_CELL_CHARACTERS = 500;
/** No amount of one trip is anywhere near this, either way. */
export const MAX_AMOUNT_CENTS = 100_000_000;

export type TripColumn =
  | "reservationId"
  | "guest"
  | "vehicle"
  | "vehicleTitle"
  | "vehicleListingId"
  | "vin"
  | "tripStart"
  | "tripEnd"
  | "timeZone"
  | "pickupLocation"
  | "returnLocation"
  | "odometerStart"
  | "odometerEnd"
  | "distance"
  | "earnings"
  | "status";

export const TRIP_COLUMNS: Readonly<
  Record<TripColumn, { label: string; aliases: readonly string[] }>
> = {
  reservationId: {
    label: "Reservation ID",
    aliases: ["reservationid", "reservationnumber", "reservation", "tripid", "bookingid"],
  },
  guest: {
    label: "Guest",
    aliases: ["guestname", "guest", "renter", "rentername", "primarydriver"],
  },
  vehicle: {
    label: "Vehicle",
    aliases: ["vehicle", "car", "listingname", "listing", "carname"],
  },
  vehicleTitle: {
    label: "Vehicle name",
    aliases: ["vehiclename", "makemodelyear", "yearmakemodel", "makeandmodel"],
  },
  vehicleListingId: { label: "Vehicle id", aliases: ["vehicleid", "listingid", "carid"] },
  vin: { label: "VIN", aliases: ["vin", "vehiclevin", "vehicleidentificationnumber"] },
  tripStart: {
    label: "Trip start",
    aliases: ["tripstart", "tripstartdate", "tripstarttime", "startdate", "start", "pickupdate"],
  },
  tripEnd: {
    label: "Trip end",
    aliases: ["tripend", "tripenddate", "tripendtime", "enddate", "end", "returndate"],
  },
  timeZone: { label: "Time zone", aliases: ["timezone", "triptimezone", "tz"] },
  pickupLocation: {
    label: "Pickup location",
    aliases: ["pickuplocation", "pickupaddress", "deliverylocation", "location"],
  },
  returnLocation: {
    label: "Return location",
    aliases: ["returnlocation", "returnaddress", "dropofflocation"],
  },
  odometerStart: {
    label: "Odometer at pickup",
    aliases: ["checkinodometer", "startodometer", "odometerstart", "pickupodometer"],
  },
  odometerEnd: {
    label: "Odometer at return",
    aliases: ["checkoutodometer", "endodometer", "odometerend", "returnodometer"],
  },
  distance: {
    label: "Distance traveled",
    aliases: ["distancetraveled", "distancetravelled", "distance", "milesdriven", "miles"],
  },
  earnings: {
    label: "Total earnings",
    aliases: ["totalearnings", "earnings", "hostearnings", "yourearnings", "payout"],
  },
  status: { label: "Trip status", aliases: ["tripstatus", "status", "reservationstatus"] },
};

/** The trip's fields a file can state; the others (reservation, times, zone) it always does. */
export type StatedTripField =
  | "guestName"
  | "pickupLocation"
  | "returnLocation"
  | "odometerStart"
  | "odometerEnd"
  | "distanceMiles"
  | "earningsCents"
  | "status";

/** Which trip field each optional column states. */
const STATED_BY: ReadonlyArray<[TripColumn, StatedTripField]> = [
  ["guest", "guestName"],
  ["pickupLocation", "pickupLocation"],
  ["returnLocation", "returnLocation"],
  ["odometerStart", "odometerStart"],
  ["odometerEnd", "odometerEnd"],
  ["distance", "distanceMiles"],
  ["earnings", "earningsCents"],
  ["status", "status"],
];

/**
 * The export's money columns besides "Total earnings", one per item ("Trip price", "3-day
 * discount", "Tolls & tickets", …); read only to check them. Written normalized.
 */
const MONEY_ITEM_COLUMNS = new Set([
  "tripprice",
  "boostprice",
  "delivery",
  "excessdistance",
  "extras",
  "additionalusage",
  "smoking",
  "cleaning",
  "tollstickets",
  "tollsandtickets",
  "finespaidtohost",
  "gasreimbursement",
  "evchargingreimbursement",
  "ontripevcharging",
  "posttripevcharging",
  "otherfees",
  "salestax",
  "hostpromotionalcredit",
]);
const MONEY_ITEM_PATTERN = /(discount|fee|fees|price|credit|reimbursement|charging|tax)$/;

export interface TripCsvRow {
  /** The line of the file the trip starts on. */
  line: number;
  trip: TripInput;
  /** How the file names the car; matched to one of the host's as file-vehicle.ts says. */
  vehicle: FileVehicle;
  /** The optional fields the file has a column for: only these update a stored trip. */
  stated: readonly StatedTripField[];
}

export interface TripCsvError {
  row: number | null;
  column: string | null;
  message: string;
}

export type TripCsvResult =
  | { ok: true; rows: TripCsvRow[]; columns: Partial<Record<TripColumn, string>> }
  | { ok: false; errors: TripCsvError[] };

const OFFSET_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;

/** An instant from a date cell: its own offset when it has one, else local time in `timeZone`. */
export function tripInstant(text: string, timeZone: string): number | null {
  const naive = parseTripDateTime(text);
  if (naive === null) return null;
  const offset = OFFSET_SUFFIX.exec(text.trim())?.[1];
  if (offset) {
    if (offset.toUpperCase() === "Z") return naive;
    const sign = offset.startsWith("-") ? -1 : 1;
    const digits = offset.slice(1).replace(":", "");
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    return naive - sign * minutes * 60_000;
  }
  const resolved = resolveWallClock(naiveMsToWallClock(naive), timeZone);
  return resolved.kind === "unique"
    ? resolved.instantMs
    : resolved.kind === "ambiguous"
      ? resolved.earlierMs
      : resolved.laterMs;
}

function wholeMiles(text: string): number | null | undefined {
  if (text === "") return null;
  const value = Number(text.replace(/,/g, "").replace(/\s*(mi|miles)$/i, ""));
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/**
 * Reads a Trip Earnings CSV. `timeZone` is where times without an offset or a zone column are
 * local; `now` decides the status of rows without one.
 */
export function parseTripCsv(
  text: string,
  options: { timeZone: string; now: number },
): TripCsvResult {
  const file = readCsvExport(text, MAX_TRIP_CSV_ROWS, "trips");
  if (!file.ok) return file;
  const layout = tripFileLayout(file.header);
  if (!layout.ok) return layout;

  const errors: TripCsvError[] = [];
  const rows: TripCsvRow[] = [];
  const seen = new Map<string, number>();
  for (const record of file.records) {
    const row = readTripRow(record, layout, options, seen, errors);
    if (row) rows.push(row);
  }
  if (errors.length > 0) return { ok: false, errors: reportedProblems(errors) };
  return { ok: true, rows, columns: foundColumnNames(file.header, layout.columnIndex) };
}

/** Where a trip file's columns are, and what its header says about them. */
interface TripFileLayout {
  ok: true;
  header: CsvRecord;
  columnIndex: Partial<Record<TripColumn, number>>;
  headerName: (column: TripColumn) => string | null;
  /** The export's money item columns, read only to check them. */
  moneyItems: ReadonlyArray<{ name: string; index: number }>;
  stated: StatedTripField[];
}

/** The file's columns, or the required ones its header row lacks. */
function tripFileLayout(header: CsvRecord): TripFileLayout | { ok: false; errors: TripCsvError[] } {
  const columnIndex = locateColumns(header.fields, TRIP_COLUMNS);
  const required: TripColumn[] = ["reservationId", "tripStart", "tripEnd"];
  const missing = required.filter((column) => columnIndex[column] === undefined);
  if (
    columnIndex.vehicle === undefined &&
    columnIndex.vehicleTitle === undefined &&
    columnIndex.vin === undefined
  )
    missing.push("vehicle");
  if (missing.length > 0) {
    return {
      ok: false,
      errors: missing.map((column) =>
        missingColumnProblem(header.line, TRIP_COLUMNS[column].label),
      ),
    };
  }
  const located = new Set(Object.values(columnIndex));
  const moneyItems = header.fields
    .map((name, index) => ({ name: name.trim(), index, key: normalizeHeader(name) }))
    .filter(
      ({ index, key }) =>
        !located.has(index) && (MONEY_ITEM_COLUMNS.has(key) || MONEY_ITEM_PATTERN.test(key)),
    );
  const stated = STATED_BY.filter(([column]) => columnIndex[column] !== undefined).map(
    ([, field]) => field,
  );
  // Both odometers give the distance when the file has no column for it.
  if (
    !stated.includes("distanceMiles") &&
    stated.includes("odometerStart") &&
    stated.includes("odometerEnd")
  )
    stated.push("distanceMiles");
  const headerName = (column: TripColumn) => fieldAt(header, columnIndex[column]) ?? null;
  return { ok: true, header, columnIndex, headerName, moneyItems, stated };
}

/** One record of a trip file, with the helpers its readers share. */
interface TripRecord {
  record: CsvRecord;
  layout: TripFileLayout;
  cell: (column: TripColumn) => string;
  problem: (column: TripColumn | null, message: string) => void;
  errors: TripCsvError[];
}

/**
 * One trip of the file, or null when the row has a problem (added to `errors`). `seen` holds
 * the reservations of the rows before, by line.
 */
function readTripRow(
  record: CsvRecord,
  layout: TripFileLayout,
  options: { timeZone: string; now: number },
  seen: Map<string, number>,
  errors: TripCsvError[],
): TripCsvRow | null {
  const row: TripRecord = {
    record,
    layout,
    cell: (column) => fieldAt(record, layout.columnIndex[column]) ?? "",
    problem: (column, message) => {
      errors.push(rowProblem(record.line, column ? layout.headerName(column) : null, message));
    },
    errors,
  };
  const { cell, problem } = row;
  const before = errors.length;
  if (checkCellLengths(row)) return null;

  const reservationId = readReservationId(row, seen);
  const vehicle = readFileVehicle(row);
  const { timeZone, startAt, endAt } = readTripTimes(row, options.timeZone);

  const readMiles = (column: "odometerStart" | "odometerEnd" | "distance") => {
    const value = wholeMiles(cell(column));
    if (value === undefined) problem(column, `"${cell(column)}" is not a number of miles.`);
    return value ?? null;
  };
  const odometerStart = readMiles("odometerStart");
  const odometerEnd = readMiles("odometerEnd");
  const distance = readMiles("distance");

  const earningsCents = readTripAmount(row, cell("earnings"), layout.headerName("earnings"));
  for (const item of layout.moneyItems) {
    readTripAmount(row, fieldAt(record, item.index) ?? "", item.name);
  }

  const statusText = cell("status");
  const status =
    statusText === ""
      ? startAt !== null && endAt !== null
        ? statusByTime(startAt, endAt, options.now)
        : "completed"
      : tripStatusFromText(statusText);
  if (status === null) {
    problem(
      "status",
      `"${statusText}" is not a trip status we know (booked, in progress, completed or canceled).`,
    );
  }

  if (errors.length > before || startAt === null || endAt === null || status === null) {
    return null;
  }
  const trip: TripInput = {
    reservationId,
    guestName: cell("guest") || null,
    startAt,
    endAt,
    timeZone,
    pickupLocation: cell("pickupLocation") || null,
    returnLocation: cell("returnLocation") || null,
    odometerStart,
    odometerEnd,
    distanceMiles:
      distance ??
      (odometerStart !== null && odometerEnd !== null ? odometerEnd - odometerStart : null),
    earningsCents,
    status,
  };
  const problems = Object.values(tripProblems(trip));
  for (const message of problems) problem(null, message.charAt(0).toLowerCase() + message.slice(1));
  return problems.length === 0 ? { line: record.line, trip, vehicle, stated: layout.stated } : null;
}

/** Whether any cell of the row is too long to be the export's (each one told as a problem). */
function checkCellLengths({ record, layout, errors }: TripRecord): boolean {
  const before = errors.length;
  record.fields.forEach((field, index) => {
    if (field.trim().length > MAX_CELL_CHARACTERS) {
      errors.push(
        rowProblem(
          record.line,
          fieldAt(layout.header, index) || `column ${index + 1}`,
          `the cell is ${formatNumber(field.trim().length)} characters long; the limit is ${formatNumber(MAX_CELL_CHARACTERS)}.`,
        ),
      );
    }
  });
  return errors.length > before;
}

/** The row's reservation ID: present, well-formed and not on an earlier row. */
function readReservationId(
  { record, cell, problem }: TripRecord,
  seen: Map<string, number>,
): string {
  const reservationId = cell("reservationId");
  if (reservationId === "") problem("reservationId", "the reservation ID is empty.");
  else if (
    reservationId.length > MAX_RESERVATION_ID_LENGTH ||
    !/^[A-Za-z0-9-]+$/.test(reservationId)
  ) {
    problem(
      "reservationId",
      `"${reservationId.slice(0, 60)}" is not a reservation ID (letters, digits and dashes).`,
    );
  } else if (seen.has(reservationId)) {
    problem(
      "reservationId",
      `reservation ${reservationId} is also on row ${seen.get(reservationId)}.`,
    );
  } else {
    seen.set(reservationId, record.line);
  }
  return reservationId;
}

/** The car as the row names it: at least one of its name, title and VIN. */
function readFileVehicle({ layout, cell, problem }: TripRecord): FileVehicle {
  const vehicle: FileVehicle = {
    label: cell("vehicle").replace(/\s+/g, " ") || null,
    title: cell("vehicleTitle").replace(/\s+/g, " ") || null,
    vin: cell("vin").toUpperCase().replace(/\s+/g, "") || null,
    listingId: cell("vehicleListingId") || null,
  };
  if (!vehicle.label && !vehicle.title && !vehicle.vin)
    problem(
      layout.columnIndex.vehicle !== undefined
        ? "vehicle"
        : layout.columnIndex.vehicleTitle !== undefined
          ? "vehicleTitle"
          : "vin",
      "the vehicle is empty.",
    );
  return vehicle;
}

/** The row's time zone (its own column, else the file's) and the trip's start and end in it. */
function readTripTimes({ cell, problem }: TripRecord, fileTimeZone: string) {
  let timeZone = fileTimeZone;
  const zoneText = cell("timeZone");
  if (zoneText !== "") {
    const zone = canonicalTimeZone(zoneText);
    if (zone) timeZone = zone;
    else
      problem(
        "timeZone",
        `"${zoneText}" is not a time zone we know (use a name like America/Denver).`,
      );
  }
  const readTime = (column: "tripStart" | "tripEnd") =>
    readDateCell(
      cell(column),
      (text) => tripInstant(text, timeZone),
      "2026-01-31 10:00 or 1/31/2026 10:00 AM",
      (message) => problem(column, message),
    );
  const startAt = readTime("tripStart");
  const endAt = readTime("tripEnd");
  return { timeZone, startAt, endAt };
}

/** An amount cell in cents (null when empty); an unreadable or huge amount is a problem. */
function readTripAmount(
  { record, errors }: TripRecord,
  text: string,
  columnName: string | null,
): number | null {
  if (text === "") return null;
  const cents = parseMoneyToCents(text);
  if (cents === null) {
    errors.push(rowProblem(record.line, columnName, `"${text}" is not an amount.`));
  } else if (Math.abs(cents) > MAX_AMOUNT_CENTS) {
    errors.push(
      rowProblem(
        record.line,
        columnName,
        `${formatCents(cents)} is over $1,000,000; that can't be one trip's amount.`,
      ),
    );
    return null;
  }
  return cents;
}
