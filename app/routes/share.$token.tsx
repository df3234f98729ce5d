import type { Route } from "./+types/share.$token";
import { notFoundBoundary } from "~/components/error-boundary";
import { ReportDocument } from "~/components/estimates/report-document";
import { env } from "~/lib/runtime/env.server";
import { notFound } from "~/lib/http/not-found";
import { reportView } from "~/lib/estimates/report-view.server";
import { loadReportRow } from "~/lib/estimates/reports.server";
import { resolveShareToken } from "~/lib/estimates/shares.server";
import { pageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: data ? `Damage estimate: ${data.report.vehicle.title}` : "Damage estimate",
    path: "/",
    origin: data?.origin ?? "http://localhost",
    noIndex: true,
  });

/**
 * GET /share/{token}: the read-only report for an adjuster or guest. No account needed; a
 * revoked, expired or unknown link answers 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const shared = resolveShareToken(params.token);
  const loaded = shared ? loadReportRow(shared.report) : null;
  if (!shared || !loaded) notFound("This link was revoked, has expired or never existed.");
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    token: params.token,
    expiresAt: shared.link.expiresAt.toISOString(),
    report: reportView(loaded, {
      photoUrlBase: `/share/${params.token}/photos`,
      showGps: loaded.report.shareGps,
    }),
  };
}

export const headers: Route.HeadersFunction = () => ({
  // The token is the credential: never send it on in a Referer header, never cache the page.
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export default function SharedReport({ loaderData }: Route.ComponentProps) {
  const { report, token, expiresAt } = loaderData;
  return (
    <main id="main" className="container-page max-w-5xl py-6 sm:py-10">
      <p className="no-print mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
        A read-only copy shared by the vehicle's host. This link works until{" "}
        {expiresAt.slice(0, 10)}.
      </p>
      <ReportDocument
        report={report}
        shareMode
        actions={
          <a href={`/share/${token}/pdf`} className="btn-primary" download>
            Download PDF
          </a>
        }
      />
    </main>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that report", [
  { to: "/", label: "Go to the home page" },
]);
