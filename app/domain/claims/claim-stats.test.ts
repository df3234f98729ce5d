import { describe, expect, it } from "vitest";
import { claimStats, type ClaimMoney } from "./claim-stats";

const at = (iso: string) => Date.parse(iso);
const now = at("2026-11-26T18:00:00Z");
const zone = "America/Los_Angeles";

function claim(overrides: Partial<ClaimMoney>): ClaimMoney {
  return {
    claimedCents: 100_000,
    paidCents: null,
    createdAt: at("2026-10-01T17:00:00Z"),
    filedAt: null,
    paidAt: null,
    ...overrides,
  };
}

describe("the claims board's money figures", () => {
  it("counts money by the day it was paid, in the host's zone, this month and this year", () => {
    const stats = claimStats(
      [
        claim({
          paidCents: 80_000,
          filedAt: at("2026-11-02T17:00:00Z"),
          paidAt: at("2026-11-12T17:00:00Z"),
        }),
        // Paid Oct 31 at 11 PM in Los Angeles (Nov 1 in UTC): October's.
        claim({
          paidCents: 50_000,
          filedAt: at("2026-10-21T07:00:00Z"),
          paidAt: at("2026-11-01T06:00:00Z"),
        }),
        // Last year's payment counts nowhere.
        claim({
          paidCents: 90_000,
          filedAt: at("2025-12-01T17:00:00Z"),
          paidAt: at("2025-12-20T17:00:00Z"),
        }),
        // Open claims have no payment yet.
        claim({ filedAt: at("2026-11-20T17:00:00Z") }),
      ],
      now,
      zone,
    );
    expect(stats).toEqual({
      recoveredThisMonthCents: 80_000,
      recoveredThisYearCents: 130_000,
      recoveryRate: 0.65,
      // 10 days and 10.96 days.
      averageDaysToPayment: 10.5,
    });
  });

  it("counts a claim paid without being filed from its creation, and says nothing before any payment", () => {
    expect(
      claimStats(
        [
          claim({
            paidCents: 100_000,
            createdAt: at("2026-11-20T18:00:00Z"),
            paidAt: at("2026-11-23T18:00:00Z"),
          }),
        ],
        now,
        zone,
      ).averageDaysToPayment,
    ).toBe(3);
    expect(claimStats([claim({})], now, zone)).toEqual({
      recoveredThisMonthCents: 0,
      recoveredThisYearCents: 0,
      recoveryRate: null,
      averageDaysToPayment: null,
    });
  });
});
