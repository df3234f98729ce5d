/**
 * Reading an uploaded or posted Trip Earnings CSV and storing it: the one path the trips page and
 * `POST /api/trips/import` share.
 */
import { CSV_ENCODING_NAMES, decodeCsvBytes, type CsvEncoding } from "~/domain/csv";
import { parseTripCsv, type TripCsvError } from "~/domain/trips/trip-csv";
import { canonicalTimeZone } from "~/domain/zoned-time";
import { importTrips, type ImportSummary } from "./trips.server";

/** A 5,000-trip export is under 2 MB. */
export const MAX_TRIP_CSV_BYTES = 5_000_000;

export type TripImportResult =
  | ({
      ok: true;
      /** The zone times without an offset were read in. */
      timeZone: string;
      /** How the file's bytes were read; anything but UTF-8 is worth saying. */
      encoding: CsvEncoding;
    } & ImportSummary)
  | { ok: false; status: 400 | 413; message: string; errors: TripCsvError[] };

export const NO_FILE_MESSAGE = "Choose the Trip Earnings CSV file to import.";
export const TOO_LARGE_MESSAGE =
  "The file is over 5 MB. Export a shorter date range and try again.";

/** Parses and stores the file; nothing is stored when any row is bad. */
export function importTripCsv(
  accountId: string,
  file: { text: string; encoding: CsvEncoding },
  options: { timeZone: string; now?: number },
): TripImportResult {
  const { text, encoding } = file;
  const timeZone = canonicalTimeZone(options.timeZone);
  if (!timeZone) {
    return {
      ok: false,
      status: 400,
      message: "Choose the time zone the file's times are in.",
      errors: [],
    };
  }
  const parsed = parseTripCsv(text, { timeZone, now: options.now ?? Date.now() });
  if (!parsed.ok) {
    return {
      ok: false,
      status: 400,
      message:
        parsed.errors.length === 1
          ? parsed.errors[0]!.message
          : `The file has ${parsed.errors.length} problems; nothing was imported. Fix them and try again.`,
      errors: parsed.errors,
    };
  }
  return { ok: true, timeZone, encoding, ...importTrips(accountId, parsed.rows) };
}

/** Said after an import read a file that wasn't UTF-8, so the host can check the names. */
export function encodingNote(encoding: CsvEncoding): string | null {
  return encoding === "utf-8"
    ? null
    : `The file wasn't UTF-8; it was read as ${CSV_ENCODING_NAMES[encoding]}.`;
}

/** The file's text (decoded as `decodeCsvBytes` says), or why there is none. */
export async function csvText(
  file: FormDataEntryValue | null,
): Promise<
  | { ok: true; text: string; encoding: CsvEncoding }
  | { ok: false; status: 400 | 413; message: string }
> {
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, status: 400, message: NO_FILE_MESSAGE };
  if (file.size > MAX_TRIP_CSV_BYTES) return { ok: false, status: 413, message: TOO_LARGE_MESSAGE };
  const charset = /charset=([^;]+)/i.exec(file.type)?.[1] ?? null;
  return { ok: true, ...decodeCsvBytes(new Uint8Array(await file.arrayBuffer()), charset) };
}
