import type { Route } from "./+types/api.conversations.$conversationId";
import { requireApiSession } from "~/lib/auth/guards.server";
import {
  conversationJson,
  conversationNeeds,
  getConversation,
  messageJson,
} from "~/lib/inbox/inbound.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";

/** GET /api/conversations/{id}: one conversation with its messages, oldest first. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const found = getConversation(session.accountId, params.conversationId);
  if (!found) return jsonError(404, NOT_FOUND);
  return Response.json(
    {
      conversation: {
        ...conversationJson(
          found.conversation,
          conversationNeeds(found.conversation, found.messages),
        ),
        messages: found.messages.map(messageJson),
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = () => methodNotAllowed("GET");
