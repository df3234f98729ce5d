import type { Route } from "./+types/api.conversations";
import { requireApiSession } from "~/lib/auth/guards.server";
import { conversationJson, listConversations } from "~/lib/inbox/inbound.server";
import { methodNotAllowed } from "~/lib/http/json";

/** GET /api/conversations: this account's guest conversations, latest message first. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  return Response.json(
    {
      conversations: listConversations(session.accountId).map(({ conversation, needs }) =>
        conversationJson(conversation, needs),
      ),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = () => methodNotAllowed("GET");
