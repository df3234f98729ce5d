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

  it("knows the clock: a report window that closed before filing turns the advice to the guest", () => {
    const base = {
      guestPlan: "standard" as const,
      hostPlan: 60 as const,
      repairEstimateCents: 2_400_00,
      laborHours: null,
      earningsLast60DaysCents: 0,
      fleetSize: 2,
    };
    const open = adviseRoute({
      ...base,
      reportWindow: { dueText: "Nov 23, 2026, 6:30 PM MST", closed: false },
    });
    expect(open.comparison.better).toBe("marketplace-managed");
    expect(open.clock).toEqual({
      closed: false,
      text: "Report the damage in Turo by Nov 23, 2026, 6:30 PM MST: after that the managed route can be denied.",
    });

    const closed = adviseRoute({
      ...base,
      reportWindow: { dueText: "Nov 23, 2026, 6:30 PM MST", closed: true },
    });
    expect(closed.clock?.closed).toBe(true);
    expect(closed.clock?.text).toBe(
      "Turo's 24-hour report window closed Nov 23, 2026, 6:30 PM MST. A late report can be denied, with a $25 fee: don't count on the managed route's $2,400.00.",
    );
    const [managed, direct] = closed.comparison.routes;
    expect(managed.better).toBe(false);
    expect(direct.better).toBe(true);
    expect(closed.comparison.better).toBe("resolve-directly");
    expect(closed.comparison.reason).toContain(
      "Turo's report window closed Nov 23, 2026, 6:30 PM MST, so the managed route is unlikely to pay: ask the guest to pay directly (up to $500 on their plan).",
    );
    // Without the window the advice is the plain comparison.
    expect(adviseRoute(base).clock).toBeNull();
  });
});
