import { describe, expect, it } from "vitest";
import { InvalidInputError } from "~/domain/validation";
import { finding, ROUND, run } from "~/domain/estimate/engine-test-kit";

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
