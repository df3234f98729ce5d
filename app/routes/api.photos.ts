import type { Route } from "./+types/api.photos";
import { requireApiSession } from "~/lib/auth/guards.server";
import {
  discardStagedPhoto,
  parseBrowserEvidence,
  photoJson,
  stageFiles,
} from "~/lib/estimates/photos.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";
import { filesOf, readMultipartForm, UploadTooLargeError } from "~/lib/http/uploads.server";
import { z } from "zod";
import { postedEntry, postedFields } from "~/lib/http/intent";

/**
 * POST /api/photos (multipart: `photo`, `phase`, optional `evidence` JSON from our upload script)
 * stages one photo before a report exists and answers 201 with its quality warnings.
 * DELETE /api/photos?id=… discards a staged photo.
 */
/** The multipart body's fields besides the photo (each checked where it is used). */
const photoFieldsSchema = z.object({ phase: postedEntry, evidence: postedEntry });

export async function action({ request }: Route.ActionArgs) {
  const session = await requireApiSession(request);
  if (request.method === "DELETE") {
    const id = new URL(request.url).searchParams.get("id") ?? "";
    const removed = await discardStagedPhoto(session.accountId, id);
    return removed ? new Response(null, { status: 204 }) : jsonError(404, NOT_FOUND);
  }
  if (request.method !== "POST") return methodNotAllowed("POST, DELETE");
  const form = await readMultipartForm(request);
  if (form instanceof UploadTooLargeError) return jsonError(413, form.message);
  const [file] = form ? filesOf(form, "photo") : [];
  if (!form || !file) return jsonError(400, "Attach a photo (form field “photo”).");
  const fields = postedFields(form, photoFieldsSchema);
  const phase = fields.phase === "pre_trip" ? "pre_trip" : "post_trip";
  const { staged, rejections } = await stageFiles(
    { accountId: session.accountId, userId: session.user.id },
    [file],
    phase,
    [parseBrowserEvidence(fields.evidence ?? null)],
  );
  const [photo] = staged;
  const rejection = rejections[0];
  if (!photo)
    return jsonError(
      rejection?.status ?? 422,
      rejection?.message ?? "That photo couldn't be used.",
    );
  return Response.json({ photo: photoJson(photo, 1, "/photos", true) }, { status: 201 });
}

export const loader = () => methodNotAllowed("POST, DELETE");
