/**
 * The claim page (/dashboard/claim/:claimId) at route level, without a browser: its loader, its
 * action's intents (the change form, a packet link, a draft) and its component with their answers.
 */
import { describe, expect, it } from "vitest";
import { dentedHoodReport } from "~/tests/support/app-modules";
import { routeTestPage } from "~/tests/support/route-stub";
import { tripInput } from "~/tests/support/rows";

let claimId: string;

const page = routeTestPage({
  path: "/dashboard/claim/:claimId",
  route: () => import("./dashboard.claim.$claimId"),
  async setUp(m) {
    const trips = await import("~/lib/trips/trips.server");
    const claims = await import("~/lib/claims/claims.server");
    const { owner, vehicle } = await dentedHoodReport(m, "route-claim-owner", { photoSeed: 5 });
    const trip = trips.createTrip(
      owner.accountId,
      tripInput({
        reservationId: "R-700",
        guestName: "Jordan Lee",
        startAt: Date.parse("2026-11-20T17:00:00Z"),
        endAt: Date.parse("2026-11-23T01:30:00Z"),
        status: "completed",
      }),
      vehicle.id,
      "manual",
    );
    const actor = { accountId: owner.accountId, userId: owner.userId, role: "primary" as const };
    claimId = claims.createClaim(actor, { tripId: trip.id, kind: "damage" }).id;
    return { signedIn: owner, params: { claimId } };
  },
});

describe("claim page", () => {
  it("loads the claim and renders its trip", async () => {
    const data = await page.load();
    expect(data.claim.id).toBe(claimId);
    const html = await page.render();
    expect(html).toContain("Damage claim · Draft");
    expect(html).toContain("R-700");
  });

  it("sends the change form's field errors back (no intent: the change form)", async () => {
    const reply = await page.post({ claimed: "lots" });
    expect(reply.status).toBe(400);
    expect(reply.data).toMatchObject({
      result: { error: { claimed: ["Enter an amount in dollars, e.g. 1,250.00."] } },
    });
    expect(await page.render(reply.data)).toContain("Enter an amount in dollars, e.g. 1,250.00.");
  });

  it("answers a move the claim can't make (an InputError) on the form and the status field", async () => {
    const reply = await page.post({ status: "paid" });
    expect(reply.status).toBe(409);
    const error = (reply.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(error[""]).toEqual(error.status);
    expect(error.status?.[0]).toMatch(/can't become paid/);
  });

  it("refuses to revoke a link that isn't there, through its hidden id", async () => {
    const reply = await page.post({ intent: "revoke-packet-link", linkId: "999" });
    expect(reply.status).toBe(409);
    expect(reply.data).toEqual({
      intent: "share-packet",
      packetError: "That link is no longer active.",
    });
  });

  it("adds a note and redirects back to the claim", async () => {
    const reply = await page.post({ note: "Called the guest." });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(page.url());
  });
});
