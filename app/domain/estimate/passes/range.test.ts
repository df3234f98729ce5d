import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundToCents } from "~/domain/money";
import {
  countLostIncomeDays,
  estimateRepair,
  formatRange,
  LINE_CATEGORIES,
  RANGE_MODEL,
  type Estimate,
} from "~/domain/estimate/engine";
import { finding, run, SEDAN } from "~/domain/estimate/engine-test-kit";
import { resolveRateCard } from "~/domain/estimate/rate-card";
import {
  DAMAGE_TYPE_IDS,
  damageFitsPanel,
  HAIL_DENT_COUNT_BANDS,
  HAIL_DENT_SIZES,
  PANEL_IDS,
  panelExistsOn,
  PANELS,
  SEVERITIES,
  type Finding,
  type Severity,
  type Vehicle,
} from "~/domain/estimate/taxonomy";

describe("Range", () => {
  it("follows the documented formula", () => {
    // Chip repair $100, minor, confidence 1: U = 0.1, H = 0 (glass).
    const estimate = run([finding("windshield", "glass-damage", "minor")]);
    expect(estimate.range.uncertaintyFraction).toBeCloseTo(0.1, 12);
    expect(estimate.range.hiddenDamageFraction).toBe(0);
    expect([estimate.lowCents, estimate.totalCents, estimate.highCents]).toEqual([
      95_00, 100_00, 110_00,
    ]);
    expect(estimate.rangeDisplay).toBe("$95–110");
  });

  it("uses severity, (1 − confidence) and hidden damage, weighted by amount", () => {
    const estimate = run([finding("rear-bumper", "crack", "severe", { confidence: 0.6 })], {
      paintType: "solid",
    });
    const U = RANGE_MODEL.severitySpread.severe + RANGE_MODEL.confidenceSpread * 0.4;
    expect(estimate.range.uncertaintyFraction).toBeCloseTo(U, 12);
    expect(estimate.range.hiddenDamageFraction).toBe(0.5);
    expect(estimate.lowCents).toBe(Math.floor((estimate.totalCents * (1 - U / 2)) / 100) * 100);
    expect(estimate.highCents).toBe(Math.ceil((estimate.totalCents * (1 + U + 0.5)) / 100) * 100);
    expect(estimate.range.formula).toBe(
      "low = total × (1 − 0.5 × 0.5); high = total × (1 + 0.5 + 0.5 hidden-damage allowance)",
    );
  });

  it("widens with severity and with lower confidence", () => {
    const width = (estimate: Estimate) =>
      (estimate.highCents - estimate.lowCents) / estimate.totalCents;
    const scratch = (severity: Severity, confidence: number) =>
      run([finding("front-door-left", "scratch", severity, { confidence })]);
    expect(width(scratch("severe", 1))).toBeGreaterThan(width(scratch("moderate", 1)));
    expect(width(scratch("moderate", 0.5))).toBeGreaterThan(width(scratch("moderate", 0.95)));
  });

  it("hidden damage only raises the high end", () => {
    const bumper = run([finding("rear-bumper", "scuff", "moderate")]);
    const door = run([finding("front-door-left", "scuff", "moderate")]);
    expect(bumper.range.hiddenDamageFraction).toBeGreaterThan(door.range.hiddenDamageFraction);
    expect(bumper.totalCents - bumper.lowCents).toBeLessThanOrEqual(
      Math.ceil(bumper.totalCents * 0.1 + 100),
    );
  });

  it("an estimate without findings is $0", () => {
    const estimate = run([]);
    expect(estimate).toMatchObject({
      lines: [],
      totalCents: 0,
      lowCents: 0,
      highCents: 0,
      rangeDisplay: "$0",
      laborHours: 0,
      repairDays: 0,
      lostIncomeDays: 0,
      costRaisers: [],
    });
  });

  it("low ≤ total ≤ high, whole dollars, and the lines add up — for any findings", () => {
    const pairs = PANEL_IDS.flatMap((panel) =>
      DAMAGE_TYPE_IDS.filter((damageType) => damageFitsPanel(damageType, panel)).map(
        (damageType) => [panel, damageType] as const,
      ),
    );
    const findingArb = fc.record({
      pair: fc.constantFrom(...pairs),
      severity: fc.constantFrom(...SEVERITIES),
      sizeCm: fc.option(fc.double({ min: 0.5, max: 80, noNaN: true }), { nil: undefined }),
      confidence: fc.double({ min: 0, max: 1, noNaN: true }),
      paintCracked: fc.boolean(),
      sensorIndex: fc.option(fc.nat(6), { nil: undefined }),
      hail: fc.option(
        fc.record({
          dentCount: fc.constantFrom(...HAIL_DENT_COUNT_BANDS),
          dentSize: fc.constantFrom(...HAIL_DENT_SIZES),
          oversizeDents: fc.integer({ min: 0, max: 5 }),
        }),
        { nil: undefined },
      ),
    });
    const vehicleArb = fc.record({
      year: fc.integer({ min: 2005, max: 2026 }),
      bodyType: fc.constantFrom("sedan", "coupe", "suv", "pickup"),
      priceClass: fc.constantFrom("economy", "mid", "premium", "luxury", "ev-hybrid"),
      paintType: fc.constantFrom("solid", "metallic-pearl", "tri-coat"),
      state: fc.constantFrom("CA", "TX", "NY", "OR", "WY", "US"),
      headlampType: fc.constantFrom("halogen", "hid", "led", "adaptive-led"),
      taillampType: fc.constantFrom("bulb", "led"),
      aluminumPanels: fc.subarray(["hood", "front-fender-left", "roof", "trunk-liftgate"] as const),
    });
    fc.assert(
      fc.property(vehicleArb, fc.array(findingArb, { maxLength: 8 }), (v, raw) => {
        const vehicle: Vehicle = { ...SEDAN, ...v, aluminumPanels: [...v.aluminumPanels] };
        const findings: Finding[] = raw
          .filter((item) => panelExistsOn(item.pair[0], vehicle.bodyType))
          .map((item, index) => ({
            id: `f${index}`,
            panel: item.pair[0],
            damageType: item.pair[1],
            severity: item.severity,
            confidence: item.confidence,
            ...(item.sizeCm !== undefined && { sizeCm: item.sizeCm }),
            ...(item.pair[1] === "dent" && { paintCracked: item.paintCracked }),
            ...(item.pair[1] === "hail" && item.hail && { hail: item.hail }),
            ...(item.pair[1] === "sensor-damage" &&
              item.sensorIndex !== undefined && {
                sensor:
                  PANELS[item.pair[0]].adasSensors[
                    item.sensorIndex % PANELS[item.pair[0]].adasSensors.length
                  ],
              }),
          }));
        const estimate = estimateRepair({
          vehicle,
          findings,
          rateCard: resolveRateCard(v.state),
        });
        expect(estimate.lowCents).toBeGreaterThanOrEqual(0);
        expect(estimate.lowCents).toBeLessThanOrEqual(estimate.totalCents);
        expect(estimate.totalCents).toBeLessThanOrEqual(estimate.highCents);
        expect(estimate.lowCents % 100).toBe(0);
        expect(estimate.highCents % 100).toBe(0);
        expect(estimate.rangeDisplay).toBe(formatRange(estimate.lowCents, estimate.highCents));
        expect(estimate.rangeDisplay).toMatch(/^\$\d{1,3}(,\d{3})*(–\d{1,3}(,\d{3})*)?$/);
        const sum = estimate.lines.reduce((total, line) => total + line.amountCents, 0);
        expect(sum).toBe(estimate.totalCents);
        expect(LINE_CATEGORIES.reduce((t, c) => t + estimate.subtotals[c], 0)).toBe(sum);
        for (const line of estimate.lines) {
          expect(Number.isInteger(line.amountCents)).toBe(true);
          expect(line.amountCents).toBeGreaterThanOrEqual(0);
          if (line.hours !== undefined && line.rateCents !== undefined) {
            const byTime = roundToCents(line.hours * line.rateCents);
            if (line.minimumChargeCents === undefined) expect(line.amountCents).toBe(byTime);
            else {
              expect(line.amountCents).toBe(line.minimumChargeCents);
              expect(byTime).toBeLessThan(line.minimumChargeCents);
            }
          }
        }
        expect(estimate.lines.map((line) => line.id)).toEqual(
          estimate.lines.map((_line, index) => `line-${index + 1}`),
        );
        expect(estimate.lostIncomeDays).toBe(countLostIncomeDays(estimate.laborHours).days);
      }),
      { numRuns: 300 },
    );
  });
});
