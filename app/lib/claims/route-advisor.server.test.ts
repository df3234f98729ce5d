/**
 * The route advisor's records on real SQLite: the host plan on the trip's start date, the car's
 * earnings over the 60 days before the trip, the claimed revision's labor hours, the fleet size
 * (inactive cars left out) and when the claim was filed. A list reads them for all its claims at
 * once and must give each claim the advice it gets alone.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dentedHoodReport, loadAppModules, setUpTempDataDir } from "~/tests/support/app-modules";
import { recordQueries } from "~/tests/support/query-plan";
import { SAMPLE_CAR, tripInput } from "~/tests/support/rows";

setUpTempDataDir("route-advisor");

let m: Awaited<ReturnType<typeof loadAppModules>>;
let advisor: typeof import("./route-advisor.server");
let claims: typeof import("./claims.server");
let trips: typeof import("~/lib/trips/trips.server");
let accountId: string;
let entries: {
  claim: import("./claims.server").ClaimRow;
  trip: import("~/lib/trips/trips.server").TripRow;
}[];
const ids: Record<"fromEstimate" | "filed" | "tolls" | "noGuestPlan" | "noHostPlan", string> =
  {} as never;
let laborHoursOfEstimate: number;

const at = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  m = await loadAppModules();
  advisor = await import("./route-advisor.server");
  claims = await import("./claims.server");
  trips = await import("~/lib/trips/trips.server");
  const hostPlans = await import("~/lib/trips/host-plans.server");
  const {
    owner,
    vehicle: carA,
    report,
  } = await dentedHoodReport(m, "advisor-owner", {
    photoSeed: 4,
  });
  accountId = owner.accountId;
  m.reportEdits.finalizeReport(accountId, report.id, owner.userId);
  const carB = m.vehicles.createVehicle(accountId, { ...SAMPLE_CAR, nickname: "B" });
  const parked = m.vehicles.createVehicle(accountId, { ...SAMPLE_CAR, nickname: "Parked" });
  const noPlan = m.vehicles.createVehicle(accountId, { ...SAMPLE_CAR, nickname: "No plan" });
  if (!carB.ok || !parked.ok || !noPlan.ok) throw new Error("cars not created");
  m.db
    .db()
    .update(m.schema.vehicles)
    .set({ status: "inactive" })
    .where(eq(m.schema.vehicles.id, parked.vehicle.id))
    .run();
  // Car A: the 60 plan, then the 75 plan from before the trip; car B: the 90 plan.
  hostPlans.setHostPlan(accountId, carA.id, 60, "2025-01-01");
  hostPlans.setHostPlan(accountId, carA.id, 75, "2026-06-01");
  hostPlans.setHostPlan(accountId, carB.vehicle.id, 90, "2026-01-01");

  let reservation = 0;
  const trip = (vehicleId: string, start: string, end: string, extra = {}) =>
    trips.createTrip(
      accountId,
      tripInput({
        reservationId: `ADV-${++reservation}`,
        startAt: at(start),
        endAt: at(end),
        status: "completed",
        guestPlan: "standard",
        ...extra,
      }),
      vehicleId,
      "manual",
    );
  // Car A's earnings: one trip ended inside the 60 days before Sep 10, one before them.
  trip(carA.id, "2026-07-28T16:00:00Z", "2026-08-01T16:00:00Z", { earningsCents: 30_000 });
  trip(carA.id, "2026-08-20T16:00:00Z", "2026-08-24T16:00:00Z", { earningsCents: 12_500 });
  trip(carA.id, "2026-05-01T16:00:00Z", "2026-05-05T16:00:00Z", { earningsCents: 99_999 });
  trip(carB.vehicle.id, "2026-09-01T16:00:00Z", "2026-09-03T16:00:00Z", { earningsCents: 8_000 });
  const tripA = trip(carA.id, "2026-09-10T16:00:00Z", "2026-09-13T16:00:00Z");
  const tripB = trip(carB.vehicle.id, "2026-09-20T16:00:00Z", "2026-09-22T16:00:00Z", {
    guestPlan: "premier",
  });
  const tripNoGuestPlan = trip(carB.vehicle.id, "2026-10-01T16:00:00Z", "2026-10-03T16:00:00Z", {
    guestPlan: null,
  });
  const tripNoHostPlan = trip(noPlan.vehicle.id, "2026-10-05T16:00:00Z", "2026-10-07T16:00:00Z");

  const actor = { accountId, userId: owner.userId, role: "primary" as const };
  const damage = (tripId: string, extra = {}) =>
    claims.createClaim(actor, { tripId, kind: "damage", claimedCents: 150_000, ...extra }).id;
  ids.fromEstimate = claims.createClaim(actor, {
    tripId: tripA.id,
    kind: "damage",
    reportId: report.id,
  }).id;
  ids.filed = damage(tripB.id);
  claims.changeClaim(actor, ids.filed, { status: "filed" });
  ids.tolls = claims.createClaim(actor, {
    tripId: tripB.id,
    kind: "tolls",
    claimedCents: 4_000,
  }).id;
  ids.noGuestPlan = damage(tripNoGuestPlan.id);
  ids.noHostPlan = damage(tripNoHostPlan.id);
  entries = Object.values(ids).map((claimId) => {
    const claim = claims.getClaim(accountId, claimId)!;
    return { claim, trip: trips.getTrip(accountId, claim.tripId)! };
  });
  const revision = m.revisions.getRevision(report.id, 1)!;
  laborHoursOfEstimate = (JSON.parse(revision.estimateJson) as { laborHours: number }).laborHours;
});

describe("route advisor records", () => {
  it("reads each input as the advice needs it", () => {
    const records = advisor.routeAdvisorRecords(accountId, entries);
    expect(records.fleetSize).toBe(3);
    expect(Object.fromEntries(records.earningsCents)).toEqual({
      [ids.fromEstimate]: 42_500,
      [ids.filed]: 8_000,
    });
    expect(laborHoursOfEstimate).toBeGreaterThan(0);
    expect(Object.fromEntries(records.laborHours)).toEqual({
      [ids.fromEstimate]: laborHoursOfEstimate,
      [ids.filed]: null,
    });
    expect([...records.firstFiledAt.keys()]).toEqual([ids.filed]);
  });

  it("gives each claim of a list the advice it gets alone", () => {
    const records = advisor.routeAdvisorRecords(accountId, entries);
    const now = at("2026-11-01T12:00:00Z");
    for (const entry of entries) {
      expect(advisor.adviseClaimRoute(entry, records, now)).toEqual(
        advisor.routeAdvisorFor(accountId, entry.claim, entry.trip, now),
      );
    }
    const byClaim = new Map(entries.map((entry) => [entry.claim.id, entry]));
    const advice = (id: string) => advisor.adviseClaimRoute(byClaim.get(id)!, records, now);
    expect(advice(ids.tolls)).toEqual({ status: "not-applicable" });
    expect(advice(ids.noGuestPlan)).toEqual({ status: "missing", missing: ["guestPlan"] });
    expect(advice(ids.noHostPlan)).toEqual({ status: "missing", missing: ["hostPlan"] });
    const fromEstimate = advice(ids.fromEstimate);
    expect(fromEstimate.status).toBe("ready");
    // The 75 plan was in force on the trip's start date (the 60 plan had ended).
    if (fromEstimate.status === "ready") {
      expect(fromEstimate.advice.comparison.hostDeductibleAppliedCents).toBe(250_00);
    }
  });

  it("reads a list's records in the same few queries for one claim as for all of them", async () => {
    const client = m.db.db().$client;
    const one = await recordQueries(client, () =>
      advisor.routeAdvisorRecords(accountId, entries.slice(0, 1)),
    );
    const all = await recordQueries(client, () => advisor.routeAdvisorRecords(accountId, entries));
    expect(all.queries.length).toBe(one.queries.length);
    expect(all.queries.length).toBe(5);
  });
});
