import { describe, expect, it } from "vitest";
import type { Estimate } from "~/domain/estimate/engine";
import { finding, linesOf, only, run, table } from "~/domain/estimate/engine-test-kit";

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
