import { useState } from "react";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import type { Route } from "./+types/diagram-dashboard.$vehicleId";
import { notFoundBoundary } from "~/components/error-boundary";
import { ReportStatusBadge } from "~/components/estimates/status-badge";
import { FleetPageHeader, FleetSection, formatDate } from "~/components/fleet";
import { DiagramLegend, VehicleDiagram, type DiagramMarker } from "~/components/vehicle-diagram";
import { BODY_TYPES, PANELS, type BodyType, type PanelId } from "~/domain/estimate/taxonomy";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import { notFound } from "~/lib/http/not-found";
import {
  filterHistory,
  parseHistoryFilter,
  vehicleHistory,
  type HistoryEntry,
  type HistoryFilter,
} from "~/lib/estimates/fleet.server";
import { SEVERITY_LABELS } from "~/lib/estimates/finding-form";
import { getVehicle, vehicleLabel, vehicleTitle } from "~/lib/estimates/vehicles.server";
import { pageMeta } from "~/lib/ui/meta";

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const vehicle = getVehicle(session.accountId, params.vehicleId);
  const history = vehicle ? vehicleHistory(session.accountId, vehicle.id) : null;
  // Unknown ids and another account's vehicles get the same answer.
  if (!vehicle || !history) notFound("We couldn't find that vehicle in this account.");
  const filter = parseHistoryFilter(new URL(request.url).searchParams);
  const bodyType = (BODY_TYPES as readonly string[]).includes(vehicle.bodyType)
    ? (vehicle.bodyType as BodyType)
    : "sedan";
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    vehicleId: vehicle.id,
    label: vehicleLabel(vehicle),
    title: vehicleTitle(vehicle),
    bodyType,
    filter,
    entries: filterHistory(history, filter),
    counts: {
      all: history.length,
      open: history.filter((entry) => entry.state === "open").length,
      repaired: history.filter((entry) => entry.state === "repaired").length,
      preExisting: history.filter((entry) => entry.preExisting).length,
    },
    /** Panels with any recorded damage, for the panel filter. */
    panels: [...new Set(history.map((entry) => entry.panel))],
  };
}

export const meta: Route.MetaFunction = ({ data, params }) =>
  pageMeta({
    title: data ? `Damage history of ${data.label}` : "Damage history",
    path: `/diagram-dashboard/${params.vehicleId}`,
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

function markerStatus(entry: HistoryEntry): DiagramMarker["status"] {
  if (entry.state === "repaired") return "repaired";
  return entry.preExisting ? "pre-existing" : "new";
}

function panelLabel(panel: PanelId) {
  return PANELS[panel]?.label ?? panel;
}

/** Pre-existing or new, with the photo phase it was seen on when known. */
function originText(entry: HistoryEntry) {
  const base = entry.preExisting ? "Pre-existing" : "New";
  if (entry.photoPhase === "pre_trip") return `${base} (pre-trip photo)`;
  if (entry.photoPhase === "post_trip") return `${base} (post-trip photo)`;
  return base;
}

function repairedText(entry: HistoryEntry) {
  if (entry.state === "repaired") return `Repaired ${formatDate(entry.repairedAt)}`;
  if (entry.state === "in-review") return "Report in review";
  return "Not repaired";
}

const SHOW_OPTIONS = [
  { value: "all", label: "All damage" },
  { value: "open", label: "Open" },
  { value: "repaired", label: "Repaired" },
] as const;

function Filters({
  filter,
  counts,
  panels,
}: {
  filter: HistoryFilter;
  counts: { all: number; open: number; repaired: number; preExisting: number };
  panels: PanelId[];
}) {
  const submit = useSubmit();
  // The panel also changes from the diagram and the "All panels" link: follow the URL's value.
  const [panel, setPanel] = useState(filter.panel ?? "");
  const [urlPanel, setUrlPanel] = useState(filter.panel);
  if (urlPanel !== filter.panel) {
    setUrlPanel(filter.panel);
    setPanel(filter.panel ?? "");
  }
  return (
    <Form
      method="get"
      className="flex flex-col gap-4 lg:flex-row lg:flex-wrap lg:items-end"
      aria-label="Filter the damage history"
      // With JavaScript each change applies at once; the button is there for when it's off.
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      <fieldset>
        <legend className="label">Show</legend>
        <div className="flex flex-wrap gap-2">
          {SHOW_OPTIONS.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-900"
            >
              <input
                type="radio"
                name="show"
                value={option.value}
                defaultChecked={filter.show === option.value}
                className="accent-brand-600"
              />
              {option.label} ({counts[option.value]})
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="label">Pre-existing damage ({counts.preExisting})</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ["show", "Show"],
              ["hide", "Hide"],
            ] as const
          ).map(([value, text]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-900"
            >
              <input
                type="radio"
                name="preExisting"
                value={value}
                defaultChecked={filter.preExisting === (value === "show")}
                className="accent-brand-600"
              />
              {text}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="min-w-0 lg:w-56">
        <label htmlFor="panel-filter" className="label">
          Panel
        </label>
        <select
          id="panel-filter"
          name="panel"
          value={panel}
          onChange={(event) => setPanel(event.currentTarget.value)}
          className="input py-2"
        >
          <option value="">All panels</option>
          {panels.map((id) => (
            <option key={id} value={id}>
              {panelLabel(id)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className="btn-outline py-2">
          Apply filters
        </button>
      </div>
    </Form>
  );
}

function HistoryCards({ entries }: { entries: HistoryEntry[] }) {
  return (
    <ol className="grid gap-3 md:hidden" aria-label="Damage findings">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-slate-200 p-4 text-sm">
          <p className="flex items-start gap-2 font-medium text-slate-900">
            <span className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-slate-100 px-1.5 text-xs font-semibold text-slate-700 tabular-nums">
              <span className="sr-only">Number </span>
              {entry.number}
            </span>
            <span className="min-w-0">
              {entry.label} · {entry.panelLabel}
            </span>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
            <dt className="text-slate-600">Seen</dt>
            <dd>
              {formatDate(entry.reportDate)} ·{" "}
              <Link to={`/analysis/${entry.reportId}`} className="text-brand-600 underline">
                report
              </Link>
            </dd>
            <dt className="text-slate-600">Origin</dt>
            <dd>{originText(entry)}</dd>
            <dt className="text-slate-600">Repair</dt>
            <dd>{repairedText(entry)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}

function HistoryTable({ entries }: { entries: HistoryEntry[] }) {
  const headings = [
    "No.",
    "Date and report",
    "Panel",
    "Damage",
    "Severity",
    "Pre-existing or new",
    "Repaired",
  ];
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Damage findings on this vehicle, oldest first</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-3 align-bottom font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <th scope="row" className="py-3 pr-3 font-semibold tabular-nums">
                {entry.number}
              </th>
              <td className="py-3 pr-3">
                <Link
                  to={`/analysis/${entry.reportId}`}
                  className="font-medium whitespace-nowrap text-brand-600 hover:underline"
                >
                  <span className="sr-only">Report of </span>
                  {formatDate(entry.reportDate)}
                </Link>
                {entry.reportStatus !== "complete" ? (
                  <span className="mt-1 block">
                    <ReportStatusBadge status={entry.reportStatus} />
                  </span>
                ) : null}
              </td>
              <td className="py-3 pr-3">{entry.panelLabel}</td>
              <td className="py-3 pr-3">{entry.damageLabel}</td>
              <td className="py-3 pr-3">{SEVERITY_LABELS[entry.severity] ?? entry.severity}</td>
              <td className="py-3 pr-3">{originText(entry)}</td>
              <td className="py-3 whitespace-nowrap">
                {entry.state === "repaired"
                  ? formatDate(entry.repairedAt)
                  : entry.state === "in-review"
                    ? "In review"
                    : "Not repaired"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DamageHistory({ loaderData }: Route.ComponentProps) {
  const { vehicleId, label, title, bodyType, filter, entries, counts, panels } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const markers: DiagramMarker[] = entries.map((entry) => ({
    id: entry.id,
    panel: entry.panel,
    severity: entry.severity,
    label: `${entry.label}, ${entry.panelLabel.toLowerCase()}, ${formatDate(entry.reportDate)}`,
    status: markerStatus(entry),
    number: entry.number,
  }));
  // Choosing a panel on the diagram filters the history to it; choosing it again clears it.
  const selectPanel = (panel: PanelId) => {
    const next = new URLSearchParams(searchParams);
    if (filter.panel === panel) next.delete("panel");
    else next.set("panel", panel);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };
  const clearPanel = new URLSearchParams(searchParams);
  clearPanel.delete("panel");

  return (
    <div className="container-page space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: `/dashboard/vehicle/${vehicleId}`, label }}
        title="Damage history"
        intro={
          <p>
            Every damage finding on the {title} over time: check whether damage was already there
            before a trip.
          </p>
        }
        actions={
          <Link to={`/app?${new URLSearchParams({ vehicleId })}`} className="btn-primary">
            New estimate for this car
          </Link>
        }
      />

      <FleetSection id="filters-heading" title="Filters">
        <Filters filter={filter} counts={counts} panels={panels} />
      </FleetSection>

      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section
          aria-labelledby="diagram-heading"
          className="rounded-2xl border border-slate-200 p-4 sm:p-6 lg:self-start"
        >
          <h2 id="diagram-heading" className="text-lg font-semibold text-slate-900">
            Diagram
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Numbers match the list. Choose a panel to see only its history.
          </p>
          <VehicleDiagram
            className="mx-auto mt-4 max-w-sm"
            bodyType={bodyType}
            markers={markers}
            title={`Damage diagram of the ${title}`}
            selectedPanel={filter.panel}
            onSelectPanel={selectPanel}
          />
          <DiagramLegend className="mt-4" />
        </section>

        <section
          aria-labelledby="findings-heading"
          className="min-w-0 rounded-2xl border border-slate-200 p-4 sm:p-6"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="findings-heading" className="text-lg font-semibold text-slate-900">
              Findings
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {entries.length === counts.all
                ? `${entries.length} ${entries.length === 1 ? "finding" : "findings"}`
                : `${entries.length} of ${counts.all} findings`}
              {filter.panel ? ` on the ${panelLabel(filter.panel).toLowerCase()}` : ""}
              {filter.panel ? (
                <>
                  {" · "}
                  <Link
                    to={`?${clearPanel}`}
                    replace
                    preventScrollReset
                    className="font-medium text-brand-600 underline"
                  >
                    All panels
                  </Link>
                </>
              ) : null}
            </p>
          </div>
          <div className="mt-4">
            {counts.all === 0 ? (
              <p className="text-sm text-slate-600">
                No damage recorded on this car yet. Findings from its estimates appear here.
              </p>
            ) : entries.length === 0 ? (
              <p className="text-sm text-slate-600">No findings match these filters.</p>
            ) : (
              <>
                <HistoryCards entries={entries} />
                <HistoryTable entries={entries} />
              </>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that vehicle", [
  { to: "/dashboard", label: "Back to the dashboard" },
]);
