import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-e2e-photos-"));

/**
 * A photo-like JPEG for upload tests: smooth shading with texture (sharp and bright enough to pass
 * the quality checks) unless `dark` is set. Written to a temp file; returns its path.
 */
export async function phonePhoto(
  name: string,
  options: { seed?: number; dark?: boolean; width?: number; height?: number } = {},
): Promise<string> {
  const { seed = 1, dark = false, width = 1600, height = 1200 } = options;
  // Large seed-dependent shapes (so two photos never look like the same shot), fine grain and
  // crisp edges (so the blur check sees a focused photo).
  let state = seed * 2654435761;
  const noise = () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return (state >>> 16) / 65536;
  };
  const pixels = Buffer.alloc(width * height * 3);
  const boxX = (seed * 379) % (width / 2);
  const boxY = (seed * 211) % (height / 2);
  const angle = seed * 1.3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inBox = x > boxX && x < boxX + width / 3 && y > boxY && y < boxY + height / 3;
      const stripe = Math.floor((x + y * (seed % 3)) / 40) % 2 === 0 ? 25 : -25;
      const ramp = Math.sin(((Math.cos(angle) * x) / width + (Math.sin(angle) * y) / height) * 9);
      let value = 110 + 60 * ramp + stripe + (noise() - 0.5) * 50;
      if (inBox) value -= 60;
      if (dark) value *= 0.15;
      const i = (y * width + x) * 3;
      pixels[i] = value;
      pixels[i + 1] = value * 0.95;
      pixels[i + 2] = value * 0.9;
    }
  }
  const file = path.join(dir, name);
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "TestPhone" }, IFD2: { DateTimeOriginal: "2026:11:20 14:03:11" } })
    .toFile(file);
  return file;
}
