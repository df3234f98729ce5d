import { describe, expect, it } from "vitest";
import { parseProtectionPlanQuery } from "./protection-plan-query";

const parse = (query: string) => parseProtectionPlanQuery(new URLSearchParams(query));

describe("parseProtectionPlanQuery", () => {
  it("a first visit shows the example and is valid", () => {
    const { values, errors, input } = parse("");
    expect(errors).toEqual({});
    expect(values).toMatchObject({ guest: "standard", host: "75", estimate: "1200" });
    expect(input).toEqual({
      guestPlan: "standard",
      hostPlan: 75,
      repairEstimateCents: 1_200_00,
      interiorDamage: false,
      mechanicalDamage: false,
      replacementVehicleChosen: false,
    });
  });

  it("reads plans, amounts and flags", () => {
    const { input, lostIncomeSource } = parse(
      "guest=premier&host=60&estimate=%242%2C500.50&acv=18000&lostIncome=300&interior=on&replacement=on",
    );
    expect(lostIncomeSource).toBe("entered");
    expect(input).toEqual({
      guestPlan: "premier",
      hostPlan: 60,
      repairEstimateCents: 2_500_50,
      lostIncomeCents: 300_00,
      actualCashValueCents: 18_000_00,
      interiorDamage: true,
      mechanicalDamage: false,
      replacementVehicleChosen: true,
    });
  });

  it("calculates lost income from labor hours and 60-day earnings, over an entered amount", () => {
    const { input, lostIncomeSource, lostIncomeEstimate } = parse(
      "guest=standard&host=60&estimate=3000&lostIncome=50&hours=28&earnings60=6000",
    );
    // 28 h ÷ 4 = 7 working days + 1 weekend (2 days) = 9 days × $100/day.
    expect(lostIncomeSource).toBe("calculated");
    expect(lostIncomeEstimate?.paidDays).toBe(9);
    expect(input?.lostIncomeCents).toBe(900_00);
  });

  it("asks for the other half of the lost-income formula", () => {
    expect(parse("estimate=100&hours=8").errors).toEqual({
      earnings60: "Enter the car's earnings over the last 60 days too.",
    });
    expect(parse("estimate=100&earnings60=600").errors).toEqual({
      hours: "Enter the labor hours on the estimate too.",
    });
  });

  it("requires the estimate once the form was submitted", () => {
    const { errors, input, values } = parse("guest=premier&host=90");
    expect(errors).toEqual({ estimate: "Enter the repair estimate." });
    expect(values.estimate).toBe("");
    expect(input).toBeNull();
  });

  it.each([
    ["guest=%3Cscript%3E&estimate=100", "guest", "Choose the guest's protection plan."],
    ["host=61&estimate=100", "host", "Choose your host protection plan."],
    ["estimate=-5", "estimate", "Repair estimate must be between $0 and $10,000,000."],
    ["estimate=1e400", "estimate", "Repair estimate must be a dollar amount, like 1250."],
    ["estimate=999999999999", "estimate", "Repair estimate must be between $0 and $10,000,000."],
    ["estimate=100&hours=Infinity&earnings60=100", "hours", "Labor hours must be a number."],
    [
      "estimate=100&hours=99999&earnings60=100",
      "hours",
      "Labor hours must be between 0 and 2,000 hours.",
    ],
    ["estimate=100&acv=abc", "acv", "Actual cash value must be a dollar amount, like 1250."],
    ["estimate=100&lostIncome=-1", "lostIncome", "Lost income must be between $0 and $1,000,000."],
  ])("hostile %s → error on %s", (query, field, message) => {
    const { errors, input } = parse(query);
    expect(errors[field as keyof typeof errors]).toBe(message);
    expect(input).toBeNull();
  });

  it("never throws on junk, long values or repeated keys", () => {
    const long = "9".repeat(10_000);
    expect(() => parse(`estimate=${long}&guest=${long}&host=${long}`)).not.toThrow();
    expect(parse(`estimate=${long}`).input).toBeNull();
    // The first of repeated keys wins.
    expect(parse("estimate=100&estimate=200&host=60&host=90").input).toMatchObject({
      repairEstimateCents: 100_00,
      hostPlan: 60,
    });
    // Unknown keys are ignored.
    expect(parse("x=%3Cscript%3E&estimate=100").errors).toEqual({});
  });
});
