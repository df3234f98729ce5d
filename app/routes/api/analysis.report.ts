import type { Route } from "./+types/analysis.report";
import { requireApiSession } from "~/lib/auth/guards.server";
import { reportDetailJson } from "~/lib/estimates/report-json.server";
import { loadReport } from "~/lib/estimates/reports.server";
import { methodNotAllowed } from "~/lib/json.server";

/** GET /api/analysis/{reportId}: status, photos, findings, estimate lines, low and high. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const loaded = loadReport(session.accountId, params.reportId);
  if (!loaded) return Response.json({ error: "Not found", message: "Not found" }, { status: 404 });
  return Response.json(reportDetailJson(loaded), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export const action = () => methodNotAllowed("GET");
