/**
 * The route advisor's inputs for one damage claim, read from the account's records: the host plan
 * in force on the trip's start date, the guest's plan on the trip, the claimed revision's labor
 * hours, the car's earnings over the 60 days before the trip, and the fleet's size.
 */
import { and, asc, eq, gte, lt } from "drizzle-orm";
import { claimEvents, claims, trips } from "~/db/schema";
import { claimDeadlines } from "~/domain/claims/claim-windows";
import { formatDateTime } from "~/domain/dates";
import { adviseRoute, hostPlanOn, type RouteAdvice } from "~/domain/claims/route-advice";
import { isGuestPlanId, LOST_INCOME_RULE } from "~/domain/marketplace-rules";
import { formatIsoDate, wallClockAt } from "~/domain/zoned-time";
import { getRevision } from "~/lib/estimates/revisions.server";
import { listVehicles } from "~/lib/vehicles/vehicles.server";
import { db } from "~/lib/runtime/db.server";
import { hostPlanHistory } from "~/lib/trips/host-plans.server";
import type { TripRow } from "~/lib/trips/trips.server";

type ClaimRow = typeof claims.$inferSelect;

export type RouteAdvisorResult =
  | { status: "ready"; advice: RouteAdvice }
  | { status: "missing"; missing: Array<"guestPlan" | "hostPlan" | "amount"> }
  | { status: "not-applicable" };

const DAY_MS = 86_400_000;

function earningsBefore(accountId: string, vehicleId: string, before: Date): number {
  const since = new Date(before.getTime() - LOST_INCOME_RULE.averagingWindowDays * DAY_MS);
  return db()
    .select({ earningsCents: trips.earningsCents })
    .from(trips)
    .where(
      and(
        eq(trips.accountId, accountId),
        eq(trips.vehicleId, vehicleId),
        gte(trips.endAt, since),
        lt(trips.endAt, before),
      ),
    )
    .all()
    .reduce((sum, row) => sum + (row.earningsCents ?? 0), 0);
}

/** When the claim was first marked filed, if ever. */
function firstFiledAt(accountId: string, claimId: string): number | null {
  const row = db()
    .select({ at: claimEvents.at })
    .from(claimEvents)
    .where(
      and(
        eq(claimEvents.accountId, accountId),
        eq(claimEvents.claimId, claimId),
        eq(claimEvents.status, "filed"),
      ),
    )
    .orderBy(asc(claimEvents.id))
    .get();
  return row ? row.at.getTime() : null;
}

/**
 * The damage-report window as the advice reads it: closed when its time passed before the claim
 * was filed (a claim filed in time keeps the managed route open).
 */
function reportWindow(accountId: string, claim: ClaimRow, trip: TripRow, now: number) {
  const deadline = claimDeadlines(
    "damage",
    { endAt: trip.endAt.getTime(), timeZone: trip.timeZone },
    now,
  ).find((entry) => entry.key === "report-damage");
  if (!deadline) return null;
  const filedAt = firstFiledAt(accountId, claim.id);
  const closed = (filedAt ?? now) >= deadline.dueAtMs;
  return { dueText: formatDateTime(deadline.dueAtMs, trip.timeZone), closed };
}

export function routeAdvisorFor(
  accountId: string,
  claim: ClaimRow,
  trip: TripRow,
  now: number = Date.now(),
): RouteAdvisorResult {
  if (claim.kind !== "damage") return { status: "not-applicable" };
  const startDay = formatIsoDate(wallClockAt(trip.startAt.getTime(), trip.timeZone));
  const hostPlan = trip.vehicleId
    ? hostPlanOn(hostPlanHistory(accountId, trip.vehicleId), startDay)
    : null;
  const missing: Array<"guestPlan" | "hostPlan" | "amount"> = [];
  if (!isGuestPlanId(trip.guestPlan)) missing.push("guestPlan");
  if (hostPlan === null) missing.push("hostPlan");
  if (claim.claimedCents === null) missing.push("amount");
  if (
    missing.length > 0 ||
    hostPlan === null ||
    !isGuestPlanId(trip.guestPlan) ||
    claim.claimedCents === null
  ) {
    return { status: "missing", missing };
  }
  const revision =
    claim.reportId && claim.reportRevision
      ? getRevision(claim.reportId, claim.reportRevision)
      : undefined;
  const laborHours = revision
    ? ((JSON.parse(revision.estimateJson) as { laborHours?: number }).laborHours ?? null)
    : null;
  return {
    status: "ready",
    advice: adviseRoute({
      guestPlan: trip.guestPlan,
      hostPlan,
      repairEstimateCents: claim.claimedCents,
      laborHours,
      earningsLast60DaysCents: trip.vehicleId
        ? earningsBefore(accountId, trip.vehicleId, trip.startAt)
        : 0,
      fleetSize: listVehicles(accountId).filter((vehicle) => vehicle.status !== "inactive").length,
      reportWindow: reportWindow(accountId, claim, trip, now),
    }),
  };
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
