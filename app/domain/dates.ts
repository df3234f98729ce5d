/**
 * The one way dates and times are written for people: US style, in the account's time zone,
 * with the zone's abbreviation — "Nov 24, 2026" and "Nov 24, 2026, 3:05 PM EST". The text is
 * assembled from numeric wall-clock parts rather than a locale's full format, so the server, the
 * browser and the PDF write exactly the same characters.
 */
import { formatTime12, wallClockAt } from "./zoned-time";

/** Accounts that haven't set a time zone yet (and pages with no account) use this one. */
export const DEFAULT_TIME_ZONE = "America/New_York";

/** The US zones, offered first (most hosts are in one of these). */
export const US_TIME_ZONES = [
  { id: "America/New_York", label: "Eastern (New York)" },
  { id: "America/Chicago", label: "Central (Chicago)" },
  { id: "America/Denver", label: "Mountain (Denver)" },
  { id: "America/Phoenix", label: "Arizona (Phoenix, no daylight saving)" },
  { id: "America/Los_Angeles", label: "Pacific (Los Angeles)" },
  { id: "America/Anchorage", label: "Alaska (Anchorage)" },
  { id: "Pacific/Honolulu", label: "Hawaii (Honolulu)" },
] as const;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

type Instant = Date | string | number;

function toMs(value: Instant): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

function dayText(year: number, month: number, day: number): string {
  return `${MONTHS[month - 1] ?? "?"} ${day}, ${year}`;
}

/** "EST", "PDT"; outside the US the locale's "GMT+1". */
export function timeZoneAbbreviation(timeZone: string, at: Instant = Date.now()): string {
  return (
    abbreviationFormatter(timeZone)
      .formatToParts(new Date(toMs(at)))
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}

// Making an Intl.DateTimeFormat costs about half a millisecond, using one microseconds: a list
// of 50 times would spend tens of milliseconds making the same formatter. One per zone.
const abbreviationFormatters = new Map<string, Intl.DateTimeFormat>();

function abbreviationFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = abbreviationFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    abbreviationFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** "Nov 24, 2026": the calendar day of an instant in the zone. */
export function formatDay(value: Instant, timeZone: string): string {
  const ms = toMs(value);
  if (Number.isNaN(ms)) return "unknown date";
  const local = wallClockAt(ms, timeZone);
  return dayText(local.year, local.month, local.day);
}

interface TimeOptions {
  /** "3:05:09 PM EST", for evidence that needs the second. */
  seconds?: boolean;
}

/** "3:05 PM EST". */
export function formatTimeOfDay(
  value: Instant,
  timeZone: string,
  options: TimeOptions = {},
): string {
  const ms = toMs(value);
  if (Number.isNaN(ms)) return "unknown time";
  const { hour, minute } = wallClockAt(ms, timeZone);
  const second = options.seconds ? new Date(ms).getUTCSeconds() : undefined;
  return `${formatTime12({ hour, minute, second })} ${timeZoneAbbreviation(timeZone, ms)}`;
}

/** "Nov 24, 2026, 3:05 PM EST". */
export function formatDateTime(
  value: Instant,
  timeZone: string,
  options: TimeOptions = {},
): string {
  const ms = toMs(value);
  if (Number.isNaN(ms)) return "unknown date";
  return `${formatDay(ms, timeZone)}, ${formatTimeOfDay(ms, timeZone, options)}`;
}

/**
 * A calendar date that belongs to no time zone (a source's publication date, a rule's effective
 * date): "2026-11-01" → "Nov 1, 2026", "2023-10" → "Oct 2023", "2024" → "2024".
 */
export function formatCalendarDate(text: string): string {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(text);
  if (!match) return text;
  const [, year, month, day] = match;
  if (!month) return year!;
  if (!day) return `${MONTHS[Number(month) - 1] ?? "?"} ${year}`;
  return dayText(Number(year), Number(month), Number(day));
}
