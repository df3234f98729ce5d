import { describe, expect, it } from "vitest";
import { finding, linesOf, only, run, table } from "~/domain/estimate/engine-test-kit";

describe("Bumpers: repair or replace", () => {
  it("severe crack → replace the cover: labor, part, refinish, clear coat, materials, tax", () => {
    const estimate = run([finding("front-bumper", "crack", "severe")], { paintType: "solid" });
    expect(table(estimate)).toEqual([
      ["Replace", "front-bumper", 2.5, 250_00],
      ["Part", "front-bumper", null, 350_00],
      ["Refinish", "front-bumper", 2.8, 280_00],
      ["Clear coat", null, 1.1, 110_00],
      ["Paint materials", null, 3.9, 156_00],
      ["Tax", null, null, 50_60], // 10 % of ($350 part + $156 materials)
    ]);
    expect(only(estimate, "Part")).toMatchObject({
      partCents: 350_00,
      description: "Front bumper cover, mid-range (OEM)",
    });
    expect(estimate.totalCents).toBe(1_196_60);
  });

  it("severe dent on the rear bumper → replace (2.0 h)", () => {
    const estimate = run([finding("rear-bumper", "dent", "severe")]);
    expect(only(estimate, "Replace").hours).toBe(2.0);
  });

  it("economy covers are aftermarket", () => {
    const estimate = run([finding("rear-bumper", "crack", "severe")], { priceClass: "economy" });
    expect(only(estimate, "Part")).toMatchObject({
      amountCents: 200_00,
      description: "Rear bumper cover, economy (aftermarket)",
    });
  });

  it("moderate crack → plastic repair off the car: Repair + R&I of the cover + Refinish", () => {
    const estimate = run([finding("front-bumper", "crack", "moderate")], { paintType: "solid" });
    expect(table(estimate).slice(0, 3)).toEqual([
      ["Repair", "front-bumper", 2.5, 250_00],
      ["R&I", "front-bumper", 1.5, 150_00],
      ["Refinish", "front-bumper", 2.8, 280_00],
    ]);
    expect(linesOf(estimate, "Replace")).toEqual([]);
  });

  it("minor dent in a plastic cover → push out, no paint", () => {
    expect(table(run([finding("front-bumper", "dent", "minor")]))).toEqual([
      ["Repair", "front-bumper", 1.0, 100_00],
    ]);
  });

  it("missing bracket → trim part and labor", () => {
    const estimate = run([finding("rear-bumper", "missing-part", "moderate")]);
    expect(table(estimate).slice(0, 2)).toEqual([
      ["Replace", "rear-bumper", 0.3, 30_00],
      ["Part", "rear-bumper", null, 60_00],
    ]);
  });

  it("metallic bumper blends the fenders; rear bumper blends the quarter panels", () => {
    const front = run([finding("front-bumper", "crack", "severe")]);
    expect(linesOf(front, "Blend").map((line) => [line.panel, line.hours])).toEqual([
      ["front-fender-left", 0.9],
      ["front-fender-right", 0.9],
    ]);
    const rear = run([finding("rear-bumper", "scuff", "moderate")]);
    expect(linesOf(rear, "Blend").map((line) => [line.panel, line.hours])).toEqual([
      ["quarter-panel-left", 1.3], // 50 % of 2.5 h = 1.25, rounded half up
      ["quarter-panel-right", 1.3],
    ]);
  });

  it("warns about hidden damage behind a bumper cover", () => {
    const estimate = run([finding("rear-bumper", "dent", "moderate")]);
    expect(estimate.costRaisers[0]).toMatch(/^Hidden damage behind the rear bumper cover/);
    expect(run([finding("rear-bumper", "scuff", "minor")]).costRaisers).toEqual([]);
  });
});
