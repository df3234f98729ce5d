import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percentOfCents, roundToCents } from "~/domain/money";
import { estimateLostHostingIncome } from "~/domain/protection-plan";
import { InvalidInputError } from "~/domain/validation";
import {
  countLostIncomeDays,
  estimateRepair,
  formatRange,
  LINE_CATEGORIES,
  RANGE_MODEL,
  roundHours,
  type Estimate,
  type EstimateOptions,
  type Operation,
} from "./engine";
import { resolveRateCard, type RateCard } from "./rate-card";
import {
  DAMAGE_TYPE_IDS,
  damageFitsPanel,
  HAIL_DENT_COUNT_BANDS,
  HAIL_DENT_SIZES,
  PANEL_IDS,
  panelExistsOn,
  PANELS,
  SEVERITIES,
  type DamageType,
  type Finding,
  type PanelId,
  type Severity,
  type Vehicle,
} from "./taxonomy";

/** Round numbers so the arithmetic in each test can be checked by hand. */
const ROUND: RateCard = resolveRateCard("US", {
  bodyLaborCentsPerHour: 100_00,
  refinishLaborCentsPerHour: 100_00,
  mechanicalLaborCentsPerHour: 150_00,
  paintMaterialsCentsPerRefinishHour: 40_00,
  salesTaxPercent: 10,
});

const SEDAN: Vehicle = {
  year: 2020,
  make: "Toyota",
  model: "Camry",
  bodyType: "sedan",
  priceClass: "mid",
  paintType: "metallic-pearl",
};

function finding(
  panel: PanelId,
  damageType: DamageType,
  severity: Severity,
  extra: Partial<Finding> = {},
): Finding {
  return {
    id: `${panel}/${damageType}/${severity}`,
    panel,
    damageType,
    severity,
    confidence: 1,
    ...extra,
  };
}

function run(
  findings: Finding[],
  vehicle: Partial<Vehicle> = {},
  options?: EstimateOptions,
  rateCard: RateCard = ROUND,
): Estimate {
  return estimateRepair({ vehicle: { ...SEDAN, ...vehicle }, findings, rateCard, options });
}

/** [operation, panel, hours, amount] per line: the estimate as a reader sees it. */
function table(estimate: Estimate) {
  return estimate.lines.map((line) => [
    line.operation,
    line.panel,
    line.hours ?? null,
    line.amountCents,
  ]);
}

function linesOf(estimate: Estimate, operation: Operation) {
  return estimate.lines.filter((line) => line.operation === operation);
}

function only(estimate: Estimate, operation: Operation) {
  const lines = linesOf(estimate, operation);
  expect(lines, operation).toHaveLength(1);
  return lines[0]!;
}

// ─── formatRange ────────────────────────────────────────────────────────────────────────────────

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

// ─── Lost-income days ───────────────────────────────────────────────────────────────────────────

describe("countLostIncomeDays", () => {
  it("matches the support article example: 25 h → 7 working days + a weekend = 9", () => {
    expect(countLostIncomeDays(25)).toEqual({ workingDays: 7, weekendDays: 2, days: 9 });
  });

  it.each([
    [0, 0, 0],
    [0.1, 1, 0],
    [4, 1, 0],
    [4.01, 2, 0],
    [20, 5, 0], // Monday to Friday
    [20.1, 6, 2], // into the next Monday
    [40, 10, 2],
    [40.5, 11, 4],
    [0.1 * 3 * 40, 3, 0], // float noise: 12.000000000000002 h is 3 days
  ])("from a Monday: %d h → %i working + %i weekend days", (hours, working, weekend) => {
    expect(countLostIncomeDays(hours)).toEqual({
      workingDays: working,
      weekendDays: weekend,
      days: working + weekend,
    });
  });

  it("agrees with the protection-plan calculator for every whole and half hour to 120 h", () => {
    for (let hours = 0; hours <= 120; hours += 0.5) {
      const ours = countLostIncomeDays(hours);
      const theirs = estimateLostHostingIncome({
        laborHours: hours,
        earningsLast60DaysCents: 0,
      });
      expect([ours.workingDays, ours.weekendDays], `${hours} h`).toEqual([
        theirs.workingDays,
        theirs.weekendDays,
      ]);
    }
  });

  // 2026-11-16 is a Monday.
  it.each([
    ["2026-11-16", 12, 3, 0], // Mon, Tue, Wed
    ["2026-11-19", 12, 3, 2], // Thu, Fri, (Sat, Sun), Mon
    ["2026-11-20", 4, 1, 0], // Fri only
    ["2026-11-20", 8, 2, 2], // Fri, (Sat, Sun), Mon
    ["2026-11-21", 8, 2, 0], // dropped off Saturday: work Mon, Tue
    ["2026-11-22", 20, 5, 0], // dropped off Sunday: Mon–Fri
    ["2026-11-18", 40, 10, 4], // Wed → Tue two weeks later: two weekends
    ["2026-12-31", 8, 2, 0], // Thu 31 Dec, Fri 1 Jan (holidays are not considered)
  ])("from %s: %d h → %i working + %i weekend days", (start, hours, working, weekend) => {
    expect(countLostIncomeDays(hours, start)).toEqual({
      workingDays: working,
      weekendDays: weekend,
      days: working + weekend,
    });
  });

  it("refuses bad input", () => {
    expect(() => countLostIncomeDays(-1)).toThrow(RangeError);
    expect(() => countLostIncomeDays(Number.NaN)).toThrow(RangeError);
    expect(() => countLostIncomeDays(4, "2026-02-30")).toThrow(RangeError);
    expect(() => countLostIncomeDays(4, "next monday")).toThrow(RangeError);
  });
});

// ─── Operations ─────────────────────────────────────────────────────────────────────────────────

describe("Polish", () => {
  it("minor scratch on a door → polish only, at the detail rate with the minimum charge, no paint or tax", () => {
    const estimate = run([finding("front-door-left", "scratch", "minor")]);
    // 0.5 h × $60/h detail rate = $30, under the $75 minimum for a polish.
    expect(table(estimate)).toEqual([["Polish", "front-door-left", 0.5, 75_00]]);
    expect(only(estimate, "Polish")).toMatchObject({
      rateType: "refinish",
      rateCents: 60_00,
      category: "paint",
      minimumChargeCents: 75_00,
      formula: "minimum charge $75 (0.5 h × $60/h = $30)",
    });
    expect(estimate.totalCents).toBe(75_00);
  });

  it("minor paint chip → 0.3 h touch-up; minor bumper scuff → 0.5 h; each at the minimum", () => {
    expect(table(run([finding("hood", "paint-chip", "minor")]))).toEqual([
      ["Polish", "hood", 0.3, 75_00],
    ]);
    expect(table(run([finding("front-bumper", "scuff", "minor")]))).toEqual([
      ["Polish", "front-bumper", 0.5, 75_00],
    ]);
  });

  it("the minimum applies per line: two polished panels are two minimums", () => {
    const estimate = run([
      finding("hood", "paint-chip", "minor"),
      finding("front-bumper", "scuff", "minor"),
    ]);
    expect(estimate.totalCents).toBe(150_00);
  });

  it("a polish that takes longer than the minimum is charged by the hour at the detail rate", () => {
    const rateCard: RateCard = {
      ...ROUND,
      tables: {
        ...ROUND.tables,
        polishHours: { ...ROUND.tables.polishHours, value: { scratch: 2.0 } },
      },
    };
    const estimate = run([finding("front-door-left", "scratch", "minor")], {}, undefined, rateCard);
    expect(only(estimate, "Polish")).toMatchObject({ amountCents: 120_00, formula: "2 h × $60/h" });
    expect(only(estimate, "Polish").minimumChargeCents).toBeUndefined();
  });
});

describe("Repair + Refinish + Blend + Clear coat + Paint materials + Tax", () => {
  it("moderate scratch on a metallic door: every line and the total, by hand", () => {
    const estimate = run([finding("front-door-left", "scratch", "moderate")]);
    expect(table(estimate)).toEqual([
      ["Blend", "front-fender-left", 0.9, 90_00], // 50 % of 1.8 h
      ["Repair", "front-door-left", 0.8, 80_00],
      ["R&I", "front-door-left", 0.5, 50_00], // handle and moulding
      ["Refinish", "front-door-left", 2.2, 220_00],
      ["Blend", "rear-door-left", 1.0, 100_00], // 50 % of 2.0 h
      ["Clear coat", null, 1.3, 130_00], // 40 % × 2.2 + 20 % × (0.9 + 1.0) = 1.26
      ["Paint materials", null, 5.4, 216_00], // (2.2 + 0.9 + 1.0 + 1.3) × $40
      ["Tax", null, null, 21_60], // 10 % of $216 materials
    ]);
    expect(estimate.totalCents).toBe(907_60);
    expect(estimate.subtotals).toEqual({
      labor: 130_00,
      paint: 540_00,
      parts: 0,
      materials: 216_00,
      sublet: 0,
      tax: 21_60,
    });
    expect(only(estimate, "Clear coat").description).toBe(
      "Clear coat: 40 % of 2.2 h on the left front door + 20 % of 1.9 h on 2 more panels",
    );
    expect(only(estimate, "Paint materials").description).toBe(
      "Paint and materials: 5.4 h of refinish × $40 per refinish hour",
    );
    expect(estimate.lines.map((line) => line.formula)).toEqual([
      "0.9 h × $100/h",
      "0.8 h × $100/h",
      "0.5 h × $100/h",
      "2.2 h × $100/h",
      "1 h × $100/h",
      "1.3 h × $100/h",
      "5.4 h × $40 per refinish hour",
      "10 % × $216",
    ]);
  });

  it("shows part and sublet amounts as such", () => {
    const estimate = run([
      finding("taillamp-left", "broken-lamp", "severe"),
      finding("wheel-rear-left", "wheel-curb-rash", "minor"),
    ]);
    expect(estimate.lines.map((line) => line.formula)).toEqual([
      "0.4 h × $100/h",
      "part $200",
      "sublet $125",
      "10 % × $200",
    ]);
  });

  it("solid paint is not blended, and says blending could add cost", () => {
    const estimate = run([finding("front-door-left", "scratch", "moderate")], {
      paintType: "solid",
    });
    expect(linesOf(estimate, "Blend")).toEqual([]);
    expect(only(estimate, "Clear coat").hours).toBe(0.9); // 0.88
    expect(only(estimate, "Paint materials").amountCents).toBe(124_00); // 3.1 h × $40
    expect(estimate.costRaisers.join(" ")).toMatch(/Solid colors are priced without blending/);
  });

  it.each([
    ["dent", "minor", 2.0], // 12 cm: 2.0 h for its size, over the 1.0 h a minor dent starts at
    ["dent", "moderate", 2.5],
    ["dent", "severe", 5.0],
    ["scratch", "severe", 1.5],
    ["scuff", "moderate", 0.8],
    ["paint-chip", "moderate", 0.5],
    ["paint-chip", "severe", 1.0],
    ["crack", "minor", 1.0],
    ["crack", "moderate", 2.0],
  ] as const)("sheet metal %s %s → Repair %d h + Refinish", (damageType, severity, hours) => {
    // A door: its repair stays under 75 % of a new door at this rate card's $100/h.
    const estimate = run([finding("front-door-left", damageType, severity, { sizeCm: 12 })]);
    expect(only(estimate, "Repair").hours).toBe(hours);
    expect(only(estimate, "Refinish")).toMatchObject({ panel: "front-door-left", hours: 2.2 });
  });

  it("a severe sheet-metal finding is still a repair, with a replacement cost raiser", () => {
    const estimate = run([finding("quarter-panel-left", "dent", "severe", { sizeCm: 30 })]);
    expect(linesOf(estimate, "Replace")).toEqual([]);
    expect(estimate.costRaisers.join(" ")).toMatch(/left quarter panel is badly damaged/);
  });

  it("missing moulding on a door → trim part + labor", () => {
    const estimate = run([finding("front-door-right", "missing-part", "minor")]);
    expect(table(estimate)).toEqual([
      ["Replace", "front-door-right", 0.3, 30_00],
      ["Part", "front-door-right", null, 60_00],
      ["Tax", null, null, 6_00],
    ]);
  });
});

describe("PDR", () => {
  it.each([
    [1.5, 125_00],
    [2.2, 125_00],
    [2.4, 187_50],
    [3.0, 187_50],
    [4.3, 312_50],
    [5.0, 312_50],
    [6.5, 500_00],
    [7.6, 500_00],
  ])("a %d cm dent on a steel panel → band midpoint %i cents", (sizeCm, cents) => {
    const estimate = run([finding("front-fender-right", "dent", "minor", { sizeCm })]);
    expect(table(estimate)).toEqual([["PDR", "front-fender-right", null, cents]]);
    expect(only(estimate, "PDR").category).toBe("sublet");
  });

  it("names the band and its public range in the line", () => {
    const estimate = run([finding("front-door-left", "dent", "minor", { sizeCm: 2.4 })]);
    expect(only(estimate, "PDR").description).toBe(
      "Paintless dent repair, left front door: quarter-size dent (0.9 in), midpoint of $150–225",
    );
  });

  it("moderate dents up to 3″ are PDR too", () => {
    const estimate = run([finding("roof", "dent", "moderate", { sizeCm: 6 })]);
    expect(only(estimate, "PDR").amountCents).toBe(500_00);
  });

  it("adds 22.5 % (the middle of +15–30 %) on aluminum panels", () => {
    const estimate = run([finding("hood", "dent", "minor", { sizeCm: 4.3 })], {
      aluminumPanels: ["hood"],
    });
    expect(only(estimate, "PDR").amountCents).toBe(382_81); // 312.50 × 1.225 = 382.8125
    expect(only(estimate, "PDR").description).toMatch(/\+ 22\.5 % for aluminum$/);
  });

  it("larger or severe dents get conventional repair and refinish", () => {
    for (const dent of [
      finding("hood", "dent", "minor", { sizeCm: 8 }),
      finding("hood", "dent", "severe", { sizeCm: 2 }),
      finding("hood", "dent", "moderate"),
    ]) {
      const estimate = run([dent]);
      expect(linesOf(estimate, "PDR"), dent.id).toEqual([]);
      expect(linesOf(estimate, "Refinish"), dent.id).toHaveLength(1);
    }
  });

  it("a minor dent without a size is priced as quarter-size and says so", () => {
    const estimate = run([finding("trunk-liftgate", "dent", "minor")]);
    expect(only(estimate, "PDR").amountCents).toBe(187_50);
    expect(estimate.assumptions.join(" ")).toMatch(
      /dent on the trunk lid \/ liftgate wasn't measured; it is priced as quarter-size/,
    );
  });

  it("warns that cracked paint rules PDR out", () => {
    const estimate = run([finding("front-door-left", "dent", "minor", { sizeCm: 2 })]);
    expect(estimate.costRaisers.join(" ")).toMatch(
      /paint over the dent .* is cracked, PDR isn't possible/,
    );
  });

  it("bumper dents are never PDR", () => {
    const estimate = run([finding("rear-bumper", "dent", "minor", { sizeCm: 2 })]);
    expect(table(estimate)).toEqual([["Repair", "rear-bumper", 1.0, 100_00]]);
  });
});

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

describe("Clear coat", () => {
  it("40 % of the longest refinished panel + 20 % of each other painted panel", () => {
    const estimate = run(
      [
        finding("rocker-left", "scratch", "moderate"),
        finding("front-door-left", "scratch", "moderate"),
      ],
      { paintType: "solid" },
    );
    const line = only(estimate, "Clear coat");
    expect(line.hours).toBe(1.1); // 0.4 × 2.2 + 0.2 × 1.0 = 1.08
    expect(line.description).toBe(
      "Clear coat: 40 % of 2.2 h on the left front door + 20 % of 1 h on 1 more panel",
    );
  });

  it("is capped at 2.5 h", () => {
    const estimate = run(
      (
        ["hood", "roof", "trunk-liftgate", "quarter-panel-left", "quarter-panel-right"] as const
      ).map((panel) => finding(panel, "scratch", "moderate")),
      { paintType: "solid" },
    );
    const line = only(estimate, "Clear coat");
    // 0.4 × 3.0 + 0.2 × (2.8 + 2.4 + 2.5 + 2.5) = 3.24 h
    expect(line.hours).toBe(2.5);
    expect(line.description).toMatch(/= 3\.2 h, capped at 2\.5 h$/);
  });

  it("is not charged when nothing is refinished", () => {
    expect(linesOf(run([finding("hood", "scratch", "minor")]), "Clear coat")).toEqual([]);
  });
});

describe("Tri-coat", () => {
  it("replaces clear coat: +70 % first panel, +40 % each additional, and counts for materials", () => {
    const estimate = run([finding("front-door-left", "scratch", "moderate")], {
      paintType: "tri-coat",
    });
    expect(linesOf(estimate, "Clear coat")).toEqual([]);
    const triCoat = only(estimate, "Tri-coat");
    // 0.7 × 2.2 + 0.4 × (0.9 + 1.0) = 2.3 h
    expect(triCoat).toMatchObject({ hours: 2.3, amountCents: 230_00, category: "paint" });
    expect(only(estimate, "Paint materials").hours).toBe(6.4); // 2.2 + 0.9 + 1.0 + 2.3
    expect(estimate.costRaisers.join(" ")).toMatch(/Tri-coat colors are the hardest to match/);
  });

  it("costs more than the same repair in metallic paint", () => {
    const metallic = run([finding("hood", "dent", "moderate", { sizeCm: 10 })]);
    const triCoat = run([finding("hood", "dent", "moderate", { sizeCm: 10 })], {
      paintType: "tri-coat",
    });
    expect(triCoat.totalCents).toBeGreaterThan(metallic.totalCents);
  });
});

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

describe("EV / hybrid", () => {
  it("adds 30 % of body labor hours; refinish time is unchanged", () => {
    const estimate = run([finding("front-bumper", "crack", "severe")], {
      priceClass: "ev-hybrid",
      paintType: "solid",
    });
    const ev = only(estimate, "EV adjustment");
    expect(ev).toMatchObject({ hours: 0.8, rateType: "body", amountCents: 80_00 }); // 30 % × 2.5 h
    expect(ev.description).toContain("+30 % of 2.5 h body labor");
    expect(only(estimate, "Refinish").hours).toBe(2.8);
  });

  it("adds 30 % of mechanical hours at the mechanical rate", () => {
    const estimate = run([finding("wheel-rear-left", "tire-damage", "severe")], {
      priceClass: "ev-hybrid",
    });
    expect(only(estimate, "EV adjustment")).toMatchObject({
      hours: 0.1, // 30 % × 0.4 h = 0.12
      rateType: "mechanical",
      amountCents: 15_00,
    });
  });

  it("adds nothing to sublet-only work and nothing on gasoline cars", () => {
    const pdr = [finding("hood", "dent", "minor", { sizeCm: 2 })];
    expect(linesOf(run(pdr, { priceClass: "ev-hybrid" }), "EV adjustment")).toEqual([]);
    expect(linesOf(run([finding("front-bumper", "crack", "severe")]), "EV adjustment")).toEqual([]);
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

describe("Lamps", () => {
  it("a broken headlamp on an economy car → aftermarket halogen + 0.8 h", () => {
    const estimate = run([finding("headlamp-left", "broken-lamp", "severe")], {
      priceClass: "economy",
    });
    expect(table(estimate)).toEqual([
      ["Replace", "headlamp-left", 0.8, 80_00],
      ["Part", "headlamp-left", null, 160_00],
      ["Tax", null, null, 16_00],
    ]);
    expect(only(estimate, "Part").description).toBe("Headlamp assembly, halogen (economy)");
    expect(estimate.costRaisers.join(" ")).toMatch(/Replacing the left headlamp can mean/);
  });

  it("luxury cars get LED by default; headlampType overrides", () => {
    const luxury = run([finding("headlamp-right", "crack", "moderate")], {
      priceClass: "luxury",
    });
    expect(only(luxury, "Part")).toMatchObject({
      amountCents: 1_500_00,
      description: "Headlamp assembly, LED (luxury)",
    });
    const midLed = run([finding("headlamp-right", "crack", "moderate")], { headlampType: "led" });
    expect(only(midLed, "Part").amountCents).toBe(1_000_00);
  });

  it("an HID (xenon) headlamp is priced between halogen and LED, from $400 for the assembly", () => {
    const partFor = (headlampType: "halogen" | "hid" | "led") =>
      only(run([finding("headlamp-left", "broken-lamp", "severe")], { headlampType }), "Part");
    const hid = partFor("hid");
    expect(hid).toMatchObject({
      amountCents: 650_00,
      description: "Headlamp assembly, HID xenon (mid-range)",
    });
    expect(hid.amountCents).toBeGreaterThan(partFor("halogen").amountCents);
    expect(hid.amountCents).toBeLessThan(partFor("led").amountCents);
    for (const priceClass of ["economy", "mid", "premium", "luxury", "ev-hybrid"] as const) {
      const part = only(
        run([finding("headlamp-left", "broken-lamp", "severe")], {
          priceClass,
          headlampType: "hid",
        }),
        "Part",
      );
      expect(part.amountCents).toBeGreaterThanOrEqual(400_00);
      expect(part.amountCents).toBeLessThanOrEqual(1_500_00);
    }
  });

  it("taillamps and fog lamps have their own prices and times", () => {
    expect(table(run([finding("taillamp-left", "broken-lamp", "moderate")])).slice(0, 2)).toEqual([
      ["Replace", "taillamp-left", 0.4, 40_00],
      ["Part", "taillamp-left", null, 200_00],
    ]);
    expect(table(run([finding("fog-lamp-right", "missing-part", "minor")])).slice(0, 2)).toEqual([
      ["Replace", "fog-lamp-right", 0.5, 50_00],
      ["Part", "fog-lamp-right", null, 100_00],
    ]);
  });

  it("a scuffed lens is polished unless severe", () => {
    expect(table(run([finding("headlamp-left", "scuff", "moderate")]))).toEqual([
      ["Polish", "headlamp-left", 0.5, 75_00],
    ]);
    expect(linesOf(run([finding("headlamp-left", "scratch", "severe")]), "Replace")).toHaveLength(
      1,
    );
  });
});

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

// ─── Range, days, ordering, validation ──────────────────────────────────────────────────────────

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

describe("Hours and days", () => {
  it("repair days: labor hours ÷ 4 rounded up, +1 when parts are ordered, at least 1", () => {
    const bumper = run([finding("front-bumper", "crack", "severe")]);
    // 2.5 replace + 2.8 refinish + 1.8 blends + 1.5 clear coat = 8.6 h → 3 days + 1 for the part
    expect(bumper.laborHours).toBe(8.6);
    expect(bumper.repairDays).toBe(4);
    expect(run([finding("hood", "dent", "minor", { sizeCm: 2 })]).repairDays).toBe(1);
    expect(run([finding("hood", "scratch", "minor")]).repairDays).toBe(1);
  });

  it("lost-income days use the labor hours and the repair start date", () => {
    const findings = [
      finding("front-door-left", "dent", "severe", { sizeCm: 30 }),
      finding("rear-door-left", "dent", "severe", { sizeCm: 30 }),
    ];
    const monday = run(findings);
    expect(monday.laborHours).toBeGreaterThan(16);
    expect(monday.laborHours).toBeLessThanOrEqual(20);
    expect(monday.lostIncome).toEqual({ workingDays: 5, weekendDays: 0, days: 5 });
    const thursday = run(findings, {}, { repairStartDate: "2026-11-19" });
    expect(thursday.lostIncome).toEqual({ workingDays: 5, weekendDays: 2, days: 7 });
    expect(thursday.lostIncomeDays).toBe(7);
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

describe("Validation", () => {
  function errorsOf(action: () => unknown): Record<string, string> {
    try {
      action();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidInputError);
      return { ...(error as InvalidInputError).fieldErrors };
    }
    throw new Error("expected InvalidInputError");
  }

  it("rejects invalid findings with a field path", () => {
    const errors = errorsOf(() =>
      run([
        finding("hood", "scratch", "minor"),
        { ...finding("roof", "dent", "minor"), confidence: 3 },
        { ...finding("hood", "dent", "minor"), damageType: "wheel-curb-rash" },
      ]),
    );
    expect(Object.keys(errors)).toEqual(["findings.1.confidence", "findings.2.damageType"]);
  });

  it("rejects duplicate ids and panels the body doesn't have", () => {
    const errors = errorsOf(() =>
      run(
        [
          finding("hood", "scratch", "minor", { id: "same" }),
          finding("roof", "scratch", "minor", { id: "same" }),
          finding("rear-door-left", "scratch", "minor"),
        ],
        { bodyType: "coupe" },
      ),
    );
    expect(errors).toEqual({
      "findings.1.id": 'Finding id "same" is used twice.',
      "findings.2.panel": "A coupe has no left rear door.",
    });
  });

  it("rejects an invalid vehicle, rate card or start date", () => {
    expect(Object.keys(errorsOf(() => run([], { year: 1800 })))).toEqual(["vehicle.year"]);
    const broken = { ...ROUND, bodyLaborCentsPerHour: -1 };
    expect(Object.keys(errorsOf(() => run([], {}, undefined, broken)))).toEqual([
      "rateCard.bodyLaborCentsPerHour",
    ]);
    expect(Object.keys(errorsOf(() => run([], {}, { repairStartDate: "2026-13-01" })))).toEqual([
      "options.repairStartDate",
    ]);
  });
});

// ─── Damage real rental cars get ────────────────────────────────────────────────────────────────

function hail(
  panel: PanelId,
  dentCount: NonNullable<Finding["hail"]>["dentCount"],
  dentSize: NonNullable<Finding["hail"]>["dentSize"],
  extra: Partial<Finding> = {},
): Finding {
  return finding(panel, "hail", "moderate", {
    id: `${panel}/hail/${dentCount}/${dentSize}`,
    hail: { dentCount, dentSize },
    ...extra,
  });
}

describe("Hail: the PDR matrix per panel", () => {
  it("a horizontal panel is priced from its row: hood, 16–30 quarter-size dents → $375", () => {
    const estimate = run([hail("hood", "16-30", "quarter")]);
    expect(table(estimate)).toEqual([["PDR", "hood", null, 375_00]]);
    expect(only(estimate, "PDR")).toMatchObject({
      category: "sublet",
      description:
        "Paintless hail repair, hood: 16–30 quarter-size dents, matrix $375 (horizontal panel)",
    });
    expect(linesOf(estimate, "Refinish")).toEqual([]);
  });

  it("vertical panels cost less in the same cell: a door, 16–30 quarter-size → $325", () => {
    expect(table(run([hail("front-door-left", "16-30", "quarter")]))).toEqual([
      ["PDR", "front-door-left", null, 325_00],
    ]);
  });

  it.each([
    ["1-5", "dime", 125_00],
    ["1-5", "half-dollar", 215_00],
    ["6-15", "nickel", 215_00],
    ["31-50", "half-dollar", 575_00],
    ["51-75", "quarter", 625_00],
    ["101-150", "half-dollar", 1_500_00],
  ] as const)("trunk lid %s %s → %i cents + trim panel R&I", (count, size, cents) => {
    const estimate = run([hail("trunk-liftgate", count, size)]);
    expect(only(estimate, "PDR").amountCents).toBe(cents);
    expect(only(estimate, "R&I")).toMatchObject({ hours: 0.5, amountCents: 50_00 });
  });

  it("the roof needs the headliner down, once however many hail findings it has", () => {
    const estimate = run([
      hail("roof", "31-50", "nickel"),
      hail("roof", "1-5", "half-dollar", { id: "roof-big" }),
    ]);
    expect(linesOf(estimate, "PDR").map((line) => line.amountCents)).toEqual([215_00, 425_00]);
    expect(only(estimate, "R&I")).toMatchObject({
      panel: "roof",
      hours: 2.0,
      amountCents: 200_00,
      description: "Remove and refit headliner for hail repair access",
    });
  });

  it("aluminum panels add 22.5 %; each oversize dent adds $50", () => {
    const aluminum = run([hail("hood", "1-5", "dime")], { aluminumPanels: ["hood"] });
    expect(only(aluminum, "PDR").amountCents).toBe(roundToCents(125_00 * 1.225));
    expect(only(aluminum, "PDR").description).toMatch(/\+ 22\.5 % for aluminum$/);
    const oversize = run([
      hail("hood", "6-15", "quarter", {
        hail: { dentCount: "6-15", dentSize: "quarter", oversizeDents: 2 },
      }),
    ]);
    expect(only(oversize, "PDR").amountCents).toBe(255_00 + 2 * 50_00);
    expect(only(oversize, "PDR").description).toMatch(/\+ 2 oversize dents × \$50$/);
  });

  it("past the matrix (CR) the panel gets conventional repair and refinish, and says why", () => {
    const panelHail = hail("front-fender-left", "51-75", "nickel");
    const estimate = run([panelHail]);
    expect(linesOf(estimate, "PDR")).toEqual([]);
    expect(only(estimate, "Repair")).toMatchObject({ panel: "front-fender-left", hours: 5.0 });
    expect(only(estimate, "Refinish")).toMatchObject({ panel: "front-fender-left", hours: 1.8 });
    expect(estimate.findingNotes[panelHail.id]?.join(" ")).toMatch(
      /past what the hail matrix prices for paintless repair/,
    );
  });

  it("says a recount can move a panel up a band", () => {
    expect(run([hail("hood", "6-15", "dime")]).costRaisers.join(" ")).toMatch(
      /recount under a PDR light/,
    );
  });

  it("uncounted hail is priced from a typical cell for its severity, with a note", () => {
    const uncounted = finding("hood", "hail", "moderate");
    const estimate = run([uncounted]);
    expect(only(estimate, "PDR").amountCents).toBe(375_00); // 16–30 quarter-size
    expect(estimate.findingNotes[uncounted.id]?.[0]).toMatch(
      /dents weren't counted: priced as 16–30 quarter-size dents/,
    );
  });

  it("a whole car after a storm: one matrix line per panel, summed to the cent", () => {
    const estimate = run([
      hail("hood", "31-50", "quarter"),
      hail("roof", "51-75", "quarter"),
      hail("trunk-liftgate", "16-30", "quarter"),
      hail("front-fender-left", "6-15", "nickel"),
      hail("front-fender-right", "6-15", "nickel"),
      hail("front-door-left", "1-5", "dime"),
    ]);
    expect(sumOf(estimate, ["PDR"])).toBe(475_00 + 625_00 + 375_00 + 175_00 + 175_00 + 95_00);
    expect(sumOf(estimate, ["R&I"])).toBe(200_00 + 50_00);
    expect(estimate.totalCents).toBe(1_920_00 + 250_00);
  });
});

function sumOf(estimate: Estimate, operations: Operation[]): number {
  return estimate.lines
    .filter((line) => operations.includes(line.operation))
    .reduce((sum, line) => sum + line.amountCents, 0);
}

describe("Cameras and sensors as damaged parts", () => {
  it("a front radar: replace, OEM part by class, static calibration, no bumper R&I", () => {
    const estimate = run([
      finding("front-bumper", "sensor-damage", "severe", { sensor: "front radar" }),
    ]);
    expect(table(estimate)).toEqual([
      ["Replace", "front-bumper", 1.0, 100_00],
      ["Part", "front-bumper", null, 650_00],
      ["Calibration", "front-bumper", null, 300_00],
      ["Tax", null, null, 65_00],
    ]);
    expect(only(estimate, "Calibration").description).toBe(
      "Calibrate the new front radar (static: targets in the shop)",
    );
  });

  it("a parking sensor: the cover comes off to reach it and the new sensor is painted", () => {
    const estimate = run([
      finding("rear-bumper", "sensor-damage", "moderate", { sensor: "parking sensors" }),
    ]);
    expect(table(estimate).slice(0, 4)).toEqual([
      ["Replace", "rear-bumper", 0.3, 30_00],
      ["Part", "rear-bumper", null, 420_00],
      ["R&I", "rear-bumper", 1.2, 120_00],
      ["Refinish", "rear-bumper", 0.3, 30_00],
    ]);
    expect(linesOf(estimate, "Calibration")).toEqual([]);
  });

  it("a rear camera gets a dynamic calibration; a mirror camera a static one", () => {
    const rear = run([finding("trunk-liftgate", "sensor-damage", "moderate")]);
    expect(only(rear, "Part").description).toBe("Rear camera, mid-range");
    expect(only(rear, "Calibration")).toMatchObject({
      amountCents: 180_00,
      description: "Calibrate the new rear camera (dynamic: road drive with a scan tool)",
    });
    const mirror = run([finding("mirror-right", "sensor-damage", "severe")]);
    expect(only(mirror, "Part").description).toBe("Surround-view camera (mirror), mid-range");
    expect(only(mirror, "Calibration").amountCents).toBe(300_00);
  });

  it("a windshield camera replaced with the windshield is calibrated once", () => {
    const estimate = run([
      finding("windshield", "glass-damage", "severe"),
      finding("windshield", "sensor-damage", "severe", { id: "camera" }),
    ]);
    expect(linesOf(estimate, "Replace").map((line) => line.amountCents)).toEqual([
      50_00, // 0.5 h camera swap
      1_300_00, // the windshield, installed with its camera bracket
    ]);
    expect(only(estimate, "Part")).toMatchObject({
      amountCents: 700_00,
      description: "Windshield (forward) camera, mid-range",
    });
    expect(linesOf(estimate, "Calibration")).toHaveLength(1);
  });

  it("a rear bumper that comes off on an ADAS car names AAA's cost of each sensor it may carry", () => {
    const estimate = run([
      finding("rear-bumper", "sensor-damage", "moderate", { sensor: "parking sensors" }),
    ]);
    expect(estimate.costRaisers.join(" ")).toMatch(
      /parking sensors \$500–1,300; a rear radar \$850–2,050/,
    );
  });

  it("a sensor not named is the panel's first one, and the finding says so", () => {
    const unnamed = finding("front-bumper", "sensor-damage", "moderate");
    const estimate = run([unnamed]);
    expect(only(estimate, "Part").description).toBe("Front radar, mid-range");
    expect(estimate.findingNotes[unnamed.id]).toEqual([
      "Which sensor on the front bumper is damaged wasn't given: priced as the front radar.",
    ]);
  });

  it("two different sensors on one bumper are both replaced; a new cover doesn't supersede them", () => {
    const estimate = run([
      finding("front-bumper", "crack", "severe", { id: "cover" }),
      finding("front-bumper", "sensor-damage", "severe", { id: "radar", sensor: "front radar" }),
      finding("front-bumper", "sensor-damage", "minor", {
        id: "park",
        sensor: "parking sensors",
      }),
    ]);
    expect(linesOf(estimate, "Part").map((line) => line.description)).toEqual([
      "Front bumper cover, mid-range (OEM)",
      "Parking sensor, mid-range",
      "Front radar, mid-range",
    ]);
    expect(linesOf(estimate, "R&I")).toEqual([]); // the cover is replaced, not removed
  });

  it("is refused on a panel without sensors, or for a sensor the panel doesn't carry", () => {
    expect(() => run([finding("hood", "sensor-damage", "minor")])).toThrow(InvalidInputError);
    expect(() =>
      run([finding("front-bumper", "sensor-damage", "minor", { sensor: "rear camera" })]),
    ).toThrow(InvalidInputError);
  });
});

describe("Dents that can't be repaired paintlessly", () => {
  it("cracked paint rules out PDR: repair + refinish, with a note on the finding", () => {
    const cracked = finding("front-door-left", "dent", "minor", { sizeCm: 2, paintCracked: true });
    const estimate = run([cracked]);
    expect(linesOf(estimate, "PDR")).toEqual([]);
    expect(only(estimate, "Repair")).toMatchObject({
      hours: 1.0,
      description: expect.stringMatching(
        /^Repair left front door \(minor dent, 0\.8 in, paint cracked\); repaired: /,
      ),
    });
    expect(only(estimate, "Refinish").hours).toBe(2.2);
    expect(estimate.findingNotes[cracked.id]).toEqual([
      "The paint over this dent is cracked, so it can't be repaired paintlessly: priced as a conventional repair and refinish.",
    ]);
  });

  it.each([
    [4, 1.0],
    [8, 1.5],
    [12, 2.0],
    [20, 3.0],
    [30, 4.0],
    [44, 5.5],
  ])("repair time grows with size: a %d cm dent on a door → %d h", (sizeCm, hours) => {
    const estimate = run([
      finding("front-door-left", "dent", "minor", { sizeCm, paintCracked: true }),
    ]);
    expect(only(estimate, "Repair").hours).toBe(hours);
  });

  it("panels without access from behind take 25 % longer", () => {
    const estimate = run([finding("quarter-panel-left", "dent", "minor", { sizeCm: 20 })]);
    expect(only(estimate, "Repair")).toMatchObject({ hours: 3.8 }); // 3.0 × 1.25 = 3.75
    expect(only(estimate, "Repair").description).toMatch(/no access from behind/);
  });

  it("past 45 cm a bolt-on panel is replaced; a welded quarter panel is still repaired", () => {
    const huge = finding("front-door-right", "dent", "severe", { sizeCm: 50 });
    const door = run([huge]);
    expect(table(door).filter((row) => row[1] === "front-door-right")).toEqual([
      ["Replace", "front-door-right", 3.5, 350_00],
      ["Part", "front-door-right", null, 650_00],
      ["Refinish", "front-door-right", 2.2, 220_00],
    ]);
    expect(linesOf(door, "R&I")).toEqual([]);
    expect(door.findingNotes[huge.id]?.[0]).toMatch(/priced as a new panel/);
    const quarter = run([finding("quarter-panel-right", "dent", "severe", { sizeCm: 50 })]);
    expect(linesOf(quarter, "Replace")).toEqual([]);
    expect(only(quarter, "Repair").hours).toBe(6.9); // 5.5 × 1.25
  });

  it("aluminum: twice the repair time at the specialist rate (body rate × 1.85)", () => {
    const estimate = run([finding("front-door-left", "dent", "minor", { sizeCm: 12 })], {
      aluminumPanels: ["front-door-left"],
    });
    expect(only(estimate, "Repair")).toMatchObject({
      hours: 4.0, // 2.0 × 2
      rateCents: 185_00,
      amountCents: 740_00,
    });
    expect(only(estimate, "Repair").description).toMatch(/aluminum: × 2 time, specialist rate/);
    // Refinish is paint work: the same on any metal.
    expect(only(estimate, "Refinish").rateCents).toBe(100_00);
    const replaced = run([finding("hood", "dent", "severe", { sizeCm: 60 })], {
      aluminumPanels: ["hood"],
    });
    expect(only(replaced, "Replace")).toMatchObject({ hours: 1.5, rateCents: 185_00 });
  });

  it("the same dent is repaired on a steel hood and replaced on an aluminum one", () => {
    const dent = finding("hood", "dent", "minor", { sizeCm: 12 });
    const steel = run([dent]);
    expect(only(steel, "Repair").decision?.chosen).toBe("repair");
    expect(linesOf(steel, "Replace")).toEqual([]);
    const aluminum = run([dent], { aluminumPanels: ["hood"] });
    expect(linesOf(aluminum, "Repair")).toEqual([]);
    expect(only(aluminum, "Replace").decision).toMatchObject({
      chosen: "replace",
      reason: expect.stringMatching(
        /^replaced: 4 h of repair \(\$740\) would be 95 % of a new panel's/,
      ),
    });
  });
});

describe("Lamps by type", () => {
  it("adaptive LED headlamps cost more and are aimed and initialized", () => {
    const estimate = run([finding("headlamp-left", "broken-lamp", "severe")], {
      headlampType: "adaptive-led",
    });
    expect(table(estimate).slice(0, 3)).toEqual([
      ["Replace", "headlamp-left", 0.8, 80_00],
      ["Part", "headlamp-left", null, 1_600_00],
      ["Calibration", "headlamp-left", 0.5, 50_00],
    ]);
    expect(only(estimate, "Part").description).toBe("Headlamp assembly, adaptive LED (mid-range)");
  });

  it("taillamps: bulbs on economy and mid cars, LED on the others, unless the vehicle says", () => {
    const part = (vehicle: Partial<Vehicle>) =>
      only(run([finding("taillamp-right", "broken-lamp", "severe")], vehicle), "Part");
    expect(part({})).toMatchObject({
      amountCents: 200_00,
      description: "Taillamp assembly (mid-range)",
    });
    expect(part({ taillampType: "led" })).toMatchObject({
      amountCents: 320_00,
      description: "Taillamp assembly, LED (mid-range)",
    });
    expect(part({ priceClass: "premium" }).amountCents).toBe(450_00);
    expect(part({ priceClass: "luxury", taillampType: "bulb" }).amountCents).toBe(500_00);
  });
});

describe("Blends across panels", () => {
  const blends = (estimate: Estimate) => linesOf(estimate, "Blend").map((line) => line.panel);

  it("a sideswipe across the rear door and quarter panel refinishes both and blends the front door once", () => {
    const estimate = run([
      finding("rear-door-left", "scratch", "moderate", { sizeCm: 60 }),
      finding("quarter-panel-left", "scratch", "moderate", { sizeCm: 40 }),
    ]);
    expect(linesOf(estimate, "Refinish").map((line) => line.panel)).toEqual([
      "rear-door-left",
      "quarter-panel-left",
    ]);
    expect(blends(estimate)).toEqual(["front-door-left"]);
  });

  it("a panel between two refinished panels is blended once", () => {
    const estimate = run([
      finding("front-door-left", "scratch", "moderate"),
      finding("quarter-panel-left", "dent", "moderate", { sizeCm: 20 }),
    ]);
    expect(blends(estimate)).toEqual(["front-fender-left", "rear-door-left"]);
  });

  it("on a coupe a door-to-quarter sideswipe blends only the fender", () => {
    const estimate = run(
      [
        finding("front-door-right", "scratch", "severe"),
        finding("quarter-panel-right", "scratch", "severe"),
      ],
      { bodyType: "coupe" },
    );
    expect(blends(estimate)).toEqual(["front-fender-right"]);
  });

  it("tri-coat counts every refinished and blended panel; solid paint blends nothing", () => {
    const findings = [
      finding("rear-door-left", "scratch", "moderate"),
      finding("quarter-panel-left", "scratch", "moderate"),
    ];
    const triCoat = run(findings, { paintType: "tri-coat" });
    // 70 % × 2.5 h (quarter) + 40 % × (2.0 h door + 1.1 h front-door blend) = 1.75 + 1.24
    expect(only(triCoat, "Tri-coat").hours).toBe(3.0);
    expect(blends(run(findings, { paintType: "solid" }))).toEqual([]);
  });
});
