import { describe, expect, it } from "vitest";
import {
  auditFleet,
  auditVehicle,
  DAYS_PER_MONTH,
  FLEET_AUDIT_DEFAULT_OPTIONS,
  FLEET_VEHICLE_DEFAULTS,
  MAX_FLEET_VEHICLES,
  parseEarningsCsv,
  validateFleetAudit,
  validateFleetVehicle,
  type FleetVehicleInput,
} from "./fleet-audit";
import * as earningsCsv from "./earnings-csv";
import { HOST_PLAN_IDS } from "./marketplace-rules";
import { InvalidInputError } from "./validation";
import { SAMPLE_CAMRY } from "~/tests/support/tool-fixtures";

const noCosts = {
  financingMonthlyCents: 0,
  insuranceMonthlyCents: 0,
  depreciationMonthlyCents: 0,
  maintenanceMonthlyCents: 0,
  cleaningMonthlyCents: 0,
  tollsMonthlyCents: 0,
};

const camry = SAMPLE_CAMRY;

const model3: FleetVehicleInput = {
  name: "Model 3",
  dailyPriceCents: 120_00,
  utilizationPercent: 70,
  hostPlan: 90,
  financingMonthlyCents: 400_00,
  insuranceMonthlyCents: 150_00,
  depreciationMonthlyCents: 200_00,
  maintenanceMonthlyCents: 80_00,
  cleaningMonthlyCents: 100_00,
  tollsMonthlyCents: 0,
  averageRepairCostCents: 2_000_00,
};

const parked: FleetVehicleInput = {
  ...noCosts,
  name: "Parked van",
  dailyPriceCents: 0,
  utilizationPercent: 0,
  hostPlan: 60,
  insuranceMonthlyCents: 100_00,
  averageRepairCostCents: 1_000_00,
};

const underpriced: FleetVehicleInput = {
  ...noCosts,
  name: "Underpriced SUV",
  dailyPriceCents: 30_00,
  utilizationPercent: 100,
  hostPlan: 60,
  financingMonthlyCents: 1_000_00,
  averageRepairCostCents: 4_730_00,
};

describe("auditVehicle", () => {
  it("works out one car's month, line by line", () => {
    const audit = auditVehicle(camry);
    expect(audit.bookedDaysPerMonth).toBeCloseTo(15.2083, 4);
    expect(audit).toMatchObject({
      grossTripRevenueCents: 912_50,
      hostEarningsCents: 684_38, // 912.50 × 75% = 684.375 → rounded half away from zero
      marketplaceShareCents: 228_12,
      expectedDamageCents: 25_00, // 10% × the $250 deductible
      totalCostsCents: 765_00,
      netProfitCents: -80_62,
      annualNetProfitCents: -967_44,
      breakEvenUtilizationPercent: 55.9,
      canBreakEven: true,
      isLosingMoney: true,
    });
    expect(audit.costs.map((line) => [line.label, line.cents])).toEqual([
      ["Financing", 350_00],
      ["Insurance", 120_00],
      ["Depreciation", 150_00],
      ["Maintenance", 50_00],
      ["Cleaning", 60_00],
      ["Unreimbursed tolls", 10_00],
      ["Expected damage (your deductible share)", 25_00],
    ]);
  });

  it("shows the arithmetic", () => {
    const audit = auditVehicle(camry);
    expect(audit.steps.map((step) => [step.label, step.formula, step.display])).toEqual([
      ["Booked days per month", "30.42 days × 50% utilization", "15.2 days"],
      ["Trip revenue", "$60.00 per day × 15.2 days", "$912.50"],
      ["Your share (75 plan)", "$912.50 × 75%", "$684.38"],
      [
        "Expected damage cost",
        "10% chance of damage per month × $250.00 (the lesser of your $250.00 deductible and a $4,730.00 repair)",
        "$25.00",
      ],
      [
        "Monthly costs",
        "$350.00 + $120.00 + $150.00 + $50.00 + $60.00 + $10.00 + $25.00",
        "$765.00",
      ],
      ["Net profit per month", "$684.38 − $765.00", "-$80.62"],
      ["Break-even utilization", "$765.00 ÷ ($60.00 × 75% × 30.42 days)", "55.9%"],
    ]);
  });

  it("damage costs the host the smaller of the deductible and the repair", () => {
    const cheapRepair = auditVehicle(model3); // 90 plan: $2,500 deductible, $2,000 repair
    expect(cheapRepair.expectedDamageCents).toBe(200_00);
    const expensiveRepair = auditVehicle({ ...model3, averageRepairCostCents: 10_000_00 });
    expect(expensiveRepair.expectedDamageCents).toBe(250_00);
  });

  it.each(HOST_PLAN_IDS)("the %i plan keeps that share of the trip price", (hostPlan) => {
    const audit = auditVehicle({
      ...underpriced,
      hostPlan,
      dailyPriceCents: 100_00,
      financingMonthlyCents: 0,
    });
    expect(audit.grossTripRevenueCents).toBe(3_041_67); // $100 × 30.4167 days
    expect(audit.hostEarningsCents).toBe(Math.round((3_041_67 * hostPlan) / 100));
    expect(audit.hostEarningsCents + audit.marketplaceShareCents).toBe(audit.grossTripRevenueCents);
  });

  it("a car with no price can't break even", () => {
    const audit = auditVehicle(parked);
    expect(audit.breakEvenUtilizationPercent).toBeNull();
    expect(audit.canBreakEven).toBe(false);
    expect(audit.netProfitCents).toBe(-100_00);
    expect(audit.expectedDamageCents).toBe(0); // 60 plan: no deductible
    expect(audit.steps.some((step) => step.id === "break-even")).toBe(false);
  });

  it("a car that would need more than 100% utilization is flagged", () => {
    const audit = auditVehicle(underpriced);
    expect(audit.hostEarningsCents).toBe(547_50);
    expect(audit.breakEvenUtilizationPercent).toBe(182.6);
    expect(audit.canBreakEven).toBe(false);
  });

  it("a car with no costs breaks even at 0%", () => {
    const audit = auditVehicle({ ...underpriced, financingMonthlyCents: 0 });
    expect(audit.breakEvenUtilizationPercent).toBe(0);
    expect(audit.isLosingMoney).toBe(false);
  });

  it("exactly breaking even is not losing money", () => {
    const audit = auditVehicle({ ...underpriced, financingMonthlyCents: 547_50 });
    expect(audit.netProfitCents).toBe(0);
    expect(audit.isLosingMoney).toBe(false);
    expect(audit.breakEvenUtilizationPercent).toBe(100);
    expect(audit.canBreakEven).toBe(true);
  });

  it("the damage rate is an option", () => {
    expect(auditVehicle(camry, { monthlyDamageRatePercent: 0 }).expectedDamageCents).toBe(0);
    expect(auditVehicle(camry, { monthlyDamageRatePercent: 100 }).expectedDamageCents).toBe(250_00);
    expect(FLEET_AUDIT_DEFAULT_OPTIONS.monthlyDamageRatePercent).toBe(10);
    expect(FLEET_VEHICLE_DEFAULTS.averageRepairCostCents).toBe(4_730_00);
  });

  it("the largest accepted values stay exact", () => {
    const audit = auditVehicle({
      name: "Hypercar",
      dailyPriceCents: 100_000_00,
      utilizationPercent: 100,
      hostPlan: 90,
      financingMonthlyCents: 1_000_000_00,
      insuranceMonthlyCents: 1_000_000_00,
      depreciationMonthlyCents: 1_000_000_00,
      maintenanceMonthlyCents: 1_000_000_00,
      cleaningMonthlyCents: 1_000_000_00,
      tollsMonthlyCents: 1_000_000_00,
      averageRepairCostCents: 1_000_000_00,
    });
    expect(audit.grossTripRevenueCents).toBe(304_166_667);
    for (const value of [audit.totalCostsCents, audit.netProfitCents, audit.annualNetProfitCents]) {
      expect(Number.isSafeInteger(value)).toBe(true);
    }
  });

  it("trims the name", () => {
    expect(auditVehicle({ ...camry, name: "  Camry  " }).name).toBe("Camry");
  });
});

describe("auditFleet", () => {
  const fleet = auditFleet([camry, model3, parked, underpriced]);

  it("audits every car in order", () => {
    expect(fleet.vehicles.map((audit) => [audit.index, audit.name, audit.netProfitCents])).toEqual([
      [0, "Camry", -80_62],
      [1, "Model 3", 1_169_50],
      [2, "Parked van", -100_00],
      [3, "Underpriced SUV", -452_50],
    ]);
  });

  it("adds up the fleet", () => {
    expect(fleet.totals).toEqual({
      vehicleCount: 4,
      grossTripRevenueCents: 912_50 + 2_555_00 + 0 + 912_50,
      hostEarningsCents: 684_38 + 2_299_50 + 0 + 547_50,
      marketplaceShareCents: 228_12 + 255_50 + 0 + 365_00,
      totalCostsCents: 765_00 + 1_130_00 + 100_00 + 1_000_00,
      netProfitCents: -80_62 + 1_169_50 - 100_00 - 452_50,
      annualNetProfitCents: (-80_62 + 1_169_50 - 100_00 - 452_50) * 12,
      averageUtilizationPercent: 55,
      losingCount: 3,
    });
  });

  it("lists the cars losing money, worst first", () => {
    expect(fleet.losers.map((audit) => audit.name)).toEqual([
      "Underpriced SUV",
      "Parked van",
      "Camry",
    ]);
  });

  it("a profitable fleet has no losers", () => {
    const result = auditFleet([model3]);
    expect(result.losers).toEqual([]);
    expect(result.totals.losingCount).toBe(0);
  });

  it("refuses an empty fleet and invalid cars, naming the row", () => {
    expect(() => auditFleet([])).toThrow(InvalidInputError);
    try {
      auditFleet([camry, { ...model3, utilizationPercent: 120 }]);
      expect.unreachable();
    } catch (error) {
      expect((error as InvalidInputError).fieldErrors).toEqual({
        "vehicles[1].utilizationPercent": "Utilization must be between 0% and 100%.",
      });
    }
  });
});

describe("validateFleetVehicle / validateFleetAudit", () => {
  it("accepts a valid car", () => {
    expect(validateFleetVehicle(camry)).toEqual({});
  });

  it.each([
    [{ name: "" }, "name", "Give the car a name."],
    [{ name: "   " }, "name", "Give the car a name."],
    [{ name: "x".repeat(101) }, "name", "Keep the name under 100 characters."],
    [{ hostPlan: 70 }, "hostPlan", "Choose the host protection plan."],
    [{ dailyPriceCents: -1 }, "dailyPriceCents", "Daily price must be between $0 and $100,000."],
    [{ dailyPriceCents: 99.5 }, "dailyPriceCents", "Daily price must be a whole number of cents."],
    [
      { utilizationPercent: -0.1 },
      "utilizationPercent",
      "Utilization must be between 0% and 100%.",
    ],
    [{ financingMonthlyCents: Number.NaN }, "financingMonthlyCents", "Financing must be a number."],
    [
      { tollsMonthlyCents: 1e12 },
      "tollsMonthlyCents",
      "Unreimbursed tolls must be between $0 and $1,000,000.",
    ],
    [
      { averageRepairCostCents: undefined },
      "averageRepairCostCents",
      "Average repair cost must be a number.",
    ],
  ])("%j → %s", (override, field, message) => {
    expect(validateFleetVehicle({ ...camry, ...override })).toEqual({ [field]: message });
  });

  it("checks the fleet size and the damage rate", () => {
    expect(validateFleetAudit([])).toEqual({ vehicles: "Add at least one car." });
    const tooMany = Array.from({ length: MAX_FLEET_VEHICLES + 1 }, () => camry);
    expect(validateFleetAudit(tooMany)).toEqual({
      vehicles: "Audit at most 1,000 cars at a time.",
    });
    expect(validateFleetAudit([camry], { monthlyDamageRatePercent: 150 })).toEqual({
      monthlyDamageRatePercent: "Monthly damage rate must be between 0% and 100%.",
    });
  });
});

it("DAYS_PER_MONTH is an average month", () => {
  expect(DAYS_PER_MONTH * 12).toBeCloseTo(365, 10);
});

it("re-exports the earnings CSV import next to the calculator", () => {
  expect(parseEarningsCsv).toBe(earningsCsv.parseEarningsCsv);
});
