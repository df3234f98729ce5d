import type { Route } from "./+types/api.inbound";
import { requireApiFeature } from "~/lib/billing/gates.server";
import { requireApiSession } from "~/lib/auth/guards.server";
import { inboundSettings } from "~/lib/inbox/inbound.server";
import { methodNotAllowed } from "~/lib/http/json";

/** GET /api/inbound: where this account's forwarded emails go (the webhook URL with its secret). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  requireApiFeature(session, "inbox");
  return Response.json(inboundSettings(session.accountId), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export const action = () => methodNotAllowed("GET");
