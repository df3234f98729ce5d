import type { Route } from "./+types/analysis.$reportId.pdf";
import { requireSession } from "~/lib/auth/guards.server";
import { reportPdfResponse } from "~/lib/estimates/report-pdf-input.server";
import { accountOwnerName, loadReport } from "~/lib/estimates/reports.server";

/** GET /analysis/{reportId}/pdf: the report as a PDF download (this account's reports only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const loaded = loadReport(session.accountId, params.reportId);
  if (!loaded) throw new Response("Not Found", { status: 404 });
  return reportPdfResponse(loaded, {
    showGps: true,
    preparedFor: accountOwnerName(session.accountId),
    userId: session.user.id,
  });
}
