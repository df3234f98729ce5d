import type { Route } from "./+types/api.analysis.$reportId.finalize";
import { requireApiSession } from "~/lib/auth/guards.server";
import { reportChangeResponse } from "~/lib/estimates/report-json.server";
import { finalizeReport } from "~/lib/estimates/report-edits.server";
import { methodNotAllowed } from "~/lib/http/json";

/**
 * POST /api/analysis/{reportId}/finalize: freezes the open revision with its estimate (200 with
 * the report). A report already final, or still being analyzed, answers 409.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await requireApiSession(request);
  return reportChangeResponse(session.accountId, params.reportId, () =>
    finalizeReport(session.accountId, params.reportId, session.user.id),
  );
}

export const loader = () => methodNotAllowed("POST");
