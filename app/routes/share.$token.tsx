import type { Route } from "./+types/share.$token";
import { Link } from "react-router";
import { notFoundBoundary } from "~/components/error-boundary";
import { formatDay } from "~/domain/dates";
import { ReportDocument } from "~/components/estimates/report-document";
import { env } from "~/lib/runtime/env.server";
import { notFound } from "~/lib/http/not-found";
import { reportView } from "~/lib/estimates/report-view.server";
import { loadSharedRevision, resolveShareToken } from "~/lib/estimates/shares.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(
    data ? `Damage estimate: ${data.report.vehicle.title}` : "Damage estimate",
    "/",
    data,
  );

/**
 * GET /share/{token}: the read-only report for an adjuster or guest. No account needed; a
 * revoked, expired or unknown link answers 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const shared = resolveShareToken(params.token);
  const requested = new URL(request.url).searchParams.get("revision");
  const loaded = shared ? loadSharedRevision(shared, requested) : null;
  if (!shared || !loaded) notFound("This link was revoked, has expired or never existed.");
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    token: params.token,
    expiresAt: shared.link.expiresAt.toISOString(),
    revision: loaded.revision,
    ownRevision: loaded.revision.number === shared.link.revision,
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
  const { report, token, expiresAt, revision, ownRevision } = loaderData;
  const pdfHref = `/share/${token}/pdf${ownRevision ? "" : `?revision=${revision.number}`}`;
  return (
    <div className="container-page max-w-5xl py-6 sm:py-10">
      <p className="no-print mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
        A read-only copy shared by {report.business.name ?? "the vehicle's host"}: revision{" "}
        {revision.number}, finalized{" "}
        {revision.finalizedAt ? formatDay(revision.finalizedAt, report.display.timeZone) : "—"}.{" "}
        {expiresAt
          ? `This link works until ${formatDay(expiresAt, report.display.timeZone)}.`
          : "This link doesn't expire."}
      </p>
      {revision.supersededBy ? (
        <div
          role="status"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
        >
          <p className="font-semibold">Superseded by revision {revision.supersededBy}</p>
          <p className="mt-1 text-sm">
            The host revised this estimate after this copy was finalized. This revision stays as it
            was sent.{" "}
            <Link to={`?revision=${revision.supersededBy}`} className="font-semibold underline">
              View revision {revision.supersededBy}
            </Link>
          </p>
        </div>
      ) : null}
      <ReportDocument
        report={report}
        shareMode
        actions={
          <a href={pdfHref} className="btn-primary" download>
            Download PDF
          </a>
        }
      />
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that report", [
  { to: "/", label: "Go to the home page" },
]);
