import { describe, expect, it } from "vitest";
import { estimateLostHostingIncome } from "~/domain/protection-plan";
import { countLostIncomeDays } from "./engine";

describe("countLostIncomeDays", () => {
  it("matches the support article example: 25 h → 7 working days + a weekend = 9", () => {
    expect(countLostIncomeDays(25)).toEqual({ workingDays: 7, weekendDays: 2, days: 9 });
  });

  it.each([
    [0, 0, 0],
    [0.1, 1, 0],
    [4, 1, 0],
    [4.01, 2, 0],
    [20, 5, 0], // Monday to Friday
    [20.1, 6, 2], // into the next Monday
    [40, 10, 2],
    [40.5, 11, 4],
    [0.1 * 3 * 40, 3, 0], // float noise: 12.000000000000002 h is 3 days
  ])("from a Monday: %d h → %i working + %i weekend days", (hours, working, weekend) => {
    expect(countLostIncomeDays(hours)).toEqual({
      workingDays: working,
      weekendDays: weekend,
      days: working + weekend,
    });
  });

  it("agrees with the protection-plan calculator for every whole and half hour to 120 h", () => {
    for (let hours = 0; hours <= 120; hours += 0.5) {
      const ours = countLostIncomeDays(hours);
      const theirs = estimateLostHostingIncome({
        laborHours: hours,
        earningsLast60DaysCents: 0,
      });
      expect([ours.workingDays, ours.weekendDays], `${hours} h`).toEqual([
        theirs.workingDays,
        theirs.weekendDays,
      ]);
    }
  });

  // 2026-11-16 is a Monday.
  it.each([
    ["2026-11-16", 12, 3, 0], // Mon, Tue, Wed
    ["2026-11-19", 12, 3, 2], // Thu, Fri, (Sat, Sun), Mon
    ["2026-11-20", 4, 1, 0], // Fri only
    ["2026-11-20", 8, 2, 2], // Fri, (Sat, Sun), Mon
    ["2026-11-21", 8, 2, 0], // dropped off Saturday: work Mon, Tue
    ["2026-11-22", 20, 5, 0], // dropped off Sunday: Mon–Fri
    ["2026-11-18", 40, 10, 4], // Wed → Tue two weeks later: two weekends
    ["2026-12-31", 8, 2, 0], // Thu 31 Dec, Fri 1 Jan (holidays are not considered)
  ])("from %s: %d h → %i working + %i weekend days", (start, hours, working, weekend) => {
    expect(countLostIncomeDays(hours, start)).toEqual({
      workingDays: working,
      weekendDays: weekend,
      days: working + weekend,
    });
  });

  it("refuses bad input", () => {
    expect(() => countLostIncomeDays(-1)).toThrow(RangeError);
    expect(() => countLostIncomeDays(Number.NaN)).toThrow(RangeError);
    expect(() => countLostIncomeDays(4, "2026-02-30")).toThrow(RangeError);
    expect(() => countLostIncomeDays(4, "next monday")).toThrow(RangeError);
  });
});
