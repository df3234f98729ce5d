import type { AppLoadContext } from "react-router";
import { clientIp } from "~/lib/http/request.server";
import { createToastHeaders } from "~/lib/ui/toast.server";
import { isAccountId, membershipOf } from "./accounts.server";
import { rotateSession, type CurrentSession } from "./session.server";

export const ACCOUNT_SWITCHED = {
  title: "Account Switched",
  description: "You're now viewing this team's dashboard",
};

/**
 * Moves the session to another account the user belongs to, under a new session id. The
 * 'Account Switched' toast travels in the flash cookie so it shows after the full reload.
 */
export async function switchAccount(
  session: CurrentSession,
  accountId: unknown,
  request: Request,
  context: AppLoadContext,
): Promise<{ ok: true; headers: Headers } | { ok: false; status: number; error: string }> {
  if (typeof accountId !== "string" || accountId.length === 0) {
    return { ok: false, status: 400, error: "accountId must be a string" };
  }
  // Malformed is a client error (400); a well-formed id of an account the user is not in is 404.
  if (!isAccountId(accountId)) {
    return { ok: false, status: 400, error: "accountId is not a valid account id" };
  }
  if (!membershipOf(session.user.id, accountId)) {
    return { ok: false, status: 404, error: "Account not found" };
  }
  const headers = await createToastHeaders(ACCOUNT_SWITCHED);
  headers.append("Set-Cookie", await rotateSession(session, accountId, request, clientIp(context)));
  return { ok: true, headers };
}
