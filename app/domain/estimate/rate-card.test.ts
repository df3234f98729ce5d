import { describe, expect, it } from "vitest";
import { InvalidInputError } from "~/domain/validation";
import { HAIL_DENT_COUNT_BANDS, PRICE_CLASSES } from "./taxonomy";
import {
  defaultBodyRateCents,
  ESTIMATE_TABLES,
  LABOR_DEFAULTS,
  RATE_SOURCES,
  RATES_CHECKED_ON,
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
    expect(RATES_CHECKED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
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
    const { headlampLed, headlampAdaptiveLed, taillamp, taillampLed } = ESTIMATE_TABLES.parts;
    // LED headlamp: aftermarket $300–800 on economy cars, OEM $700–1,500+ (and > $1,000) above.
    expect(headlampLed.value.economy).toBeGreaterThanOrEqual(300_00);
    expect(headlampLed.value.economy).toBeLessThanOrEqual(800_00);
    for (const priceClass of ["mid", "premium", "luxury", "ev-hybrid"] as const) {
      expect(headlampLed.value[priceClass], priceClass).toBeGreaterThanOrEqual(1_000_00);
      expect(headlampLed.value[priceClass], priceClass).toBeLessThanOrEqual(1_500_00);
    }
    for (const priceClass of PRICE_CLASSES) {
      // Adaptive LED costs more than plain LED, up to the $2,400 dealer quotes.
      expect(headlampAdaptiveLed.value[priceClass]).toBeGreaterThan(headlampLed.value[priceClass]);
      expect(headlampAdaptiveLed.value[priceClass]).toBeLessThanOrEqual(2_400_00);
      expect(taillampLed.value[priceClass]).toBeGreaterThan(taillamp.value[priceClass]);
    }
    // LED taillamp: aftermarket $80–200 on economy cars; OEM $250–800 above.
    expect(taillampLed.value.economy).toBeGreaterThanOrEqual(80_00);
    expect(taillampLed.value.economy).toBeLessThanOrEqual(200_00);
    for (const priceClass of ["mid", "premium", "luxury", "ev-hybrid"] as const) {
      expect(taillampLed.value[priceClass]).toBeGreaterThanOrEqual(250_00);
      expect(taillampLed.value[priceClass]).toBeLessThanOrEqual(800_00);
    }
    for (const cents of Object.values(ESTIMATE_TABLES.dynamicCalibrationCents.value)) {
      expect(cents).toBeGreaterThanOrEqual(150_00);
      expect(cents).toBeLessThanOrEqual(600_00);
    }
  });

  it("holds the hail matrix as published, rising with count and size", () => {
    const matrix = ESTIMATE_TABLES.hailMatrix.value;
    expect(matrix.horizontal["1-5"]).toEqual([125_00, 155_00, 185_00, 215_00]);
    expect(matrix.horizontal["76-100"]).toEqual([625_00, 725_00, 850_00, null]);
    expect(matrix.vertical["1-5"]).toEqual([95_00, 125_00, 155_00, 185_00]);
    expect(matrix.vertical["31-50"]).toEqual([325_00, 375_00, 425_00, null]);
    for (const rows of [matrix.horizontal, matrix.vertical]) {
      let previous: (number | null)[] = [0, 0, 0, 0];
      for (const band of HAIL_DENT_COUNT_BANDS) {
        const row = rows[band];
        row.forEach((cents, column) => {
          if (cents === null) return;
          if (column > 0 && row[column - 1] !== null) {
            expect(cents, `${band} column ${column}`).toBeGreaterThan(row[column - 1]!);
          }
          if (previous[column] !== null) {
            expect(cents, `${band} column ${column}`).toBeGreaterThan(previous[column]!);
          }
        });
        previous = [...row];
      }
    }
    // Vertical panels never cost more than horizontal ones in the same cell.
    for (const band of HAIL_DENT_COUNT_BANDS) {
      matrix.vertical[band].forEach((cents, column) => {
        const horizontal = matrix.horizontal[band][column];
        if (cents !== null && horizontal !== null && horizontal !== undefined) {
          expect(cents).toBeLessThanOrEqual(horizontal);
        }
      });
    }
    expect(ESTIMATE_TABLES.hailOversizeDentCents.value).toBe(50_00);
    const uplift = ESTIMATE_TABLES.hailAluminumUpliftPercent.value;
    expect(uplift).toBeGreaterThanOrEqual(20);
    expect(uplift).toBeLessThanOrEqual(25);
  });

  it("prices each sensor job inside AAA's published range on a mid-range car", () => {
    // AAA 2018 installed ranges; the job here = part + labor at the US body rate + calibration.
    const ranges = {
      "front radar": [900_00, 1_300_00],
      "forward camera": [850_00, 1_900_00],
      "blind-spot radar": [850_00, 2_050_00],
      "surround-view camera": [500_00, 1_100_00],
      "side camera": [500_00, 1_100_00],
      "rear camera": [500_00, 1_100_00],
    } as const;
    const body = LABOR_DEFAULTS.nationalBodyCentsPerHour.value;
    for (const [sensor, [low, high]] of Object.entries(ranges)) {
      const spec = ESTIMATE_TABLES.sensors.value[sensor as keyof typeof ranges];
      const calibration =
        spec.calibration === "static"
          ? ESTIMATE_TABLES.calibrationCents.value.mid
          : spec.calibration === "dynamic"
            ? ESTIMATE_TABLES.dynamicCalibrationCents.value.mid
            : 0;
      const job = spec.partCents.mid + spec.hours * body + calibration;
      expect(job, sensor).toBeGreaterThanOrEqual(low);
      expect(job, sensor).toBeLessThanOrEqual(high);
    }
  });

  it("keeps the detail rate below the body rate and the minimums at the published low ends", () => {
    expect(ESTIMATE_TABLES.detailLaborCentsPerHour.value).toBeLessThan(
      LABOR_DEFAULTS.nationalBodyCentsPerHour.value,
    );
    expect(ESTIMATE_TABLES.minimumChargeCents.value.Polish).toBe(75_00);
    const aluminum = ESTIMATE_TABLES.aluminumRepair.value;
    expect(aluminum.hoursMultiplier).toBeGreaterThan(1);
    expect(aluminum.specialistRateRatio).toBeGreaterThan(1);
    expect(aluminum.specialistRateRatio).toBeLessThan(92 / 49.1); // the survey's certified average
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
        // The labor survey's date (CRASH Network, October 2023), not the day the table was checked.
        asOf: "2023-10",
        bodyLaborCentsPerHour: 63_67,
        refinishLaborCentsPerHour: 63_67,
        mechanicalLaborCentsPerHour: 106_36,
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
      bodyLaborCentsPerHour: 73_59,
      refinishLaborCentsPerHour: 73_59,
      mechanicalLaborCentsPerHour: 122_93,
      paintMaterialsCentsPerRefinishHour: 36_78,
      salesTaxPercent: 7.25,
      origins: {
        bodyLaborCentsPerHour: "state",
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
    expect(card.bodyLaborCentsPerHour).toBe(63_67);
    expect(card.salesTaxPercent).toBe(4);
    expect(card.origins.bodyLaborCentsPerHour).toBe("national");
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
      bodyLaborCentsPerHour: 85_00,
      refinishLaborCentsPerHour: 90_00,
      paintMaterialsCentsPerRefinishHour: 45_00,
      salesTaxPercent: 8.25,
    });
    expect(card).toMatchObject({
      bodyLaborCentsPerHour: 85_00,
      refinishLaborCentsPerHour: 90_00,
      mechanicalLaborCentsPerHour: 99_87, // still the Texas default
      paintMaterialsCentsPerRefinishHour: 45_00,
      salesTaxPercent: 8.25,
      origins: {
        bodyLaborCentsPerHour: "account",
        refinishLaborCentsPerHour: "account",
        mechanicalLaborCentsPerHour: "state",
        paintMaterialsCentsPerRefinishHour: "account",
        salesTaxPercent: "account",
      },
    });
    expect(card.notes).toContain("Your shop's own rates are used where you entered them.");
    expect(card.notes.join(" ")).not.toMatch(/state rate/);
  });

  it("accepts a 0 % sales tax and ignores undefined overrides", () => {
    const card = resolveRateCard("CA", { salesTaxPercent: 0, bodyLaborCentsPerHour: undefined });
    expect(card.salesTaxPercent).toBe(0);
    expect(card.bodyLaborCentsPerHour).toBe(73_59);
  });

  it.each([
    [{ bodyLaborCentsPerHour: 0 }, "bodyLaborCentsPerHour", "between $1 and $500"],
    [{ bodyLaborCentsPerHour: -50_00 }, "bodyLaborCentsPerHour", "between $1 and $500"],
    [{ refinishLaborCentsPerHour: 900_00 }, "refinishLaborCentsPerHour", "between $1 and $500"],
    [{ mechanicalLaborCentsPerHour: 99.5 }, "mechanicalLaborCentsPerHour", "whole number of cents"],
    [
      { paintMaterialsCentsPerRefinishHour: 250_00 },
      "paintMaterialsCentsPerRefinishHour",
      "between $1 and $200",
    ],
    [{ salesTaxPercent: 16 }, "salesTaxPercent", "between 0% and 15%"],
    [{ salesTaxPercent: -1 }, "salesTaxPercent", "between 0% and 15%"],
    [{ salesTaxPercent: Number.NaN }, "salesTaxPercent", "must be a number"],
    [{ bodyLaborCentsPerHour: "85" }, "bodyLaborCentsPerHour", "must be a number"],
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
        bodyLaborCentsPerHour: 1_00,
        refinishLaborCentsPerHour: 500_00,
        mechanicalLaborCentsPerHour: 150_00,
        paintMaterialsCentsPerRefinishHour: 200_00,
        salesTaxPercent: 15,
      }),
    ).toEqual({});
  });
});
