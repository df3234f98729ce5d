import type { Route } from "./+types/api.analysis.$reportId.pdf";
import { requireApiSession } from "~/lib/auth/guards.server";
import { reportPdfResponse } from "~/lib/estimates/report-pdf-input.server";
import { accountOwnerName, loadReport } from "~/lib/estimates/reports.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";

/** GET /api/analysis/{reportId}/pdf: the report's PDF (401 signed out, 404 for other accounts). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const loaded = loadReport(session.accountId, params.reportId);
  if (!loaded) return jsonError(404, NOT_FOUND);
  return reportPdfResponse(loaded, {
    showGps: true,
    preparedFor: accountOwnerName(session.accountId),
    userId: session.user.id,
  });
}

export const action = () => methodNotAllowed("GET");
