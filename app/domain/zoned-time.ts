/**
 * Wall-clock ⇄ instant conversion for IANA time zones using only the Intl API (Node 20 has no
 * Temporal). Instants are epoch milliseconds; wall-clock times are plain fields with no zone.
 *
 * The offset of a zone at an instant is read from Intl.DateTimeFormat; turning a wall-clock time
 * back into an instant tries the offsets in force a day either side, which finds the one instant
 * (normal case), two instants (the repeated hour when clocks go back) or none (the skipped hour
 * when clocks go forward). Real zones never change offset twice within 48 hours, which that
 * window relies on.
 */

export interface LocalDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

export interface LocalTime {
  /** 0–23 */
  hour: number;
  /** 0–59 */
  minute: number;
}

export type LocalDateTime = LocalDate & LocalTime;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Earliest and latest years accepted for dates typed by people. */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 2100;

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatterCache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatterCache.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's canonical IANA name ("america/new_york" → "America/New_York"), or null if unknown. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (typeof timeZone !== "string" || timeZone.trim() === "") return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: timeZone.trim() }).resolvedOptions()
      .timeZone;
  } catch {
    return null;
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null;
}

/** The IANA zones this runtime knows, for a picker. */
export function listTimeZones(): string[] {
  return Intl.supportedValuesOf("timeZone");
}

/** True when year/month/day name a real calendar date (no 31 April, 29 February only in leap years). */
export function isRealDate({ year, month, day }: LocalDate): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** "2026-03-08" → { year: 2026, month: 3, day: 8 }, or null if it is not a real date. */
export function parseIsoDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

/** "14:05" or "9:05" (24-hour clock) → { hour: 14, minute: 5 }, or null. */
export function parseTime(text: string): LocalTime | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const time = { hour: Number(match[1]), minute: Number(match[2]) };
  return time.hour <= 23 && time.minute <= 59 ? time : null;
}

/** The wall-clock fields read as if they were UTC: a zone-free number to do calendar maths on. */
export function wallClockToNaiveMs(local: LocalDateTime): number {
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
}

export function naiveMsToWallClock(naiveMs: number): LocalDateTime {
  const date = new Date(naiveMs);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}

/** The zone's UTC offset at an instant, in milliseconds (New York in summer → −4 h). */
export function offsetMsAt(instantMs: number, timeZone: string): number {
  const wholeSecondMs = Math.floor(instantMs / 1000) * 1000;
  const parts = wallClockFormatter(timeZone).formatToParts(new Date(wholeSecondMs));
  const field = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value);
  const wallAsUtc = Date.UTC(
    field("year"),
    field("month") - 1,
    field("day"),
    field("hour"),
    field("minute"),
    field("second"),
  );
  return wallAsUtc - wholeSecondMs;
}

/** The wall-clock time in `timeZone` at an instant (seconds dropped). */
export function wallClockAt(instantMs: number, timeZone: string): LocalDateTime {
  return naiveMsToWallClock(instantMs + offsetMsAt(instantMs, timeZone));
}

/** What a wall-clock time in a zone corresponds to. */
export type LocalTimeResolution =
  | { kind: "unique"; instantMs: number }
  /** Clocks went back: the time happened twice; earlier is the first (daylight-time) occurrence. */
  | { kind: "ambiguous"; earlierMs: number; laterMs: number }
  /**
   * Clocks went forward: the time never happened. `earlierMs`/`laterMs` read it with the offset
   * after/before the change; `skippedFrom`/`skippedTo` are the wall-clock times the clocks jumped
   * between.
   */
  | {
      kind: "gap";
      earlierMs: number;
      laterMs: number;
      skippedFrom: LocalDateTime;
      skippedTo: LocalDateTime;
    };

export function resolveWallClock(local: LocalDateTime, timeZone: string): LocalTimeResolution {
  const naiveMs = wallClockToNaiveMs(local);
  const offsetBefore = offsetMsAt(naiveMs - DAY_MS, timeZone);
  const offsetAfter = offsetMsAt(naiveMs + DAY_MS, timeZone);
  const matches = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => naiveMs - offset)
    .filter((instant) => naiveMs - offsetMsAt(instant, timeZone) === instant)
    .sort((a, b) => a - b);

  const [first, second] = matches;
  if (first !== undefined && second !== undefined) {
    return { kind: "ambiguous", earlierMs: first, laterMs: second };
  }
  if (first !== undefined) return { kind: "unique", instantMs: first };

  const transitionMs = findOffsetChange(naiveMs - DAY_MS, naiveMs + DAY_MS, timeZone);
  return {
    kind: "gap",
    earlierMs: Math.min(naiveMs - offsetBefore, naiveMs - offsetAfter),
    laterMs: Math.max(naiveMs - offsetBefore, naiveMs - offsetAfter),
    skippedFrom: naiveMsToWallClock(transitionMs + offsetBefore),
    skippedTo: naiveMsToWallClock(transitionMs + offsetAfter),
  };
}

/** The first instant (to the minute) in (startMs, endMs] with a different offset than at startMs. */
function findOffsetChange(startMs: number, endMs: number, timeZone: string): number {
  const startOffset = offsetMsAt(startMs, timeZone);
  let low = startMs;
  let high = endMs;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMsAt(middle, timeZone) === startOffset) low = middle;
    else high = middle;
  }
  return high;
}

/** Adds calendar days to a date (month and year ends handled). */
export function addCalendarDays(date: LocalDate, days: number): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, "0");

/** { 2026, 3, 8 } → "2026-03-08". */
export function formatIsoDate(date: LocalDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** { 9, 5 } → "09:05". */
export function formatTime24(time: LocalTime): string {
  return `${pad(time.hour)}:${pad(time.minute)}`;
}

/** −4 h → "-04:00", +5 h 30 → "+05:30", 0 → "+00:00". */
export function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? "-" : "+";
  const totalMinutes = Math.round(Math.abs(offsetMs) / MINUTE_MS);
  return `${sign}${pad(Math.floor(totalMinutes / 60))}:${pad(totalMinutes % 60)}`;
}

/** "2:30 AM" — a wall-clock time for messages; with `second`, "2:30:07 AM". */
export function formatTime12(time: LocalTime & { second?: number }): string {
  const suffix = time.hour < 12 ? "AM" : "PM";
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  const seconds = time.second === undefined ? "" : `:${pad(time.second)}`;
  return `${hour12}:${pad(time.minute)}${seconds} ${suffix}`;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** { 2026, 3, 8 } → "March 8, 2026". */
export function formatLongDate(date: LocalDate): string {
  return `${MONTH_NAMES[date.month - 1] ?? "?"} ${date.day}, ${date.year}`;
}

/** An instant as the host reads it in their zone. */
export interface ZonedDisplay {
  /** "2026-03-08" */
  date: string;
  /** "03:30" (24-hour) */
  time: string;
  /** "-04:00" */
  offset: string;
  /** Short zone name as the locale writes it: "EDT", "GMT+5:30". */
  zoneName: string;
  /** "Sun, Mar 8, 2026, 3:30 AM EDT" (en-US; spaces normalized to plain spaces). */
  text: string;
}

export function describeInstant(
  instantMs: number,
  timeZone: string,
  locale = "en-US",
): ZonedDisplay {
  const local = wallClockAt(instantMs, timeZone);
  const text = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  })
    .format(new Date(instantMs))
    // ICU writes a narrow no-break space before AM/PM; plain spaces are easier to copy and test.
    .replace(/[\u202f\u00a0]/g, " ");
  const zoneName =
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" })
      .formatToParts(new Date(instantMs))
      .find((part) => part.type === "timeZoneName")?.value ?? "";
  return {
    date: formatIsoDate(local),
    time: formatTime24(local),
    offset: formatOffset(offsetMsAt(instantMs, timeZone)),
    zoneName,
    text,
  };
}

/** "2026-11-20T10:00:00-07:00": the instant as ISO 8601 with the zone's offset at that moment. */
export function isoWithOffset(instantMs: number, timeZone: string): string {
  const local = wallClockAt(instantMs, timeZone);
  const seconds = String(new Date(instantMs).getUTCSeconds()).padStart(2, "0");
  return `${formatIsoDate(local)}T${formatTime24(local)}:${seconds}${formatOffset(offsetMsAt(instantMs, timeZone))}`;
}
