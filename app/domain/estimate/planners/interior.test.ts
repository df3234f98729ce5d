import { describe, expect, it } from "vitest";
import { finding, linesOf, run, table } from "~/domain/estimate/engine-test-kit";

describe("Interior", () => {
  it.each([
    // The test car is mid-range: cloth seats unless it says otherwise.
    ["interior-stain", "minor", "Clean", 75_00],
    ["interior-stain", "severe", "Clean", 250_00],
    ["odor", "moderate", "Odor treatment", 150_00],
    ["interior-burn", "moderate", "Repair", 150_00],
    ["interior-tear", "minor", "Repair", 75_00],
    ["interior-tear", "severe", "Replace", 350_00],
  ] as const)("%s %s → %s %i cents (sublet)", (damageType, severity, operation, cents) => {
    const estimate = run([finding("interior", damageType, severity)]);
    expect(table(estimate)).toEqual([[operation, "interior", null, cents]]);
  });

  it("several interior findings are each priced", () => {
    const estimate = run([
      finding("interior", "interior-stain", "minor", { id: "seat" }),
      finding("interior", "interior-stain", "minor", { id: "carpet" }),
    ]);
    expect(linesOf(estimate, "Clean")).toHaveLength(2);
  });

  it("odor points to the smoking fee", () => {
    const estimate = run([finding("interior", "odor", "minor")]);
    expect(estimate.costRaisers).toContain(
      "Smoking odor may instead be charged as the marketplace's smoking fee: $50 odor only, $150 with evidence, $250 for multiple issues.",
    );
  });

  it("a broken interior part → part + labor", () => {
    expect(table(run([finding("interior", "missing-part", "moderate")])).slice(0, 2)).toEqual([
      ["Replace", "interior", 0.5, 50_00],
      ["Part", "interior", null, 100_00],
    ]);
  });
});
