/**
 * Capture time and location from a photo's EXIF, shared by the server pipeline
 * (pipeline.server.ts, full exifr) and the browser preparation (prepare.client.ts, exifr lite) so
 * both apply the same rules. Plain TS: no Node or DOM APIs.
 */

/**
 * exifr options for both builds: the EXIF and GPS blocks, everything else off, values left raw.
 * `reviveValues: false` matters: revived dates become `Date`s in the *reader's* time zone, which
 * would shift the capture time. exifr still adds decimal `latitude`/`longitude`.
 * No top-level `pick`: the lite build used in the browser throws on it.
 */
export const EXIFR_OPTIONS = {
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  reviveValues: false,
};

/** The subset of exifr's output that we read; every field may be missing or malformed. */
export type ExifFields = Record<string, unknown> | null | undefined;

const DAY_MS = 24 * 60 * 60 * 1000;
const EXIF_DATE = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const UTC_OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * EXIF "2024:05:06 07:08:09" (+ optional "-08:00") → "2024-05-06T07:08:09-08:00", or without the
 * offset when the camera did not record one (the time is then the phone's local wall-clock time).
 * Null for anything malformed, before 2000 (a phone whose clock was never set reports 1970 or
 * similar) or more than a day in the future (a wrong clock; a day covers every time zone).
 */
export function formatCaptureTime(
  value: unknown,
  offset: unknown,
  now: number = Date.now(),
): string | null {
  if (typeof value !== "string") return null;
  const match = EXIF_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 2000 || hour > 23 || minute > 59 || second > 59) return null;
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 2024-02-31 over to March; a round trip catches impossible calendar dates.
  const check = new Date(wallClock);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;

  let suffix = "";
  let instant = wallClock; // without an offset, UTC is within 14 h; the 1-day margin covers it
  if (typeof offset === "string") {
    const parts = UTC_OFFSET.exec(offset.trim());
    if (parts && Number(parts[2]) <= 14 && Number(parts[3]) <= 59) {
      const minutes = (Number(parts[2]) * 60 + Number(parts[3])) * (parts[1] === "-" ? -1 : 1);
      instant = wallClock - minutes * 60_000;
      suffix = `${parts[1]}${parts[2]}:${parts[3]}`;
    }
  }
  if (instant > now + DAY_MS) return null;

  const pad = (n: number) => String(n).padStart(2, "0");
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${suffix}`;
}

/**
 * Decimal degrees rounded to 6 places (about 11 cm), or null when out of range, not a number, or
 * exactly 0,0 — the position phones write when they had no fix, never a real parking spot.
 */
export function normalizeGps(lat: unknown, lng: unknown): { lat: number; lng: number } | null {
  if (typeof lat !== "number" || typeof lng !== "number") return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  if (lat === 0 && lng === 0) return null;
  const round = (n: number) => Math.round(n * 1e6) / 1e6 || 0; // `|| 0` turns -0 into 0
  return { lat: round(lat), lng: round(lng) };
}

/** Capture time (DateTimeOriginal, else CreateDate, each with its own offset tag) and GPS. */
export function readExifFields(
  exif: ExifFields,
  now: number = Date.now(),
): { capturedAt: string | null; gps: { lat: number; lng: number } | null } {
  if (!exif || typeof exif !== "object") return { capturedAt: null, gps: null };
  const capturedAt =
    formatCaptureTime(exif.DateTimeOriginal, exif.OffsetTimeOriginal, now) ??
    formatCaptureTime(exif.CreateDate, exif.OffsetTimeDigitized ?? exif.OffsetTimeOriginal, now);
  return { capturedAt, gps: normalizeGps(exif.latitude, exif.longitude) };
}
