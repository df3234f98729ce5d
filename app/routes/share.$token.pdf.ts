import type { Route } from "./+types/share.$token.pdf";
import { reportPdfResponse } from "~/lib/estimates/report-pdf-input.server";
import { accountOwnerName, loadReportRow } from "~/lib/estimates/reports.server";
import { resolveShareToken } from "~/lib/estimates/shares.server";

/** GET /share/{token}/pdf: the shared report's PDF while the link is live. */
export async function loader({ params }: Route.LoaderArgs) {
  const shared = resolveShareToken(params.token);
  const loaded = shared ? loadReportRow(shared.report) : null;
  if (!loaded) throw new Response("Not Found", { status: 404 });
  return reportPdfResponse(loaded, {
    showGps: loaded.report.shareGps,
    preparedFor: accountOwnerName(loaded.report.accountId),
  });
}
