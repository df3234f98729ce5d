/**
 * The accuracy suite (./scenarios.ts): every scenario's estimate must land in its published range
 * within the stated tolerance, and its low–high must overlap that range; a few scenarios also
 * check how the estimate is built (which lines, which blends). The suite fails when the engine or
 * the rate card drifts away from the published prices.
 */
import { describe, expect, it } from "vitest";
import { AVERAGE_REPAIRABLE_CLAIM_CENTS } from "~/domain/industry-benchmarks";
import type { Estimate, Operation } from "./engine";
import { RATE_SOURCES } from "./rate-card";
import {
  ACCURACY_SCENARIOS,
  DEFAULT_TOLERANCE,
  evaluateScenario,
  sourceText,
  type AccuracyScenario,
} from "./scenarios";

function sumOf(estimate: Estimate, operations: Operation[]): number {
  return estimate.lines
    .filter((line) => operations.includes(line.operation))
    .reduce((sum, line) => sum + line.amountCents, 0);
}

function formatTolerance(scenario: AccuracyScenario): string {
  return `${Math.round((scenario.tolerance ?? DEFAULT_TOLERANCE) * 100)} %`;
}

function amountOf(estimate: Estimate, operation: Operation): number {
  return sumOf(estimate, [operation]);
}

/** How some scenarios must be built, beyond landing in their range. */
const STRUCTURE: Partial<Record<string, (estimate: Estimate) => void>> = {
  "bumper-scuff-polish-tx": (estimate) => {
    expect(estimate.lines.map((line) => line.operation)).toEqual(["Polish"]);
    expect(estimate.lines[0]?.minimumChargeCents).toBe(75_00);
  },
  "bumper-mid-il": (estimate) => {
    expect(estimate.lines.filter((line) => line.operation === "Blend")).toHaveLength(2);
  },
  "bumper-ev-sensors-ca": (estimate) => {
    expect(amountOf(estimate, "Calibration")).toBeGreaterThan(0);
    expect(amountOf(estimate, "EV adjustment")).toBeGreaterThan(0);
  },
  "windshield-no-adas-tx": (estimate) => expect(amountOf(estimate, "Calibration")).toBe(0),
  "windshield-adas-ca": (estimate) => {
    const calibration = amountOf(estimate, "Calibration");
    expect(calibration).toBeGreaterThanOrEqual(150_00);
    expect(calibration).toBeLessThanOrEqual(600_00);
  },
  "windshield-adas-assumed-il": (estimate) => {
    expect(estimate.adas).toEqual({ hasAdas: true, assumed: true });
  },
  "curb-rash-two-wheels-fl": (estimate) => {
    const wheels = estimate.lines.filter((line) => line.operation === "Wheel repair");
    expect(wheels).toHaveLength(2);
    for (const line of wheels) {
      expect(line.amountCents).toBeGreaterThanOrEqual(125_00);
      expect(line.amountCents).toBeLessThanOrEqual(200_00);
    }
  },
  "interior-smoke-ny": (estimate) => {
    expect(estimate.costRaisers.join(" ")).toMatch(/smoking fee/);
  },
  "tri-coat-door-ca": (estimate) => {
    expect(amountOf(estimate, "Tri-coat")).toBeGreaterThan(0);
    expect(amountOf(estimate, "Clear coat")).toBe(0);
    // CCC: 26 % of repairable claims are $2,000 or less; a one-door scratch is one of them.
    expect(estimate.totalCents).toBeLessThanOrEqual(2_000_00);
  },
  "sideswipe-doors-mirror-tx": (estimate) => {
    // Each door is refinished, so neither is blended into the other.
    expect(blendedPanels(estimate)).toEqual(["front-fender-left", "quarter-panel-left"]);
    expect(estimate.totalCents).toBeLessThan(AVERAGE_REPAIRABLE_CLAIM_CENTS.value);
  },
  "rental-wear-ma": (estimate) => expect(estimate.lostIncomeDays).toBe(1),
  "sideswipe-door-quarter-il": (estimate) => {
    expect(blendedPanels(estimate)).toEqual(["front-door-right"]);
  },
  "sideswipe-coupe-fl": (estimate) => {
    expect(blendedPanels(estimate)).toEqual(["front-fender-left"]);
  },
  "sideswipe-tri-coat-ny": (estimate) => {
    expect(blendedPanels(estimate)).toEqual(["front-fender-left", "quarter-panel-left"]);
    expect(amountOf(estimate, "Tri-coat")).toBeGreaterThan(0);
  },
  "cracked-paint-door-tx": (estimate) => {
    expect(amountOf(estimate, "PDR")).toBe(0);
    expect(Object.values(estimate.findingNotes).flat().join(" ")).toMatch(
      /can't be repaired paintlessly/,
    );
  },
  "door-dent-replaced-tx": (estimate) => {
    expect(estimate.lines.map((line) => line.operation)).toContain("Replace");
  },
  "aluminum-door-dent-tx": (estimate) => {
    const repair = estimate.lines.find((line) => line.operation === "Repair");
    expect(repair?.description).toMatch(/aluminum/);
  },
  "hail-roof-headliner-ne": (estimate) => {
    expect(estimate.lines.some((line) => /headliner/.test(line.description))).toBe(true);
  },
  "hail-past-matrix-fender-mo": (estimate) => {
    expect(amountOf(estimate, "PDR")).toBe(0);
    expect(amountOf(estimate, "Refinish")).toBeGreaterThan(0);
  },
  "radar-mid-il": (estimate) => expect(amountOf(estimate, "Calibration")).toBe(300_00),
  "rear-camera-fl": (estimate) => {
    expect(estimate.lines.find((line) => line.operation === "Calibration")?.description).toMatch(
      /dynamic/,
    );
  },
  "parking-sensor-economy-tx": (estimate) => {
    expect(amountOf(estimate, "Calibration")).toBe(0);
    expect(estimate.lines.some((line) => line.operation === "R&I")).toBe(true);
  },
};

function blendedPanels(estimate: Estimate) {
  return estimate.lines.filter((line) => line.operation === "Blend").map((line) => line.panel);
}

describe("realistic scenarios", () => {
  it("there are at least 60, each with a unique id and a named, dated source", () => {
    expect(ACCURACY_SCENARIOS.length).toBeGreaterThanOrEqual(60);
    const ids = ACCURACY_SCENARIOS.map((scenario) => scenario.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const scenario of ACCURACY_SCENARIOS) {
      expect(RATE_SOURCES, scenario.id).toHaveProperty(scenario.published.source);
      expect(RATE_SOURCES[scenario.published.source].published, scenario.id).toMatch(/^\d{4}/);
      expect(scenario.published.what.length, scenario.id).toBeGreaterThan(5);
      expect(scenario.published.low, scenario.id).toBeLessThanOrEqual(scenario.published.high);
    }
  });

  it("covers hail, sensors, cracked paint, cross-panel blends, minimum charges, lamps and aluminum", () => {
    const all = ACCURACY_SCENARIOS.flatMap((scenario) => scenario.findings);
    expect(all.filter((finding) => finding.damageType === "hail").length).toBeGreaterThan(5);
    expect(all.filter((finding) => finding.damageType === "sensor-damage").length).toBeGreaterThan(
      5,
    );
    expect(all.some((finding) => finding.paintCracked)).toBe(true);
    expect(
      ACCURACY_SCENARIOS.filter((scenario) => scenario.vehicle.aluminumPanels?.length).length,
    ).toBeGreaterThanOrEqual(3);
    expect(ACCURACY_SCENARIOS.some((s) => s.vehicle.headlampType === "adaptive-led")).toBe(true);
    expect(ACCURACY_SCENARIOS.some((s) => s.vehicle.taillampType === "led")).toBe(true);
  });

  it("a scenario with a wrong range fails: the check is real", () => {
    const scenario = ACCURACY_SCENARIOS.find((s) => s.id === "bumper-mid-il")!;
    const wrong: AccuracyScenario = {
      ...scenario,
      published: { ...scenario.published, low: 3_000, high: 4_000 },
    };
    const result = evaluateScenario(wrong);
    expect(result.inside).toBe(false);
    expect(result.withinTolerance).toBe(false);
    expect(result.overlaps).toBe(false);
    expect(result.ratio).toBeGreaterThan(2);
  });

  describe.each(ACCURACY_SCENARIOS.map((scenario) => [scenario.id, scenario] as const))(
    "%s",
    (_id, scenario) => {
      const result = evaluateScenario(scenario);
      const { estimate } = result;

      it(`lands in its published range within ${formatTolerance(scenario)}`, () => {
        const text = `${scenario.name}: $${result.measuredCents / 100} (estimate $${result.measuredLowCents / 100}–${result.measuredHighCents / 100}) vs published $${result.publishedLowCents / 100}–${result.publishedHighCents / 100} ± ${formatTolerance(scenario)}, ${sourceText(scenario)}`;
        expect(result.withinTolerance, text).toBe(true);
        expect(result.overlaps, text).toBe(true);
        STRUCTURE[scenario.id]?.(estimate);
      });

      it('shows a "$729–986"-style range around the total', () => {
        expect(estimate.rangeDisplay).toMatch(/^\$\d{1,3}(,\d{3})*(–\d{1,3}(,\d{3})*)?$/);
        expect(estimate.lowCents).toBeLessThanOrEqual(estimate.totalCents);
        expect(estimate.highCents).toBeGreaterThanOrEqual(estimate.totalCents);
      });

      it("explains every dollar and estimates the time off the road", () => {
        for (const line of estimate.lines) {
          expect(line.description.length).toBeGreaterThan(10);
          expect(line.amountCents).toBeGreaterThan(0);
          if (line.category === "labor" || line.category === "paint") {
            expect(line.hours).toBeGreaterThan(0);
            expect(line.rateCents).toBeGreaterThan(0);
          }
          if (line.category === "parts") expect(line.partCents).toBe(line.amountCents);
        }
        expect(estimate.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(
          estimate.totalCents,
        );
        expect(estimate.repairDays).toBeGreaterThanOrEqual(1);
        expect(estimate.lostIncomeDays).toBe(estimate.lostIncome.days);
      });
    },
  );

  it("most scenarios land inside their published range, not just within tolerance", () => {
    const inside = ACCURACY_SCENARIOS.filter((scenario) => evaluateScenario(scenario).inside);
    expect(inside.length / ACCURACY_SCENARIOS.length).toBeGreaterThanOrEqual(0.9);
  });

  it("reads like a professional estimate: the mid bumper job line by line (Illinois)", () => {
    const scenario = ACCURACY_SCENARIOS.find((candidate) => candidate.id === "bumper-mid-il")!;
    const { estimate } = evaluateScenario(scenario);
    expect(estimate.lines.map((line) => [line.operation, line.description, line.amountCents]))
      .toMatchInlineSnapshot(`
        [
          [
            "Replace",
            "Replace front bumper cover (severe crack, 7.9 in)",
            16910,
          ],
          [
            "Part",
            "Front bumper cover, mid-range (OEM)",
            35000,
          ],
          [
            "Refinish",
            "Refinish front bumper",
            18939,
          ],
          [
            "Blend",
            "Blend left front fender for color match with the front bumper (50 % of 1.8 h)",
            6088,
          ],
          [
            "Blend",
            "Blend right front fender for color match with the front bumper (50 % of 1.8 h)",
            6088,
          ],
          [
            "Clear coat",
            "Clear coat: 40 % of 2.8 h on the front bumper + 20 % of 1.8 h on 2 more panels",
            10146,
          ],
          [
            "Paint materials",
            "Paint and materials: 6.1 h of refinish × $36.78 per refinish hour",
            22436,
          ],
          [
            "Tax",
            "Sales tax 6.25 % on parts and paint materials ($574.36)",
            3590,
          ],
        ]
      `);
    expect(estimate.rangeDisplay).toMatchInlineSnapshot(`"$983–2,206"`);
  });
});
