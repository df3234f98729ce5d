import { describe, expect, it } from "vitest";
import { testimonials, visibleTestimonials } from "./site";

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
});
