import type { Route } from "./+types/api.user.switch-account";
import { getCurrentSession } from "~/lib/auth/session.server";
import { switchAccount } from "~/lib/auth/switch.server";
import {
  AUTHENTICATION_REQUIRED,
  jsonError,
  methodNotAllowed,
  readJsonObject,
} from "~/lib/http/json";

/** POST /api/user/switch-account { accountId: "<string>" }. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await getCurrentSession(request);
  if (!session) return jsonError(401, AUTHENTICATION_REQUIRED);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const result = await switchAccount(session, body.value.accountId, request, context);
  if (!result.ok) return jsonError(result.status, result.error);
  return Response.json(
    { success: true, currentAccountId: body.value.accountId },
    { headers: result.headers },
  );
}

export const loader = () => methodNotAllowed("POST");
