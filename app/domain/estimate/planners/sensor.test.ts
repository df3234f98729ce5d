import { describe, expect, it } from "vitest";
import { InvalidInputError } from "~/domain/validation";
import { finding, linesOf, only, run, table } from "~/domain/estimate/engine-test-kit";

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
