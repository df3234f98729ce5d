/** Test files' first bytes: just enough of each format for the magic-byte sniffers. */

export const bytes = (...values: number[]) => new Uint8Array(values);
export const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

/** An ISO-BMFF ftyp box: size, "ftyp", major brand, minor version, compatible brands. */
export function ftyp(major: string, compatible: string[] = []): Uint8Array {
  const size = 16 + compatible.length * 4;
  const out = new Uint8Array(size + 8);
  out.set([0, 0, 0, size], 0);
  out.set(ascii("ftyp"), 4);
  out.set(ascii(major), 8);
  compatible.forEach((brand, i) => out.set(ascii(brand), 16 + i * 4));
  out.set(ascii("meta"), size + 4);
  return out;
}

export const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46);
export const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
