import type { Route } from "./+types/api.conversations";
import { requireApiSession } from "~/lib/auth/guards.server";
import { inboxPage, readInboxFilter } from "~/lib/inbox/inbox-list.server";
import { methodNotAllowed, privateJson } from "~/lib/http/json";
import { readPageRequest, requirePage } from "~/lib/paging/paging";

/**
 * GET /api/conversations: this account's guest conversations in the inbox's order ("Needs you",
 * then awaiting a reply, then the rest, latest message first), `limit` at a time (50, at most
 * 200) from `cursor`, filtered by `show` and `car` as the inbox is; `nextCursor` is null on the
 * last page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const params = new URL(request.url).searchParams;
  const requested = requirePage(readPageRequest(params));
  const page = inboxPage(session.accountId, readInboxFilter(params), requested);
  return privateJson({ conversations: page.items, nextCursor: page.nextCursor });
}

export const action = () => methodNotAllowed("GET");
