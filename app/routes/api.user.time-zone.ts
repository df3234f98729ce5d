import type { Route } from "./+types/api.user.time-zone";
import { detectTimeZoneSchema } from "~/lib/auth/account-schemas";
import { requireApiSession, requireOwner } from "~/lib/auth/guards.server";
import { accountPreferences, setDetectedTimeZone } from "~/lib/accounts/preferences.server";
import { jsonError, methodNotAllowed, readJsonObject, privateJson } from "~/lib/http/json";

const BAD_ZONE = "timeZone must be a time zone name such as America/Denver.";

/**
 * POST /api/user/time-zone { timeZone }: the zone the owner's browser is in, taken only while the
 * account has none (a zone the owner chose is kept). Answers `{ saved, timeZone }` with the
 * account's zone after the call.
 *
 * Pages post here with a plain fetch, outside the router: a router submission that finished
 * while a form's page was reloading would end that reload early and show the page's old data.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await requireApiSession(request);
  requireOwner(session);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = detectTimeZoneSchema.safeParse(body.value);
  if (!parsed.success) {
    return jsonError(400, BAD_ZONE, {
      fieldErrors: { timeZone: parsed.error.issues[0]?.message ?? BAD_ZONE },
    });
  }
  const saved = setDetectedTimeZone(session.accountId, parsed.data.timeZone);
  return privateJson({ saved, timeZone: accountPreferences(session.accountId).timeZone });
}

export const loader = () => methodNotAllowed("POST");
