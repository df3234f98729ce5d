import { describe, expect, it } from "vitest";
import { finding, only, ROUND, run, table } from "~/domain/estimate/engine-test-kit";
import type { RateCard } from "~/domain/estimate/rate-card";

describe("Polish", () => {
  it("minor scratch on a door → polish only, at the detail rate with the minimum charge, no paint or tax", () => {
    const estimate = run([finding("front-door-left", "scratch", "minor")]);
    // 0.5 h × $60/h detail rate = $30, under the $75 minimum for a polish.
    expect(table(estimate)).toEqual([["Polish", "front-door-left", 0.5, 75_00]]);
    expect(only(estimate, "Polish")).toMatchObject({
      rateType: "refinish",
      rateCents: 60_00,
      category: "paint",
      minimumChargeCents: 75_00,
      formula: "minimum charge $75 (0.5 h × $60/h = $30)",
    });
    expect(estimate.totalCents).toBe(75_00);
  });

  it("minor paint chip → 0.3 h touch-up; minor bumper scuff → 0.5 h; each at the minimum", () => {
    expect(table(run([finding("hood", "paint-chip", "minor")]))).toEqual([
      ["Polish", "hood", 0.3, 75_00],
    ]);
    expect(table(run([finding("front-bumper", "scuff", "minor")]))).toEqual([
      ["Polish", "front-bumper", 0.5, 75_00],
    ]);
  });

  it("the minimum applies per line: two polished panels are two minimums", () => {
    const estimate = run([
      finding("hood", "paint-chip", "minor"),
      finding("front-bumper", "scuff", "minor"),
    ]);
    expect(estimate.totalCents).toBe(150_00);
  });

  it("a polish that takes longer than the minimum is charged by the hour at the detail rate", () => {
    const rateCard: RateCard = {
      ...ROUND,
      tables: {
        ...ROUND.tables,
        polishHours: { ...ROUND.tables.polishHours, value: { scratch: 2.0 } },
      },
    };
    const estimate = run([finding("front-door-left", "scratch", "minor")], {}, undefined, rateCard);
    expect(only(estimate, "Polish")).toMatchObject({ amountCents: 120_00, formula: "2 h × $60/h" });
    expect(only(estimate, "Polish").minimumChargeCents).toBeUndefined();
  });
});
