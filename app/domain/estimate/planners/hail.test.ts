import { describe, expect, it } from "vitest";
import { roundToCents } from "~/domain/money";
import { finding, hail, linesOf, only, run, sumOf, table } from "~/domain/estimate/engine-test-kit";

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
