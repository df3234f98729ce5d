import type { Route } from "./+types/api.trips.import";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { requireApiSession } from "~/lib/auth/guards.server";
import { jsonError, methodNotAllowed, privateJson } from "~/lib/http/json";
import { readMultipartForm, UploadTooLargeError } from "~/lib/http/uploads.server";
import { decodeCsvBytes, type CsvEncoding } from "~/domain/csv";
import {
  csvText,
  importTripCsv,
  MAX_TRIP_CSV_BYTES,
  TOO_LARGE_MESSAGE,
} from "~/lib/trips/trip-import.server";
import { z } from "zod";
import { postedEntry, postedFields } from "~/lib/http/intent";

export async function loader() {
  return methodNotAllowed("POST");
}

const NO_ZONE_MESSAGE =
  "Say which time zone the file's times are in: add ?timeZone=America/Denver (or a timeZone field), or set the account's time zone under Account.";

/**
 * POST /api/trips/import: the Trip Earnings CSV as `text/csv`, or multipart with `file` (and an
 * optional `timeZone` field). Times without an offset are local in `?timeZone=` / the field, else
 * the account's zone (an account without one must say). → 200 { imported, updated, skipped,
 * unmatched, timeZone, encoding, errors: [] }; a file with any bad row → 400 with
 * `errors: [{ row, message }]` and nothing stored.
 */
/** The multipart body: the CSV in `file`, and optionally its `timeZone`. */
const importFieldsSchema = z.object({ file: postedEntry, timeZone: postedEntry });

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await requireApiSession(request);
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  let file: { text: string; encoding: CsvEncoding };
  let timeZone = new URL(request.url).searchParams.get("timeZone");
  if (type === "text/csv" || type === "text/plain") {
    const declared = Number(request.headers.get("Content-Length"));
    if (declared > MAX_TRIP_CSV_BYTES) return jsonError(413, TOO_LARGE_MESSAGE);
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.length > MAX_TRIP_CSV_BYTES) return jsonError(413, TOO_LARGE_MESSAGE);
    const charset = /charset=([^;]+)/i.exec(request.headers.get("Content-Type") ?? "")?.[1];
    file = decodeCsvBytes(bytes, charset);
  } else if (type === "multipart/form-data") {
    const form = await readMultipartForm(request, MAX_TRIP_CSV_BYTES + 64 * 1024);
    if (form instanceof UploadTooLargeError) return jsonError(413, TOO_LARGE_MESSAGE);
    if (!form) return jsonError(400, "We couldn't read that form. Send the CSV as `file`.");
    const posted = postedFields(form, importFieldsSchema);
    const read = await csvText(posted.file ?? null);
    if (!read.ok) return jsonError(read.status, read.message);
    file = read;
    const field = posted.timeZone;
    if (typeof field === "string" && field.trim() !== "") timeZone = field;
  } else {
    return jsonError(
      415,
      "Send the CSV as text/csv, or as multipart/form-data with the file in `file`.",
    );
  }
  timeZone ??= accountPreferences(session.accountId).timeZone;
  if (!timeZone) return jsonError(400, NO_ZONE_MESSAGE);
  const result = importTripCsv(session.accountId, file, { timeZone });
  if (!result.ok) {
    return jsonError(result.status, result.message, {
      imported: 0,
      updated: 0,
      skipped: 0,
      errors: result.errors.map(({ row, message }) => ({ row, message })),
    });
  }
  const { ok: _ok, ...summary } = result;
  return privateJson({ ...summary, errors: [] });
}
