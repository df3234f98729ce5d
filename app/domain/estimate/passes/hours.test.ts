import { describe, expect, it } from "vitest";
import { finding, run } from "~/domain/estimate/engine-test-kit";

describe("Hours and days", () => {
  it("repair days: labor hours ÷ 4 rounded up, +1 when parts are ordered, at least 1", () => {
    const bumper = run([finding("front-bumper", "crack", "severe")]);
    // 2.5 replace + 2.8 refinish + 1.8 blends + 1.5 clear coat = 8.6 h → 3 days + 1 for the part
    expect(bumper.laborHours).toBe(8.6);
    expect(bumper.repairDays).toBe(4);
    expect(run([finding("hood", "dent", "minor", { sizeCm: 2 })]).repairDays).toBe(1);
    expect(run([finding("hood", "scratch", "minor")]).repairDays).toBe(1);
  });

  it("lost-income days use the labor hours and the repair start date", () => {
    const findings = [
      finding("front-door-left", "dent", "severe", { sizeCm: 30 }),
      finding("rear-door-left", "dent", "severe", { sizeCm: 30 }),
    ];
    const monday = run(findings);
    expect(monday.laborHours).toBeGreaterThan(16);
    expect(monday.laborHours).toBeLessThanOrEqual(20);
    expect(monday.lostIncome).toEqual({ workingDays: 5, weekendDays: 0, days: 5 });
    const thursday = run(findings, {}, { repairStartDate: "2026-11-19" });
    expect(thursday.lostIncome).toEqual({ workingDays: 5, weekendDays: 2, days: 7 });
    expect(thursday.lostIncomeDays).toBe(7);
  });
});
