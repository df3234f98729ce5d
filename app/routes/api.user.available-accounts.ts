import type { Route } from "./+types/api.user.available-accounts";
import { availableAccounts } from "~/lib/auth/accounts.server";
import { getCurrentSession } from "~/lib/auth/session.server";
import { AUTHENTICATION_REQUIRED, jsonError, methodNotAllowed, privateJson } from "~/lib/http/json";

/** GET /api/user/available-accounts: { accounts, currentAccountId }; signed-in users only. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCurrentSession(request);
  if (!session) return jsonError(401, AUTHENTICATION_REQUIRED);
  return privateJson({
    accounts: availableAccounts(session.user.id),
    currentAccountId: session.accountId,
  });
}

/** Read-only: other methods get a JSON 405 (not React Router's "Unexpected Server Error"). */
export const action = (_args: Route.ActionArgs) => methodNotAllowed("GET");
