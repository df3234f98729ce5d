import { describe, expect, it } from "vitest";
import { DEFAULT_PAINT_TYPE, defaultPriceClass } from "./vehicle-defaults";

describe("defaultPriceClass", () => {
  it.each([
    ["Tesla", "ev-hybrid"],
    ["rivian", "ev-hybrid"],
    ["Porsche", "luxury"],
    ["Land Rover", "luxury"],
    ["BMW", "premium"],
    ["Mercedes-Benz", "premium"],
    ["mercedes benz", "premium"],
    ["Lexus", "premium"],
    ["Toyota", "mid"],
    ["Kia", "mid"],
    ["", "mid"],
    [null, "mid"],
  ] as const)("%s → %s", (make, expected) => {
    expect(defaultPriceClass(make)).toBe(expected);
  });

  it("matches whole makes, not prefixes of other words", () => {
    expect(defaultPriceClass("Audition Motors")).toBe("mid");
    expect(defaultPriceClass("  Tesla   ")).toBe("ev-hybrid");
  });

  it("paints as two-stage metallic or pearl", () => {
    expect(DEFAULT_PAINT_TYPE).toBe("metallic-pearl");
  });
});
