/**
 * The image format of a file from its first bytes ("magic bytes"), never the file name or the
 * browser's content type. Pure, so the photo pipeline and the /mobile-test page share it.
 */

/** Every format the sniffer tells apart; which of them a caller accepts is up to the caller. */
export type SniffedImageFormat = "jpeg" | "png" | "webp" | "heic" | "avif" | "gif";

const HEIC_BRANDS = new Set([
  "heic",
  "heix",
  "hevc",
  "hevx",
  "heim",
  "heis",
  "hevm",
  "hevs",
  "mif1",
  "msf1",
]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

export function sniffImageFormat(bytes: Uint8Array): SniffedImageFormat | null {
  const ascii = (start: number, end: number) =>
    String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp") {
    // ISO-BMFF: box size, "ftyp", major brand, minor version, then compatible brands.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const boxEnd = Math.min(view.getUint32(0), bytes.length, 256);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(at, at + 4));
    // AVIF files also list mif1; they are AV1, not HEVC.
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "avif";
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "heic";
  }
  return null;
}
