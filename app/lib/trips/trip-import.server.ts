/**
 * Reading an uploaded or posted Trip Earnings CSV and storing it: the one path the trips page and
 * `POST /api/trips/import` share.
 */
import { parseTripCsv, type TripCsvError } from "~/domain/trips/trip-csv";
import { canonicalTimeZone } from "~/domain/zoned-time";
import { importTrips, type ImportSummary } from "./trips.server";

/** A 5,000-trip export is under 2 MB. */
export const MAX_TRIP_CSV_BYTES = 5_000_000;

export type TripImportResult =
  | ({ ok: true } & ImportSummary)
  | { ok: false; status: 400 | 413; message: string; errors: TripCsvError[] };

export const NO_FILE_MESSAGE = "Choose the Trip Earnings CSV file to import.";
export const TOO_LARGE_MESSAGE =
  "The file is over 5 MB. Export a shorter date range and try again.";

/** Parses and stores `text`; nothing is stored when any row is bad. */
export function importTripCsv(
  accountId: string,
  text: string,
  options: { timeZone: string; now?: number },
): TripImportResult {
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
  return { ok: true, ...importTrips(accountId, parsed.rows) };
}

/** The file's text, or why there is none. */
export async function csvText(
  file: FormDataEntryValue | null,
): Promise<{ ok: true; text: string } | { ok: false; status: 400 | 413; message: string }> {
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, status: 400, message: NO_FILE_MESSAGE };
  if (file.size > MAX_TRIP_CSV_BYTES) return { ok: false, status: 413, message: TOO_LARGE_MESSAGE };
  return { ok: true, text: await file.text() };
}
