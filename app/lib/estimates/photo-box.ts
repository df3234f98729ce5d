import type { BoundingBox } from "~/domain/estimate/taxonomy";

/*
 * The geometry of a box drawn by hand on a photo, in fractions (0..1) of the photo's width and
 * height, as findings store it.
 */

/** Boxes smaller than this (a fraction of the photo's side) are taken as a stray tap. */
export const MIN_BOX_SIDE = 0.02;
/** How far one arrow key press moves or resizes the box. */
const KEY_STEP = 0.02;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The box between two corners, kept inside the photo. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): BoundingBox {
  const x = clamp(Math.min(a.x, b.x), 0, 1);
  const y = clamp(Math.min(a.y, b.y), 0, 1);
  return {
    x: round(x),
    y: round(y),
    w: round(clamp(Math.max(a.x, b.x), 0, 1) - x),
    h: round(clamp(Math.max(a.y, b.y), 0, 1) - y),
  };
}

/**
 * The box after an arrow key: moved, or with Shift resized from its bottom-right corner; a new
 * one starts in the middle of the photo. It never leaves the photo.
 */
export function boxAfterKey(
  box: BoundingBox | null,
  key: string,
  resize: boolean,
): BoundingBox | null {
  const step: Record<string, [number, number]> = {
    ArrowLeft: [-KEY_STEP, 0],
    ArrowRight: [KEY_STEP, 0],
    ArrowUp: [0, -KEY_STEP],
    ArrowDown: [0, KEY_STEP],
  };
  const delta = step[key];
  if (!delta) return null;
  if (!box) return { x: 0.35, y: 0.35, w: 0.3, h: 0.3 };
  const [dx, dy] = delta;
  if (resize) {
    return {
      ...box,
      w: round(clamp(box.w + dx, KEY_STEP, 1 - box.x)),
      h: round(clamp(box.h + dy, KEY_STEP, 1 - box.y)),
    };
  }
  return {
    ...box,
    x: round(clamp(box.x + dx, 0, 1 - box.w)),
    y: round(clamp(box.y + dy, 0, 1 - box.h)),
  };
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** "Box 12% from the left, 30% from the top, 25% wide, 20% tall." */
export function describeBox(box: BoundingBox): string {
  return `Box ${percent(box.x)} from the left, ${percent(box.y)} from the top, ${percent(box.w)} wide, ${percent(box.h)} tall.`;
}
