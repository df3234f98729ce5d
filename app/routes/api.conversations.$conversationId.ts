import type { Route } from "./+types/api.conversations.$conversationId";
import { requireApiSession } from "~/lib/auth/guards.server";
import {
  conversationJson,
  conversationNeeds,
  getConversation,
  messageJson,
} from "~/lib/inbox/inbound.server";
import { holdingReply } from "~/domain/inbox/restricted-topics";
import { conversationDraft } from "~/lib/inbox/knowledge.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";

/**
 * GET /api/conversations/{id}: one conversation with its messages, oldest first, and its drafts:
 * the holding reply when a person has to answer, else the reply made from the knowledge base.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const found = getConversation(session.accountId, params.conversationId);
  if (!found) return jsonError(404, NOT_FOUND);
  const needs = conversationNeeds(found.conversation, found.messages);
  const draft = conversationDraft(found.conversation, found.messages, needs);
  // A person answers a restricted conversation: the guest gets the holding reply meanwhile.
  const drafts = needs.escalated
    ? [
        {
          id: "holding",
          text: holdingReply(found.conversation.guestName),
          kind: "holding" as const,
          status: "ready" as const,
          usedKnowledge: [],
        },
      ]
    : draft
      ? [
          {
            id: "knowledge",
            text: draft.text,
            kind: "template" as const,
            status: "ready" as const,
            usedKnowledge: draft.used,
          },
        ]
      : [];
  return Response.json(
    {
      conversation: {
        ...conversationJson(found.conversation, needs),
        messages: found.messages.map(messageJson),
        drafts,
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = () => methodNotAllowed("GET");
