import { describe, expect, it } from "vitest";
import { formatRange } from "./engine";
import { finding, run } from "./engine-test-kit";

describe("formatRange", () => {
  it.each([
    [729_00, 986_00, "$729–986"],
    [1_250_00, 1_900_00, "$1,250–1,900"],
    [950_00, 1_100_00, "$950–1,100"],
    [1_000_000_00, 1_200_000_00, "$1,000,000–1,200,000"],
    // Widened to whole dollars: low rounded down, high up.
    [729_99, 985_01, "$729–986"],
    [500_00, 500_00, "$500"],
    [500_10, 500_90, "$500–501"],
    [0, 0, "$0"],
  ])("%i–%i cents → %s", (low, high, text) => {
    expect(formatRange(low, high)).toBe(text);
  });

  it("uses an en dash and one dollar sign", () => {
    const text = formatRange(729_00, 986_00);
    expect(text).toContain("\u2013");
    expect(text.match(/\$/g)).toHaveLength(1);
  });

  it("refuses a reversed, negative or non-finite range", () => {
    expect(() => formatRange(2_00, 1_00)).toThrow(RangeError);
    expect(() => formatRange(-1_00, 1_00)).toThrow(RangeError);
    expect(() => formatRange(0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatRange(Number.NaN, 1_00)).toThrow(RangeError);
  });
});

describe("Deterministic ordering", () => {
  const findings = [
    finding("rear-bumper", "crack", "severe"),
    finding("hood", "scratch", "moderate"),
    finding("wheel-front-left", "wheel-curb-rash", "minor"),
    finding("front-door-left", "dent", "minor", { sizeCm: 2.4 }),
    finding("headlamp-left", "broken-lamp", "severe"),
    finding("interior", "odor", "minor"),
  ];

  it("the same findings in any order give the same estimate", () => {
    const base = run(findings);
    const reversed = run([...findings].reverse());
    const shuffled = run([
      findings[3]!,
      findings[0]!,
      findings[5]!,
      findings[1]!,
      findings[4]!,
      findings[2]!,
    ]);
    expect(reversed).toEqual(base);
    expect(shuffled).toEqual(base);
  });

  it("lists lines by panel front to back, then estimate-wide lines", () => {
    const estimate = run(findings);
    expect(estimate.lines.map((line) => line.panel ?? line.operation)).toEqual([
      "hood",
      "hood",
      "headlamp-left",
      "headlamp-left",
      "front-fender-left",
      "front-fender-right",
      "front-door-left",
      "quarter-panel-left",
      "quarter-panel-right",
      "rear-bumper",
      "rear-bumper",
      "rear-bumper",
      "wheel-front-left",
      "interior",
      "Clear coat",
      "Paint materials",
      "Tax",
    ]);
  });
});
