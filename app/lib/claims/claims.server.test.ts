/**
 * Claims on a real SQLite database: a damage claim stands on a finalized revision, every change
 * is logged with who made it and in which role, a claim only moves along its path, and another
 * account never reaches it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { insertOwner } from "~/tests/support/rows";
import {
  loadAppModules,
  dentedHoodReport,
  setUpTempDataDir,
  type AppModules,
} from "~/tests/support/app-modules";

setUpTempDataDir("claims");

let m: AppModules;
let claims: typeof import("./claims.server");
let trips: typeof import("~/lib/trips/trips.server");

beforeAll(async () => {
  m = await loadAppModules();
  claims = await import("./claims.server");
  trips = await import("~/lib/trips/trips.server");
});

const TRIP = {
  reservationId: "R-500",
  guestName: "Jordan Lee",
  startAt: Date.parse("2026-11-20T17:00:00Z"),
  endAt: Date.parse("2026-11-23T01:30:00Z"),
  timeZone: "America/Denver",
  pickupLocation: null,
  returnLocation: null,
  odometerStart: null,
  odometerEnd: null,
  distanceMiles: null,
  earningsCents: 41_250,
  status: "completed" as const,
};

/** An owner with a car, a trip and a hand-tagged estimate of a dented hood (not finalized). */
async function setting(name: string) {
  const { owner, vehicle, report } = await dentedHoodReport(m, name, { photoSeed: 7 });
  const trip = trips.createTrip(owner.accountId, TRIP, vehicle.id, "manual");
  const actor = { accountId: owner.accountId, userId: owner.userId, role: "primary" as const };
  return { owner, actor, trip, report };
}

describe("claims", () => {
  it("makes a damage claim from the estimate's final revision, and refuses an unfinished one", async () => {
    const { owner, actor, trip, report } = await setting("claim_damage");
    expect(() =>
      claims.createClaim(actor, { tripId: trip.id, kind: "damage", reportId: report.id }),
    ).toThrow("Finalize the estimate first");
    const estimate = m.reportEdits.finalizeReport(owner.accountId, report.id, owner.userId);
    const claim = claims.createClaim(actor, {
      tripId: trip.id,
      kind: "damage",
      reportId: report.id,
    });
    expect(claim).toMatchObject({
      status: "draft",
      reportRevision: 1,
      claimedCents: estimate.totalCents,
    });
  });

  it("starts a claim before the amount is known, and files it only once the amount is entered", async () => {
    const { actor, trip } = await setting("claim_no_amount");
    const claim = claims.createClaim(actor, { tripId: trip.id, kind: "damage" });
    expect(claim).toMatchObject({ status: "draft", claimedCents: null, reportId: null });
    // Its deadlines count from the trip's end at once.
    const json = claims.claimJson(claim, trip, [], Date.parse("2026-11-23T12:00:00Z"));
    expect(json.deadlines[0]).toMatchObject({ key: "report-damage", status: "open" });
    expect(json.claimedCents).toBeNull();
    expect(() => claims.changeClaim(actor, claim.id, { status: "filed" })).toThrow(
      "Enter the amount claimed before filing: the estimate's total, a shop's quote or the invoice.",
    );
    expect(claims.getClaim(actor.accountId, claim.id)?.status).toBe("draft");
    claims.changeClaim(actor, claim.id, { claimedCents: 84_000 });
    const filed = claims.changeClaim(actor, claim.id, { status: "filed" });
    expect(filed).toMatchObject({ status: "filed", claimedCents: 84_000 });
    expect(() => claims.changeClaim(actor, claim.id, { claimedCents: 90_000 })).toThrow(
      "The amount claimed is fixed once the claim is filed",
    );
    const history = claims.claimHistory(actor.accountId, claim.id);
    expect(history.map((event) => [event.status, event.claimedCents])).toEqual([
      ["draft", null],
      ["draft", 84_000],
      ["filed", null],
    ]);
  });

  it("moves along its path, logging who and when; an impossible move changes nothing", async () => {
    const { actor, trip } = await setting("claim_path");
    const claim = claims.createClaim(actor, {
      tripId: trip.id,
      kind: "tolls",
      claimedCents: 4_650,
    });
    const va = { ...actor, userId: actor.userId, role: "va" as const };
    claims.changeClaim(actor, claim.id, { status: "filed" });
    claims.changeClaim(va, claim.id, {
      status: "disputed",
      note: "Guest says the toll was before pickup.",
    });
    expect(() => claims.changeClaim(actor, claim.id, { status: "paid" })).toThrow(
      "A claim that is disputed can't become paid.",
    );
    expect(() => claims.changeClaim(actor, claim.id, { status: "partially-approved" })).toThrow(
      "Enter the amount approved.",
    );
    claims.changeClaim(actor, claim.id, { status: "partially-approved", approvedCents: 3_100 });
    const paid = claims.changeClaim(actor, claim.id, { status: "paid" });
    expect(paid).toMatchObject({ status: "paid", approvedCents: 3_100, paidCents: 3_100 });
    const history = claims.claimHistory(actor.accountId, claim.id);
    expect(history.map((event) => [event.fromStatus, event.status, event.byRole])).toEqual([
      [null, "draft", "primary"],
      ["draft", "filed", "primary"],
      ["filed", "disputed", "va"],
      ["disputed", "partially-approved", "primary"],
      ["partially-approved", "paid", "primary"],
    ]);
    expect(history[2]!.note).toBe("Guest says the toll was before pickup.");
  });

  it("shows its deadlines in the trip's zone, and stays out of another account's reach", async () => {
    const { actor, trip } = await setting("claim_json");
    const claim = claims.createClaim(actor, {
      tripId: trip.id,
      kind: "damage",
      claimedCents: 90_000,
    });
    const json = claims.claimJson(
      claim,
      trip,
      claims.claimHistory(actor.accountId, claim.id),
      Date.parse("2026-11-23T12:00:00Z"),
    );
    expect(json.deadlines[0]).toEqual({
      key: "report-damage",
      label: "Report damage",
      dueAt: "2026-11-23T18:30:00-07:00",
      status: "open",
      confidence: "high",
    });
    const other = insertOwner(m.db, m.schema, "claim_other");
    const stranger = { accountId: other.accountId, userId: other.userId, role: "primary" as const };
    expect(claims.getClaim(other.accountId, claim.id)).toBeUndefined();
    expect(claims.changeClaim(stranger, claim.id, { status: "filed" })).toBeUndefined();
    expect(() =>
      claims.createClaim(stranger, { tripId: trip.id, kind: "fuel", claimedCents: 100 }),
    ).toThrow("No trip with that id in this account.");
    expect(claims.getClaim(actor.accountId, claim.id)?.status).toBe("draft");
  });
});
