import type { Route } from "./+types/share.$token.pdf";
import { reportPdfResponse } from "~/lib/estimates/report-pdf-input.server";
import { accountOwnerName } from "~/lib/accounts/owner.server";
import { loadSharedRevision, resolveShareToken } from "~/lib/estimates/shares.server";

/** GET /share/{token}/pdf[?revision=N]: the shared revision's PDF while the link is live. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const shared = resolveShareToken(params.token);
  const requested = new URL(request.url).searchParams.get("revision");
  const loaded = shared ? loadSharedRevision(shared, requested) : null;
  if (!loaded) throw new Response("Not Found", { status: 404 });
  return reportPdfResponse(loaded, {
    showGps: loaded.report.shareGps,
    preparedFor: accountOwnerName(loaded.report.accountId),
  });
}
