import { describe, expect, it } from "vitest";
import { finding, linesOf, only, run } from "~/domain/estimate/engine-test-kit";

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
