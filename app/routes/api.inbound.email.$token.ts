import type { Route } from "./+types/api.inbound.email.$token";
import { receiveInboundEmail } from "~/lib/inbox/inbound.server";
import { draftRepliesSoon } from "~/lib/inbox/drafts.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";
import { readMultipartForm, UploadTooLargeError } from "~/lib/http/uploads.server";

/** The largest email taken (attachments included); the server entry refuses far larger bodies. */
export const MAX_INBOUND_EMAIL_BYTES = 10_000_000;
const TOO_LARGE = "That email is larger than 10 MB.";

/**
 * POST /api/inbound/email/{token}: one forwarded email as raw MIME, the way email providers'
 * inbound webhooks post it: the body itself (message/rfc822 or text/plain), or a form with the
 * message in `email` (SendGrid) or `body-mime` (Mailgun). The token in the path is the account's
 * secret. → 202 { id, kind, conversationId }; the same email again → 200 { id, duplicate: true }.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const raw = await rawEmail(request);
  if (raw === "too-large") return jsonError(413, TOO_LARGE);
  if (!raw || raw.length === 0) {
    return jsonError(
      400,
      "Send the email as raw MIME (message/rfc822), or in a form field `email`.",
    );
  }
  const result = await receiveInboundEmail(params.token, raw);
  if (result.status === "unknown-token") return jsonError(404, NOT_FOUND);
  if (result.status === "duplicate") return Response.json({ id: result.id, duplicate: true });
  if (result.conversationId) await draftRepliesSoon(result.accountId);
  return Response.json(
    { id: result.id, kind: result.kind, conversationId: result.conversationId },
    { status: 202 },
  );
}

export const loader = () => methodNotAllowed("POST");

async function rawEmail(request: Request): Promise<Buffer | "too-large" | null> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") {
    const form = await readMultipartForm(request, MAX_INBOUND_EMAIL_BYTES);
    if (form instanceof UploadTooLargeError) return "too-large";
    const field = form?.get("email") ?? form?.get("body-mime");
    if (typeof field === "string") return Buffer.from(field, "utf8");
    if (field && typeof field === "object") return Buffer.from(await field.arrayBuffer());
    return null;
  }
  if (Number(request.headers.get("Content-Length")) > MAX_INBOUND_EMAIL_BYTES) return "too-large";
  const bytes = Buffer.from(await request.arrayBuffer());
  return bytes.length > MAX_INBOUND_EMAIL_BYTES ? "too-large" : bytes;
}
