import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../validation";
import {
  defaultBodyRateCents,
  ESTIMATE_TABLES,
  LABOR_DEFAULTS,
  RATE_SOURCES,
  RATES_AS_OF,
  resolveRateCard,
  US_STATE_CODES,
  US_STATE_DEFAULTS,
  validateRateOverrides,
  type Sourced,
} from "./rate-card";

function isSourced(value: unknown): value is Sourced<unknown> {
  return typeof value === "object" && value !== null && "sources" in value && "weak" in value;
}

function allSourced(): [string, Sourced<unknown>][] {
  const found: [string, Sourced<unknown>][] = [];
  const visit = (name: string, value: unknown) => {
    if (isSourced(value)) found.push([name, value]);
    else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) visit(`${name}.${key}`, child);
    }
  };
  visit("ESTIMATE_TABLES", ESTIMATE_TABLES);
  visit("LABOR_DEFAULTS", LABOR_DEFAULTS);
  return found;
}

describe("the default table", () => {
  it("is dated", () => {
    expect(RATES_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("names a known source for every value and marks weak ones", () => {
    const entries = allSourced();
    expect(entries.length).toBeGreaterThan(30);
    for (const [name, entry] of entries) {
      expect(entry.sources.length, name).toBeGreaterThan(0);
      for (const source of entry.sources) expect(RATE_SOURCES, name).toHaveProperty(source);
      if (entry.sources.includes("assumption")) expect(entry.weak, name).toBe(true);
    }
    expect(ESTIMATE_TABLES.parts.bumperCover.weak).toBe(true);
    expect(ESTIMATE_TABLES.parts.headlampLed.weak).toBe(true);
    expect(ESTIMATE_TABLES.clearCoat.weak).toBe(false);
    expect(ESTIMATE_TABLES.pdr.weak).toBe(false);
  });

  it("holds the published numbers", () => {
    expect(LABOR_DEFAULTS.nationalBodyCentsPerHour.value).toBe(63_67);
    expect(ESTIMATE_TABLES.clearCoat.value).toEqual({
      firstPanelFraction: 0.4,
      additionalPanelFraction: 0.2,
      maxHours: 2.5,
    });
    expect(ESTIMATE_TABLES.refinishHours.value["front-bumper"]).toBe(2.8);
    expect(ESTIMATE_TABLES.blendFraction.value * 2.8).toBeCloseTo(1.4, 10);
    expect(ESTIMATE_TABLES.wheelRepairCents.value).toEqual({
      minor: 125_00,
      moderate: 160_00,
      severe: 200_00,
    });
    expect(ESTIMATE_TABLES.pdr.value.bands.map((band) => [band.lowCents, band.highCents])).toEqual([
      [100_00, 150_00],
      [150_00, 225_00],
      [250_00, 375_00],
      [400_00, 600_00],
    ]);
    expect(ESTIMATE_TABLES.evLaborUpliftPercent.value).toBe(30);
  });

  it("keeps price-by-class values inside the published ranges", () => {
    for (const cents of Object.values(ESTIMATE_TABLES.windshieldCents.value.withoutAdas)) {
      expect(cents).toBeGreaterThanOrEqual(250_00);
      expect(cents).toBeLessThanOrEqual(600_00);
    }
    for (const cents of Object.values(ESTIMATE_TABLES.windshieldCents.value.withAdas)) {
      expect(cents).toBeGreaterThanOrEqual(1_200_00);
      expect(cents).toBeLessThanOrEqual(1_650_00);
    }
    for (const cents of Object.values(ESTIMATE_TABLES.calibrationCents.value)) {
      expect(cents).toBeGreaterThanOrEqual(150_00);
      expect(cents).toBeLessThanOrEqual(600_00);
    }
    for (const cents of Object.values(ESTIMATE_TABLES.parts.headlampLed.value)) {
      expect(cents).toBeGreaterThanOrEqual(1_000_00);
    }
  });

  it("has a state entry for all 50 states and DC with a plausible tax rate", () => {
    expect(US_STATE_CODES).toHaveLength(51);
    for (const code of US_STATE_CODES) {
      const state = US_STATE_DEFAULTS[code];
      expect(state.name.length, code).toBeGreaterThan(0);
      expect(state.salesTaxPercent, code).toBeGreaterThanOrEqual(0);
      expect(state.salesTaxPercent, code).toBeLessThanOrEqual(7.25);
    }
    expect(US_STATE_DEFAULTS.CA.salesTaxPercent).toBe(7.25);
    expect(US_STATE_DEFAULTS.OR.salesTaxPercent).toBe(0);
  });
});

describe("defaultBodyRateCents", () => {
  it.each([
    ["US", 63_67, "national"],
    // national × state 2017 ÷ mean of Mitchell's 11 states ($49.10)
    ["CA", 73_59, "state"],
    ["IL", 67_64, "state"],
    ["NY", 63_97, "state"],
    ["TX", 59_79, "state"],
    ["FL", 56_41, "state"],
    // Massachusetts: $40 insurer rate (2022) + 9.5 %
    ["MA", 43_80, "state"],
    ["WY", 63_67, "national"],
  ] as const)("%s → %i cents (%s)", (state, cents, origin) => {
    expect(defaultBodyRateCents(state)).toEqual({ cents, origin });
  });

  it("keeps the published order of the states", () => {
    const rate = (state: "CA" | "IL" | "NY" | "TX" | "FL") => defaultBodyRateCents(state).cents;
    expect(rate("CA")).toBeGreaterThan(rate("IL"));
    expect(rate("IL")).toBeGreaterThan(rate("NY"));
    expect(rate("NY")).toBeGreaterThan(rate("TX"));
    expect(rate("TX")).toBeGreaterThan(rate("FL"));
  });
});

describe("resolveRateCard", () => {
  it("gives the national defaults without a state", () => {
    for (const state of [undefined, null, "", "US", " us "]) {
      const card = resolveRateCard(state);
      expect(card).toMatchObject({
        region: "US",
        regionName: "United States",
        asOf: RATES_AS_OF,
        bodyLabourCentsPerHour: 63_67,
        refinishLabourCentsPerHour: 63_67,
        mechanicalLabourCentsPerHour: 106_36,
        paintMaterialsCentsPerRefinishHour: 36_78,
        salesTaxPercent: 6,
      });
      expect(card.notes.join(" ")).toMatch(/No state chosen/);
      expect(card.tables).toBe(ESTIMATE_TABLES);
    }
  });

  it("uses a state's rates and tax, case-insensitively", () => {
    const card = resolveRateCard(" ca ");
    expect(card).toMatchObject({
      region: "CA",
      regionName: "California",
      bodyLabourCentsPerHour: 73_59,
      refinishLabourCentsPerHour: 73_59,
      mechanicalLabourCentsPerHour: 122_93,
      paintMaterialsCentsPerRefinishHour: 36_78,
      salesTaxPercent: 7.25,
      origins: {
        bodyLabourCentsPerHour: "state",
        salesTaxPercent: "state",
        paintMaterialsCentsPerRefinishHour: "national",
      },
    });
    expect(card.notes).toContain(
      "Sales tax is California's state rate (7.25 %); local sales taxes are not included.",
    );
  });

  it("says when a state has no published labor rate", () => {
    const card = resolveRateCard("WY");
    expect(card.bodyLabourCentsPerHour).toBe(63_67);
    expect(card.salesTaxPercent).toBe(4);
    expect(card.origins.bodyLabourCentsPerHour).toBe("national");
    expect(card.notes[0]).toMatch(/No published labor rate for Wyoming/);
  });

  it("flags state tax rates that need checking", () => {
    expect(resolveRateCard("LA").notes.join(" ")).toMatch(/January 1, 2025/);
  });

  it("rejects an unknown state", () => {
    expect(() => resolveRateCard("XX")).toThrow(InvalidInputError);
    try {
      resolveRateCard("Texas");
    } catch (error) {
      expect((error as InvalidInputError).fieldErrors.state).toMatch(/Unknown US state "Texas"/);
    }
  });

  it("lets an account override any rate with its own shop rates", () => {
    const card = resolveRateCard("TX", {
      bodyLabourCentsPerHour: 85_00,
      refinishLabourCentsPerHour: 90_00,
      paintMaterialsCentsPerRefinishHour: 45_00,
      salesTaxPercent: 8.25,
    });
    expect(card).toMatchObject({
      bodyLabourCentsPerHour: 85_00,
      refinishLabourCentsPerHour: 90_00,
      mechanicalLabourCentsPerHour: 99_87, // still the Texas default
      paintMaterialsCentsPerRefinishHour: 45_00,
      salesTaxPercent: 8.25,
      origins: {
        bodyLabourCentsPerHour: "account",
        refinishLabourCentsPerHour: "account",
        mechanicalLabourCentsPerHour: "state",
        paintMaterialsCentsPerRefinishHour: "account",
        salesTaxPercent: "account",
      },
    });
    expect(card.notes).toContain("Your shop's own rates are used where you entered them.");
    expect(card.notes.join(" ")).not.toMatch(/state rate/);
  });

  it("accepts a 0 % sales tax and ignores undefined overrides", () => {
    const card = resolveRateCard("CA", { salesTaxPercent: 0, bodyLabourCentsPerHour: undefined });
    expect(card.salesTaxPercent).toBe(0);
    expect(card.bodyLabourCentsPerHour).toBe(73_59);
  });

  it.each([
    [{ bodyLabourCentsPerHour: 0 }, "bodyLabourCentsPerHour", "between $1 and $500"],
    [{ bodyLabourCentsPerHour: -50_00 }, "bodyLabourCentsPerHour", "between $1 and $500"],
    [{ refinishLabourCentsPerHour: 900_00 }, "refinishLabourCentsPerHour", "between $1 and $500"],
    [
      { mechanicalLabourCentsPerHour: 99.5 },
      "mechanicalLabourCentsPerHour",
      "whole number of cents",
    ],
    [
      { paintMaterialsCentsPerRefinishHour: 250_00 },
      "paintMaterialsCentsPerRefinishHour",
      "between $1 and $200",
    ],
    [{ salesTaxPercent: 16 }, "salesTaxPercent", "between 0% and 15%"],
    [{ salesTaxPercent: -1 }, "salesTaxPercent", "between 0% and 15%"],
    [{ salesTaxPercent: Number.NaN }, "salesTaxPercent", "must be a number"],
    [{ bodyLabourCentsPerHour: "85" }, "bodyLabourCentsPerHour", "must be a number"],
    [{ frameLaborCentsPerHour: 70_00 }, "frameLaborCentsPerHour", "Unknown rate"],
  ])("rejects %j", (overrides, field, message) => {
    const errors = validateRateOverrides(overrides);
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toContain(message);
    expect(() => resolveRateCard("CA", overrides as never)).toThrow(InvalidInputError);
  });

  it("finds nothing wrong with valid overrides", () => {
    expect(
      validateRateOverrides({
        bodyLabourCentsPerHour: 1_00,
        refinishLabourCentsPerHour: 500_00,
        mechanicalLabourCentsPerHour: 150_00,
        paintMaterialsCentsPerRefinishHour: 200_00,
        salesTaxPercent: 15,
      }),
    ).toEqual({});
  });
});
