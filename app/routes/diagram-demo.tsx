import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/diagram-demo";
import { DiagramLegend, VehicleDiagramDrawing } from "~/components/vehicle-diagram-drawing";
import { diagramLayout } from "~/domain/estimate/diagram";
import { formatRange } from "~/domain/money";
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  PANELS,
  type BodyType,
  type PanelId,
} from "~/domain/estimate/taxonomy";
import { env } from "~/lib/runtime/env.server";
import { loadDemoReport } from "~/lib/estimates/demo-report.server";
import { findingLabelWithPanel, findingMarkers } from "~/lib/estimates/finding-labels";
import { reportView } from "~/lib/estimates/report-view.server";
import { pageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Vehicle damage diagram demo",
    description:
      "See how FleetAssist marks damage on a vehicle diagram and turns it into a line-by-line repair estimate.",
    path: "/diagram-demo",
    origin: data?.origin ?? "http://localhost",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const loaded = loadDemoReport();
  const body = new URL(request.url).searchParams.get("body");
  const report = loaded ? reportView(loaded, { photoUrlBase: "", showGps: false }) : null;
  const bodyType: BodyType = BODY_TYPES.includes(body as BodyType)
    ? (body as BodyType)
    : (report?.vehicle.bodyType ?? "sedan");
  // The sample's text is written here: the page carries words, not the formatters.
  const sample = report && {
    id: report.id,
    title: report.vehicle.title,
    range: report.estimate
      ? formatRange(report.estimate.lowCents, report.estimate.highCents)
      : null,
    markers: findingMarkers(report.findings),
    findings: report.findings.map((finding) => ({
      id: finding.id,
      number: finding.number,
      text: `${findingLabelWithPanel(finding)}${finding.preExisting ? " (already there, not charged)" : ""}`,
    })),
  };
  // The layout travels as data: the page draws it without downloading the geometry.
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    sample,
    bodyType,
    layout: diagramLayout(bodyType),
  };
}

/** GET /diagram-demo: the vehicle diagram on the sample report, public. */
export default function DiagramDemo({ loaderData }: Route.ComponentProps) {
  const { sample: report, bodyType, layout } = loaderData;
  const [selected, setSelected] = useState<PanelId | null>(null);
  return (
    <div className="container-page max-w-5xl py-8 sm:py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">Vehicle damage diagram</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Every finding sits on the panel where it is, numbered and shaped by severity, so an adjuster
        sees at a glance what is new and what was already there. Tap a panel to see its name.
      </p>
      <nav aria-label="Body types" className="mt-4 flex flex-wrap gap-2 text-sm">
        {BODY_TYPES.map((type) => (
          <Link
            key={type}
            to={`?body=${type}`}
            preventScrollReset
            aria-current={type === bodyType ? "true" : undefined}
            className={`rounded-full border px-3 py-1 ${type === bodyType ? "border-brand-500 bg-brand-50 font-semibold text-brand-700" : "border-slate-300 text-slate-700"}`}
          >
            {BODY_TYPE_LABELS[type]}
          </Link>
        ))}
      </nav>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <VehicleDiagramDrawing
            layout={layout}
            markers={report?.markers ?? []}
            title={`Damage diagram of a ${BODY_TYPE_LABELS[bodyType].toLowerCase()}`}
            selectedPanel={selected}
            onSelectPanel={setSelected}
          />
          <p className="mt-2 min-h-6 text-sm text-slate-700" role="status">
            {selected ? `Selected: ${PANELS[selected].label}` : ""}
          </p>
          <DiagramLegend />
        </div>
        <div>
          {report ? (
            <>
              <h2 className="text-lg font-semibold">Sample report: {report.title}</h2>
              {report.range ? (
                <p className="mt-2 text-3xl font-bold tabular-nums">{report.range}</p>
              ) : null}
              <ol className="mt-4 space-y-2 text-sm">
                {report.findings.map((finding) => (
                  <li key={finding.id}>
                    <span className="font-semibold">{finding.number}.</span> {finding.text}
                  </li>
                ))}
              </ol>
              <Link to={`/diagram-demo/${report.id}`} className="btn-outline mt-6">
                Open the full sample report
              </Link>
            </>
          ) : (
            <p className="text-slate-700">The sample report isn't available on this server.</p>
          )}
          <p className="mt-6">
            <Link to="/app" className="btn-primary">
              Create your Free AI Estimate
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
