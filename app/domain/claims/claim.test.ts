import { describe, expect, it } from "vitest";
import { amountsAfter, canMoveClaim, FILING_NEEDS_AMOUNT } from "./claim";
import { claimDeadlines } from "./claim-windows";

describe("claim status", () => {
  it("moves only along the claim's path", () => {
    expect(canMoveClaim("draft", "filed")).toBe(true);
    expect(canMoveClaim("filed", "disputed")).toBe(true);
    expect(canMoveClaim("disputed", "escalated")).toBe(true);
    expect(canMoveClaim("approved", "paid")).toBe(true);
    expect(canMoveClaim("paid", "closed")).toBe(true);
    expect(canMoveClaim("draft", "paid")).toBe(false);
    expect(canMoveClaim("withdrawn", "filed")).toBe(false);
    expect(canMoveClaim("closed", "filed")).toBe(false);
  });

  it("states the amounts of approvals and payments", () => {
    const claimed = { claimedCents: 100_000, approvedCents: null, paidCents: null };
    expect(amountsAfter("filed", "approved", claimed, {})).toEqual({
      ok: true,
      amounts: { claimedCents: 100_000, approvedCents: 100_000, paidCents: null },
    });
    expect(amountsAfter("filed", "partially-approved", claimed, {})).toMatchObject({
      ok: false,
      field: "approvedCents",
    });
    expect(
      amountsAfter("filed", "partially-approved", claimed, { approvedCents: 100_000 }),
    ).toMatchObject({
      ok: false,
    });
    const partial = amountsAfter("filed", "partially-approved", claimed, { approvedCents: 62_500 });
    expect(partial).toMatchObject({ ok: true, amounts: { approvedCents: 62_500 } });
    if (!partial.ok) return;
    expect(amountsAfter("partially-approved", "paid", partial.amounts, {})).toMatchObject({
      ok: true,
      amounts: { paidCents: 62_500 },
    });
    expect(amountsAfter("approved", "paid", claimed, {})).toMatchObject({
      ok: false,
      field: "paidCents",
    });
    expect(amountsAfter("approved", "paid", claimed, { paidCents: -5 })).toMatchObject({
      ok: false,
    });
  });

  it("lets a draft start without an amount, and refuses to file it until there is one", () => {
    const none = { claimedCents: null, approvedCents: null, paidCents: null };
    expect(amountsAfter("draft", "filed", none, {})).toEqual({
      ok: false,
      field: "claimedCents",
      message: FILING_NEEDS_AMOUNT,
    });
    expect(amountsAfter("draft", "withdrawn", none, {})).toMatchObject({ ok: true });
    expect(amountsAfter("draft", "filed", none, { claimedCents: 84_000 })).toEqual({
      ok: true,
      amounts: { claimedCents: 84_000, approvedCents: null, paidCents: null },
    });
    // Entered on the draft, then fixed once filed.
    expect(amountsAfter("draft", "draft", none, { claimedCents: 84_000 })).toMatchObject({
      ok: true,
      amounts: { claimedCents: 84_000 },
    });
    expect(
      amountsAfter("filed", "filed", { ...none, claimedCents: 84_000 }, { claimedCents: 90_000 }),
    ).toMatchObject({ ok: false, field: "claimedCents" });
  });
});

describe("claim deadlines", () => {
  const NOW = Date.parse("2026-11-23T12:00:00Z");

  it("counts a damage claim's windows from trip end in the trip's zone, earliest first", () => {
    // 6:30 PM Mountain on Nov 22 = 01:30 UTC on Nov 23.
    const deadlines = claimDeadlines(
      "damage",
      { endAt: Date.parse("2026-11-23T01:30:00Z"), timeZone: "America/Denver" },
      NOW,
    );
    expect(deadlines.map((deadline) => [deadline.key, deadline.dueAt, deadline.status])).toEqual([
      ["report-damage", "2026-11-23T18:30:00-07:00", "open"],
      ["post-trip-photos", "2026-11-23T18:30:00-07:00", "open"],
      ["repair-estimate", "2026-11-25T18:30:00-07:00", "open"],
      ["escalate", "2026-12-12T18:30:00-07:00", "open"],
    ]);
    expect(deadlines[0]!.timeLeft.text).toBe("13 hours 30 minutes left");
  });

  it("keeps the local time of calendar-day windows across a DST change", () => {
    // Trip ends Oct 25, 10 AM Eastern (EDT); 20 days later is Nov 14, 10 AM EST.
    const [escalate] = claimDeadlines(
      "damage",
      { endAt: Date.parse("2026-10-25T14:00:00Z"), timeZone: "America/New_York" },
      NOW,
    ).filter((deadline) => deadline.key === "escalate");
    expect(escalate!.dueAt).toBe("2026-11-14T10:00:00-05:00");
    expect(escalate!.status).toBe("passed");
  });

  it("gives reimbursements their own windows, with how sure the source is", () => {
    const [fuel] = claimDeadlines("fuel", { endAt: NOW, timeZone: "America/Chicago" }, NOW);
    expect(fuel).toMatchObject({ key: "fuel-reimbursement", confidence: "unconfirmed" });
    const [tolls] = claimDeadlines("tolls", { endAt: NOW, timeZone: "America/Chicago" }, NOW);
    expect(tolls).toMatchObject({ key: "toll-reimbursement", confidence: "high" });
  });

  it("counts a trip ending near midnight into the next local day", () => {
    // 11:45 PM Pacific on Dec 31.
    const [report] = claimDeadlines(
      "damage",
      { endAt: Date.parse("2027-01-01T07:45:00Z"), timeZone: "America/Los_Angeles" },
      NOW,
    );
    expect(report!.dueAt).toBe("2027-01-01T23:45:00-08:00");
  });
});
