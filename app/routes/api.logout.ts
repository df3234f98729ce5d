import type { Route } from "./+types/api.logout";
import { recordEvent } from "~/lib/analytics/server";
import { destroySession, getCurrentSession } from "~/lib/auth/session.server";
import { methodNotAllowed } from "~/lib/http/json";

/** POST /api/logout: ends the session server-side; always answers 200 so the client can clear up. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await getCurrentSession(request);
  const clearCookie = await destroySession(request);
  if (session) recordEvent("session_ended", {}, session.user.id);
  return Response.json({ ok: true }, { headers: { "Set-Cookie": clearCookie } });
}

export const loader = () => methodNotAllowed("POST");
