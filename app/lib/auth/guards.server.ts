import { redirect } from "react-router";
import { AUTHENTICATION_REQUIRED, jsonError } from "~/lib/http/json";
import { getCurrentSession, type CurrentSession } from "./session.server";

/** A form posted by a signed-in user, as a route's intent handlers take it. */
export interface SessionPost {
  session: CurrentSession;
  form: FormData;
}

/**
 * For protected routes: the current session, or a redirect to /auth that brings the visitor back
 * afterwards. `allowFirstVisit` lets signed-out visitors in (the route then gets null).
 */
export async function requireSession(request: Request): Promise<CurrentSession>;
export async function requireSession(
  request: Request,
  options: { allowFirstVisit: true },
): Promise<CurrentSession | null>;
export async function requireSession(
  request: Request,
  options: { allowFirstVisit?: boolean } = {},
): Promise<CurrentSession | null> {
  const session = await getCurrentSession(request);
  if (session || options.allowFirstVisit) return session;
  const url = new URL(request.url);
  const redirectTo = url.pathname + url.search;
  throw redirect(`/auth?${new URLSearchParams({ redirectTo })}`);
}

/** For JSON routes: a JSON 401 ("Authentication required") instead of a redirect. */
export async function requireApiSession(request: Request): Promise<CurrentSession> {
  const session = await getCurrentSession(request);
  if (!session) throw jsonError(401, AUTHENTICATION_REQUIRED);
  return session;
}

export function requireOwner(session: CurrentSession) {
  if (session.role !== "primary") {
    throw jsonError(403, "Only the account owner can do that.");
  }
}
