import { describe, expect, it } from "vitest";
import { marketplace } from "~/config/marketplace";
import {
  GUEST_PLAN_IDS,
  HOST_PLAN_IDS,
  RULES_AS_OF,
  type GuestPlanId,
  type HostPlanId,
} from "./marketplace-rules";
import {
  compareProtectionPlans,
  estimateLostHostingIncome,
  validateLostIncomeInput,
  validateProtectionPlanInput,
  type ProtectionPlanInput,
  type ProtectionPlanResult,
} from "./protection-plan";
import { InvalidInputError } from "./validation";

const managed = (result: ProtectionPlanResult) => result.routes[0];
const direct = (result: ProtectionPlanResult) => result.routes[1];

type Expected = [
  guestPlan: GuestPlanId,
  hostPlan: HostPlanId,
  guestOwes: number,
  planPays: number,
  deductibleApplied: number,
  better: "managed" | "direct",
];

// Repair estimate $1,000. Guest caps: Premier $0, Standard $500, Minimum/declined $3,000.
// Deductibles: 60 → $0, 75 → $250, 80 → $750, 85 → $1,625, 90 → $2,500.
const estimate1000: Expected[] = [
  ["premier", 60, 0, 1000, 0, "managed"],
  ["premier", 75, 0, 750, 250, "managed"],
  ["premier", 80, 0, 250, 750, "managed"],
  ["premier", 85, 0, 0, 1000, "direct"], // both $0
  ["premier", 90, 0, 0, 1000, "direct"], // both $0
  ["standard", 60, 500, 1000, 0, "managed"],
  ["standard", 75, 500, 750, 250, "managed"],
  ["standard", 80, 500, 250, 750, "direct"],
  ["standard", 85, 500, 0, 1000, "direct"],
  ["standard", 90, 500, 0, 1000, "direct"],
  ["minimum", 60, 1000, 1000, 0, "direct"], // tie at $1,000 → direct
  ["minimum", 75, 1000, 750, 250, "direct"],
  ["minimum", 80, 1000, 250, 750, "direct"],
  ["minimum", 85, 1000, 0, 1000, "direct"],
  ["minimum", 90, 1000, 0, 1000, "direct"],
  ["declined", 60, 1000, 1000, 0, "direct"],
  ["declined", 75, 1000, 750, 250, "direct"],
  ["declined", 80, 1000, 250, 750, "direct"],
  ["declined", 85, 1000, 0, 1000, "direct"],
  ["declined", 90, 1000, 0, 1000, "direct"],
];

// Repair estimate $5,000.
const estimate5000: Expected[] = [
  ["premier", 60, 0, 5000, 0, "managed"],
  ["premier", 75, 0, 4750, 250, "managed"],
  ["premier", 80, 0, 4250, 750, "managed"],
  ["premier", 85, 0, 3375, 1625, "managed"],
  ["premier", 90, 0, 2500, 2500, "managed"],
  ["standard", 60, 500, 5000, 0, "managed"],
  ["standard", 75, 500, 4750, 250, "managed"],
  ["standard", 80, 500, 4250, 750, "managed"],
  ["standard", 85, 500, 3375, 1625, "managed"],
  ["standard", 90, 500, 2500, 2500, "managed"],
  ["minimum", 60, 3000, 5000, 0, "managed"],
  ["minimum", 75, 3000, 4750, 250, "managed"],
  ["minimum", 80, 3000, 4250, 750, "managed"],
  ["minimum", 85, 3000, 3375, 1625, "managed"],
  ["minimum", 90, 3000, 2500, 2500, "direct"],
  ["declined", 60, 3000, 5000, 0, "managed"],
  ["declined", 75, 3000, 4750, 250, "managed"],
  ["declined", 80, 3000, 4250, 750, "managed"],
  ["declined", 85, 3000, 3375, 1625, "managed"],
  ["declined", 90, 3000, 2500, 2500, "direct"],
];

describe.each([
  [1000, estimate1000],
  [5000, estimate5000],
])("every guest plan × host plan, $%i estimate", (estimateDollars, table) => {
  it("covers all 20 combinations", () => {
    const combos = new Set(table.map(([guest, host]) => `${guest}/${host}`));
    expect(combos.size).toBe(GUEST_PLAN_IDS.length * HOST_PLAN_IDS.length);
  });

  it.each(table)(
    "%s guest, %i plan",
    (guestPlan, hostPlan, guestOwes, planPays, deductible, better) => {
      const result = compareProtectionPlans({
        guestPlan,
        hostPlan,
        repairEstimateCents: estimateDollars * 100,
      });
      expect(result.guestOwesAtMostCents).toBe(guestOwes * 100);
      expect(result.hostPlanPaysCents).toBe(planPays * 100);
      expect(result.hostDeductibleAppliedCents).toBe(deductible * 100);
      expect(managed(result).hostReceivesCents).toBe(planPays * 100);
      expect(direct(result).hostReceivesCents).toBe(guestOwes * 100);
      expect(result.better).toBe(better === "managed" ? "marketplace-managed" : "resolve-directly");
      expect(result.routes.filter((route) => route.better).map((route) => route.id)).toEqual([
        result.better,
      ]);
      for (const route of result.routes) {
        expect(route.hostUnrecoveredCents).toBe(result.totalLossCents - route.hostReceivesCents);
        expect(route.hostReceivesCents).toBeGreaterThanOrEqual(0);
      }
      expect(result.misuse).toBe(false);
      expect(result.rulesAsOf).toBe(RULES_AS_OF);
    },
  );
});

describe("compareProtectionPlans: plan facts", () => {
  it.each([
    [60, 0],
    [75, 250_00],
    [80, 750_00],
    [85, 1_625_00],
    [90, 2_500_00],
  ] as const)("the %i plan's deductible is %i cents", (hostPlan, deductible) => {
    const result = compareProtectionPlans({
      guestPlan: "standard",
      hostPlan,
      repairEstimateCents: 0,
    });
    expect(result.hostDeductibleCents).toBe(deductible);
    expect(result.hostPlan.hostSharePercent).toBe(hostPlan);
  });

  it.each([
    ["premier", 0],
    ["standard", 500_00],
    ["minimum", 3_000_00],
    ["declined", 3_000_00],
  ] as const)("the %s guest plan caps the guest at %i cents", (guestPlan, cap) => {
    const result = compareProtectionPlans({
      guestPlan,
      hostPlan: 80,
      repairEstimateCents: 1_000_000_00,
    });
    expect(result.guestPlanCapCents).toBe(cap);
    expect(result.guestOwesAtMostCents).toBe(cap);
  });

  it("only Premier skips the guest's personal insurance", () => {
    const premier = compareProtectionPlans({
      guestPlan: "premier",
      hostPlan: 75,
      repairEstimateCents: 1_000_00,
    });
    expect(managed(premier).notes.join(" ")).toContain("their personal insurance isn't asked");
    for (const guestPlan of ["standard", "minimum", "declined"] as const) {
      const result = compareProtectionPlans({
        guestPlan,
        hostPlan: 75,
        repairEstimateCents: 1_000_00,
      });
      expect(managed(result).notes.join(" ")).toContain(
        "asks the guest's personal insurance to pay first",
      );
    }
  });

  it("a managed claim can't switch back, a direct one can be escalated within 20 days", () => {
    const result = compareProtectionPlans({
      guestPlan: "standard",
      hostPlan: 80,
      repairEstimateCents: 1_000_00,
    });
    expect(managed(result).notes.join(" ")).toContain("can't switch back");
    expect(direct(result).notes.join(" ")).toContain("within 20 days");
    expect(direct(result).notes.join(" ")).toContain("within 72 hours");
  });

  it("the managed lines add up to what the host receives", () => {
    const result = compareProtectionPlans({
      guestPlan: "standard",
      hostPlan: 85,
      repairEstimateCents: 4_321_99,
    });
    expect(managed(result).lines).toEqual([
      { label: "Repair estimate", amountCents: 4_321_99 },
      { label: "Your 85 plan deductible", amountCents: -1_625_00 },
      { label: "Paid by your host plan", amountCents: 2_696_99 },
    ]);
    expect(direct(result).lines).toEqual([
      { label: "Paid by the guest (Standard, at most $500)", amountCents: 500_00 },
    ]);
  });

  it("explains the better route with the amounts", () => {
    const managedBetter = compareProtectionPlans({
      guestPlan: "standard",
      hostPlan: 75,
      repairEstimateCents: 2_000_00,
    });
    expect(managedBetter.reason).toBe(
      `A ${marketplace.name}-managed claim gets you $1,750, $1,250 more than the $500 the guest can owe you directly.`,
    );
    const directBetter = compareProtectionPlans({
      guestPlan: "minimum",
      hostPlan: 90,
      repairEstimateCents: 2_000_00,
    });
    expect(directBetter.reason).toBe(
      `Resolving directly gets you $2,000, $2,000 more than the $0 a ${marketplace.name}-managed claim would pay after your deductible.`,
    );
    const tie = compareProtectionPlans({
      guestPlan: "minimum",
      hostPlan: 60,
      repairEstimateCents: 1_000_00,
    });
    expect(tie.reason).toContain("Both routes get you $1,000.");
    expect(tie.reason).toContain("a managed claim can't come back");
  });
});

describe("compareProtectionPlans: interior and mechanical misuse", () => {
  it.each(GUEST_PLAN_IDS)("the %s guest owes the full cost of interior misuse", (guestPlan) => {
    for (const hostPlan of HOST_PLAN_IDS) {
      const result = compareProtectionPlans({
        guestPlan,
        hostPlan,
        repairEstimateCents: 7_500_00,
        interiorDamage: true,
      });
      expect(result.misuse).toBe(true);
      expect(result.guestOwesAtMostCents).toBe(7_500_00);
      expect(result.hostPlanPaysCents).toBe(0);
      expect(result.hostDeductibleAppliedCents).toBe(0);
      expect(managed(result).hostReceivesCents).toBe(7_500_00);
      expect(direct(result).hostReceivesCents).toBe(7_500_00);
      expect(result.better).toBe("resolve-directly");
    }
  });

  it("mechanical misuse works the same way, and says why", () => {
    const result = compareProtectionPlans({
      guestPlan: "premier",
      hostPlan: 60,
      repairEstimateCents: 12_000_00,
      mechanicalDamage: true,
    });
    expect(result.guestOwesAtMostCents).toBe(12_000_00);
    expect(managed(result).notes.join(" ")).toContain("host protection plans don't reimburse them");
    expect(direct(result).lines[0]?.label).toBe("Paid by the guest in full (misuse)");
    expect(result.reason).toContain("Both routes get you $12,000.");
  });
});

describe("compareProtectionPlans: lost hosting income", () => {
  const base: ProtectionPlanInput = {
    guestPlan: "premier",
    hostPlan: 60,
    repairEstimateCents: 1_000_00,
    lostIncomeCents: 450_00,
  };

  it("is paid on the 60 plan when the host declines the replacement vehicle", () => {
    const result = compareProtectionPlans(base);
    expect(result.lostIncome).toMatchObject({
      eligible: true,
      claimedCents: 450_00,
      payableCents: 450_00,
    });
    expect(result.lostIncome.caveat).toContain("2025");
    expect(result.totalLossCents).toBe(1_450_00);
    expect(managed(result).hostReceivesCents).toBe(1_450_00);
    expect(managed(result).lines).toContainEqual({
      label: "Lost hosting income",
      amountCents: 450_00,
    });
    expect(direct(result).notes).toContain("Lost hosting income is only paid on a managed claim.");
    expect(direct(result).hostUnrecoveredCents).toBe(1_450_00);
  });

  it("is not paid when the host took the replacement vehicle", () => {
    const result = compareProtectionPlans({ ...base, replacementVehicleChosen: true });
    expect(result.lostIncome.eligible).toBe(false);
    expect(result.lostIncome.reason).toContain("replacement-vehicle");
    expect(managed(result).hostReceivesCents).toBe(1_000_00);
    expect(managed(result).hostUnrecoveredCents).toBe(450_00);
  });

  it.each([75, 80, 85, 90] as const)("is not paid on the %i plan", (hostPlan) => {
    const result = compareProtectionPlans({ ...base, hostPlan });
    expect(result.lostIncome).toMatchObject({ eligible: false, payableCents: 0 });
    expect(result.lostIncome.reason).toBe("Lost hosting income is only paid on the 60 plan.");
    expect(managed(result).lines).toContainEqual({
      label: "Lost hosting income (not eligible)",
      amountCents: 0,
    });
  });

  it("is not paid for misuse damage", () => {
    const result = compareProtectionPlans({ ...base, interiorDamage: true });
    expect(result.lostIncome.eligible).toBe(false);
    expect(result.lostIncome.reason).toContain("misuse");
  });

  it("an eligible plan with nothing claimed adds no line", () => {
    const result = compareProtectionPlans({ ...base, lostIncomeCents: 0 });
    expect(result.lostIncome.eligible).toBe(true);
    expect(managed(result).lines.some((line) => line.label.startsWith("Lost"))).toBe(false);
  });
});

describe("compareProtectionPlans: caps, zero and huge amounts", () => {
  it("a zero estimate recovers nothing either way", () => {
    const result = compareProtectionPlans({
      guestPlan: "standard",
      hostPlan: 60,
      repairEstimateCents: 0,
    });
    expect(result.routes.map((route) => route.hostReceivesCents)).toEqual([0, 0]);
    expect(result.better).toBe("resolve-directly");
    expect(result.reason).toContain("Neither route recovers anything");
  });

  it("the plan never pays more than the car's actual cash value", () => {
    const result = compareProtectionPlans({
      guestPlan: "premier",
      hostPlan: 80,
      repairEstimateCents: 15_000_00,
      actualCashValueCents: 12_000_00,
    });
    expect(result.hostPlanPaysCents).toBe(11_250_00);
    expect(managed(result).lines).toContainEqual({
      label: "Above the reimbursement cap (actual cash value or $200,000)",
      amountCents: -3_000_00,
    });
  });

  it("nor more than $200,000", () => {
    const result = compareProtectionPlans({
      guestPlan: "premier",
      hostPlan: 90,
      repairEstimateCents: 250_000_00,
    });
    expect(result.hostPlanPaysCents).toBe(197_500_00);
    expect(managed(result).hostUnrecoveredCents).toBe(52_500_00);
  });

  it("a one-cent estimate", () => {
    const result = compareProtectionPlans({
      guestPlan: "standard",
      hostPlan: 75,
      repairEstimateCents: 1,
    });
    expect(result.guestOwesAtMostCents).toBe(1);
    expect(result.hostDeductibleAppliedCents).toBe(1);
    expect(result.hostPlanPaysCents).toBe(0);
    expect(result.better).toBe("resolve-directly");
  });

  it("the largest accepted estimate stays exact", () => {
    const result = compareProtectionPlans({
      guestPlan: "minimum",
      hostPlan: 60,
      repairEstimateCents: 10_000_000_00,
      lostIncomeCents: 1_000_000_00,
    });
    expect(result.hostPlanPaysCents).toBe(200_000_00);
    expect(Number.isSafeInteger(managed(result).hostUnrecoveredCents)).toBe(true);
  });

  it("the guest declining protection is mentioned on the direct route", () => {
    const result = compareProtectionPlans({
      guestPlan: "declined",
      hostPlan: 90,
      repairEstimateCents: 900_00,
    });
    expect(direct(result).notes.join(" ")).toContain("their own auto insurer");
  });
});

describe("validateProtectionPlanInput", () => {
  const valid = { guestPlan: "standard", hostPlan: 80, repairEstimateCents: 1_000_00 };

  it("accepts valid input, optional fields included", () => {
    expect(validateProtectionPlanInput(valid)).toEqual({});
    expect(
      validateProtectionPlanInput({
        ...valid,
        lostIncomeCents: 0,
        actualCashValueCents: 5_000_00,
        interiorDamage: false,
        mechanicalDamage: true,
        replacementVehicleChosen: false,
      }),
    ).toEqual({});
  });

  it.each([
    [{ guestPlan: "gold" }, "guestPlan", "Choose the guest's protection plan."],
    [{ guestPlan: undefined }, "guestPlan", "Choose the guest's protection plan."],
    [{ hostPlan: 70 }, "hostPlan", "Choose your host protection plan."],
    [{ hostPlan: "80" }, "hostPlan", "Choose your host protection plan."],
    [
      { repairEstimateCents: -1 },
      "repairEstimateCents",
      "Repair estimate must be between $0 and $10,000,000.",
    ],
    [
      { repairEstimateCents: 10.5 },
      "repairEstimateCents",
      "Repair estimate must be a whole number of cents.",
    ],
    [
      { repairEstimateCents: Number.NaN },
      "repairEstimateCents",
      "Repair estimate must be a number.",
    ],
    [{ lostIncomeCents: -5 }, "lostIncomeCents", "Lost income must be between $0 and $1,000,000."],
    [
      { actualCashValueCents: 1e12 },
      "actualCashValueCents",
      "Actual cash value must be between $0 and $10,000,000.",
    ],
    [{ interiorDamage: "yes" }, "interiorDamage", "Must be yes or no."],
  ])("%j → %s", (override, field, message) => {
    expect(validateProtectionPlanInput({ ...valid, ...override })).toEqual({ [field]: message });
  });

  it("compareProtectionPlans refuses invalid input", () => {
    expect(() =>
      compareProtectionPlans({ ...valid, hostPlan: 70 } as unknown as ProtectionPlanInput),
    ).toThrow(InvalidInputError);
  });
});

describe("estimateLostHostingIncome", () => {
  it("matches the support article's example: 25 labor hours → 7 repair days + a weekend = 9 days", () => {
    const result = estimateLostHostingIncome({ laborHours: 25, earningsLast60DaysCents: 3_000_00 });
    expect(result).toMatchObject({
      workingDays: 7,
      weekendDays: 2,
      paidDays: 9,
      averageDailyEarningsCents: 50_00,
      amountCents: 450_00,
    });
    expect(result.steps.map((step) => [step.formula, step.display])).toEqual([
      ["25 labor hours ÷ 4, rounded up", "7 days"],
      ["1 weekend × 2 days (repair starts on a Monday)", "2 days"],
      ["7 days + 2 days", "9 days"],
      ["$3,000.00 ÷ 60 days", "$50.00"],
      ["$50.00 × 9 days", "$450.00"],
    ]);
  });

  it.each([
    [0, 0, 0],
    [0.5, 1, 0],
    [4, 1, 0],
    [4.01, 2, 0],
    [20, 5, 0], // Monday to Friday: no weekend inside the repair
    [20.5, 6, 2],
    [40, 10, 2],
    [41, 11, 4],
    [0.1 * 3 * 40, 3, 0], // 12.000000000000002 hours is still 3 days
  ])("%d hours → %i working days + %i weekend days", (laborHours, workingDays, weekendDays) => {
    const result = estimateLostHostingIncome({ laborHours, earningsLast60DaysCents: 6_000_00 });
    expect(result.workingDays).toBe(workingDays);
    expect(result.weekendDays).toBe(weekendDays);
    expect(result.amountCents).toBe((workingDays + weekendDays) * 100_00);
  });

  it("rounds the daily average to the cent", () => {
    const result = estimateLostHostingIncome({ laborHours: 4, earningsLast60DaysCents: 100_00 });
    expect(result.averageDailyEarningsCents).toBe(167);
    expect(result.amountCents).toBe(167);
  });

  it("validates its input", () => {
    expect(validateLostIncomeInput({ laborHours: -1, earningsLast60DaysCents: 0.5 })).toEqual({
      laborHours: "Labor hours must be between 0 and 2,000 hours.",
      earningsLast60DaysCents: "Earnings over the last 60 days must be a whole number of cents.",
    });
    expect(() =>
      estimateLostHostingIncome({ laborHours: 5000, earningsLast60DaysCents: 0 }),
    ).toThrow(InvalidInputError);
  });
});
