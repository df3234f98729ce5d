/**
 * The paged claims lists on a real SQLite database: open claims by oldest trip end, finished by
 * latest change, every claim once across the pages, a status filter held on every page, another
 * account's claims never shown, a bad cursor refused; and the board's money figures from one SQL
 * aggregate agree with the figures worked out claim by claim.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";
import { loadAppModules, setUpTempDataDir, type AppModules } from "~/tests/support/app-modules";
import { OPEN_CLAIM_STATUSES, type ClaimKind, type ClaimStatus } from "~/domain/claims/claim";
import { claimStats } from "~/domain/claims/claim-stats";

setUpTempDataDir("claim-list");

let m: AppModules;
let claims: typeof import("./claims.server");
let list: typeof import("./claim-list.server");

const DAY = 86_400_000;
const ZONE = "America/Denver";
const KINDS: ClaimKind[] = ["tolls", "fuel", "cleaning", "tickets"];

let accountId: string;
let oldClaimId: string;
const made: { id: string; endAt: number; status: ClaimStatus }[] = [];

beforeAll(async () => {
  m = await loadAppModules();
  claims = await import("./claims.server");
  list = await import("./claim-list.server");
  const trips = await import("~/lib/trips/trips.server");
  const owner = insertOwner(m.db, m.schema, "claim_list_owner");
  accountId = owner.accountId;
  const car = m.vehicles.createVehicle(accountId, SAMPLE_CAR);
  if (!car.ok) throw new Error("The car wasn't saved");
  const actor = { accountId, userId: owner.userId, role: "primary" as const };
  const now = Date.now();
  for (let i = 0; i < 23; i++) {
    // Some trips end at the same instant: the claim id settles the order.
    const endAt = now - (i % 7) * DAY;
    const trip = trips.createTrip(
      accountId,
      tripInput({ reservationId: `CL-${i}`, startAt: endAt - DAY, endAt, status: "completed" }),
      car.vehicle.id,
      "manual",
    );
    const claim = claims.createClaim(actor, {
      tripId: trip.id,
      kind: KINDS[i % KINDS.length]!,
      claimedCents: 1_000 + i * 100,
    });
    let status: ClaimStatus = "draft";
    if (i % 3 === 0) {
      claims.changeClaim(actor, claim.id, { status: "filed" });
      status = "filed";
    }
    if (i % 6 === 0) {
      claims.changeClaim(actor, claim.id, { status: "approved", approvedCents: 900 });
      claims.changeClaim(actor, claim.id, { status: "paid", paidCents: 800 + i });
      status = "paid";
    }
    if (i % 5 === 4) {
      claims.changeClaim(actor, claim.id, { status: "withdrawn" });
      status = "withdrawn";
    }
    made.push({ id: claim.id, endAt, status });
  }
  // An old draft whose deadlines all passed: first in the open list, never a "next deadline".
  const oldEnd = now - 400 * DAY;
  const oldTrip = trips.createTrip(
    accountId,
    tripInput({
      reservationId: "CL-OLD",
      startAt: oldEnd - DAY,
      endAt: oldEnd,
      status: "completed",
    }),
    car.vehicle.id,
    "manual",
  );
  const oldClaim = claims.createClaim(actor, { tripId: oldTrip.id, kind: "tolls" });
  made.push({ id: oldClaim.id, endAt: oldEnd, status: "draft" });
  oldClaimId = oldClaim.id;
  // Another account's claim never shows.
  const other = insertOwner(m.db, m.schema, "claim_list_other");
  const otherCar = m.vehicles.createVehicle(other.accountId, SAMPLE_CAR);
  if (!otherCar.ok) throw new Error("The car wasn't saved");
  const otherTrip = trips.createTrip(
    other.accountId,
    tripInput({ reservationId: "OTHER-1", startAt: now - 2 * DAY, endAt: now - DAY }),
    otherCar.vehicle.id,
    "manual",
  );
  claims.createClaim(
    { accountId: other.accountId, userId: other.userId, role: "primary" },
    { tripId: otherTrip.id, kind: "fuel", claimedCents: 500 },
  );
});

function walk(query: string, limit: number, defaultShow: "open" | "all" = "open") {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const params = new URLSearchParams(query);
    params.set("limit", String(limit));
    if (cursor) params.set("cursor", cursor);
    const request = list.readClaimListRequest(params, defaultShow);
    if (!request.ok) throw new Error(request.message);
    const page = list.claimListPage(accountId, request.filters, request);
    seen.push(...page.rows.map((row) => row.claim.id));
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error("The pages never ended");
}

describe("the claims lists", () => {
  it("lists every open claim once, the oldest trip end first", () => {
    const expected = made
      .filter((claim) => OPEN_CLAIM_STATUSES.includes(claim.status))
      .sort((a, b) => a.endAt - b.endAt || (a.id < b.id ? -1 : 1))
      .map((claim) => claim.id);
    for (const limit of [1, 4, 50]) expect(walk("", limit)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(8);
  });

  it("lists every finished claim once, and every claim for the API", () => {
    const finished = made.filter((claim) => !OPEN_CLAIM_STATUSES.includes(claim.status));
    expect(walk("show=finished", 3).sort()).toEqual(finished.map((claim) => claim.id).sort());
    expect(walk("", 5, "all").sort()).toEqual(made.map((claim) => claim.id).sort());
  });

  it("keeps one status on every page", () => {
    const paid = made.filter((claim) => claim.status === "paid").map((claim) => claim.id);
    expect(walk("status=paid", 1).sort()).toEqual(paid.sort());
    expect(paid.length).toBeGreaterThan(2);
  });

  it("refuses a cursor of another list, an unknown status and an unknown show", () => {
    const [first] = [
      list.claimListPage(accountId, { show: "open", status: null }, { limit: 2, cursor: null }),
    ];
    const cursor = first!.nextCursor!;
    expect(
      list.readClaimListRequest(new URLSearchParams({ show: "finished", cursor }), "open"),
    ).toMatchObject({
      ok: false,
      message: "That page link is no longer valid: start from the first page.",
    });
    expect(list.readClaimListRequest(new URLSearchParams("status=lost"), "open")).toMatchObject({
      ok: false,
    });
    expect(list.readClaimListRequest(new URLSearchParams("show=later"), "open")).toMatchObject({
      ok: false,
      message: "show must be open or finished.",
    });
  });

  it("gives the dashboard the nearest open deadlines, past an old claim whose deadlines passed", async () => {
    const pages = await import("./claim-pages.server");
    expect(walk("", 50)[0]).toBe(oldClaimId);
    const next = pages.nextClaimDeadlines(accountId, 3);
    expect(next).toHaveLength(3);
    expect(next.map((item) => item.id)).not.toContain(oldClaimId);
    const due = next.map((item) => Date.parse(item.next!.dueAt));
    expect(due).toEqual([...due].sort((a, b) => a - b));
  });

  it("counts by status and what is at stake in SQL, agreeing with the rows", () => {
    const counts = list.claimCounts(accountId);
    const open = made.filter((claim) => OPEN_CLAIM_STATUSES.includes(claim.status));
    expect(counts.open).toBe(open.length);
    expect(counts.finished).toBe(made.length - open.length);
    const rows = claims.listClaims(accountId);
    expect(counts.atStakeCents).toBe(
      rows
        .filter(({ claim }) => OPEN_CLAIM_STATUSES.includes(claim.status as ClaimStatus))
        .reduce((sum, { claim }) => sum + (claim.claimedCents ?? 0), 0),
    );
  });

  it("works out the money figures in SQL as claim-stats does claim by claim", () => {
    const now = Date.now();
    const milestones = claims.claimMilestones(accountId);
    const expected = claimStats(
      claims.listClaims(accountId).map(({ claim }) => ({
        claimedCents: claim.claimedCents ?? 0,
        paidCents: claim.paidCents,
        createdAt: claim.createdAt.getTime(),
        filedAt: milestones.get(claim.id)?.filedAt ?? null,
        paidAt:
          milestones.get(claim.id)?.paidAt ??
          (claim.paidCents !== null ? claim.updatedAt.getTime() : null),
      })),
      now,
      ZONE,
    );
    const sql = list.claimMoneyStats(accountId, now, ZONE);
    expect(sql.recoveredThisYearCents).toBeGreaterThan(0);
    expect(sql).toEqual(expected);
    // Nothing was paid last year.
    expect(list.claimMoneyStats(accountId, now - 400 * DAY, ZONE)).toEqual({
      recoveredThisMonthCents: 0,
      recoveredThisYearCents: 0,
      recoveryRate: null,
      averageDaysToPayment: null,
    });
  });
});
