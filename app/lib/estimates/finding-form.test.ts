import { describe, expect, it } from "vitest";
import { FindingFormSchema, findingDetailText } from "./finding-form";

const base = { panel: "hood", damageType: "dent", severity: "moderate" };

describe("the finding form", () => {
  it("stores a size typed in inches (or centimeters) in centimeters; the API's sizeCm stays as sent", () => {
    expect(FindingFormSchema.parse({ ...base, size: "3", sizeUnit: "in" }).sizeCm).toBe(7.62);
    expect(FindingFormSchema.parse({ ...base, size: "9", sizeUnit: "cm" }).sizeCm).toBe(9);
    expect(FindingFormSchema.parse({ ...base, sizeCm: 12 }).sizeCm).toBe(12);
    const tooLong = FindingFormSchema.safeParse({ ...base, size: "300", sizeUnit: "in" });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]).toMatchObject({
      path: ["size"],
      message: "A finding can be at most 236 inches long.",
    });
  });

  it("takes hail details from the form's fields or the API's object, only for hail", () => {
    const hail = { ...base, damageType: "hail" };
    expect(
      FindingFormSchema.parse({ ...hail, hailDentCount: "31-50", hailDentSize: "nickel" }).hail,
    ).toEqual({
      dentCount: "31-50",
      dentSize: "nickel",
    });
    expect(
      FindingFormSchema.parse({
        ...hail,
        hail: { dentCount: "1-5", dentSize: "dime", oversizeDents: 1 },
      }).hail,
    ).toEqual({ dentCount: "1-5", dentSize: "dime", oversizeDents: 1 });
    const half = FindingFormSchema.safeParse({ ...hail, hailDentCount: "31-50" });
    expect(half.error?.issues[0]).toMatchObject({
      path: ["hailDentSize"],
      message: "Choose the size most dents have.",
    });
    expect(
      FindingFormSchema.parse({ ...base, hailDentCount: "31-50", hailDentSize: "nickel" }).hail,
    ).toBeUndefined();
  });

  it("keeps a sensor only for a damaged sensor the panel carries, and cracked paint only on dents", () => {
    const sensor = { panel: "rear-bumper", damageType: "sensor-damage", severity: "moderate" };
    expect(FindingFormSchema.parse({ ...sensor, sensor: "parking sensors" }).sensor).toBe(
      "parking sensors",
    );
    const wrong = FindingFormSchema.safeParse({ ...sensor, sensor: "forward camera" });
    expect(wrong.error?.issues[0]?.message).toBe("The rear bumper carries no forward camera.");
    expect(
      FindingFormSchema.parse({ ...base, damageType: "scratch", paintCracked: "on" }).paintCracked,
    ).toBe(false);
    expect(FindingFormSchema.parse({ ...base, paintCracked: "on" }).paintCracked).toBe(true);
  });

  it("describes the details in words", () => {
    expect(
      findingDetailText({
        hail: { dentCount: "16-30", dentSize: "half-dollar", oversizeDents: 3 },
      }),
    ).toBe("16–30 dents, mostly half-dollar-size, 3 larger than a half dollar");
    expect(findingDetailText({ sensor: "rear camera", paintCracked: false })).toBe("Rear camera");
    expect(findingDetailText({})).toBeNull();
  });
});
