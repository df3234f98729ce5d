/**
 * Claim deadlines counted from trip end, shown in the host's own time zone.
 *
 * Input is what a host knows: the trip-end date and time on their clock and their IANA zone.
 * Each deadline comes back as a UTC instant, the local time in that zone and the time left
 * relative to a `now` the caller passes in (so the function stays pure and testable).
 *
 * Arithmetic (see `DeadlineDuration` in marketplace-rules.ts):
 * - hour deadlines (24 h, 72 h) are elapsed time: trip end + N × 3,600 s, whatever the clocks do;
 * - day deadlines (20 days, 90 days) are calendar days in the host's zone: the same wall-clock
 *   time N dates later. If that wall-clock time falls in a DST gap or repeats, the EARLIER
 *   possible instant is used, so a countdown never promises more time than the rule could allow.
 *
 * A trip-end time that never existed (inside a DST gap) is rejected; one that happened twice
 * (clocks going back) uses the earlier occurrence unless the caller picks "later", and the result
 * says so.
 */
import {
  CLAIM_DEADLINE_RULES,
  RULES_AS_OF,
  type ClaimDeadlineId,
  type ClaimDeadlineRule,
  type DeadlineDuration,
} from "./marketplace-rules";
import {
  addCalendarDays,
  canonicalTimeZone,
  describeInstant,
  formatLongDate,
  formatTime12,
  MAX_YEAR,
  MIN_YEAR,
  parseIsoDate,
  parseTime,
  resolveWallClock,
  type LocalDate,
  type LocalDateTime,
  type LocalTime,
  type ZonedDisplay,
} from "./zoned-time";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface TripEndInput {
  /** Trip-end date on the host's calendar, "YYYY-MM-DD". */
  date: string;
  /** Trip-end time on the host's clock, 24-hour "HH:MM". */
  time: string;
  /** IANA time zone, e.g. "America/Los_Angeles". */
  timeZone: string;
  /**
   * Which occurrence to use when the time happened twice (clocks went back). Default "earlier",
   * which gives the earlier — safer — deadlines.
   */
  repeatedTime?: "earlier" | "later";
}

export type TripEndErrorCode =
  | "invalid-date"
  | "date-out-of-range"
  | "invalid-time"
  | "unknown-time-zone"
  | "nonexistent-local-time";

export interface TripEndError {
  code: TripEndErrorCode;
  field: "date" | "time" | "timeZone";
  message: string;
}

export type TimeLeft =
  | { status: "open"; milliseconds: number; text: string }
  | { status: "passed"; /** How long ago it passed. */ milliseconds: number; text: string };

export interface ComputedDeadline {
  id: ClaimDeadlineId;
  label: string;
  rule: ClaimDeadlineRule;
  /** "24 hours after trip end", "20 calendar days after trip end". */
  measuredAs: string;
  dueAtMs: number;
  /** ISO-8601 UTC: "2026-03-09T15:00:00.000Z". */
  dueAtUtc: string;
  dueLocal: ZonedDisplay;
  timeLeft: TimeLeft;
}

export interface ClaimDeadlines {
  rulesAsOf: string;
  /** Canonical zone name ("america/denver" → "America/Denver"). */
  timeZone: string;
  tripEnd: {
    atMs: number;
    atUtc: string;
    local: ZonedDisplay;
    /** The typed time happened twice; `note` says which occurrence was used. */
    repeatedTime: boolean;
    note: string | null;
  };
  /** Earliest first. */
  deadlines: ComputedDeadline[];
  /** The first deadline that hasn't passed, or null when all have. */
  next: ComputedDeadline | null;
}

export type ClaimDeadlinesResult =
  { ok: true; value: ClaimDeadlines } | { ok: false; errors: TripEndError[] };

interface ParsedTripEnd {
  timeZone: string;
  local: LocalDateTime;
  atMs: number;
  repeatedTime: boolean;
  note: string | null;
}

function parseTripEnd(input: TripEndInput):
  | { ok: true; value: ParsedTripEnd }
  | {
      ok: false;
      errors: TripEndError[];
    } {
  const errors: TripEndError[] = [];
  const date = parseIsoDate(String(input.date ?? ""));
  if (!date) {
    errors.push({
      code: "invalid-date",
      field: "date",
      message: "Enter the trip-end date as a real calendar date (YYYY-MM-DD).",
    });
  } else if (date.year < MIN_YEAR || date.year > MAX_YEAR) {
    errors.push({
      code: "date-out-of-range",
      field: "date",
      message: `The trip-end year must be between ${MIN_YEAR} and ${MAX_YEAR}.`,
    });
  }
  const time = parseTime(String(input.time ?? ""));
  if (!time) {
    errors.push({
      code: "invalid-time",
      field: "time",
      message: "Enter the trip-end time on a 24-hour clock (HH:MM, 00:00 to 23:59).",
    });
  }
  const timeZone = canonicalTimeZone(String(input.timeZone ?? ""));
  if (!timeZone) {
    errors.push({
      code: "unknown-time-zone",
      field: "timeZone",
      message: `"${String(input.timeZone ?? "")}" is not a time zone we know. Choose an IANA zone such as America/New_York.`,
    });
  }
  if (errors.length > 0 || !date || !time || !timeZone) return { ok: false, errors };

  const local = { ...date, ...time };
  const resolution = resolveWallClock(local, timeZone);
  switch (resolution.kind) {
    case "unique":
      return {
        ok: true,
        value: { timeZone, local, atMs: resolution.instantMs, repeatedTime: false, note: null },
      };
    case "ambiguous": {
      const useLater = input.repeatedTime === "later";
      const atMs = useLater ? resolution.laterMs : resolution.earlierMs;
      const offsetName = describeInstant(atMs, timeZone).zoneName;
      return {
        ok: true,
        value: {
          timeZone,
          local,
          atMs,
          repeatedTime: true,
          note: `${formatTime12(time)} happened twice on ${formatLongDate(date)} in ${timeZone} because the clocks went back; the deadlines use the ${useLater ? "second" : "first"} one (${offsetName}).`,
        },
      };
    }
    case "gap":
      return {
        ok: false,
        errors: [
          {
            code: "nonexistent-local-time",
            field: "time",
            message: `${formatTime12(time)} didn't exist on ${formatLongDate(date)} in ${timeZone}: the clocks jumped forward ${describeSkip(resolution.skippedFrom, resolution.skippedTo)}. Check the trip-end time.`,
          },
        ],
      };
  }
}

/** "from 2:00 AM to 3:00 AM", with dates when the jump crosses midnight (a skipped day). */
function describeSkip(from: LocalDateTime, to: LocalDateTime): string {
  const sameDay = from.year === to.year && from.month === to.month && from.day === to.day;
  return sameDay
    ? `from ${formatTime12(from)} to ${formatTime12(to)}`
    : `from ${formatLongDate(from)} ${formatTime12(from)} to ${formatLongDate(to)} ${formatTime12(to)}`;
}

/** The input problems, or an empty array when the trip end is valid. */
export function validateTripEnd(input: TripEndInput): TripEndError[] {
  const parsed = parseTripEnd(input);
  return parsed.ok ? [] : parsed.errors;
}

/** The instant a deadline falls due, given the trip end. */
export function deadlineInstant(
  tripEnd: { atMs: number; local: LocalDate & LocalTime },
  duration: DeadlineDuration,
  timeZone: string,
): number {
  if (duration.unit === "elapsed-hours") return tripEnd.atMs + duration.amount * HOUR_MS;
  const dueDate = addCalendarDays(tripEnd.local, duration.amount);
  const resolution = resolveWallClock(
    { ...dueDate, hour: tripEnd.local.hour, minute: tripEnd.local.minute },
    timeZone,
  );
  return resolution.kind === "unique" ? resolution.instantMs : resolution.earlierMs;
}

/** "24 hours after trip end" / "20 calendar days after trip end (same local time)". */
function describeMeasurement(duration: DeadlineDuration): string {
  return duration.unit === "elapsed-hours"
    ? `${duration.amount} hours after trip end`
    : `${duration.amount} calendar days after trip end, at the same local time`;
}

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * A duration in its two largest units, rounded down: "2 days 3 hours", "5 hours 12 minutes",
 * "45 minutes", "less than a minute".
 */
export function formatDuration(milliseconds: number): string {
  const totalMinutes = Math.floor(Math.abs(milliseconds) / MINUTE_MS);
  if (totalMinutes === 0) return "less than a minute";
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  const units = [
    days > 0 ? plural(days, "day") : null,
    hours > 0 ? plural(hours, "hour") : null,
    minutes > 0 ? plural(minutes, "minute") : null,
  ];
  const firstIndex = units.findIndex((unit) => unit !== null);
  return units
    .slice(firstIndex, firstIndex + 2)
    .filter((unit) => unit !== null)
    .join(" ");
}

/** Time left until `dueAtMs`; a deadline that is due exactly now counts as passed. */
export function timeLeft(dueAtMs: number, nowMs: number): TimeLeft {
  const difference = dueAtMs - nowMs;
  if (difference > 0) {
    return { status: "open", milliseconds: difference, text: `${formatDuration(difference)} left` };
  }
  const ago = nowMs - dueAtMs;
  return {
    status: "passed",
    milliseconds: ago,
    text: ago < MINUTE_MS ? "passed just now" : `passed ${formatDuration(ago)} ago`,
  };
}

/** The same deadlines with their time left (and the next one) as of `nowMs`. */
export function deadlinesAt(deadlines: ClaimDeadlines, nowMs: number): ClaimDeadlines {
  const updated = deadlines.deadlines.map((deadline) => ({
    ...deadline,
    timeLeft: timeLeft(deadline.dueAtMs, nowMs),
  }));
  return {
    ...deadlines,
    deadlines: updated,
    next: updated.find((deadline) => deadline.timeLeft.status === "open") ?? null,
  };
}

/**
 * Every claim deadline for a trip that ended at `input` (host's local date, time and zone),
 * with time left relative to `now`.
 */
export function computeClaimDeadlines(
  input: TripEndInput,
  now: Date | number,
): ClaimDeadlinesResult {
  const parsed = parseTripEnd(input);
  if (!parsed.ok) return parsed;
  const { timeZone, atMs, local } = parsed.value;
  const nowMs = typeof now === "number" ? now : now.getTime();

  const deadlines = CLAIM_DEADLINE_RULES.map((rule): ComputedDeadline => {
    const dueAtMs = deadlineInstant({ atMs, local }, rule.duration, timeZone);
    return {
      id: rule.id,
      label: rule.label,
      rule,
      measuredAs: describeMeasurement(rule.duration),
      dueAtMs,
      dueAtUtc: new Date(dueAtMs).toISOString(),
      dueLocal: describeInstant(dueAtMs, timeZone),
      timeLeft: timeLeft(dueAtMs, nowMs),
    };
  }).sort((a, b) => a.dueAtMs - b.dueAtMs);

  return {
    ok: true,
    value: {
      rulesAsOf: RULES_AS_OF,
      timeZone,
      tripEnd: {
        atMs,
        atUtc: new Date(atMs).toISOString(),
        local: describeInstant(atMs, timeZone),
        repeatedTime: parsed.value.repeatedTime,
        note: parsed.value.note,
      },
      deadlines,
      next: deadlines.find((deadline) => deadline.timeLeft.status === "open") ?? null,
    },
  };
}
