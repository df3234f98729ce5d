/**
 * The report's text formatting. Deterministic: no locale or time zone of the machine, so the server
 * and the browser render the same text and hydration never mismatches. Dates are formatted by hand
 * in UTC (or in the photo's own time zone for capture times).
 */
import { PHOTO_PHASE_LABELS } from "~/domain/estimate/labels";
import { formatNumber, formatPercent } from "~/domain/money";
import type { ReportView } from "~/lib/estimates/report-view.server";

export type ReportPhoto = ReportView["photos"][number];
export type ReportFinding = ReportView["findings"][number];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const pad = (value: number | string) => String(value).padStart(2, "0");

function dayText(year: number, month: number, day: number): string {
  return `${day} ${MONTHS[month - 1] ?? "?"} ${year}`;
}

/** A date and a time of day, kept apart so a narrow cell can break between them. */
export interface DateTimeParts {
  day: string;
  time: string;
}

export function utcParts(iso: string): DateTimeParts | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return {
    day: dayText(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()),
    time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`,
  };
}

/** "21 Nov 2026 09:12 UTC" from an ISO timestamp. */
export function formatUtcDateTime(iso: string): string {
  const parts = utcParts(iso);
  return parts ? `${parts.day} ${parts.time}` : iso;
}

/** "1 Nov 2026" from "2026-11-01" (or the start of a timestamp). */
export function formatIsoDay(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return text;
  return dayText(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * A photo's EXIF capture time in the camera's own clock: "20 Nov 2026 14:03 (-08:00)". Without a
 * recorded offset the time zone is unknown, and the text says so rather than guessing.
 */
export function formatCaptureTime(capturedAt: string): string {
  const parts = captureParts(capturedAt);
  return parts ? `${parts.day} ${parts.time}` : capturedAt;
}

export function captureParts(capturedAt: string): DateTimeParts | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(
      capturedAt,
    );
  if (!match) return null;
  const [, year, month, day, hours, minutes, zone] = match;
  const zoneText = zone === "Z" ? "UTC" : zone ? `(${zone})` : "(time zone not recorded)";
  return {
    day: dayText(Number(year), Number(month), Number(day)),
    time: `${hours}:${minutes} ${zoneText}`,
  };
}

/** A date and time for a table cell: breaks between the day and the time, never inside them. */
export function DateTimeCell({
  parts,
  fallback,
}: {
  parts: DateTimeParts | null;
  fallback: string;
}) {
  if (!parts) return <>{fallback}</>;
  return (
    <>
      <span className="whitespace-nowrap">{parts.day}</span>{" "}
      <span className="whitespace-nowrap">{parts.time}</span>
    </>
  );
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count, 1)} ${count === 1 ? one : many}`;
}

export function hoursText(hours: number): string {
  return `${formatNumber(hours, 1)} h`;
}

export function confidenceText(confidence: number): string {
  return formatPercent(confidence * 100, 0);
}

export function sizeText(sizeCm: number | null | undefined): string {
  if (sizeCm === null || sizeCm === undefined) return "Not measured";
  return `${formatNumber(sizeCm, 1)} cm (${formatNumber(sizeCm / 2.54, 1)} in)`;
}

export function bytesText(bytes: number): string {
  if (bytes >= 1_000_000) return `${formatNumber(bytes / 1_000_000, 1)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1000)), 0)} kB`;
}

/** The rate card's region: a US state code, or "US" for national figures. */
export function regionText(region: string): string {
  return region === "US" ? "United States (national)" : region;
}

/** What the GPS cell says: the position, or why there is none. */
export function gpsText(photo: Pick<ReportPhoto, "gps" | "hasGps">, shareMode: boolean): string {
  if (photo.gps) return `${photo.gps.lat.toFixed(5)}, ${photo.gps.lng.toFixed(5)}`;
  // In a share the owner may hide positions; the owner's own view always gets them.
  if (shareMode && photo.hasGps !== false) return "Withheld by the owner";
  return "None in photo";
}

export function hashNote(hashedBy: ReportPhoto["hashedBy"]): string {
  return hashedBy === "browser"
    ? "of the original, computed in the browser before resizing"
    : "of the original file, computed on our server on receipt";
}

/** "Photo 3 · Post-trip · Taken 20 Nov 2026 14:03 (-08:00) · Uploaded 21 Nov 2026 09:12 UTC". */
export function photoCaption(photo: ReportPhoto): string {
  const taken = photo.capturedAt
    ? `Taken ${formatCaptureTime(photo.capturedAt)}`
    : "No capture time in photo";
  return [
    `Photo ${photo.number}`,
    PHOTO_PHASE_LABELS[photo.phase],
    taken,
    `Uploaded ${formatUtcDateTime(photo.uploadedAt)}`,
  ].join(" · ");
}
