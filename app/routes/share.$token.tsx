import type { Route } from "./+types/share.$token";
import { Link } from "react-router";
import { notFoundBoundary } from "~/components/error-boundary";
import { StaticReport } from "~/components/estimates/static-report";
import { formatDay } from "~/domain/dates";
import { env } from "~/lib/runtime/env.server";
import { notFound } from "~/lib/http/not-found";
import { reportDocumentHtml } from "~/components/estimates/report-html.server";
import { reportView } from "~/lib/estimates/report-view.server";
import { loadSharedRevision, resolveShareToken } from "~/lib/estimates/shares.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(data ? `Damage estimate: ${data.vehicleTitle}` : "Damage estimate", "/", data);

/**
 * GET /share/{token}: the read-only report for an adjuster or guest. No account needed; a
 * revoked, expired or unknown link answers 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const shared = resolveShareToken(params.token);
  const requested = new URL(request.url).searchParams.get("revision");
  const loaded = shared ? loadSharedRevision(shared, requested) : null;
  if (!shared || !loaded) notFound("This link was revoked, has expired or never existed.");
  const { revision } = loaded;
  const report = reportView(loaded, {
    photoUrlBase: `/share/${params.token}/photos`,
    showGps: loaded.report.shareGps,
  });
  const { timeZone } = report.display;
  const ownRevision = revision.number === shared.link.revision;
  const pdfHref = `/share/${params.token}/pdf${ownRevision ? "" : `?revision=${revision.number}`}`;
  const expiresAt = shared.link.expiresAt.toISOString();
  // Dates are written here, in the account's zone: the page carries text, not the formatters.
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    vehicleTitle: report.vehicle.title,
    sharedBy: report.business.name ?? "the vehicle's host",
    revision: revision.number,
    supersededBy: revision.supersededBy,
    finalized: revision.finalizedAt ? formatDay(revision.finalizedAt, timeZone) : "—",
    expires: expiresAt ? formatDay(expiresAt, timeZone) : null,
    reportHtml: reportDocumentHtml(report, {
      shareMode: true,
      actions: (
        <a href={pdfHref} className="btn-primary" download>
          Download PDF
        </a>
      ),
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
  const { sharedBy, revision, finalized, expires, supersededBy, reportHtml } = loaderData;
  return (
    <div className="container-page max-w-5xl py-6 sm:py-10">
      <p className="no-print mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
        A read-only copy shared by {sharedBy}: revision {revision}, finalized {finalized}.{" "}
        {expires ? `This link works until ${expires}.` : "This link doesn't expire."}
      </p>
      {supersededBy ? (
        <div
          role="status"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
        >
          <p className="font-semibold">Superseded by revision {supersededBy}</p>
          <p className="mt-1 text-sm">
            The host revised this estimate after this copy was finalized. This revision stays as it
            was sent.{" "}
            <Link to={`?revision=${supersededBy}`} className="font-semibold underline">
              View revision {supersededBy}
            </Link>
          </p>
        </div>
      ) : null}
      <StaticReport html={reportHtml} />
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that report", [
  { to: "/", label: "Go to the home page" },
]);
