import type { Route } from "./+types/user";
import { getCurrentSession } from "~/lib/auth/session.server";
import { userJson } from "~/lib/auth/user-json.server";
import { methodNotAllowed } from "~/lib/json.server";

/** GET /api/user: the signed-in user, or 401. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCurrentSession(request);
  if (!session) return Response.json({ message: "Authentication required" }, { status: 401 });
  return Response.json(userJson(session.user), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

/** Read-only: other methods get a JSON 405 (not React Router's "Unexpected Server Error"). */
export const action = (_args: Route.ActionArgs) => methodNotAllowed("GET");
