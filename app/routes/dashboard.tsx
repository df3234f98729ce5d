import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { ColumnHeaders } from "~/components/column-headers";
import {
  FleetPageHeader,
  FleetSection,
  useFormatDate,
  formatDollars,
  ReportListItem,
  VehicleStatusBadge,
} from "~/components/fleet";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import {
  fleetOverview,
  startsDashboardVisit,
  type FleetVehicleSummary,
  type RecentReport,
} from "~/lib/estimates/fleet.server";
import { pageMeta } from "~/lib/ui/meta";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  // Once per visit (views less than 30 minutes apart), not on every reload.
  if (startsDashboardVisit(session.idHash)) recordEvent("dashboard_viewed", {}, session.user.id);
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    overview: fleetOverview(session.accountId),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Dashboard",
    path: "/dashboard",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
        {value}
      </dd>
      {detail ? <dd className="mt-1 text-sm text-slate-600">{detail}</dd> : null}
    </div>
  );
}

function OpenDamage({ count }: { count: number }) {
  if (count === 0) return <span className="text-slate-600">None</span>;
  return <span className="font-semibold text-amber-900">{count} open</span>;
}

function VehicleCards({ vehicles }: { vehicles: FleetVehicleSummary[] }) {
  const formatDate = useFormatDate();
  return (
    <ul className="grid gap-3 md:hidden">
      {vehicles.map((summary) => (
        <li key={summary.vehicle.id} className="rounded-xl border border-slate-200 p-4">
          <div className="flex items-start justify-between gap-3">
            <Link
              to={`/dashboard/vehicle/${summary.vehicle.id}`}
              className="min-w-0 font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
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
          <div className="mt-3 grid grid-cols-2 gap-2">
            <Link
              to={`/dashboard/vehicle/${summary.vehicle.id}`}
              className="btn-outline px-1 py-2 whitespace-nowrap"
              aria-label={`Details of ${summary.label}`}
            >
              Details
            </Link>
            <Link
              to={`/diagram-dashboard/${summary.vehicle.id}`}
              className="btn-outline px-1 py-2 whitespace-nowrap"
              aria-label={`Damage history of ${summary.label}`}
            >
              Damage history
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

function VehicleTable({ vehicles }: { vehicles: FleetVehicleSummary[] }) {
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

function RecentReports({ reports }: { reports: RecentReport[] }) {
  if (reports.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No reports yet. Start a new estimate with photos of the damage.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {reports.map((report) => (
        <ReportListItem key={report.id} report={report} title={report.vehicleTitle} />
      ))}
    </ul>
  );
}

function EmptyFleet() {
  return (
    <section
      aria-labelledby="empty-heading"
      className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center"
    >
      <h2 id="empty-heading" className="text-xl font-semibold text-slate-900">
        No vehicles yet
      </h2>
      <p className="mx-auto mt-2 max-w-md text-slate-700">
        Add the cars you rent out to track their damage over time, or start an estimate straight
        from photos.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/dashboard/vehicles/new" className="btn-primary">
          Add your first vehicle
        </Link>
        <Link to="/app" className="btn-outline">
          New estimate
        </Link>
      </div>
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const { totals } = overview;
  const empty = overview.vehicles.length === 0;
  return (
    <div className="container-page space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        title="Dashboard"
        intro={
          <p>
            Your fleet, its open damage and the latest estimates. Estimates use your{" "}
            <Link to="/dashboard/rates" className="font-medium text-brand-600 underline">
              shop rates
            </Link>
            ; the links you have shared are under{" "}
            <Link to="/dashboard/share-links" className="font-medium text-brand-600 underline">
              share links
            </Link>
            .
          </p>
        }
        actions={
          <>
            <Link to="/app" className="btn-primary">
              New estimate
            </Link>
            {empty ? null : (
              <Link to="/dashboard/vehicles/new" className="btn-outline">
                Add vehicle
              </Link>
            )}
            <Link to="/dashboard/trips" className="btn-outline">
              Trips
            </Link>
            <Link to="/dashboard/claims" className="btn-outline">
              Claims
            </Link>
          </>
        }
      />

      {empty ? (
        <EmptyFleet />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Tile label="Vehicles" value={String(totals.vehicles)} />
            <Tile
              label="Open damage"
              value={String(totals.openFindings)}
              detail={
                totals.openDamageCents > 0
                  ? `${formatDollars(totals.openDamageCents)} in open estimates`
                  : "Nothing waiting for repair"
              }
            />
            <Tile label="Reports" value={String(totals.reports)} />
            <Tile
              label="Estimated repairs"
              value={formatDollars(totals.completedEstimatesCents)}
              detail="All final estimates"
            />
          </dl>

          <FleetSection id="vehicles-heading" title="Vehicles">
            <VehicleCards vehicles={overview.vehicles} />
            <VehicleTable vehicles={overview.vehicles} />
          </FleetSection>
        </>
      )}

      {empty && overview.recentReports.length === 0 ? null : (
        <FleetSection id="reports-heading" title="Recent reports">
          <RecentReports reports={overview.recentReports} />
        </FleetSection>
      )}
    </div>
  );
}
