import { recordEvent } from "~/lib/analytics/server";
import { LIVE_PARAM } from "./live-loader";
import { hasQuery } from "./query-params";

/**
 * Records a free tool's use when its form was submitted (JavaScript off or a shared link); a live
 * answer as the host types is counted once by the browser instead.
 */
export function recordToolUsage(request: Request, feature: string) {
  const params = new URL(request.url).searchParams;
  if (hasQuery(params) && !params.has(LIVE_PARAM)) {
    recordEvent("feature_usage", { feature, action: "calculate" });
  }
}
