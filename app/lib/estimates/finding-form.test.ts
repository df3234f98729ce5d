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

describe("the finding's photo and box", () => {
  const box = { boxX: "0.2", boxY: "0.3", boxW: "0.4", boxH: "0.4" };
  it("leaves the photo out when the caller did (keep it), clears it on 'none' or null", () => {
    expect(FindingFormSchema.parse(base).photoId).toBeUndefined();
    expect(FindingFormSchema.parse({ ...base, photoId: "none", ...box })).toMatchObject({
      photoId: null,
      box: undefined,
    });
    expect(FindingFormSchema.parse({ ...base, photoId: null }).photoId).toBeNull();
  });

  it("takes the drawn box only on the photo it was drawn on", () => {
    expect(
      FindingFormSchema.parse({ ...base, photoId: "p1", boxPhotoId: "p1", ...box }).box,
    ).toEqual({ x: 0.2, y: 0.3, w: 0.4, h: 0.4 });
    // The host picked another photo without JavaScript: the old box doesn't move over.
    expect(
      FindingFormSchema.parse({ ...base, photoId: "p2", boxPhotoId: "p1", ...box }),
    ).toMatchObject({ photoId: "p2", box: undefined });
  });

  it("refuses a box outside the photo, or a box with no photo", () => {
    const outside = FindingFormSchema.safeParse({ ...base, photoId: "p1", ...box, boxW: "0.9" });
    expect(outside.error?.issues[0]).toMatchObject({
      path: ["photoId"],
      message: "Draw the box inside the photo.",
    });
    const noPhoto = FindingFormSchema.safeParse({ ...base, box: { x: 0, y: 0, w: 0.5, h: 0.5 } });
    expect(noPhoto.error?.issues[0]?.message).toBe("Choose the photo the box is on.");
  });
});
