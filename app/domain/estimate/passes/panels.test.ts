import { describe, expect, it } from "vitest";
import { finding, linesOf, only, run, table } from "~/domain/estimate/engine-test-kit";

describe("Panel-level consolidation", () => {
  it("a replacement supersedes other repairs of the same part", () => {
    const estimate = run([
      finding("front-bumper", "crack", "severe"),
      finding("front-bumper", "scratch", "moderate"),
      finding("front-bumper", "scuff", "minor"),
      finding("front-bumper", "dent", "severe", { id: "second-replace" }),
    ]);
    expect(linesOf(estimate, "Replace")).toHaveLength(1);
    expect(linesOf(estimate, "Part")).toHaveLength(1);
    expect(linesOf(estimate, "Refinish")).toHaveLength(1);
    expect(linesOf(estimate, "Repair")).toEqual([]);
    expect(linesOf(estimate, "Polish")).toEqual([]);
    expect(linesOf(estimate, "R&I")).toEqual([]);
    expect(estimate.assumptions).toContain(
      "Front bumper: the moderate scratch is covered by the replacement for the severe crack.",
    );
  });

  it("several findings on one panel: a repair each, one R&I, one refinish, blends once", () => {
    const estimate = run([
      finding("front-door-left", "scratch", "moderate", { id: "a" }),
      finding("front-door-left", "scratch", "severe", { id: "b" }),
      finding("front-door-left", "dent", "moderate", { id: "c", sizeCm: 15 }),
    ]);
    expect(linesOf(estimate, "Repair").map((line) => [line.findingId, line.hours])).toEqual([
      ["a", 0.8],
      ["b", 1.5],
      ["c", 2.5],
    ]);
    expect(linesOf(estimate, "R&I")).toHaveLength(1);
    expect(linesOf(estimate, "Refinish")).toHaveLength(1);
    expect(linesOf(estimate, "Blend").map((line) => line.panel)).toEqual([
      "front-fender-left",
      "rear-door-left",
    ]);
  });

  it("a refinished panel needs no polish", () => {
    const estimate = run([
      finding("hood", "scratch", "minor"),
      finding("hood", "dent", "moderate", { sizeCm: 10 }),
    ]);
    expect(linesOf(estimate, "Polish")).toEqual([]);
    expect(estimate.assumptions).toContain("Hood: the minor scratch is covered by the refinish.");
  });

  it("blends each adjacent panel once, and never a panel that is refinished itself", () => {
    const estimate = run([
      finding("hood", "scratch", "moderate"),
      finding("front-bumper", "scratch", "moderate"),
      finding("front-fender-left", "scratch", "moderate"),
    ]);
    expect(linesOf(estimate, "Refinish").map((line) => line.panel)).toEqual([
      "front-bumper",
      "hood",
      "front-fender-left",
    ]);
    expect(linesOf(estimate, "Blend").map((line) => line.panel)).toEqual([
      "front-fender-right",
      "front-door-left",
    ]);
    // The right fender's blend is credited to the first panel that needed it (the bumper).
    expect(linesOf(estimate, "Blend")[0]?.findingId).toBe("front-bumper/scratch/moderate");
  });

  it("on a coupe the quarter panel blends into the front door", () => {
    const estimate = run([finding("quarter-panel-right", "dent", "moderate", { sizeCm: 12 })], {
      bodyType: "coupe",
    });
    expect(linesOf(estimate, "Blend").map((line) => line.panel)).toEqual(["front-door-right"]);
  });
});

describe("ADAS and calibration", () => {
  it("a 2019 economy car is assumed to have a windshield camera", () => {
    const estimate = run([finding("windshield", "glass-damage", "severe")], {
      year: 2019,
      priceClass: "economy",
    });
    expect(table(estimate)).toEqual([
      ["Replace", "windshield", null, 1_200_00],
      ["Calibration", "windshield", null, 250_00],
    ]);
    expect(estimate.adas).toEqual({ hasAdas: true, assumed: true });
    expect(estimate.assumptions.join(" ")).toMatch(/We assumed the car has a windshield camera/);
  });

  it("a 2015 economy car is assumed not to, and says what a camera would cost", () => {
    const estimate = run([finding("windshield", "crack", "moderate")], {
      year: 2015,
      priceClass: "economy",
    });
    expect(table(estimate)).toEqual([["Replace", "windshield", null, 300_00]]);
    expect(estimate.adas).toEqual({ hasAdas: false, assumed: true });
    expect(estimate.costRaisers.join(" ")).toMatch(/If this car has a windshield camera/);
  });

  it("premium, luxury and EV cars are assumed to have ADAS whatever their year", () => {
    const estimate = run([finding("windshield", "glass-damage", "severe")], {
      year: 2015,
      priceClass: "luxury",
    });
    expect(table(estimate)).toEqual([
      ["Replace", "windshield", null, 1_600_00],
      ["Calibration", "windshield", null, 500_00],
    ]);
  });

  it("vehicle.hasAdas overrides the assumption", () => {
    const estimate = run([finding("windshield", "glass-damage", "severe")], {
      year: 2023,
      priceClass: "luxury",
      hasAdas: false,
    });
    expect(table(estimate)).toEqual([["Replace", "windshield", null, 550_00]]);
    expect(estimate.adas).toEqual({ hasAdas: false, assumed: false });
    expect(estimate.costRaisers.join(" ")).not.toMatch(/windshield camera/);
  });

  it("a minor windshield chip is repaired, with no calibration", () => {
    const estimate = run([finding("windshield", "glass-damage", "minor", { sizeCm: 1 })]);
    expect(table(estimate)).toEqual([["Repair", "windshield", null, 100_00]]);
    expect(estimate.costRaisers.join(" ")).toMatch(/chip that spreads into a crack/);
  });

  it("a replaced bumper with sensors: sensor transfer + calibration", () => {
    const estimate = run([finding("rear-bumper", "crack", "severe")], {
      sensorPanels: ["rear-bumper"],
    });
    expect(linesOf(estimate, "R&I")).toMatchObject([
      {
        hours: 0.5,
        description:
          "Transfer and reconnect parking sensors and blind-spot radar to the new rear bumper cover",
      },
    ]);
    expect(only(estimate, "Calibration")).toMatchObject({
      amountCents: 300_00,
      category: "sublet",
      description:
        "Calibrate parking sensors and blind-spot radar after replacing the rear bumper cover",
    });
    expect(estimate.costRaisers.join(" ")).toMatch(/parking sensors \$500–1,300/);
  });

  it("a bumper with sensors that comes off for repair is calibrated too; a polish is not", () => {
    const repaired = run([finding("front-bumper", "scuff", "moderate")], {
      sensorPanels: ["front-bumper"],
    });
    expect(only(repaired, "Calibration").description).toBe(
      "Calibrate front radar and parking sensors after removing and refitting the front bumper cover",
    );
    const polished = run([finding("front-bumper", "scuff", "minor")], {
      sensorPanels: ["front-bumper"],
    });
    expect(linesOf(polished, "Calibration")).toEqual([]);
  });

  it("without known bumper sensors: no calibration, but a cost raiser on ADAS cars", () => {
    const estimate = run([finding("front-bumper", "crack", "severe")]);
    expect(linesOf(estimate, "Calibration")).toEqual([]);
    expect(estimate.costRaisers.join(" ")).toMatch(
      /If the front bumper carries sensors \(front radar, parking sensors\), they need calibrating/,
    );
    const old = run([finding("front-bumper", "crack", "severe")], {
      year: 2012,
      priceClass: "economy",
    });
    expect(old.costRaisers.join(" ")).not.toMatch(/carries sensors/);
  });

  it("a replaced grille with a radar is calibrated", () => {
    const estimate = run([finding("grille", "crack", "moderate")], { sensorPanels: ["grille"] });
    expect(table(estimate).slice(0, 3)).toEqual([
      ["Replace", "grille", 0.5, 50_00],
      ["Part", "grille", null, 220_00],
      ["Calibration", "grille", null, 300_00],
    ]);
  });

  it("side and rear glass have no calibration", () => {
    const estimate = run([
      finding("side-glass-left", "glass-damage", "severe"),
      finding("rear-glass", "glass-damage", "moderate"),
    ]);
    expect(table(estimate)).toEqual([
      ["Replace", "side-glass-left", null, 300_00],
      ["Replace", "rear-glass", null, 450_00],
    ]);
  });
});
