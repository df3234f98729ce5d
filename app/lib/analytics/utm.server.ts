import { createCookie } from "react-router";
import { env } from "~/lib/runtime/env.server";
import {
  extractUtm,
  nextAttribution,
  parseStoredUtm,
  type FirstTouchAttribution,
  type SessionAttribution,
  type UtmAttribution,
} from "./utm";

/**
 * Server-side capture of UTM attribution, so visitors with JavaScript off are attributed too.
 * The session record is a browser-session cookie; the first-touch record lasts a year and is
 * only written when none exists.
 */
const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const };
const sessionCookie = createCookie("fa_utm_session", cookieOptions);
const firstTouchCookie = createCookie("fa_utm_first", {
  ...cookieOptions,
  maxAge: 60 * 60 * 24 * 365,
});

function parseSession(value: unknown): SessionAttribution | null {
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const utm = parseStoredUtm(record.utm);
  if (Object.keys(utm).length === 0) return null;
  return { utm, timestamp: String(record.timestamp ?? ""), pageUrl: String(record.pageUrl ?? "") };
}

function parseFirstTouch(value: unknown): FirstTouchAttribution | null {
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const initialUTM = parseStoredUtm(record.initialUTM);
  if (Object.keys(initialUTM).length === 0) return null;
  return {
    initialUTM,
    sessionUTM: parseStoredUtm(record.sessionUTM),
    timestamp: String(record.timestamp ?? ""),
    pageUrl: String(record.pageUrl ?? ""),
  };
}

export async function readAttribution(request: Request): Promise<UtmAttribution> {
  const cookieHeader = request.headers.get("Cookie");
  return {
    session: parseSession(await sessionCookie.parse(cookieHeader)),
    firstTouch: parseFirstTouch(await firstTouchCookie.parse(cookieHeader)),
  };
}

/** Set-Cookie headers recording the UTM parameters of this request, if it carries any. */
export async function captureAttribution(request: Request): Promise<string[]> {
  const url = new URL(request.url);
  const utm = extractUtm(url.searchParams);
  if (!utm) return [];
  const current = await readAttribution(request);
  const pageUrl = new URL(url.pathname, env().PUBLIC_URL).toString();
  const next = nextAttribution(current, utm, pageUrl, new Date());
  const cookies = [await sessionCookie.serialize(next.session)];
  if (!current.firstTouch) cookies.push(await firstTouchCookie.serialize(next.firstTouch));
  return cookies;
}
