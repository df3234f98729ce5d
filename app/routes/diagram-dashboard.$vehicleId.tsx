import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/diagram-dashboard.$vehicleId";
import { notFoundBoundary } from "~/components/error-boundary";
import { FleetPageHeader, useFormatDate } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { DiagramLegend, VehicleDiagram, type DiagramMarker } from "~/components/vehicle-diagram";
import { HistoryFilters, panelLabel } from "~/components/vehicles/history-filters";
import { HistoryCards, HistoryTable } from "~/components/vehicles/history-list";
import { BODY_TYPES, type BodyType, type PanelId } from "~/domain/estimate/taxonomy";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import { notFound } from "~/lib/http/not-found";
import {
  filterHistory,
  parseHistoryFilter,
  vehicleHistory,
  type HistoryEntry,
} from "~/lib/estimates/fleet.server";
import { getVehicle, vehicleLabel, vehicleTitle } from "~/lib/vehicles/vehicles.server";
import { privatePageMeta } from "~/lib/ui/meta";

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
  privatePageMeta(
    data ? `Damage history of ${data.label}` : "Damage history",
    `/diagram-dashboard/${params.vehicleId}`,
    data,
  );

function markerStatus(entry: HistoryEntry): DiagramMarker["status"] {
  if (entry.state === "repaired") return "repaired";
  return entry.preExisting ? "pre-existing" : "new";
}

export default function DamageHistory({ loaderData }: Route.ComponentProps) {
  const { vehicleId, label, title, bodyType, filter, entries, counts, panels } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const formatDate = useFormatDate();
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

      <CardSection id="filters-heading" title="Filters">
        <HistoryFilters filter={filter} counts={counts} panels={panels} />
      </CardSection>

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
