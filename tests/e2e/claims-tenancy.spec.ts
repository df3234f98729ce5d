import { disposeAll, registerTenancyCast, type TenancyCast } from "../support/accounts";
import { SAME_ORIGIN } from "../support/env";
import { finalizedReportViaApi } from "../support/estimates";
import { expect, query, test } from "../support/fixtures";

/**
 * Tenancy over trips, claims, host plans and repairs: owner A's team member and VA (working in A)
 * reach them and their changes are logged with their role; owner B gets 404 on every one of A's
 * ids, and a refused request changes nothing.
 */

test.describe.configure({ mode: "serial" });

/** Owners A and B, A's team member and A's VA. */
let cast: TenancyCast;
let reportId: string;
let vehicleId: string;
let tripId: string;
let claimId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cast = await registerTenancyCast("clm");
  reportId = await finalizedReportViaApi(cast.ownerA);
  vehicleId = (
    (await (await cast.ownerA.api.get(`/api/analysis/${reportId}`)).json()) as {
      vehicle: { id: string };
    }
  ).vehicle.id;
  const trip = await cast.ownerA.api.post("/api/trips", {
    data: {
      reservationId: "T-TEN",
      vehicleId,
      startAt: "2026-11-20T10:00:00-07:00",
      endAt: "2026-11-22T18:30:00-07:00",
      timeZone: "America/Denver",
    },
  });
  tripId = ((await trip.json()) as { trip: { id: string } }).trip.id;
  const claim = await cast.ownerA.api.post("/api/claims", {
    data: { tripId, kind: "damage", reportId },
  });
  claimId = ((await claim.json()) as { claim: { id: string } }).claim.id;
});

test.afterAll(async () => disposeAll(cast.ownerA, cast.ownerB, cast.teamA, cast.vaA));

const pagesOfA = () => [
  `/dashboard/trip/${tripId}`,
  `/dashboard/claim/${claimId}`,
  `/dashboard/vehicle/${vehicleId}/host-plans`,
  `/api/claims/${claimId}`,
];

test("A's team member and VA reach A's trips, claims and host plans; the VA's change is logged as the VA's", async () => {
  for (const user of [cast.ownerA, cast.teamA, cast.vaA]) {
    for (const path of [...pagesOfA(), "/dashboard/trips", "/dashboard/claims", "/repair-quote"]) {
      const response = await user.api.get(path, { maxRedirects: 0 });
      expect(response.status(), `${user.username} ${path}`).toBe(200);
    }
  }
  const moved = await cast.vaA.api.patch(`/api/claims/${claimId}`, {
    data: { status: "filed", note: "Filed by the VA." },
  });
  expect(moved.status()).toBe(200);
  const { claim } = (await moved.json()) as {
    claim: { history: Array<{ status: string; by: { role: string } }> };
  };
  expect(claim.history.at(-1)).toMatchObject({ status: "filed", by: { role: "va" } });
});

test("B gets 404 on every one of A's trip, claim and host-plan ids, and its refused posts change nothing", async () => {
  for (const path of pagesOfA()) {
    const response = await cast.ownerB.api.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  const before = query<{ status: string }>("select status from claims where id = ?", claimId)[0]!
    .status;
  const posts: Array<[string, Record<string, string>]> = [
    [`/dashboard/claim/${claimId}`, { status: "withdrawn" }],
    [
      `/dashboard/trip/${tripId}`,
      {
        reservationId: "HACK-1",
        vehicleId,
        timeZone: "UTC",
        startDate: "2026-01-01",
        startTime: "10:00",
        endDate: "2026-01-02",
        endTime: "10:00",
      },
    ],
    [`/dashboard/vehicle/${vehicleId}/host-plans`, { planId: "60", effectiveFrom: "2026-01-01" }],
  ];
  for (const [path, form] of posts) {
    const response = await cast.ownerB.api.post(path, {
      form,
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(404);
  }
  expect(
    (
      await cast.ownerB.api.patch(`/api/claims/${claimId}`, { data: { status: "withdrawn" } })
    ).status(),
  ).toBe(404);
  expect(
    query<{ status: string }>("select status from claims where id = ?", claimId)[0]!.status,
  ).toBe(before);
  expect(
    query<{ reservation_id: string }>("select reservation_id from trips where id = ?", tripId)[0]!
      .reservation_id,
  ).toBe("T-TEN");
  expect(
    query<{ n: number }>(
      "select count(*) as n from vehicle_host_plans where vehicle_id = ?",
      vehicleId,
    )[0]!.n,
  ).toBe(0);
  const listed = (await (await cast.ownerB.api.get("/api/claims")).json()) as { claims: unknown[] };
  expect(listed.claims).toEqual([]);
  const trips = (await (await cast.ownerB.api.get("/api/trips")).json()) as { trips: unknown[] };
  expect(trips.trips).toEqual([]);
});
