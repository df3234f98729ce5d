import type { Route } from "./+types/api.inbound.email.$token";
import { receiveInboundEmail } from "~/lib/inbox/inbound.server";
import { readInboundPayload } from "~/lib/inbox/inbound-payload.server";
import { draftRepliesSoon } from "~/lib/inbox/drafts.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";

/**
 * POST /api/inbound/email/{token} (and …/{token}/mime, for Mailgun's raw-MIME routes): one
 * forwarded email in any of the providers' inbound shapes (`inbound-payload.server.ts`). The
 * token in the path is the account's secret.
 * → 202 { id, kind, conversationId }; the same email again → 200 { id, duplicate: true }.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const payload = await readInboundPayload(request);
  if (!payload.ok) return jsonError(payload.status, payload.message);
  const result = await receiveInboundEmail(params.token, payload.raw);
  if (result.status === "unknown-token") return jsonError(404, NOT_FOUND);
  if (result.status === "duplicate") return Response.json({ id: result.id, duplicate: true });
  if (result.conversationId) await draftRepliesSoon(result.accountId);
  return Response.json(
    { id: result.id, kind: result.kind, conversationId: result.conversationId },
    { status: 202 },
  );
}

export const loader = () => methodNotAllowed("POST");
