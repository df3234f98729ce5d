import { describe, expect, it } from "vitest";
import { adviseRoute, hostPlanOn } from "./route-advice";

describe("host plan as of the trip date", () => {
  const history = [
    { planId: 75, effectiveFrom: "2025-01-01" },
    { planId: 60, effectiveFrom: "2026-06-15" },
  ];
  it("takes the latest plan that started on or before the day", () => {
    expect(hostPlanOn(history, "2024-12-31")).toBeNull();
    expect(hostPlanOn(history, "2025-01-01")).toBe(75);
    expect(hostPlanOn(history, "2026-06-14")).toBe(75);
    expect(hostPlanOn(history, "2026-06-15")).toBe(60);
    expect(hostPlanOn(history, "2026-11-20")).toBe(60);
  });
});

describe("route advisor", () => {
  it("adds lost income on the 60 plan: ceil(labor ÷ 4) plus weekends × the 60-day daily average", () => {
    // 25 labor hours → 7 working days + 2 weekend days = 9 days; $6,000 over 60 days → $100/day.
    const advice = adviseRoute({
      guestPlan: "minimum",
      hostPlan: 60,
      repairEstimateCents: 2_400_00,
      laborHours: 25,
      earningsLast60DaysCents: 6_000_00,
      fleetSize: 1,
    });
    expect(advice.lostIncome).toMatchObject({
      workingDays: 7,
      weekendDays: 2,
      paidDays: 9,
      amountCents: 900_00,
    });
    const [managed, direct] = advice.comparison.routes;
    expect(managed.hostReceivesCents).toBe(2_400_00 + 900_00);
    expect(direct.hostReceivesCents).toBe(2_400_00);
    expect(advice.comparison.better).toBe("marketplace-managed");
    expect(advice.replacementVehicle.text).toBe(
      "The 60 plan reimburses a replacement vehicle at $50 a day, up to 10 days, one at a time; taking it rules out lost income.",
    );
    expect(advice.forfeitWarning).toContain("even part of it");
  });

  it("has no lost income on other plans, and states the replacement condition for bigger fleets", () => {
    const advice = adviseRoute({
      guestPlan: "standard",
      hostPlan: 75,
      repairEstimateCents: 1_200_00,
      laborHours: 10,
      earningsLast60DaysCents: 6_000_00,
      fleetSize: 5,
    });
    expect(advice.lostIncome).toBeNull();
    const [managed, direct] = advice.comparison.routes;
    expect(managed.hostReceivesCents).toBe(1_200_00 - 250_00);
    expect(direct.hostReceivesCents).toBe(500_00);
    expect(advice.replacementVehicle.text).toContain(
      "With 5 cars, only while all your other cars are booked or in repair.",
    );
  });
});
