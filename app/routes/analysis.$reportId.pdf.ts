import type { Route } from "./+types/analysis.$reportId.pdf";
import { requireSession } from "~/lib/auth/guards.server";
import { ownerPdfData, reportPdfResponse } from "~/lib/estimates/report-pdf-input.server";
import { accountOwnerName } from "~/lib/accounts/owner.server";

/**
 * GET /analysis/{reportId}/pdf[?revision=N]: the report (or its final revision N) as a PDF
 * download, this account's reports only.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const loaded = ownerPdfData(session.accountId, params.reportId, request.url);
  if (!loaded) throw new Response("Not Found", { status: 404 });
  return reportPdfResponse(loaded, {
    showGps: true,
    preparedFor: accountOwnerName(session.accountId),
    userId: session.user.id,
  });
}
