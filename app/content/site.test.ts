import { describe, expect, it } from "vitest";
import { betaPricingActive, testimonials, visibleTestimonials } from "./site";

describe("example content", () => {
  it("never shows example testimonials unless examples are switched on", () => {
    const mixed = [...testimonials, { quote: "Real quote", name: "Ana", role: "9 cars" }];
    expect(visibleTestimonials(mixed, false)).toEqual([
      { quote: "Real quote", name: "Ana", role: "9 cars" },
    ]);
    expect(visibleTestimonials(mixed, true)).toHaveLength(testimonials.length + 1);
  });

  it("ships only testimonials marked as examples", () => {
    expect(testimonials.every((t) => t.example === true)).toBe(true);
  });

  it("shows the beta-pricing notice only until its end date", () => {
    expect(betaPricingActive(new Date("2027-10-31T12:00:00Z"))).toBe(true);
    expect(betaPricingActive(new Date("2027-11-01T00:00:00Z"))).toBe(false);
  });
});
