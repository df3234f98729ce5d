/**
 * The report's text formatting. Deterministic: dates are written in the account's time zone by
 * `~/domain/dates` (or in the photo's own clock for capture times), never in the machine's, so
 * the server and the browser render the same text and hydration never mismatches.
 */
import { PHOTO_PHASE_LABELS } from "~/domain/estimate/labels";
import { formatCalendarDate, formatDateTime, formatDay, formatTimeOfDay } from "~/domain/dates";
import { formatNumber, formatPercent } from "~/domain/money";
import { formatTime12 } from "~/domain/zoned-time";
import { formatSize, type MeasurementUnits } from "~/domain/units";
import type { ReportView } from "~/lib/estimates/report-view.server";

export type ReportPhoto = ReportView["photos"][number];
export type ReportFinding = ReportView["findings"][number];

/** A date and a time of day, kept apart so a narrow cell can break between them. */
export interface DateTimeParts {
  day: string;
  time: string;
}

/** "Nov 21, 2026" and "4:12 AM EST" for an ISO timestamp, in the zone. */
export function zonedParts(iso: string, timeZone: string): DateTimeParts | null {
  if (Number.isNaN(new Date(iso).getTime())) return null;
  return { day: formatDay(iso, timeZone), time: formatTimeOfDay(iso, timeZone) };
}

/** "Nov 1, 2026" from "2026-11-01"; "Oct 2023" from "2023-10". */
export const formatIsoDay = formatCalendarDate;

/**
 * A photo's EXIF capture time in the camera's own clock: "Nov 20, 2026, 2:03 PM (-08:00)". Without a
 * recorded offset the time zone is unknown, and the text says so rather than guessing.
 */
export function formatCaptureTime(capturedAt: string): string {
  const parts = captureParts(capturedAt);
  return parts ? `${parts.day}, ${parts.time}` : capturedAt;
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
    day: formatCalendarDate(`${year}-${month}-${day}`),
    time: `${formatTime12({ hour: Number(hours), minute: Number(minutes) })} ${zoneText}`,
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

export function sizeText(
  sizeCm: number | null | undefined,
  units: MeasurementUnits = "us",
): string {
  if (sizeCm === null || sizeCm === undefined) return "Not measured";
  return formatSize(sizeCm, units);
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

/** "Photo 3 · Post-trip · Taken Nov 20, 2026, 2:03 PM (-08:00) · Uploaded Nov 21, 2026, 4:12 AM EST". */
export function photoCaption(photo: ReportPhoto, timeZone: string): string {
  const taken = photo.capturedAt
    ? `Taken ${formatCaptureTime(photo.capturedAt)}`
    : "No capture time in photo";
  return [
    `Photo ${photo.number}`,
    PHOTO_PHASE_LABELS[photo.phase],
    taken,
    `Uploaded ${formatDateTime(photo.uploadedAt, timeZone)}`,
  ].join(" · ");
}
