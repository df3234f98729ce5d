import type { Route } from "./+types/available-accounts";
import { availableAccounts } from "~/lib/auth/accounts.server";
import { getCurrentSession } from "~/lib/auth/session.server";

/** GET /api/user/available-accounts: { accounts, currentAccountId } (spec §3, §7). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCurrentSession(request);
  if (!session) return Response.json({ message: "Authentication required" }, { status: 401 });
  return Response.json(
    { accounts: availableAccounts(session.user.id), currentAccountId: session.accountId },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
