import { Link } from "react-router";
import { featureAllowed } from "~/lib/billing/gates.server";
import { ReadOnlyNotice } from "~/components/billing/upgrade-required";
import type { Route } from "./+types/dashboard.claims";
import { ClaimBoard } from "~/components/claims/claim-board";
import { FleetPageHeader, FleetSection, StatTile } from "~/components/fleet";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import { formatCents, formatPercent } from "~/domain/money";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { requireSession } from "~/lib/auth/guards.server";
import { claimsBoard } from "~/lib/claims/claim-pages.server";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Claims", "/dashboard/claims", data);

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const now = Date.now();
  const zone = accountPreferences(session.accountId).timeZone ?? DEFAULT_TIME_ZONE;
  return {
    readOnly: !featureAllowed(session.accountId, "claims"),
    origin: new URL(env().PUBLIC_URL).origin,
    board: claimsBoard(session.accountId, now, zone),
  };
}

export default function Claims({ loaderData }: Route.ComponentProps) {
  const { board } = loaderData;
  return (
    <div className="container-page max-w-4xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Claims"
        intro="Every claim until the money is in, the next deadline first."
        actions={
          loaderData.readOnly ? null : (
            <Link to="/dashboard/claims/new" className="btn-primary">
              New claim
            </Link>
          )
        }
      />
      {loaderData.readOnly ? <ReadOnlyNotice feature="claims" /> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatTile label="At stake in open claims" value={formatCents(board.atStakeCents)} />
        <StatTile label="Recovered this month" value={formatCents(board.recoveredThisMonthCents)} />
        <StatTile label="Recovered this year" value={formatCents(board.recoveredThisYearCents)} />
        <StatTile
          label="Recovery rate this year"
          value={board.recoveryRate === null ? "—" : formatPercent(board.recoveryRate * 100, 0)}
        />
        <StatTile
          label="Average days to payment"
          value={
            board.averageDaysToPayment === null
              ? "—"
              : `${board.averageDaysToPayment} ${board.averageDaysToPayment === 1 ? "day" : "days"}`
          }
        />
      </dl>
      <FleetSection id="open-claims" title={`Open claims (${board.open.length})`}>
        {board.open.length === 0 ? (
          <p className="text-slate-700">
            No open claims. Start one from a trip as soon as you know of damage or a reimbursement
            (fuel, tolls, cleaning…): the amount can follow.
          </p>
        ) : (
          <ClaimBoard items={board.open} label="Open claims, next deadline first" />
        )}
      </FleetSection>
      {board.done.length > 0 ? (
        <FleetSection id="done-claims" title={`Finished claims (${board.done.length})`}>
          <ClaimBoard items={board.done} label="Finished claims" />
        </FleetSection>
      ) : null}
    </div>
  );
}
