import type { Route } from "./+types/api.dashboard";
import { requireApiSession } from "~/lib/auth/guards.server";
import { FLEET_PAGE_SIZE, fleetOverview } from "~/lib/estimates/fleet.server";
import { methodNotAllowed, privateJson } from "~/lib/http/json";
import { readTimePageRequest, requirePage } from "~/lib/paging/paging";

/**
 * GET /api/dashboard[?limit=&cursor=]: the fleet overview of the account being worked in: a page
 * of vehicles with their counts (`limit`, 25, at most 200; `nextCursor` is null on the last
 * page), the whole fleet's totals and the 10 newest reports; see `fleetOverview` for the
 * definitions. A bad limit or cursor is a 400.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const asked = requirePage(
    readTimePageRequest(new URL(request.url).searchParams, FLEET_PAGE_SIZE),
  );
  return privateJson(fleetOverview(session.accountId, asked));
}

/** Read-only: other methods get a JSON 405. */
export const action = (_args: Route.ActionArgs) => methodNotAllowed("GET");
