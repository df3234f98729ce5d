import type { Route } from "./+types/api.user";
import { getCurrentSession } from "~/lib/auth/session.server";
import { userJson } from "~/lib/auth/user-json.server";
import { AUTHENTICATION_REQUIRED, jsonError, methodNotAllowed, privateJson } from "~/lib/http/json";

/** GET /api/user: the signed-in user, or 401. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCurrentSession(request);
  if (!session) return jsonError(401, AUTHENTICATION_REQUIRED);
  return privateJson(userJson(session.user));
}

/** Read-only: other methods get a JSON 405 (not React Router's "Unexpected Server Error"). */
export const action = (_args: Route.ActionArgs) => methodNotAllowed("GET");
