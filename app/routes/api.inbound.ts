import type { Route } from "./+types/api.inbound";
import { requireApiFeature } from "~/lib/billing/gates.server";
import { requireApiSession } from "~/lib/auth/guards.server";
import { inboundSettings } from "~/lib/inbox/inbound.server";
import { unreadEmails } from "~/lib/inbox/unread-emails.server";
import { jsonError, methodNotAllowed, privateJson } from "~/lib/http/json";
import { CURSOR_MESSAGE, readPageRequest, requirePage } from "~/lib/paging/paging";

/**
 * GET /api/inbound: where this account's forwarded emails go (the webhook URL with its secret),
 * and the emails it couldn't read, newest first, `limit` at a time (50, at most 200) from
 * `cursor`; `nextCursor` is null on the last page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  requireApiFeature(session, "inbox");
  const params = new URL(request.url).searchParams;
  const { limit } = requirePage(readPageRequest(params));
  const page = unreadEmails(session.accountId, { after: params.get("cursor"), limit });
  if (!page.valid) return jsonError(400, CURSOR_MESSAGE);
  return privateJson({
    ...inboundSettings(session.accountId),
    unreadEmails: page.emails.map((email) => ({
      ...email,
      receivedAt: email.receivedAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  });
}

export const action = () => methodNotAllowed("GET");
