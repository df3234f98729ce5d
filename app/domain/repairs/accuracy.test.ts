import { describe, expect, it } from "vitest";
import { accuracySummary, outcome } from "./accuracy";

const repair = (estimate: number, invoice: number) => ({
  estimateCents: estimate,
  estimateLowCents: Math.round(estimate * 0.85),
  estimateHighCents: Math.round(estimate * 1.3),
  invoiceCents: invoice,
});

describe("estimate accuracy", () => {
  it("compares one invoice with its estimate and range", () => {
    expect(outcome(repair(100_000, 112_500))).toEqual({
      differencePercent: 12.5,
      withinRange: true,
    });
    expect(outcome(repair(100_000, 80_000))).toEqual({
      differencePercent: -20,
      withinRange: false,
    });
  });

  it("summarizes the fleet: median error, share inside the range, and the bias", () => {
    expect(accuracySummary([])).toBeNull();
    expect(
      accuracySummary([repair(100_000, 112_500), repair(100_000, 80_000), repair(50_000, 55_000)]),
    ).toEqual({
      repairs: 3,
      medianAbsoluteErrorPercent: 12.5,
      withinRangePercent: 66.7,
      medianBiasPercent: 10,
    });
  });
});
