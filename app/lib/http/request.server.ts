import type { AppLoadContext } from "react-router";

/** The client address for rate limiting; "unknown" when the app runs without our server. */
export function clientIp(context: AppLoadContext | undefined): string {
  return context?.clientIp || "unknown";
}
