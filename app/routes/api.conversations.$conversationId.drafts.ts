import type { Route } from "./+types/api.conversations.$conversationId.drafts";
import { requireApiFeature } from "~/lib/billing/gates.server";
import { requireApiSession } from "~/lib/auth/guards.server";
import { draftJson, writeReplyDraft } from "~/lib/inbox/drafts.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";
import { NO_KNOWLEDGE_ANSWERS, NOTHING_TO_ANSWER } from "~/lib/inbox/inbox-forms";

/**
 * POST /api/conversations/{id}/drafts: drafts a new reply to the guest's unanswered messages
 * (replacing an unsent one) → 201 { draft }. 409 when the guest has no unanswered message, 422
 * when nothing in the knowledge base answers it (a person writes that reply).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await requireApiSession(request);
  requireApiFeature(session, "inbox");
  const outcome = await writeReplyDraft(session.accountId, params.conversationId, { again: true });
  switch (outcome.status) {
    case "not-found":
      return jsonError(404, NOT_FOUND);
    case "nothing-to-answer":
      return jsonError(409, NOTHING_TO_ANSWER);
    case "no-answer":
      return jsonError(422, NO_KNOWLEDGE_ANSWERS);
    case "drafted":
      return Response.json({ draft: draftJson(outcome.draft) }, { status: 201 });
  }
}

export const loader = () => methodNotAllowed("POST");
