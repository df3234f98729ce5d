import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeClaimDeadlines,
  formatDuration,
  timeLeft,
  validateTripEnd,
  type ClaimDeadlines,
  type TripEndInput,
} from "./claim-deadlines";
import { CLAIM_DEADLINE_RULES, RULES_AS_OF, type ClaimDeadlineId } from "./marketplace-rules";
import { resolveWallClock, wallClockAt } from "./zoned-time";

const HOUR = 3_600_000;
const MINUTE = 60_000;

function deadlines(input: TripEndInput, now: Date | number = 0): ClaimDeadlines {
  const result = computeClaimDeadlines(input, now);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

function due(result: ClaimDeadlines, id: ClaimDeadlineId) {
  const deadline = result.deadlines.find((candidate) => candidate.id === id);
  if (!deadline) throw new Error(`missing ${id}`);
  return deadline;
}

function errorsFor(input: TripEndInput) {
  const result = computeClaimDeadlines(input, 0);
  if (result.ok) throw new Error("expected errors");
  return result.errors;
}

describe("computeClaimDeadlines: the rules", () => {
  const summer = deadlines({ date: "2026-06-15", time: "10:00", timeZone: "America/New_York" });

  it("returns one deadline per rule, earliest first, with the rules date", () => {
    expect(summer.rulesAsOf).toBe(RULES_AS_OF);
    expect(summer.deadlines.map((deadline) => deadline.id)).toEqual([
      "report-damage",
      "post-trip-photos",
      "repair-estimate",
      "escalate",
      "toll-reimbursement",
    ]);
    expect(summer.deadlines).toHaveLength(CLAIM_DEADLINE_RULES.length);
    const times = summer.deadlines.map((deadline) => deadline.dueAtMs);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("reads the trip end in the host's zone", () => {
    expect(summer.tripEnd.atUtc).toBe("2026-06-15T14:00:00.000Z");
    expect(summer.tripEnd.local).toMatchObject({
      date: "2026-06-15",
      time: "10:00",
      offset: "-04:00",
      zoneName: "EDT",
      text: "Mon, Jun 15, 2026, 10:00 AM EDT",
    });
    expect(summer.tripEnd.repeatedTime).toBe(false);
    expect(summer.tripEnd.note).toBeNull();
  });

  it("puts each deadline at the documented distance from trip end", () => {
    expect(due(summer, "report-damage").dueAtUtc).toBe("2026-06-16T14:00:00.000Z");
    expect(due(summer, "post-trip-photos").dueAtUtc).toBe("2026-06-16T14:00:00.000Z");
    expect(due(summer, "repair-estimate").dueAtUtc).toBe("2026-06-18T14:00:00.000Z");
    expect(due(summer, "escalate").dueLocal).toMatchObject({ date: "2026-07-05", time: "10:00" });
    expect(due(summer, "toll-reimbursement").dueLocal).toMatchObject({
      date: "2026-09-13",
      time: "10:00",
    });
  });

  it("says how each deadline is measured and links its source", () => {
    expect(due(summer, "report-damage").measuredAs).toBe("24 hours after trip end");
    expect(due(summer, "escalate").measuredAs).toMatch(/^20 calendar days after trip end/);
    for (const deadline of summer.deadlines) {
      expect(deadline.rule.source.url).toMatch(
        /^https:\/\/support\.[a-z]+\.com\/hc\/en-us\/articles\/\d+$/,
      );
    }
  });

  it("accepts now as a Date or as epoch milliseconds", () => {
    const now = Date.parse("2026-06-15T20:00:00Z");
    const fromNumber = deadlines({ date: "2026-06-15", time: "10:00", timeZone: "UTC" }, now);
    const fromDate = deadlines(
      { date: "2026-06-15", time: "10:00", timeZone: "UTC" },
      new Date(now),
    );
    expect(fromDate).toEqual(fromNumber);
  });
});

describe("computeClaimDeadlines: elapsed hours across DST", () => {
  it("24 h across spring-forward lands one wall-clock hour later", () => {
    const result = deadlines({ date: "2026-03-07", time: "10:00", timeZone: "America/New_York" });
    const report = due(result, "report-damage");
    expect(report.dueAtMs - result.tripEnd.atMs).toBe(24 * HOUR);
    expect(report.dueLocal).toMatchObject({ date: "2026-03-08", time: "11:00", zoneName: "EDT" });
  });

  it("24 h across fall-back lands one wall-clock hour earlier", () => {
    const result = deadlines({ date: "2026-10-31", time: "10:00", timeZone: "America/New_York" });
    const report = due(result, "report-damage");
    expect(report.dueAtMs - result.tripEnd.atMs).toBe(24 * HOUR);
    expect(report.dueLocal).toMatchObject({ date: "2026-11-01", time: "09:00", zoneName: "EST" });
  });

  it("72 h in Europe across the March change", () => {
    const result = deadlines({ date: "2026-03-28", time: "18:00", timeZone: "Europe/Berlin" });
    const estimate = due(result, "repair-estimate");
    expect(estimate.dueAtMs - result.tripEnd.atMs).toBe(72 * HOUR);
    expect(estimate.dueLocal).toMatchObject({
      date: "2026-03-31",
      time: "19:00",
      offset: "+02:00",
    });
  });

  it("southern hemisphere: Sydney's April fall-back", () => {
    const result = deadlines({ date: "2026-04-04", time: "12:00", timeZone: "Australia/Sydney" });
    expect(result.tripEnd.local.offset).toBe("+11:00");
    expect(due(result, "report-damage").dueLocal).toMatchObject({
      date: "2026-04-05",
      time: "11:00",
      offset: "+10:00",
    });
  });
});

describe("computeClaimDeadlines: calendar days", () => {
  it("keep the local time across a DST change (one hour less than 20 × 24 h in spring)", () => {
    const result = deadlines({ date: "2026-02-20", time: "10:00", timeZone: "America/New_York" });
    const escalate = due(result, "escalate");
    expect(escalate.dueLocal).toMatchObject({
      date: "2026-03-12",
      time: "10:00",
      offset: "-04:00",
    });
    expect(escalate.dueAtMs - result.tripEnd.atMs).toBe(20 * 24 * HOUR - HOUR);
  });

  it("and one hour more in autumn", () => {
    const result = deadlines({ date: "2026-10-20", time: "10:00", timeZone: "America/Chicago" });
    const escalate = due(result, "escalate");
    expect(escalate.dueLocal).toMatchObject({
      date: "2026-11-09",
      time: "10:00",
      offset: "-06:00",
    });
    expect(escalate.dueAtMs - result.tripEnd.atMs).toBe(20 * 24 * HOUR + HOUR);
  });

  it("a due time inside a DST gap resolves to the earlier possible instant", () => {
    // 20 days after 02:30 on 16 Feb is 02:30 on 8 Mar, which New York skips.
    const result = deadlines({ date: "2026-02-16", time: "02:30", timeZone: "America/New_York" });
    const escalate = due(result, "escalate");
    expect(escalate.dueAtUtc).toBe("2026-03-08T06:30:00.000Z");
    expect(escalate.dueLocal).toMatchObject({ date: "2026-03-08", time: "01:30", zoneName: "EST" });
  });

  it("a due time that happens twice resolves to the first occurrence", () => {
    const result = deadlines({ date: "2026-10-12", time: "01:30", timeZone: "America/New_York" });
    const escalate = due(result, "escalate");
    expect(escalate.dueAtUtc).toBe("2026-11-01T05:30:00.000Z");
    expect(escalate.dueLocal.zoneName).toBe("EDT");
  });

  it("roll over month, year and leap day", () => {
    const leap = deadlines({ date: "2028-02-10", time: "09:00", timeZone: "UTC" });
    expect(due(leap, "escalate").dueLocal.date).toBe("2028-03-01");
    const common = deadlines({ date: "2026-02-10", time: "09:00", timeZone: "UTC" });
    expect(due(common, "escalate").dueLocal.date).toBe("2026-03-02");
    const yearEnd = deadlines({ date: "2026-12-20", time: "23:59", timeZone: "UTC" });
    expect(due(yearEnd, "escalate").dueLocal).toMatchObject({ date: "2027-01-09", time: "23:59" });
    expect(due(yearEnd, "toll-reimbursement").dueLocal.date).toBe("2027-03-20");
  });

  it("the last accepted year still computes deadlines in the next one", () => {
    const result = deadlines({ date: "2100-12-31", time: "12:00", timeZone: "UTC" });
    expect(due(result, "toll-reimbursement").dueLocal.date).toBe("2101-03-31");
  });
});

describe("computeClaimDeadlines: unusual zones", () => {
  it("half-hour offsets (India)", () => {
    const result = deadlines({ date: "2026-05-01", time: "09:00", timeZone: "Asia/Kolkata" });
    expect(result.tripEnd.atUtc).toBe("2026-05-01T03:30:00.000Z");
    expect(result.tripEnd.local.offset).toBe("+05:30");
  });

  it("a +14 zone at New Year", () => {
    const result = deadlines({ date: "2026-12-31", time: "23:30", timeZone: "Pacific/Kiritimati" });
    expect(result.tripEnd.atUtc).toBe("2026-12-31T09:30:00.000Z");
    expect(due(result, "report-damage").dueLocal).toMatchObject({
      date: "2027-01-01",
      time: "23:30",
    });
  });

  it("a 30-minute DST shift (Lord Howe Island)", () => {
    const result = deadlines({
      date: "2026-10-03",
      time: "12:00",
      timeZone: "Australia/Lord_Howe",
    });
    expect(result.tripEnd.local.offset).toBe("+10:30");
    expect(due(result, "report-damage").dueLocal).toMatchObject({
      date: "2026-10-04",
      time: "12:30",
      offset: "+11:00",
    });
  });

  it("canonicalizes the zone name", () => {
    const result = deadlines({
      date: "2026-06-15",
      time: "10:00",
      timeZone: "america/los_angeles",
    });
    expect(result.timeZone).toBe("America/Los_Angeles");
    expect(result.tripEnd.local.offset).toBe("-07:00");
  });
});

describe("computeClaimDeadlines: repeated and missing trip-end times", () => {
  it("a trip end in the skipped hour is an error that explains the jump", () => {
    const [error, ...rest] = errorsFor({
      date: "2026-03-08",
      time: "02:30",
      timeZone: "America/New_York",
    });
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ code: "nonexistent-local-time", field: "time" });
    expect(error?.message).toBe(
      "2:30 AM didn't exist on March 8, 2026 in America/New_York: the clocks jumped forward from 2:00 AM to 3:00 AM. Check the trip-end time.",
    );
  });

  it("the skipped hour in London and the skipped half hour on Lord Howe", () => {
    expect(
      errorsFor({ date: "2026-03-29", time: "01:30", timeZone: "Europe/London" })[0]?.message,
    ).toContain("from 1:00 AM to 2:00 AM");
    expect(
      errorsFor({ date: "2026-10-04", time: "02:15", timeZone: "Australia/Lord_Howe" })[0]?.message,
    ).toContain("from 2:00 AM to 2:30 AM");
  });

  it("a whole skipped day (Samoa crossed the date line in 2011)", () => {
    const [error] = errorsFor({ date: "2011-12-30", time: "12:00", timeZone: "Pacific/Apia" });
    expect(error?.code).toBe("nonexistent-local-time");
    expect(error?.message).toContain(
      "from December 30, 2011 12:00 AM to December 31, 2011 12:00 AM",
    );
  });

  it("the edges of the gap are valid times", () => {
    expect(
      validateTripEnd({ date: "2026-03-08", time: "01:59", timeZone: "America/New_York" }),
    ).toEqual([]);
    expect(
      validateTripEnd({ date: "2026-03-08", time: "03:00", timeZone: "America/New_York" }),
    ).toEqual([]);
    expect(
      validateTripEnd({ date: "2026-03-08", time: "02:00", timeZone: "America/New_York" }),
    ).toHaveLength(1);
  });

  it("a repeated time uses the first occurrence and says so", () => {
    const result = deadlines({ date: "2026-11-01", time: "01:30", timeZone: "America/New_York" });
    expect(result.tripEnd.atUtc).toBe("2026-11-01T05:30:00.000Z");
    expect(result.tripEnd.repeatedTime).toBe(true);
    expect(result.tripEnd.note).toBe(
      "1:30 AM happened twice on November 1, 2026 in America/New_York because the clocks went back; the deadlines use the first one (EDT).",
    );
    expect(due(result, "report-damage").dueAtUtc).toBe("2026-11-02T05:30:00.000Z");
  });

  it("or the second occurrence when asked", () => {
    const result = deadlines({
      date: "2026-11-01",
      time: "01:30",
      timeZone: "America/New_York",
      repeatedTime: "later",
    });
    expect(result.tripEnd.atUtc).toBe("2026-11-01T06:30:00.000Z");
    expect(result.tripEnd.note).toContain("the second one (EST)");
  });
});

describe("computeClaimDeadlines: invalid input", () => {
  const valid: TripEndInput = { date: "2026-06-15", time: "10:00", timeZone: "America/New_York" };

  it.each([
    ["2026-02-30", "invalid-date"],
    ["2026-02-29", "invalid-date"],
    ["2026-13-01", "invalid-date"],
    ["2026-00-10", "invalid-date"],
    ["26-06-15", "invalid-date"],
    ["06/15/2026", "invalid-date"],
    ["", "invalid-date"],
    ["1969-12-31", "date-out-of-range"],
    ["2101-01-01", "date-out-of-range"],
  ])("date %j → %s", (date, code) => {
    expect(errorsFor({ ...valid, date })).toEqual([
      expect.objectContaining({ code, field: "date" }),
    ]);
  });

  it.each(["24:00", "12:60", "9:5", "noon", "", "10:00 AM", "-1:00"])(
    "time %j is invalid",
    (time) => {
      expect(errorsFor({ ...valid, time })).toEqual([
        expect.objectContaining({ code: "invalid-time", field: "time" }),
      ]);
    },
  );

  it("accepts a one-digit hour", () => {
    expect(validateTripEnd({ ...valid, time: "9:05" })).toEqual([]);
  });

  it.each(["Mars/Olympus_Mons", "", "  ", "New York", "GMT+25"])(
    "zone %j is unknown",
    (timeZone) => {
      const [error] = errorsFor({ ...valid, timeZone });
      expect(error).toMatchObject({ code: "unknown-time-zone", field: "timeZone" });
      expect(error?.message).toContain("IANA");
    },
  );

  it("reports every bad field at once", () => {
    const errors = errorsFor({ date: "2026-02-30", time: "25:00", timeZone: "Nowhere/Land" });
    expect(errors.map((error) => error.field)).toEqual(["date", "time", "timeZone"]);
  });

  it("survives values of the wrong type from an untyped form", () => {
    const input = { date: undefined, time: null, timeZone: 42 } as unknown as TripEndInput;
    expect(errorsFor(input)).toHaveLength(3);
  });
});

describe("time left", () => {
  const tripEnd: TripEndInput = { date: "2026-06-15", time: "10:00", timeZone: "UTC" };
  const end = Date.parse("2026-06-15T10:00:00Z");

  it("counts down from trip end", () => {
    const result = deadlines(tripEnd, end);
    expect(due(result, "report-damage").timeLeft).toEqual({
      status: "open",
      milliseconds: 24 * HOUR,
      text: "1 day left",
    });
    expect(due(result, "repair-estimate").timeLeft.text).toBe("3 days left");
    expect(result.next?.id).toBe("report-damage");
  });

  it("a deadline that is due right now has passed", () => {
    const result = deadlines(tripEnd, end + 24 * HOUR);
    expect(due(result, "report-damage").timeLeft).toEqual({
      status: "passed",
      milliseconds: 0,
      text: "passed just now",
    });
    expect(result.next?.id).toBe("repair-estimate");
  });

  it("one millisecond before is still open", () => {
    const result = deadlines(tripEnd, end + 24 * HOUR - 1);
    expect(due(result, "report-damage").timeLeft).toMatchObject({
      status: "open",
      text: "less than a minute left",
    });
  });

  it("past deadlines say how long ago", () => {
    const result = deadlines(tripEnd, end + 26 * HOUR + 5 * MINUTE);
    expect(due(result, "report-damage").timeLeft.text).toBe("passed 2 hours 5 minutes ago");
  });

  it("when everything has passed there is no next deadline", () => {
    const result = deadlines(tripEnd, end + 400 * 24 * HOUR);
    expect(result.deadlines.every((deadline) => deadline.timeLeft.status === "passed")).toBe(true);
    expect(result.next).toBeNull();
  });

  it("a trip that ends in the future shows more time than the rule itself", () => {
    const result = deadlines(tripEnd, end - 24 * HOUR);
    expect(due(result, "report-damage").timeLeft.text).toBe("2 days left");
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "less than a minute"],
    [59_999, "less than a minute"],
    [MINUTE, "1 minute"],
    [2 * MINUTE, "2 minutes"],
    [HOUR, "1 hour"],
    [HOUR + MINUTE, "1 hour 1 minute"],
    [25 * HOUR, "1 day 1 hour"],
    [24 * HOUR + 5 * MINUTE, "1 day"],
    [2 * 24 * HOUR + 3 * HOUR + 59 * MINUTE, "2 days 3 hours"],
    [90 * 24 * HOUR, "90 days"],
    [-3 * HOUR, "3 hours"],
  ])("%d ms → %s", (milliseconds, text) => {
    expect(formatDuration(milliseconds)).toBe(text);
  });

  it("timeLeft on its own", () => {
    expect(timeLeft(1000, 0).status).toBe("open");
    expect(timeLeft(0, 1000).status).toBe("passed");
  });
});

describe("properties", () => {
  const zones = [
    "America/New_York",
    "America/Los_Angeles",
    "America/Phoenix",
    "Europe/London",
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "Pacific/Chatham",
    "America/Santiago",
  ];
  const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) });

  it("every instant's wall-clock time resolves back to a range that contains it", () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (ms, zone) => {
        const minuteMs = Math.floor(ms / MINUTE) * MINUTE;
        const resolution = resolveWallClock(wallClockAt(minuteMs, zone), zone);
        expect(resolution.kind).not.toBe("gap");
        if (resolution.kind === "unique") expect(resolution.instantMs).toBe(minuteMs);
        if (resolution.kind === "ambiguous")
          expect([resolution.earlierMs, resolution.laterMs]).toContain(minuteMs);
      }),
    );
  });

  it("hour deadlines are exact elapsed hours and day deadlines keep the wall-clock time (or fall earlier)", () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (ms, zone) => {
        const local = wallClockAt(Math.floor(ms / MINUTE) * MINUTE, zone);
        const pad = (value: number) => String(value).padStart(2, "0");
        const input = {
          date: `${local.year}-${pad(local.month)}-${pad(local.day)}`,
          time: `${pad(local.hour)}:${pad(local.minute)}`,
          timeZone: zone,
        };
        const result = deadlines(input);
        expect(due(result, "report-damage").dueAtMs - result.tripEnd.atMs).toBe(24 * HOUR);
        expect(due(result, "repair-estimate").dueAtMs - result.tripEnd.atMs).toBe(72 * HOUR);
        const escalate = due(result, "escalate");
        const elapsed = escalate.dueAtMs - result.tripEnd.atMs;
        // Calendar days differ from 20 × 24 h by at most the size of the DST changes in between.
        expect(Math.abs(elapsed - 20 * 24 * HOUR)).toBeLessThanOrEqual(2 * HOUR);
        if (escalate.dueLocal.time !== input.time.padStart(5, "0")) {
          // Only when the time was skipped or repeated on the due date, and then earlier.
          expect(elapsed).toBeLessThan(20 * 24 * HOUR + HOUR);
        }
      }),
      { numRuns: 300 },
    );
  });
});
