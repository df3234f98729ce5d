import { Link } from "react-router";
import { ColumnHeaders } from "~/components/column-headers";
import { useFormatDate, formatDollars, VehicleStatusBadge } from "~/components/fleet";
import type { FleetVehicleSummary } from "~/lib/estimates/fleet.server";

/** What the dashboard shows of each car (the page sends no more than this for a big fleet). */
export type FleetCard = Omit<FleetVehicleSummary, "vehicle" | "repairedFindings"> & {
  vehicle: Pick<FleetVehicleSummary["vehicle"], "id" | "status" | "plate">;
};

/** The dashboard's shape of a car's summary. */
export function fleetCard(summary: FleetVehicleSummary): FleetCard {
  const { vehicle, repairedFindings: _, ...rest } = summary;
  return { ...rest, vehicle: { id: vehicle.id, status: vehicle.status, plate: vehicle.plate } };
}

/** The fleet on the dashboard: cards on phones, a table on wide screens. */
function OpenDamage({ count }: { count: number }) {
  if (count === 0) return <span className="text-slate-600">None</span>;
  return <span className="font-semibold text-amber-900">{count} open</span>;
}

export function VehicleCards({ vehicles }: { vehicles: FleetCard[] }) {
  const formatDate = useFormatDate();
  return (
    <ul className="grid gap-3 md:hidden">
      {vehicles.map((summary) => (
        <li key={summary.vehicle.id} className="rounded-xl border border-slate-200 p-4">
          <div className="flex items-start justify-between gap-3">
            <Link
              to={`/dashboard/vehicle/${summary.vehicle.id}`}
              className="min-w-0 font-semibold break-words text-brand-700 underline"
            >
              {summary.label}
            </Link>
            <VehicleStatusBadge status={summary.vehicle.status} />
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-slate-600">Damage</dt>
              <dd>
                <OpenDamage count={summary.openFindings} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Reports</dt>
              <dd className="tabular-nums">{summary.reportCount}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Last report</dt>
              <dd>{formatDate(summary.lastReportAt)}</dd>
            </div>
          </dl>
          {/* The car's name above opens its page: one more button per car would only add
              weight to a big fleet's dashboard. */}
          <Link
            to={`/diagram-dashboard/${summary.vehicle.id}`}
            className="btn-outline mt-3 w-full py-2"
            aria-label={`Damage history of ${summary.label}`}
          >
            Damage history
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function VehicleTable({ vehicles }: { vehicles: FleetCard[] }) {
  const formatDate = useFormatDate();
  return (
    <table className="hidden w-full text-left text-sm md:table">
      <caption className="sr-only">Your vehicles</caption>
      <thead className="border-b border-slate-200 text-slate-600">
        <ColumnHeaders
          padding="py-2 pr-4"
          columns={[
            "Vehicle",
            "Status",
            "Open damage",
            { label: "Reports", numeric: true },
            "Last report",
            { key: "links", label: <span className="sr-only">Links</span> },
          ]}
        />
      </thead>
      <tbody className="divide-y divide-slate-100">
        {vehicles.map((summary) => (
          <tr key={summary.vehicle.id}>
            <th scope="row" className="py-3 pr-4 font-medium">
              <Link
                to={`/dashboard/vehicle/${summary.vehicle.id}`}
                className="text-slate-900 hover:text-brand-700 hover:underline"
              >
                {summary.label}
              </Link>
              {summary.vehicle.plate ? (
                <span className="block text-xs font-normal text-slate-600">
                  Plate {summary.vehicle.plate}
                </span>
              ) : null}
            </th>
            <td className="py-3 pr-4">
              <VehicleStatusBadge status={summary.vehicle.status} />
            </td>
            <td className="py-3 pr-4">
              <OpenDamage count={summary.openFindings} />
              {summary.openDamageCents > 0 ? (
                <span className="block text-xs text-slate-600">
                  {formatDollars(summary.openDamageCents)} in estimates
                </span>
              ) : null}
            </td>
            <td className="py-3 pr-4 text-right tabular-nums">{summary.reportCount}</td>
            <td className="py-3 pr-4 whitespace-nowrap">{formatDate(summary.lastReportAt)}</td>
            <td className="py-3 text-right whitespace-nowrap">
              <Link
                to={`/diagram-dashboard/${summary.vehicle.id}`}
                className="font-medium text-brand-600 hover:underline"
                aria-label={`Damage history of ${summary.label}`}
              >
                Damage history
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
