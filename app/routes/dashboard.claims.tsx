import { Form, Link } from "react-router";
import { PageLinks, PageNotice } from "~/components/page-links";
import { featureAllowed } from "~/lib/billing/gates.server";
import { ReadOnlyNotice } from "~/components/billing/upgrade-required";
import type { Route } from "./+types/dashboard.claims";
import { ClaimBoard } from "~/components/claims/claim-board";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { Stat } from "~/components/stat";
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
    board: claimsBoard(session.accountId, now, zone, new URL(request.url).searchParams),
  };
}

export default function Claims({ loaderData }: Route.ComponentProps) {
  const { board } = loaderData;
  const open = board.filters.show === "open";
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
        <Stat
          size="large"
          label="At stake in open claims"
          value={formatCents(board.atStakeCents)}
        />
        <Stat
          size="large"
          label="Recovered this month"
          value={formatCents(board.recoveredThisMonthCents)}
        />
        <Stat
          size="large"
          label="Recovered this year"
          value={formatCents(board.recoveredThisYearCents)}
        />
        <Stat
          size="large"
          label="Recovery rate this year"
          value={board.recoveryRate === null ? "—" : formatPercent(board.recoveryRate * 100, 0)}
        />
        <Stat
          size="large"
          label="Average days to payment"
          value={
            board.averageDaysToPayment === null
              ? "—"
              : `${board.averageDaysToPayment} ${board.averageDaysToPayment === 1 ? "day" : "days"}`
          }
        />
      </dl>
      <CardSection
        id="claims-list"
        title={
          open ? `Open claims (${board.counts.open})` : `Finished claims (${board.counts.finished})`
        }
      >
        <div className="mt-4 space-y-4">
          <ClaimFilters board={board} />
          <PageNotice notice={board.notice} />
          {board.items.length > 0 ? (
            <ClaimBoard
              items={board.items}
              label={open ? "Open claims, next deadline first" : "Finished claims"}
            />
          ) : board.filters.status ? (
            <p className="text-slate-700">No claims with this status.</p>
          ) : open ? (
            <p className="text-slate-700">
              No open claims. Start one from a trip as soon as you know of damage or a reimbursement
              (fuel, tolls, cleaning…): the amount can follow.
            </p>
          ) : (
            <p className="text-slate-700">No finished claims yet.</p>
          )}
          <PageLinks nextCursor={board.nextCursor} label="Claims pages" />
        </div>
      </CardSection>
      {board.recentlyFinished.length > 0 ? (
        <CardSection
          id="done-claims"
          title={`Finished claims (${board.counts.finished})`}
          description={
            board.counts.finished > board.recentlyFinished.length
              ? "The latest finished, with the last change first."
              : undefined
          }
        >
          <ClaimBoard items={board.recentlyFinished} label="Finished claims" />
          {board.counts.finished > board.recentlyFinished.length ? (
            <p className="mt-3 text-sm">
              <Link to="/dashboard/claims?show=finished" className="text-brand-700 underline">
                All {board.counts.finished} finished claims
              </Link>
            </p>
          ) : null}
        </CardSection>
      ) : null}
    </div>
  );
}

type Board = Route.ComponentProps["loaderData"]["board"];

/**
 * Open or finished claims (links), and one status: a plain GET form, so it works with
 * JavaScript off and the page links keep the choice.
 */
function ClaimFilters({ board }: { board: Board }) {
  const tabClass = (active: boolean) =>
    `rounded-lg border px-3 py-2 text-sm font-medium ${
      active
        ? "border-brand-500 bg-brand-50 text-brand-900"
        : "border-slate-300 text-slate-800 hover:bg-slate-50"
    }`;
  const open = board.filters.show === "open";
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
      <nav aria-label="Open or finished claims" className="flex gap-2">
        <Link
          to="/dashboard/claims"
          className={tabClass(open && !board.filters.status)}
          aria-current={open && !board.filters.status ? "page" : undefined}
        >
          Open ({board.counts.open})
        </Link>
        <Link
          to="/dashboard/claims?show=finished"
          className={tabClass(!open && !board.filters.status)}
          aria-current={!open && !board.filters.status ? "page" : undefined}
        >
          Finished ({board.counts.finished})
        </Link>
      </nav>
      <Form
        method="get"
        key={board.filters.status ?? ""}
        className="flex items-end gap-2"
        aria-label="Claims with one status"
      >
        {/* "Any status" stays in the list shown; a status picks its own list. */}
        <input type="hidden" name="show" value={board.filters.show} />
        <div>
          <label htmlFor="claim-status-filter" className="label">
            Status
          </label>
          <select
            id="claim-status-filter"
            name="status"
            defaultValue={board.filters.status ?? ""}
            className="input py-2"
          >
            <option value="">Any status</option>
            {board.statuses.map((status) => (
              <option key={status.id} value={status.id}>
                {status.label} ({status.count})
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-outline py-2">
          Show
        </button>
      </Form>
    </div>
  );
}
