import type { Route } from "./+types/api.analysis.$reportId.pdf";
import { requireApiSession } from "~/lib/auth/guards.server";
import { ownerPdfData, reportPdfResponse } from "~/lib/estimates/report-pdf-input.server";
import { accountOwnerName } from "~/lib/accounts/owner.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";

/**
 * GET /api/analysis/{reportId}/pdf[?revision=N]: the report's PDF, or its final revision N's
 * (401 signed out, 404 for other accounts and for revisions that aren't final).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const loaded = ownerPdfData(session.accountId, params.reportId, request.url);
  if (!loaded) return jsonError(404, NOT_FOUND);
  return reportPdfResponse(loaded, {
    showGps: true,
    preparedFor: accountOwnerName(session.accountId),
    userId: session.user.id,
  });
}

export const action = () => methodNotAllowed("GET");
