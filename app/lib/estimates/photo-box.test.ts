import { describe, expect, it } from "vitest";
import { BoundingBoxSchema } from "~/domain/estimate/finding-schema";
import { boxAfterKey, boxBetween, describeBox } from "./photo-box";

describe("a box drawn on a photo", () => {
  it("spans the two corners in either drag direction and stays inside the photo", () => {
    expect(boxBetween({ x: 0.6, y: 0.7 }, { x: 0.2, y: 0.3 })).toEqual({
      x: 0.2,
      y: 0.3,
      w: 0.4,
      h: 0.4,
    });
    const dragged = boxBetween({ x: 0.9, y: 0.9 }, { x: 1.4, y: -0.2 });
    expect(dragged).toEqual({ x: 0.9, y: 0, w: 0.1, h: 0.9 });
    expect(BoundingBoxSchema.safeParse(dragged).success).toBe(true);
  });

  it("starts in the middle on the first arrow key, then moves, and resizes with Shift", () => {
    const start = boxAfterKey(null, "ArrowUp", false);
    expect(start).toEqual({ x: 0.35, y: 0.35, w: 0.3, h: 0.3 });
    expect(boxAfterKey(start, "ArrowLeft", false)).toEqual({ x: 0.33, y: 0.35, w: 0.3, h: 0.3 });
    expect(boxAfterKey(start, "ArrowDown", true)).toEqual({ x: 0.35, y: 0.35, w: 0.3, h: 0.32 });
    expect(boxAfterKey(start, "Enter", false)).toBeNull();
  });

  it("never leaves the photo or shrinks to nothing from the keyboard", () => {
    let box = { x: 0.9, y: 0.9, w: 0.1, h: 0.1 };
    for (let press = 0; press < 10; press += 1) box = boxAfterKey(box, "ArrowRight", false)!;
    expect(box.x + box.w).toBeLessThanOrEqual(1);
    for (let press = 0; press < 10; press += 1) box = boxAfterKey(box, "ArrowLeft", true)!;
    expect(box.w).toBeGreaterThan(0);
    expect(BoundingBoxSchema.safeParse(box).success).toBe(true);
  });

  it("is described in words for screen readers and without JavaScript", () => {
    expect(describeBox({ x: 0.2, y: 0.3, w: 0.4, h: 0.25 })).toBe(
      "Box 20% from the left, 30% from the top, 40% wide, 25% tall.",
    );
  });
});
