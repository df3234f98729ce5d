import { z } from "zod";
import type { Route } from "./+types/api.analysis";
import { requireApiSession } from "~/lib/auth/guards.server";
import { FindingFormSchema, type FindingFormData } from "~/lib/estimates/finding-form";
import { openDamageFor, openDamageRefusal } from "~/lib/estimates/open-damage.server";
import {
  discardStagedPhoto,
  MAX_PHOTOS_PER_REPORT,
  stagedPhotos,
  stageFiles,
  TOO_MANY_PHOTOS_MESSAGE,
} from "~/lib/estimates/photos.server";
import { reportSummaryJson } from "~/lib/estimates/report-json.server";
import { resolveTripChoice } from "~/lib/estimates/report-trip.server";
import { createReport, reportPage } from "~/lib/estimates/reports.server";
import { readTimePageRequest, requirePage } from "~/lib/paging/paging";
import { getVehicle, vehiclesById, vehicleTitle } from "~/lib/vehicles/vehicles.server";
import { fieldErrorsOf } from "~/lib/http/form.server";
import { catchInputError } from "~/lib/http/input-error";
import { postedEntry, postedFields, postedText } from "~/lib/http/intent";
import { inputErrorJson } from "~/lib/http/json-input.server";
import { jsonError, methodNotAllowed, privateJson } from "~/lib/http/json";
import {
  filesOf,
  readMultipartForm,
  TooManyFilesError,
  UploadTooLargeError,
} from "~/lib/http/uploads.server";

/**
 * GET /api/analysis[?limit=&cursor=]: this account's reports, newest first, `limit` (50, at most
 * 200) a page; `nextCursor` (null on the last page) asks for the next one. A bad limit or
 * cursor is a 400.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const asked = requirePage(readTimePageRequest(new URL(request.url).searchParams));
  const page = reportPage(session.accountId, asked);
  const cars = vehiclesById(
    session.accountId,
    page.items.map((report) => report.vehicleId),
  );
  const reports = page.items.map((report) => {
    const car = cars.get(report.vehicleId);
    return reportSummaryJson(report, car ? vehicleTitle(car) : "");
  });
  return privateJson({ reports, nextCursor: page.nextCursor });
}

/** The multipart body's fields besides the photos (never refused: each is checked below). */
const reportUploadSchema = z.object({
  vehicleId: postedText,
  findings: postedEntry,
  phase: postedText,
  tripId: postedEntry,
});

/** Parses the optional hand-tagging `findings` field: a JSON array of findings. */
function parseFindings(
  value: FormDataEntryValue | null,
):
  | { ok: true; findings: FindingFormData[] | undefined }
  | { ok: false; message: string; fieldErrors?: Record<string, unknown> } {
  if (value === null || value === "") return { ok: true, findings: undefined };
  if (typeof value !== "string" || value.length > 100_000) {
    return { ok: false, message: "findings must be a JSON array of findings." };
  }
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    return { ok: false, message: "findings is not valid JSON." };
  }
  if (!Array.isArray(list) || list.length > 100) {
    return { ok: false, message: "findings must be a JSON array of at most 100 findings." };
  }
  const findings: FindingFormData[] = [];
  for (const [index, item] of list.entries()) {
    const parsed = FindingFormSchema.safeParse(item);
    if (!parsed.success) {
      return {
        ok: false,
        message: `Finding ${index + 1} is not valid.`,
        fieldErrors: { [index]: fieldErrorsOf(parsed.error.issues) },
      };
    }
    findings.push(parsed.data);
  }
  return { ok: true, findings };
}

/**
 * POST /api/analysis (multipart: vehicleId, photos, optional findings JSON for hand tagging,
 * optional phase "pre_trip" | "post_trip", optional tripId: a trip of the car, "none", or
 * "auto", the default, to match the photos' times against the car's trips) → 202
 * { reportId, status, tripId }.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const session = await requireApiSession(request);
  // Refused while the body streams in, at the first photo over the cap: nothing is processed.
  const form = await readMultipartForm(request, undefined, {
    field: "photos",
    maxFiles: MAX_PHOTOS_PER_REPORT,
    message: TOO_MANY_PHOTOS_MESSAGE,
  });
  if (form instanceof UploadTooLargeError) return jsonError(413, form.message);
  if (form instanceof TooManyFilesError) return jsonError(form.status, form.message);
  if (!form) return jsonError(400, "Send multipart/form-data with vehicleId and photos.");
  const fields = postedFields(form, reportUploadSchema);
  const vehicleId = fields.vehicleId;
  if (!getVehicle(session.accountId, vehicleId)) return jsonError(404, "Vehicle not found");
  const findings = parseFindings(fields.findings ?? null);
  if (!findings.ok) return jsonError(400, findings.message, { fieldErrors: findings.fieldErrors });
  if (findings.findings) {
    // A new report is the newest: every finalized report of the car came before it.
    const open = openDamageFor(session.accountId, { id: "", vehicleId, createdAt: new Date() });
    const refused = openDamageRefusal(open, findings.findings);
    if (refused) return refused;
  }
  const files = filesOf(form, "photos");
  if (files.length === 0) return jsonError(400, "Attach at least one photo (form field “photos”).");
  const { staged, rejections } = await stageFiles(
    { accountId: session.accountId, userId: session.user.id },
    files,
    fields.phase === "pre_trip" ? "pre_trip" : "post_trip",
  );
  // All or nothing: a refused photo leaves no staged copies of the others behind.
  const discardStaged = () =>
    Promise.all(staged.map((photo) => discardStagedPhoto(session.accountId, photo.id)));
  if (rejections.length > 0) {
    await discardStaged();
    return jsonError(rejections[0]!.status, rejections[0]!.message, { rejections });
  }
  try {
    const reply = await catchInputError(() => {
      const photoIds = staged.map((photo) => photo.id);
      const tripChoice = fields.tripId;
      const report = createReport({
        accountId: session.accountId,
        userId: session.user.id,
        vehicleId,
        photoIds,
        mode: findings.findings ? "manual" : "ai",
        findings: findings.findings,
        trip: resolveTripChoice(
          session.accountId,
          vehicleId,
          typeof tripChoice === "string" ? tripChoice.trim() : undefined,
          stagedPhotos(session.accountId, photoIds),
        ),
      });
      return Response.json(
        { reportId: report.id, status: report.status, tripId: report.tripId },
        { status: 202, headers: { Location: `/api/analysis/${report.id}` } },
      );
    }, inputErrorJson);
    // Refused (an InputError's 4xx): the staged photos go too.
    if (!reply.ok) await discardStaged();
    return reply;
  } catch (caught) {
    await discardStaged();
    throw caught;
  }
}
