import type { Route } from "./+types/api.conversations.$conversationId";
import { requireApiSession } from "~/lib/auth/guards.server";
import {
  conversationJson,
  conversationNeeds,
  getConversation,
  messageJson,
  replyInfo,
} from "~/lib/inbox/conversations.server";
import { draftJson, listDrafts } from "~/lib/inbox/drafts.server";
import { jsonError, methodNotAllowed, NOT_FOUND, privateJson } from "~/lib/http/json";

/**
 * GET /api/conversations/{id}: one conversation with its messages (oldest first), whether a
 * person has to answer and why, when the reply is due, where it opens on the marketplace, and its
 * drafts (newest first): the holding reply when a person has to answer, else the AI's or the
 * template's reply from the knowledge base; a draft the guard stopped has status "blocked".
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const found = getConversation(session.accountId, params.conversationId);
  if (!found) return jsonError(404, NOT_FOUND);
  const needs = conversationNeeds(found.conversation, found.messages);
  return privateJson({
    conversation: {
      ...conversationJson(found.conversation, needs),
      ...replyInfo(found.conversation, found.messages),
      messages: found.messages.map(messageJson),
      drafts: listDrafts(session.accountId, found.conversation.id).map(draftJson),
    },
  });
}

export const action = () => methodNotAllowed("GET");
