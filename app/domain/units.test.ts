import { describe, expect, it } from "vitest";
import { formatSize, lengthUnit, sizeInUnit, sizeToCm } from "./units";

describe("sizes in the account's unit", () => {
  it("shows inches by default and centimeters for metric accounts", () => {
    expect(lengthUnit("us")).toBe("in");
    expect(lengthUnit("metric")).toBe("cm");
    expect(formatSize(7.62, "us")).toBe("3 in");
    expect(formatSize(9, "us")).toBe("3.5 in");
    expect(formatSize(9, "metric")).toBe("9 cm");
  });

  it("stores a typed size in centimeters and reads it back as typed", () => {
    expect(sizeToCm(3, "us")).toBe(7.62);
    expect(sizeToCm(12.5, "metric")).toBe(12.5);
    expect(sizeInUnit(sizeToCm(2.4, "us"), "us")).toBe(2.4);
  });
});
