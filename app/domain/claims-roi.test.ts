import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLAIMS_ROI_DEFAULTS,
  CLAIMS_ROI_EXAMPLE,
  CLAIMS_ROI_LIMITS,
  calculateClaimsRoi,
  validateClaimsRoiInput,
  type ClaimsRoiInput,
} from "./claims-roi";
import { InvalidInputError } from "./validation";

const example = CLAIMS_ROI_EXAMPLE;

function step(result: ReturnType<typeof calculateClaimsRoi>, id: string) {
  const found = result.steps.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
}

describe("calculateClaimsRoi: the worked example", () => {
  const result = calculateClaimsRoi(example);

  it("defaults the damage rate to 10% a month", () => {
    expect(CLAIMS_ROI_DEFAULTS.monthlyDamageRatePercent).toBe(10);
    expect(example.monthlyDamageRatePercent).toBe(10);
  });

  it("computes every figure", () => {
    expect(result).toMatchObject({
      claimsPerYear: 12,
      claimValuePerYearCents: 12_000_00,
      recoveredTodayCents: 6_000_00,
      recoveredWithFleetAssistCents: 10_800_00,
      additionalRecoveredCents: 4_800_00,
      hoursPerYearToday: 60,
      hoursPerYearWithFleetAssist: 6,
      hoursSavedPerYear: 54,
      timeValueSavedCents: 2_700_00,
      totalAnnualBenefitCents: 7_500_00,
      annualSubscriptionCents: 1_188_00,
      netAnnualGainCents: 6_312_00,
    });
    expect(result.roiPercent).toBeCloseTo(531.313, 3);
  });

  it("shows the arithmetic with the user's numbers", () => {
    expect(result.steps.map((line) => [line.label, line.formula, line.display])).toEqual([
      ["Damage claims per year", "10 cars × 10% damaged per month × 12 months", "12 claims"],
      ["Damage value per year", "12 claims × $1,000.00 average claim", "$12,000.00"],
      ["Recovered today", "$12,000.00 × 50% recovered", "$6,000.00"],
      ["Recovered with FleetAssist", "$12,000.00 × 90% recovered", "$10,800.00"],
      ["Extra money recovered per year", "$10,800.00 − $6,000.00", "$4,800.00"],
      ["Hours on claims per year today", "12 claims × 5 hours per claim", "60 hours"],
      ["Hours on claims per year with FleetAssist", "60 hours ÷ 10 (claims 10× faster)", "6 hours"],
      ["Hours saved per year", "60 hours − 6 hours", "54 hours"],
      ["Value of the time saved", "54 hours × $50.00 per hour", "$2,700.00"],
      ["Total benefit per year", "$4,800.00 recovered + $2,700.00 of time", "$7,500.00"],
      ["FleetAssist subscription per year", "$99.00 × 12 months", "$1,188.00"],
      ["Net gain per year", "$7,500.00 − $1,188.00", "$6,312.00"],
      ["Return on the subscription", "$6,312.00 ÷ $1,188.00 × 100", "531%"],
    ]);
  });

  it("gives each step a unit and a unique id", () => {
    const ids = result.steps.map((line) => line.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(step(result, "claims-per-year").unit).toBe("claims");
    expect(step(result, "hours-saved").unit).toBe("hours");
    expect(step(result, "net-gain").unit).toBe("cents");
    expect(step(result, "roi").unit).toBe("percent");
  });
});

describe("calculateClaimsRoi: edge cases", () => {
  it("a single claim reads in the singular", () => {
    const result = calculateClaimsRoi({
      ...example,
      fleetSize: 1,
      monthlyDamageRatePercent: 100 / 12,
    });
    expect(result.claimsPerYear).toBeCloseTo(1, 10);
    expect(step(result, "claims-per-year").display).toBe("1 claim");
  });

  it("no damage means no benefit and a −100% return", () => {
    const result = calculateClaimsRoi({ ...example, monthlyDamageRatePercent: 0 });
    expect(result.claimsPerYear).toBe(0);
    expect(result.totalAnnualBenefitCents).toBe(0);
    expect(result.netAnnualGainCents).toBe(-1_188_00);
    expect(result.roiPercent).toBe(-100);
  });

  it("zero claim size and zero time still save nothing, without dividing by zero", () => {
    const result = calculateClaimsRoi({
      ...example,
      averageClaimCents: 0,
      hoursPerClaim: 0,
      hourlyValueCents: 0,
    });
    expect(result.totalAnnualBenefitCents).toBe(0);
    expect(Object.is(result.timeValueSavedCents, -0)).toBe(false);
  });

  it("a free subscription has no ROI percentage (and no ROI step)", () => {
    const result = calculateClaimsRoi({ ...example, subscriptionMonthlyCents: 0 });
    expect(result.roiPercent).toBeNull();
    expect(result.netAnnualGainCents).toBe(result.totalAnnualBenefitCents);
    expect(result.steps.some((line) => line.id === "roi")).toBe(false);
  });

  it("a lower recovery rate with FleetAssist shows a loss, not an error", () => {
    const result = calculateClaimsRoi({
      ...example,
      currentRecoveryRatePercent: 80,
      fleetAssistRecoveryRatePercent: 70,
    });
    expect(result.additionalRecoveredCents).toBe(-1_200_00);
    expect(step(result, "additional-recovered").display).toBe("-$1,200.00");
  });

  it("fractional rates round money once, half away from zero, and the lines still add up", () => {
    const result = calculateClaimsRoi({
      ...example,
      fleetSize: 3,
      monthlyDamageRatePercent: 3.33,
      averageClaimCents: 1_234_57,
      currentRecoveryRatePercent: 33.3,
      fleetAssistRecoveryRatePercent: 66.7,
      hoursPerClaim: 2.5,
      hourlyValueCents: 33_33,
    });
    // 3 × 3.33% × 12 = 1.1988 claims; × $1,234.57 = $1,480.002516 → $1,480.00
    expect(result.claimValuePerYearCents).toBe(1_480_00);
    expect(result.recoveredTodayCents).toBe(492_84); // 148000 × 0.333 = 49284
    expect(result.recoveredWithFleetAssistCents).toBe(987_16); // 148000 × 0.667 = 98716
    expect(result.additionalRecoveredCents).toBe(494_32);
    expect(result.totalAnnualBenefitCents).toBe(
      result.additionalRecoveredCents + result.timeValueSavedCents,
    );
    expect(step(result, "claims-per-year").display).toBe("1.2 claims");
  });

  it("the largest accepted inputs stay exact integers", () => {
    const huge: ClaimsRoiInput = {
      fleetSize: CLAIMS_ROI_LIMITS.fleetSize.max,
      monthlyDamageRatePercent: 100,
      averageClaimCents: CLAIMS_ROI_LIMITS.averageClaimCents.max,
      currentRecoveryRatePercent: 0,
      fleetAssistRecoveryRatePercent: 100,
      hoursPerClaim: CLAIMS_ROI_LIMITS.hoursPerClaim.max,
      hourlyValueCents: CLAIMS_ROI_LIMITS.hourlyValueCents.max,
      subscriptionMonthlyCents: CLAIMS_ROI_LIMITS.subscriptionMonthlyCents.max,
    };
    const result = calculateClaimsRoi(huge);
    expect(result.claimsPerYear).toBe(120_000);
    expect(result.claimValuePerYearCents).toBe(120_000 * 1_000_000_00);
    for (const value of [
      result.claimValuePerYearCents,
      result.totalAnnualBenefitCents,
      result.netAnnualGainCents,
    ]) {
      expect(Number.isSafeInteger(value)).toBe(true);
    }
    expect(step(result, "claim-value-per-year").display).toBe("$120,000,000,000.00");
  });
});

describe("validateClaimsRoiInput", () => {
  it("accepts the example", () => {
    expect(validateClaimsRoiInput(example)).toEqual({});
  });

  it.each<[keyof ClaimsRoiInput, unknown, string]>([
    ["fleetSize", 0, "Fleet size must be a whole number between 1 and 10,000."],
    ["fleetSize", 2.5, "Fleet size must be a whole number between 1 and 10,000."],
    ["fleetSize", 10_001, "Fleet size must be a whole number between 1 and 10,000."],
    ["monthlyDamageRatePercent", -1, "Monthly damage rate must be between 0% and 100%."],
    ["monthlyDamageRatePercent", 100.5, "Monthly damage rate must be between 0% and 100%."],
    ["averageClaimCents", -100, "Average claim size must be between $0 and $1,000,000."],
    ["averageClaimCents", 12.5, "Average claim size must be a whole number of cents."],
    ["averageClaimCents", 1e15, "Average claim size must be between $0 and $1,000,000."],
    ["currentRecoveryRatePercent", 101, "Current recovery rate must be between 0% and 100%."],
    [
      "fleetAssistRecoveryRatePercent",
      -5,
      "Recovery rate with FleetAssist must be between 0% and 100%.",
    ],
    ["hoursPerClaim", -0.5, "Hours per claim must be between 0 and 1,000 hours."],
    ["hourlyValueCents", Number.NaN, "Value of your time must be a number."],
    ["subscriptionMonthlyCents", Infinity, "Subscription price must be a number."],
    ["subscriptionMonthlyCents", "99", "Subscription price must be a number."],
    ["fleetSize", undefined, "Fleet size must be a number."],
  ])("%s = %j → %s", (field, value, message) => {
    expect(validateClaimsRoiInput({ ...example, [field]: value })).toEqual({ [field]: message });
  });

  it("reports every bad field", () => {
    expect(Object.keys(validateClaimsRoiInput({}))).toHaveLength(8);
  });

  it("calculateClaimsRoi refuses invalid input with the field errors", () => {
    const attempt = () => calculateClaimsRoi({ ...example, fleetSize: -3 });
    expect(attempt).toThrow(InvalidInputError);
    try {
      attempt();
    } catch (error) {
      expect((error as InvalidInputError).fieldErrors).toEqual({
        fleetSize: "Fleet size must be a whole number between 1 and 10,000.",
      });
    }
  });
});

describe("properties", () => {
  const percent = fc.double({ min: 0, max: 100, noNaN: true });
  const input = fc.record<ClaimsRoiInput>({
    fleetSize: fc.integer({ min: 1, max: 10_000 }),
    monthlyDamageRatePercent: percent,
    averageClaimCents: fc.integer({ min: 0, max: 1_000_000_00 }),
    currentRecoveryRatePercent: percent,
    fleetAssistRecoveryRatePercent: percent,
    hoursPerClaim: fc.double({ min: 0, max: 1_000, noNaN: true }),
    hourlyValueCents: fc.integer({ min: 0, max: 10_000_00 }),
    subscriptionMonthlyCents: fc.integer({ min: 0, max: 100_000_00 }),
  });

  it("money results are whole cents and the shown lines add up", () => {
    fc.assert(
      fc.property(input, (roi) => {
        const result = calculateClaimsRoi(roi);
        const money = result.steps.filter((line) => line.unit === "cents");
        for (const line of money) expect(Number.isSafeInteger(line.value)).toBe(true);
        expect(result.additionalRecoveredCents).toBe(
          result.recoveredWithFleetAssistCents - result.recoveredTodayCents,
        );
        expect(result.totalAnnualBenefitCents).toBe(
          result.additionalRecoveredCents + result.timeValueSavedCents,
        );
        expect(result.netAnnualGainCents).toBe(
          result.totalAnnualBenefitCents - result.annualSubscriptionCents,
        );
        expect(result.hoursSavedPerYear).toBeGreaterThanOrEqual(0);
        expect(result.hoursPerYearWithFleetAssist * 10).toBeCloseTo(result.hoursPerYearToday, 6);
      }),
    );
  });
});
