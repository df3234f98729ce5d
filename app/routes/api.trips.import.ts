import type { Route } from "./+types/api.trips.import";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { requireApiSession } from "~/lib/auth/guards.server";
import { jsonError, methodNotAllowed } from "~/lib/http/json";
import { readMultipartForm, UploadTooLargeError } from "~/lib/http/uploads.server";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import {
  csvText,
  importTripCsv,
  MAX_TRIP_CSV_BYTES,
  TOO_LARGE_MESSAGE,
} from "~/lib/trips/trip-import.server";

export async function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/trips/import: the Trip Earnings CSV as `text/csv`, or multipart with `file` (and an
 * optional `timeZone` field). Times without an offset are local in `?timeZone=` / the field, else
 * the account's zone. → 200 { imported, updated, skipped, unmatched, errors: [] }; a file with any
 * bad row → 400 with `errors: [{ row, message }]` and nothing stored.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await requireApiSession(request);
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  let text: string;
  let timeZone = new URL(request.url).searchParams.get("timeZone");
  if (type === "text/csv" || type === "text/plain") {
    const declared = Number(request.headers.get("Content-Length"));
    if (declared > MAX_TRIP_CSV_BYTES) return jsonError(413, TOO_LARGE_MESSAGE);
    text = await request.text();
    if (text.length > MAX_TRIP_CSV_BYTES) return jsonError(413, TOO_LARGE_MESSAGE);
  } else if (type === "multipart/form-data") {
    const form = await readMultipartForm(request, MAX_TRIP_CSV_BYTES + 64 * 1024);
    if (form instanceof UploadTooLargeError) return jsonError(413, TOO_LARGE_MESSAGE);
    if (!form) return jsonError(400, "We couldn't read that form. Send the CSV as `file`.");
    const file = await csvText(form.get("file"));
    if (!file.ok) return jsonError(file.status, file.message);
    text = file.text;
    const field = form.get("timeZone");
    if (typeof field === "string" && field.trim() !== "") timeZone = field;
  } else {
    return jsonError(
      415,
      "Send the CSV as text/csv, or as multipart/form-data with the file in `file`.",
    );
  }
  const result = importTripCsv(session.accountId, text, {
    timeZone: timeZone ?? accountPreferences(session.accountId).timeZone ?? DEFAULT_TIME_ZONE,
  });
  if (!result.ok) {
    return jsonError(result.status, result.message, {
      imported: 0,
      updated: 0,
      skipped: 0,
      errors: result.errors.map(({ row, message }) => ({ row, message })),
    });
  }
  const { ok: _ok, ...summary } = result;
  return Response.json(
    { ...summary, errors: [] },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
