import type { Route } from "./+types/api.analysis.$reportId.finalize";
import { requireApiSession } from "~/lib/auth/guards.server";
import { reportDetailJson } from "~/lib/estimates/report-json.server";
import { finalizeReport, loadReport, ReportInputError } from "~/lib/estimates/reports.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";

/**
 * POST /api/analysis/{reportId}/finalize: freezes the open revision with its estimate (200 with
 * the report). A report already final, or still being analyzed, answers 409.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await requireApiSession(request);
  try {
    finalizeReport(session.accountId, params.reportId, session.user.id);
  } catch (error) {
    if (!(error instanceof ReportInputError)) throw error;
    return jsonError(error.status, error.message);
  }
  const loaded = loadReport(session.accountId, params.reportId);
  if (!loaded) return jsonError(404, NOT_FOUND);
  return Response.json(reportDetailJson(loaded));
}

export const loader = () => methodNotAllowed("POST");
