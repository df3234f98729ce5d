import { describe, expect, it } from "vitest";
import { finding, linesOf, only, run, table } from "~/domain/estimate/engine-test-kit";

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
