import type { Route } from "./+types/api.analysis.$reportId";
import { requireApiSession } from "~/lib/auth/guards.server";
import { reportDetailJson } from "~/lib/estimates/report-json.server";
import { loadReport } from "~/lib/estimates/reports.server";
import { jsonError, methodNotAllowed, NOT_FOUND, privateJson } from "~/lib/http/json";

/** GET /api/analysis/{reportId}: status, revisions, photos, findings, estimate lines, lowCents and highCents. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const loaded = loadReport(session.accountId, params.reportId);
  if (!loaded) return jsonError(404, NOT_FOUND);
  return privateJson(reportDetailJson(loaded));
}

export const action = () => methodNotAllowed("GET");
