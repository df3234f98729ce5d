import type { Route } from "./+types/api.dashboard";
import { requireApiSession } from "~/lib/auth/guards.server";
import { fleetOverview } from "~/lib/estimates/fleet.server";
import { methodNotAllowed } from "~/lib/http/json";

/**
 * GET /api/dashboard: the fleet overview of the account being worked in (vehicles with their
 * counts, totals and the 10 newest reports); see `fleetOverview` for the definitions.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  return Response.json(fleetOverview(session.accountId), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

/** Read-only: other methods get a JSON 405. */
export const action = (_args: Route.ActionArgs) => methodNotAllowed("GET");
