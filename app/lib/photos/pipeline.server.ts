/**
 * Turns an uploaded damage photo into what we store and show: a metadata-free display JPEG
 * (long edge ≤ 2048), a thumbnail, the SHA-256 of the exact bytes the host sent (evidence
 * integrity), capture time and GPS from EXIF, and quality checks a host can act on before the
 * claim is filed (too dark, blurry, too small, duplicate).
 *
 * Bad input of any kind — empty, truncated, not an image, HEIC, a decompression bomb — ends in a
 * PhotoRejectedError with a message for the host and an HTTP status, never another error type.
 * The image is decoded once: one sharp pipeline produces an oriented, sRGB, ≤ 2048 px raw copy
 * and everything else is derived from that.
 */
import { createHash } from "node:crypto";
import exifr from "exifr";
import sharp from "sharp";
import { env } from "~/lib/runtime/env.server";
import { EXIFR_OPTIONS, readExifFields } from "./exif-values";
import { sniffImageFormat } from "./image-type";

const MB = 1024 * 1024;

export const PHOTO_LIMITS = {
  /** 64 MP: well above any phone camera (48–50 MP sensors), far below a decompression bomb. */
  maxInputPixels: 64_000_000,
  displayLongEdge: 2048,
  thumbLongEdge: 480,
  /** Below this long edge an adjuster cannot zoom into the damage. */
  minUsefulLongEdge: 800,
  /** Size of the grayscale copy the quality checks run on, so thresholds don't depend on input size. */
  analysisLongEdge: 512,
  /**
   * Mean luma (0–255) below which we warn. Daylight and indoor photos sit around 90–140; a
   * garage at night without flash around 20–40.
   */
  darkBrightness: 50,
  /**
   * `quality.sharpness` below which we warn. Calibration: a generated car scene (smooth panels,
   * few edges, sensor noise) measures 420–450 sharp at 1600 and 4000 px, 330 after a σ 1 blur,
   * 125 after σ 2, 8 after σ 6 at 1600 px and 78 after σ 6 at 4000 px; a real 720 px photo
   * measures ~4100 sharp, ~200 after σ 2 and ~33 after σ 6. Dimming doesn't change it (see
   * `laplacianVariance`). Low on purpose: a false "blurry" on a good photo costs more trust than
   * a missed soft one.
   */
  blurSharpness: 120,
  /** dHash bits that may differ for two photos to count as the same shot. */
  duplicateMaxDistance: 5,
} as const;

/** The per-photo byte cap: MAX_PHOTO_MB (default 25) megabytes of 1024 × 1024 bytes. */
export function maxPhotoBytes(): number {
  return Math.round(env().MAX_PHOTO_MB * MB);
}

export type ImageType = "jpeg" | "png" | "webp" | "heic";

/** The image type by magic bytes alone (never the file name or the browser's content type). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const format = sniffImageFormat(bytes);
  // AVIF (AV1, not HEVC) and GIF are recognized but not accepted.
  return format === "avif" || format === "gif" ? null : format;
}

export type PhotoRejectionCode =
  "unsupported-type" | "heic" | "too-large" | "too-many-pixels" | "unreadable";

const STATUS_BY_CODE = {
  "unsupported-type": 415,
  heic: 415,
  "too-large": 413,
  "too-many-pixels": 413,
  unreadable: 422,
} as const satisfies Record<PhotoRejectionCode, 413 | 415 | 422>;

/** A photo we refuse, with a message to show the host as is. */
export class PhotoRejectedError extends Error {
  readonly code: PhotoRejectionCode;
  readonly status: 413 | 415 | 422;

  constructor(code: PhotoRejectionCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PhotoRejectedError";
    this.code = code;
    this.status = STATUS_BY_CODE[code];
  }
}

export const REJECTION_MESSAGES = {
  heic:
    "This photo is in HEIC format, which we can't read yet. On iPhone choose Settings › Camera › " +
    "Formats › Most Compatible, or export the photo as JPEG, then upload it again.",
  unsupported: "That file isn't a photo we can read. Upload a JPEG, PNG or WebP image.",
  empty: "That file is empty (0 bytes). Choose the photo again and upload it.",
  unreadable:
    "We couldn't read this photo: the file looks damaged or incomplete. Upload it again, or take " +
    "the photo again if it still fails.",
};

/** One decimal at most; the size is rounded up so a file just over 25 MB never reads "25 MB". */
function formatMegabytes(bytes: number, round: (n: number) => number): string {
  return `${round((bytes / MB) * 10) / 10} MB`;
}

function tooLarge(size: number, limit: number): PhotoRejectedError {
  return new PhotoRejectedError(
    "too-large",
    `This photo is ${formatMegabytes(size, Math.ceil)}, over the ` +
      `${formatMegabytes(limit, Math.round)} limit per photo. ` +
      "Upload a smaller copy (most phones can share a photo at a reduced size) and try again.",
  );
}

function tooManyPixels(width: number, height: number): PhotoRejectedError {
  // Rounded up, so 8001 × 8000 reads "64.1 megapixels", not "64", over a limit of 64.
  const megapixels = Math.ceil((width * height) / 1e5) / 10;
  return new PhotoRejectedError(
    "too-many-pixels",
    `This image is ${width} × ${height} pixels (${megapixels} megapixels), over our ` +
      `limit of ${PHOTO_LIMITS.maxInputPixels / 1e6} megapixels. Upload a normal camera photo or ` +
      "resize the image first.",
  );
}

export type QualityWarningCode = "too-dark" | "blurry" | "too-small" | "duplicate";
export type QualityWarning = { code: QualityWarningCode; message: string };

export const WARNING_MESSAGES = {
  tooDark:
    "This photo looks too dark to show the damage clearly. Dim photos lose claims — retake it in " +
    "daylight or with the flash.",
  blurry:
    "This photo looks blurry, so scratches and dents may not show. Insurers can refuse unclear " +
    "evidence — hold the phone steady, tap the damage to focus, and retake it.",
  tooSmall: (width: number, height: number) =>
    `This photo is only ${width} × ${height} pixels, too small for an adjuster to zoom in on the ` +
    `damage. Upload the original from the phone's camera (at least ${PHOTO_LIMITS.minUsefulLongEdge} ` +
    "pixels on the long side), not a screenshot or a copy from a chat app.",
  sameFile: (label: string) =>
    `This is the same file as ${label}, added twice. Remove one of them.`,
  sameShot: (label: string) =>
    `This looks like the same shot as ${label}. Keep it only if it shows something new.`,
};

export type ProcessedPhoto = {
  /** Oriented, sRGB, metadata-free JPEG, long edge ≤ 2048 (never enlarged). */
  display: Buffer;
  displayWidth: number;
  displayHeight: number;
  /** Metadata-free JPEG, long edge ≤ 480. */
  thumb: Buffer;
  /** Hex SHA-256 of the exact bytes received. */
  originalSha256: string;
  originalBytes: number;
  /** After EXIF orientation, i.e. as the host sees the photo. */
  originalWidth: number;
  originalHeight: number;
  format: "jpeg" | "png" | "webp";
  /** "YYYY-MM-DDTHH:MM:SS" plus "±HH:MM" when the camera recorded its offset. */
  capturedAt: string | null;
  gps: { lat: number; lng: number } | null;
  quality: {
    /** Mean luma, 0–255. */
    brightness: number;
    /** Variance of the Laplacian on a ~512 px grayscale copy; higher is sharper. */
    sharpness: number;
    /** 64-bit difference hash, 16 hex characters; compare with `hammingDistance`. */
    dhash: string;
  };
  /** too-dark, blurry, too-small; duplicates need the other photos, see `findDuplicates`. */
  warnings: QualityWarning[];
};

/**
 * Validates, normalizes and analyzes one uploaded photo.
 * @throws PhotoRejectedError for every kind of bad input.
 */
export async function processPhoto(
  bytes: Buffer,
  options: { maxBytes?: number } = {},
): Promise<ProcessedPhoto> {
  const maxBytes = options.maxBytes ?? maxPhotoBytes();
  if (bytes.length === 0) throw new PhotoRejectedError("unreadable", REJECTION_MESSAGES.empty);
  if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);

  const format = sniffImageType(bytes);
  if (format === "heic") throw new PhotoRejectedError("heic", REJECTION_MESSAGES.heic);
  if (format === null) {
    throw new PhotoRejectedError("unsupported-type", REJECTION_MESSAGES.unsupported);
  }

  // Header only: refuse huge dimensions before anything allocates pixels.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch((cause: unknown) => {
      throw new PhotoRejectedError("unreadable", REJECTION_MESSAGES.unreadable, { cause });
    });
  if (meta.format !== format || !meta.width || !meta.height) {
    throw new PhotoRejectedError("unreadable", REJECTION_MESSAGES.unreadable);
  }
  if (meta.width * meta.height > PHOTO_LIMITS.maxInputPixels) {
    throw tooManyPixels(meta.width, meta.height);
  }

  const [pixels, exif] = await Promise.all([
    decodeOnce(bytes, Boolean(meta.icc)).catch((cause: unknown) => {
      throw new PhotoRejectedError("unreadable", REJECTION_MESSAGES.unreadable, { cause });
    }),
    // EXIF is a bonus: a photo with broken or missing EXIF is still evidence.
    exifr.parse(bytes, EXIFR_OPTIONS).catch(() => null),
  ]);

  const { width, height } = pixels.info;
  const raw = { raw: { width, height, channels: pixels.info.channels } };
  const [display, thumb, gray] = await Promise.all([
    // Plain libjpeg-turbo: mozjpeg would save ~40 % but costs ~170 ms here, over half the budget.
    sharp(pixels.data, raw).jpeg({ quality: 82 }).toBuffer(),
    sharp(pixels.data, raw)
      .resize(PHOTO_LIMITS.thumbLongEdge, PHOTO_LIMITS.thumbLongEdge, {
        fit: "inside",
        withoutEnlargement: true,
      })
      .jpeg({ quality: 78 })
      .toBuffer(),
    // Luma is computed here rather than with sharp's grayscale(), which runs before the resize
    // and costs ~40 ms on a 2048 px image.
    sharp(pixels.data, raw)
      .resize(PHOTO_LIMITS.analysisLongEdge, PHOTO_LIMITS.analysisLongEdge, {
        fit: "inside",
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ ...info, data: toLuma(data, info.channels) })),
  ]);

  const quality = {
    brightness: round2(mean(gray.data)),
    sharpness: round2(laplacianVariance(gray.data, gray.width, gray.height)),
    dhash: await differenceHash(gray.data, gray.width, gray.height),
  };

  // Orientations 5–8 swap width and height; sharp reports the oriented size in `autoOrient`.
  const originalWidth = meta.autoOrient?.width ?? meta.width;
  const originalHeight = meta.autoOrient?.height ?? meta.height;
  const warnings: QualityWarning[] = [];
  if (Math.max(originalWidth, originalHeight) < PHOTO_LIMITS.minUsefulLongEdge) {
    warnings.push({
      code: "too-small",
      message: WARNING_MESSAGES.tooSmall(originalWidth, originalHeight),
    });
  }
  if (quality.brightness < PHOTO_LIMITS.darkBrightness) {
    warnings.push({ code: "too-dark", message: WARNING_MESSAGES.tooDark });
  }
  if (quality.sharpness < PHOTO_LIMITS.blurSharpness) {
    warnings.push({ code: "blurry", message: WARNING_MESSAGES.blurry });
  }

  return {
    display,
    displayWidth: width,
    displayHeight: height,
    thumb,
    originalSha256: createHash("sha256").update(bytes).digest("hex"),
    originalBytes: bytes.length,
    originalWidth,
    originalHeight,
    format,
    ...readExifFields(exif),
    quality,
    warnings,
  };
}

/**
 * The single decode: orient, flatten transparency onto white, convert to 8-bit sRGB (through the
 * embedded ICC profile, e.g. Display P3 from iPhones), shrink to the display size, as raw RGB.
 * `failOn: "error"` refuses truncated files but lets through the harmless warnings ("extraneous
 * bytes before marker") that some phone firmware produces.
 */
async function decodeOnce(bytes: Buffer, hasIccProfile: boolean) {
  const decoded = sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxInputPixels, failOn: "error" })
    .autoOrient()
    .resize(PHOTO_LIMITS.displayLongEdge, PHOTO_LIMITS.displayLongEdge, {
      fit: "inside",
      withoutEnlargement: true,
    });
  // libvips converts through an embedded profile before resizing, i.e. on all 12 MP. Shrinking
  // first (kept lossless, profile attached) and converting the 3-MP result halves the CPU time of
  // an iPhone photo (Display P3); the colors come out the same.
  const source = hasIccProfile
    ? sharp(await decoded.keepIccProfile().png({ compressionLevel: 0 }).toBuffer())
    : decoded;
  return source
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Rec. 601 luma of interleaved sRGB pixels, 0–255. */
function toLuma(rgb: Buffer, channels: number): Buffer {
  const luma = Buffer.alloc(rgb.length / channels);
  for (let i = 0, j = 0; i < luma.length; i++, j += channels) {
    luma[i] = Math.round(0.299 * rgb[j]! + 0.587 * rgb[j + 1]! + 0.114 * rgb[j + 2]!);
  }
  return luma;
}

function mean(values: Uint8Array): number {
  let sum = 0;
  for (const value of values) sum += value;
  return values.length ? sum / values.length : 0;
}

/**
 * Variance of the 4-neighbor Laplacian over the interior pixels of a grayscale image, after
 * stretching its 1st–99th percentile range to 0–255. Without the stretch the measure scales with
 * contrast squared, so every dim or hazy but perfectly focused photo would also read as blurry.
 */
export function laplacianVariance(gray: Uint8Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  const histogram = new Array<number>(256).fill(0);
  for (const value of gray) histogram[value]!++;
  const percentile = (fraction: number) => {
    let seen = 0;
    for (let level = 0; level < 256; level++) {
      seen += histogram[level]!;
      if (seen >= fraction * gray.length) return level;
    }
    return 255;
  };
  // A nearly uniform frame (lens cap, blank wall) is not stretched beyond 8×: noise isn't detail.
  const range = Math.max(percentile(0.99) - percentile(0.01), 32);
  const gain = 255 / range;

  let sum = 0;
  let sumSquares = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const value =
        gray[i - width]! + gray[i + width]! + gray[i - 1]! + gray[i + 1]! - 4 * gray[i]!;
      sum += value;
      sumSquares += value * value;
    }
  }
  const count = (width - 2) * (height - 2);
  const average = sum / count;
  return (sumSquares / count - average * average) * gain * gain;
}

/** dHash: shrink to 9×8, one bit per horizontal neighbor pair (left brighter than right). */
async function differenceHash(gray: Buffer, width: number, height: number): Promise<string> {
  const tiny = await sharp(gray, { raw: { width, height, channels: 1 } })
    .resize(9, 8, { fit: "fill" })
    // Without this sharp hands back 3 interleaved channels, and the hash would read RGB triples.
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  let hex = "";
  for (let y = 0; y < 8; y++) {
    let byte = 0;
    for (let x = 0; x < 8; x++) {
      byte = (byte << 1) | (tiny[y * 9 + x]! > tiny[y * 9 + x + 1]! ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}

/** Number of differing bits between two 16-hex-digit hashes (64 for malformed input). */
export function hammingDistance(a: string, b: string): number {
  if (!/^[0-9a-f]{16}$/i.test(a) || !/^[0-9a-f]{16}$/i.test(b)) return 64;
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (diff) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
}

/**
 * Marks the later photo of each pair that is the same file (equal SHA-256) or the same shot
 * (dHash distance ≤ 5), pointing to the earliest match. Keyed by the later photo's id.
 * `label` names the earlier photo in the message; by default "photo 2" for index 1.
 */
export function findDuplicates(
  photos: { id: string; sha256: string; dhash: string }[],
  label: (index: number) => string = (index) => `photo ${index + 1}`,
): Map<string, QualityWarning> {
  const warnings = new Map<string, QualityWarning>();
  photos.forEach((photo, later) => {
    const earlier = photos.slice(0, later);
    const sameFile = earlier.findIndex((other) => other.sha256 === photo.sha256);
    if (sameFile >= 0) {
      warnings.set(photo.id, {
        code: "duplicate",
        message: WARNING_MESSAGES.sameFile(label(sameFile)),
      });
      return;
    }
    const sameShot = earlier.findIndex(
      (other) => hammingDistance(other.dhash, photo.dhash) <= PHOTO_LIMITS.duplicateMaxDistance,
    );
    if (sameShot >= 0) {
      warnings.set(photo.id, {
        code: "duplicate",
        message: WARNING_MESSAGES.sameShot(label(sameShot)),
      });
    }
  });
  return warnings;
}
