import { describe, expect, it } from "vitest";
import { finding, only, run, table } from "~/domain/estimate/engine-test-kit";

describe("Wheels and tires", () => {
  it.each([
    ["minor", 125_00],
    ["moderate", 160_00],
    ["severe", 200_00],
  ] as const)("%s curb rash → Wheel repair %i cents (sublet, untaxed)", (severity, cents) => {
    const estimate = run([finding("wheel-front-left", "wheel-curb-rash", severity)]);
    expect(table(estimate)).toEqual([["Wheel repair", "wheel-front-left", null, cents]]);
    expect(only(estimate, "Wheel repair").category).toBe("sublet");
  });

  it("a cracked wheel → new wheel + mounting at the mechanical rate", () => {
    expect(table(run([finding("wheel-rear-right", "crack", "severe")])).slice(0, 2)).toEqual([
      ["Replace", "wheel-rear-right", 0.6, 90_00],
      ["Part", "wheel-rear-right", null, 300_00],
    ]);
  });

  it("tire damage: minor → plug/patch, otherwise a new tire + mount and balance", () => {
    expect(table(run([finding("wheel-front-right", "tire-damage", "minor")]))).toEqual([
      ["Repair", "wheel-front-right", null, 35_00],
    ]);
    const replaced = run([finding("wheel-front-right", "tire-damage", "moderate")]);
    expect(table(replaced).slice(0, 2)).toEqual([
      ["Replace", "wheel-front-right", 0.4, 60_00],
      ["Part", "wheel-front-right", null, 170_00],
    ]);
    expect(replaced.costRaisers.join(" ")).toMatch(/Tires are often replaced in pairs/);
  });

  it("curb rash and a tire on the same wheel are both priced; a missing cap is a part", () => {
    const estimate = run([
      finding("wheel-front-left", "wheel-curb-rash", "moderate"),
      finding("wheel-front-left", "tire-damage", "severe"),
      finding("wheel-front-left", "missing-part", "minor"),
    ]);
    expect(estimate.lines.map((line) => line.operation)).toEqual([
      "Replace",
      "Part",
      "Part",
      "Wheel repair",
      "Tax",
    ]);
  });
});
