import { describe, expect, it } from "vitest";
import { percentOfCents } from "~/domain/money";
import { finding, linesOf, only, run } from "~/domain/estimate/engine-test-kit";
import { resolveRateCard } from "~/domain/estimate/rate-card";

describe("Sales tax", () => {
  it("is charged on parts and paint materials only", () => {
    const estimate = run([
      finding("headlamp-left", "broken-lamp", "severe"),
      finding("hood", "scratch", "moderate"),
      finding("wheel-front-left", "wheel-curb-rash", "minor"),
    ]);
    const tax = only(estimate, "Tax");
    const base = estimate.subtotals.parts + estimate.subtotals.materials;
    expect(tax.amountCents).toBe(percentOfCents(base, 10));
    expect(tax.category).toBe("tax");
    expect(tax.description).toContain("Sales tax 10 % on parts and paint materials");
  });

  it("is absent when there are no parts or materials, or the rate is 0", () => {
    expect(linesOf(run([finding("hood", "scratch", "minor")]), "Tax")).toEqual([]);
    expect(linesOf(run([finding("hood", "dent", "minor", { sizeCm: 2 })]), "Tax")).toEqual([]);
    const noTax = resolveRateCard("OR");
    expect(
      linesOf(run([finding("rear-bumper", "crack", "severe")], {}, undefined, noTax), "Tax"),
    ).toEqual([]);
  });

  it("rounds once, to the cent", () => {
    const card = resolveRateCard("MN"); // 6.875 %
    const estimate = run([finding("taillamp-left", "broken-lamp", "severe")], {}, undefined, card);
    expect(only(estimate, "Tax").amountCents).toBe(13_75); // 6.875 % of $200.00
  });
});
