import { recordEvent } from "../analytics/server";
import { hasQuery } from "./query-params";

/** Records a free tool's use when its form was submitted (JavaScript off or a shared link). */
export function recordToolUsage(request: Request, feature: string) {
  if (hasQuery(new URL(request.url).searchParams)) {
    recordEvent("feature_usage", { feature, action: "calculate" });
  }
}
