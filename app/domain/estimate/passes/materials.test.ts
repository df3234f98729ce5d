import { describe, expect, it } from "vitest";
import { roundToCents } from "~/domain/money";
import { roundHours } from "~/domain/estimate/engine";
import { finding, linesOf, only, run } from "~/domain/estimate/engine-test-kit";

describe("Paint materials", () => {
  it("are priced on refinish, blend and clear-coat hours, not on polish", () => {
    const estimate = run([
      finding("front-bumper", "crack", "severe"),
      finding("roof", "scratch", "minor"),
    ]);
    const paintHours = roundHours(
      estimate.lines
        .filter((line) => ["Refinish", "Blend", "Clear coat"].includes(line.operation))
        .reduce((sum, line) => sum + (line.hours ?? 0), 0),
    );
    const materials = only(estimate, "Paint materials");
    expect(materials.hours).toBe(paintHours);
    expect(materials.amountCents).toBe(roundToCents(paintHours * 40_00));
    expect(materials.category).toBe("materials");
    expect(linesOf(run([finding("roof", "scratch", "minor")]), "Paint materials")).toEqual([]);
  });

  it("materials hours are not labor hours", () => {
    const estimate = run([finding("hood", "scratch", "moderate")], { paintType: "solid" });
    // 0.8 repair + 3.0 refinish + 1.2 clear coat
    expect(estimate.laborHours).toBe(5.0);
    expect(estimate.hoursByRate).toEqual({ body: 0.8, refinish: 4.2, mechanical: 0 });
  });
});
