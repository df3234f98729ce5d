import { Link } from "react-router";
import type { Route } from "./+types/diagram-demo.$reportId";
import { notFoundBoundary } from "~/components/error-boundary";
import { StaticReport } from "~/components/estimates/static-report";
import { env } from "~/lib/runtime/env.server";
import { notFound } from "~/lib/http/not-found";
import { loadDemoReport } from "~/lib/estimates/demo-report.server";
import { reportDocumentHtml } from "~/components/estimates/report-html.server";
import { reportView } from "~/lib/estimates/report-view.server";
import { pageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data, params }) =>
  pageMeta({
    title: "Sample damage report",
    description:
      "A sample FleetAssist damage report: vehicle diagram, line-by-line repair estimate and range.",
    path: `/diagram-demo/${params.reportId}`,
    origin: data?.origin ?? "http://localhost",
  });

/** GET /diagram-demo/{reportId}: the seeded sample report, public. Any other id is 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const loaded = loadDemoReport(params.reportId) ?? notFound("That sample report doesn't exist.");
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    reportHtml: reportDocumentHtml(reportView(loaded, { photoUrlBase: "", showGps: false }), {
      shareMode: true,
    }),
  };
}

export default function DemoReport({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-5xl py-6 sm:py-10">
      <p className="no-print mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
        Sample report on a demo car, priced by the real estimate engine at national average rates.{" "}
        <Link to="/app" className="font-semibold underline">
          Create your own free estimate
        </Link>
      </p>
      <StaticReport html={loaderData.reportHtml} />
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that report", [
  { to: "/diagram-demo", label: "See the damage diagram demo" },
  { to: "/", label: "Go to the home page" },
]);
