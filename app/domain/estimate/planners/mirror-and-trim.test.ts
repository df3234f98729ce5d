import { describe, expect, it } from "vitest";
import { finding, linesOf, only, run, table } from "~/domain/estimate/engine-test-kit";

describe("Mirrors and grille", () => {
  it("a cracked mirror → assembly + labor + cap refinish", () => {
    const estimate = run([finding("mirror-left", "crack", "moderate")]);
    expect(table(estimate)).toEqual([
      ["Replace", "mirror-left", 0.8, 80_00],
      ["Part", "mirror-left", null, 250_00],
      ["Refinish", "mirror-left", 0.6, 60_00],
      ["Clear coat", null, 0.2, 20_00],
      ["Paint materials", null, 0.8, 32_00],
      ["Tax", null, null, 28_20],
    ]);
    expect(only(estimate, "Refinish").description).toBe("Refinish left mirror cap");
  });

  it("broken mirror glass → glass only; with a replaced mirror the glass is included", () => {
    expect(table(run([finding("mirror-right", "glass-damage", "moderate")])).slice(0, 2)).toEqual([
      ["Replace", "mirror-right", 0.3, 30_00],
      ["Part", "mirror-right", null, 80_00],
    ]);
    const both = run([
      finding("mirror-right", "glass-damage", "moderate"),
      finding("mirror-right", "missing-part", "severe"),
    ]);
    expect(linesOf(both, "Part").map((line) => line.description)).toEqual([
      "Mirror assembly, mid-range",
    ]);
  });

  it("mirror paint damage: minor → polish, moderate → repair + cap refinish", () => {
    expect(table(run([finding("mirror-left", "scratch", "minor")]))).toEqual([
      ["Polish", "mirror-left", 0.5, 75_00],
    ]);
    // 0.3 h × $100 = $30, under the $50 minimum for a repair line.
    expect(table(run([finding("mirror-left", "scratch", "moderate")])).slice(0, 2)).toEqual([
      ["Repair", "mirror-left", 0.3, 50_00],
      ["Refinish", "mirror-left", 0.6, 60_00],
    ]);
  });

  it("a grille is polished when lightly scuffed, replaced otherwise", () => {
    expect(table(run([finding("grille", "scuff", "minor")]))).toEqual([
      ["Polish", "grille", 0.5, 75_00],
    ]);
    expect(linesOf(run([finding("grille", "scratch", "moderate")]), "Replace")).toHaveLength(1);
  });
});
