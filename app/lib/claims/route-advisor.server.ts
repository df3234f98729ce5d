/**
 * The route advisor's inputs for one damage claim, read from the account's records: the host plan
 * in force on the trip's start date, the guest's plan on the trip, the claimed revision's labor
 * hours, the car's earnings over the 60 days before the trip, and the fleet's size.
 */
import { and, count, eq, inArray, min, ne, or, sql } from "drizzle-orm";
import {
  claimEvents,
  claims,
  reportRevisions,
  trips,
  vehicleHostPlans,
  vehicles,
} from "~/db/schema";
import { claimDeadlines } from "~/domain/claims/claim-windows";
import { formatDateTime } from "~/domain/dates";
import {
  adviseRoute,
  hostPlanOn,
  type HostPlanPeriod,
  type RouteAdvice,
} from "~/domain/claims/route-advice";
import { isGuestPlanId, LOST_INCOME_RULE, type HostPlanId } from "~/domain/marketplace-rules";
import { formatIsoDate, wallClockAt } from "~/domain/zoned-time";
import { db } from "~/lib/runtime/db.server";
import type { TripRow } from "~/lib/trips/trips.server";

type ClaimRow = typeof claims.$inferSelect;

export type RouteAdvisorResult =
  | { status: "ready"; advice: RouteAdvice }
  | { status: "missing"; missing: Array<"guestPlan" | "hostPlan" | "amount"> }
  | { status: "not-applicable" };

const DAY_MS = 86_400_000;

/** A claim and its trip, as the advisor reads them. */
export interface ClaimOnTrip {
  claim: ClaimRow;
  trip: TripRow;
}

/**
 * What the advisor reads from the account's records for a set of claims, read together: a list
 * of 50 claims costs the same few queries as one claim.
 */
export interface RouteAdvisorRecords {
  /** The account's cars that aren't inactive. */
  fleetSize: number;
  /** Each car's host plans, by car id. */
  hostPlans: ReadonlyMap<string, HostPlanPeriod[]>;
  /** The claimed revision's labor hours, by claim id (null for an amount typed by hand). */
  laborHours: ReadonlyMap<string, number | null>;
  /** The car's trip earnings over the 60 days before the trip, by claim id. */
  earningsCents: ReadonlyMap<string, number>;
  /** When each claim was first marked filed, by claim id (absent: never). */
  firstFiledAt: ReadonlyMap<string, number>;
}

/** The claim's host plan on the trip's start date, from the records; null without one. */
function hostPlanOfTrip(records: Pick<RouteAdvisorRecords, "hostPlans">, trip: TripRow) {
  if (!trip.vehicleId) return null;
  const startDay = formatIsoDate(wallClockAt(trip.startAt.getTime(), trip.timeZone));
  return hostPlanOn(records.hostPlans.get(trip.vehicleId) ?? [], startDay);
}

/** What keeps the advice from being worked out: the guest's plan, the host's plan, the amount. */
function missingInputs(claim: ClaimRow, trip: TripRow, hostPlan: HostPlanId | null) {
  const missing: Array<"guestPlan" | "hostPlan" | "amount"> = [];
  if (!isGuestPlanId(trip.guestPlan)) missing.push("guestPlan");
  if (hostPlan === null) missing.push("hostPlan");
  if (claim.claimedCents === null) missing.push("amount");
  return missing;
}

/** Each car's host plans, by car id. */
function hostPlansOf(accountId: string, vehicleIds: readonly string[]) {
  const byCar = new Map<string, HostPlanPeriod[]>();
  if (vehicleIds.length === 0) return byCar;
  const rows = db()
    .select()
    .from(vehicleHostPlans)
    .where(
      and(
        eq(vehicleHostPlans.accountId, accountId),
        inArray(vehicleHostPlans.vehicleId, [...vehicleIds]),
      ),
    )
    .all();
  for (const plan of rows) byCar.set(plan.vehicleId, [...(byCar.get(plan.vehicleId) ?? []), plan]);
  return byCar;
}

function activeFleetSize(accountId: string): number {
  return (
    db()
      .select({ count: count() })
      .from(vehicles)
      .where(and(eq(vehicles.accountId, accountId), ne(vehicles.status, "inactive")))
      .get()?.count ?? 0
  );
}

/** The labor hours of each claim's claimed revision, by claim id. */
function laborHoursOf(accountId: string, entries: readonly ClaimOnTrip[]) {
  const claimed = entries.flatMap(({ claim }) =>
    claim.reportId && claim.reportRevision
      ? [
          and(
            eq(reportRevisions.reportId, claim.reportId),
            eq(reportRevisions.number, claim.reportRevision),
          ),
        ]
      : [],
  );
  const byRevision = new Map<string, number | null>();
  if (claimed.length > 0) {
    const revisions = db()
      .select({
        reportId: reportRevisions.reportId,
        number: reportRevisions.number,
        estimateJson: reportRevisions.estimateJson,
      })
      .from(reportRevisions)
      .where(and(eq(reportRevisions.accountId, accountId), or(...claimed)))
      .all();
    for (const revision of revisions) {
      const estimate = JSON.parse(revision.estimateJson) as { laborHours?: number };
      byRevision.set(`${revision.reportId}:${revision.number}`, estimate.laborHours ?? null);
    }
  }
  return new Map(
    entries.map(({ claim }) => [
      claim.id,
      byRevision.get(`${claim.reportId}:${claim.reportRevision}`) ?? null,
    ]),
  );
}

/** Each claim's car's trip earnings over the 60 days before its trip, summed in one statement. */
function earningsBeforeTrips(accountId: string, entries: readonly ClaimOnTrip[]) {
  const windowMs = LOST_INCOME_RULE.averagingWindowDays * DAY_MS;
  const windows = entries.flatMap(({ claim, trip }) =>
    trip.vehicleId
      ? [
          sql`(${claim.id}, ${trip.vehicleId}, ${trip.startAt.getTime() - windowMs}, ${trip.startAt.getTime()})`,
        ]
      : [],
  );
  if (windows.length === 0) return new Map<string, number>();
  const sums = db().all<{ claimId: string; cents: number }>(sql`
    with windows(claim_id, vehicle_id, since, before) as (values ${sql.join(windows, sql`, `)})
    select windows.claim_id as claimId, coalesce(sum(t.earnings_cents), 0) as cents
    from windows
    join ${trips} t on t.account_id = ${accountId} and t.vehicle_id = windows.vehicle_id
      and t.end_at >= windows.since and t.end_at < windows.before
    group by windows.claim_id`);
  return new Map(sums.map((row) => [row.claimId, row.cents]));
}

/** When each claim was first marked filed, by claim id (absent: never). */
function firstFiledAtOf(accountId: string, claimIds: readonly string[]) {
  const rows = db()
    .select({ claimId: claimEvents.claimId, at: min(claimEvents.at) })
    .from(claimEvents)
    .where(
      and(
        eq(claimEvents.accountId, accountId),
        inArray(claimEvents.claimId, [...claimIds]),
        eq(claimEvents.status, "filed"),
      ),
    )
    .groupBy(claimEvents.claimId)
    .all();
  return new Map(rows.flatMap((row) => (row.at ? [[row.claimId, row.at.getTime()]] : [])));
}

/**
 * The records for these claims: only damage claims have advice, and only those with the plans
 * and an amount need the rest.
 */
export function routeAdvisorRecords(
  accountId: string,
  entries: readonly ClaimOnTrip[],
): RouteAdvisorRecords {
  const damage = entries.filter(({ claim }) => claim.kind === "damage");
  const hostPlans = hostPlansOf(accountId, [
    ...new Set(damage.flatMap(({ trip }) => (trip.vehicleId ? [trip.vehicleId] : []))),
  ]);
  const ready = damage.filter(
    ({ claim, trip }) =>
      missingInputs(claim, trip, hostPlanOfTrip({ hostPlans }, trip)).length === 0,
  );
  if (ready.length === 0) {
    return {
      fleetSize: 0,
      hostPlans,
      laborHours: new Map(),
      earningsCents: new Map(),
      firstFiledAt: new Map(),
    };
  }
  return {
    fleetSize: activeFleetSize(accountId),
    hostPlans,
    laborHours: laborHoursOf(accountId, ready),
    earningsCents: earningsBeforeTrips(accountId, ready),
    firstFiledAt: firstFiledAtOf(
      accountId,
      ready.map(({ claim }) => claim.id),
    ),
  };
}

/**
 * The damage-report window as the advice reads it: closed when its time passed before the claim
 * was filed (a claim filed in time keeps the managed route open).
 */
function reportWindow(filedAt: number | null, trip: TripRow, now: number) {
  const deadline = claimDeadlines(
    "damage",
    { endAt: trip.endAt.getTime(), timeZone: trip.timeZone },
    now,
  ).find((entry) => entry.key === "report-damage");
  if (!deadline) return null;
  const closed = (filedAt ?? now) >= deadline.dueAtMs;
  return { dueText: formatDateTime(deadline.dueAtMs, trip.timeZone), closed };
}

/** The advice for one claim from records read for it (alone or with the rest of its page). */
export function adviseClaimRoute(
  { claim, trip }: ClaimOnTrip,
  records: RouteAdvisorRecords,
  now: number = Date.now(),
): RouteAdvisorResult {
  if (claim.kind !== "damage") return { status: "not-applicable" };
  const hostPlan = hostPlanOfTrip(records, trip);
  const missing = missingInputs(claim, trip, hostPlan);
  if (
    missing.length > 0 ||
    hostPlan === null ||
    !isGuestPlanId(trip.guestPlan) ||
    claim.claimedCents === null
  ) {
    return { status: "missing", missing };
  }
  return {
    status: "ready",
    advice: adviseRoute({
      guestPlan: trip.guestPlan,
      hostPlan,
      repairEstimateCents: claim.claimedCents,
      laborHours: records.laborHours.get(claim.id) ?? null,
      earningsLast60DaysCents: records.earningsCents.get(claim.id) ?? 0,
      fleetSize: records.fleetSize,
      reportWindow: reportWindow(records.firstFiledAt.get(claim.id) ?? null, trip, now),
    }),
  };
}

/** The advice for one claim. */
export function routeAdvisorFor(
  accountId: string,
  claim: ClaimRow,
  trip: TripRow,
  now: number = Date.now(),
): RouteAdvisorResult {
  return adviseClaimRoute({ claim, trip }, routeAdvisorRecords(accountId, [{ claim, trip }]), now);
}

/** The API's `route`: each route's payout in cents and the recommended one; null until it can be worked out. */
export function routeJson(result: RouteAdvisorResult) {
  if (result.status !== "ready") return null;
  const [managed, direct] = result.advice.comparison.routes;
  return {
    managed: {
      hostReceivesCents: managed.hostReceivesCents,
      deductibleCents: result.advice.comparison.hostDeductibleAppliedCents,
    },
    direct: {
      hostReceivesCents: direct.hostReceivesCents,
      guestPaysAtMostCents: direct.guestPaysAtMostCents,
    },
    recommended: result.advice.comparison.better,
    reportWindowClosed: result.advice.clock?.closed ?? false,
    lostIncomeCents: result.advice.lostIncome?.amountCents ?? 0,
  };
}
