import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { fleetCard, VehicleCards, VehicleTable } from "~/components/dashboard/fleet-vehicles";
import { FleetPageHeader, formatDollars, ReportListItem } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { Stat } from "~/components/stat";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import {
  FLEET_PAGE_SIZE,
  fleetOverview,
  startsDashboardVisit,
  type RecentReport,
} from "~/lib/estimates/fleet.server";
import { pageOrFirst, readTimePageRequest } from "~/lib/paging/paging";
import { PageLinks, PageNotice } from "~/components/page-links";
import { privatePageMeta } from "~/lib/ui/meta";
import { ClaimBoard } from "~/components/claims/claim-board";
import { nextClaimDeadlines } from "~/lib/claims/claim-pages.server";
import { repairAccuracy } from "~/lib/repairs/repairs.server";
import { SetupChecklist } from "~/components/dashboard/setup-checklist";
import { accountSetupChecklist } from "~/lib/accounts/setup-checklist.server";

/** The overview with only what the page shows of each car (a page of 25 cars stays light). */
function dashboardOverview(accountId: string, page: Parameters<typeof fleetOverview>[1]) {
  const overview = fleetOverview(accountId, page);
  return { ...overview, vehicles: overview.vehicles.map(fleetCard) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  // Once per visit (views less than 30 minutes apart), not on every reload.
  if (startsDashboardVisit(session.idHash)) recordEvent("dashboard_viewed", {}, session.user.id);
  // `?cursor=` pages the cars; a stale or edited page link shows the first page with a notice.
  const asked = readTimePageRequest(new URL(request.url).searchParams, FLEET_PAGE_SIZE);
  const { page, notice } = pageOrFirst(asked, FLEET_PAGE_SIZE);
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    overview: dashboardOverview(session.accountId, page),
    vehiclesNotice: notice,
    nextDeadlines: nextClaimDeadlines(session.accountId, 3),
    accuracy: repairAccuracy(session.accountId),
    // The owner sets the account up; members and VAs work in it.
    setup: session.role === "primary" ? accountSetupChecklist(session.accountId) : null,
  };
}

/** The other parts of the app, linked from the dashboard's header. */
const SECTIONS = [
  { to: "/dashboard/trips", label: "Trips" },
  { to: "/dashboard/claims", label: "Claims" },
  { to: "/repair-quote", label: "Repairs" },
  { to: "/dashboard/inbox", label: "Guest inbox" },
  { to: "/concierge-dashboard", label: "Concierge queue" },
] as const;

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Dashboard", "/dashboard", data);

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
  const empty = totals.vehicles === 0;
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
            {SECTIONS.map((section) => (
              <Link key={section.to} to={section.to} className="btn-outline">
                {section.label}
              </Link>
            ))}
          </>
        }
      />

      {loaderData.setup ? <SetupChecklist items={loaderData.setup} /> : null}

      {empty ? (
        <EmptyFleet />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat size="large" label="Vehicles" value={String(totals.vehicles)} />
            <Stat
              size="large"
              label="Open damage"
              value={String(totals.openFindings)}
              detail={
                totals.openDamageCents > 0
                  ? `${formatDollars(totals.openDamageCents)} in open estimates`
                  : "Nothing waiting for repair"
              }
            />
            <Stat size="large" label="Reports" value={String(totals.reports)} />
            <Stat
              size="large"
              label="Estimated repairs"
              value={formatDollars(totals.completedEstimatesCents)}
              detail="All final estimates"
            />
          </dl>
          {loaderData.accuracy ? (
            <p className="text-sm text-slate-700">
              Estimate accuracy: {loaderData.accuracy.withinRangePercent}% of{" "}
              {loaderData.accuracy.repairs === 1
                ? "1 confirmed repair"
                : `${loaderData.accuracy.repairs} confirmed repairs`}{" "}
              came in inside the estimate&apos;s range; the median invoice was{" "}
              {loaderData.accuracy.medianAbsoluteErrorPercent}% from the estimate.{" "}
              <Link to="/repair-quote" className="font-medium text-brand-600 underline">
                Repairs
              </Link>
            </p>
          ) : null}

          <CardSection id="vehicles-heading" title="Vehicles">
            <PageNotice notice={loaderData.vehiclesNotice} className="mb-3" />
            <VehicleCards vehicles={overview.vehicles} />
            <VehicleTable vehicles={overview.vehicles} />
            <PageLinks nextCursor={overview.nextCursor} label="Vehicle pages" />
          </CardSection>
        </>
      )}

      {loaderData.nextDeadlines.length > 0 ? (
        <CardSection
          id="deadlines-heading"
          title="Next claim deadlines"
          actions={
            <Link to="/dashboard/claims" className="text-sm font-medium text-brand-600 underline">
              All claims
            </Link>
          }
        >
          <ClaimBoard items={loaderData.nextDeadlines} label="Next claim deadlines" />
        </CardSection>
      ) : null}

      {empty && overview.recentReports.length === 0 ? null : (
        <CardSection id="reports-heading" title="Recent reports">
          <RecentReports reports={overview.recentReports} />
        </CardSection>
      )}
    </div>
  );
}
