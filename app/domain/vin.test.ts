import { afterEach, describe, expect, it, vi } from "vitest";
import {
  WMI_MANUFACTURERS,
  computeCheckDigit,
  decodeVin,
  isNorthAmericanWmi,
  normalizeVin,
  validateVin,
} from "./vin";

const NOW = new Date("2025-06-15T12:00:00Z");

/** Published example VINs whose check digits were verified by hand (sums in the comments). */
const ACCORD_2003 = "1HGCM82633A004352"; // Σ = 311, 311 mod 11 = 3
const ALL_ONES = "11111111111111111"; // Σ of the weights = 89, 89 mod 11 = 1
const CHECK_DIGIT_X = "1M8GDM9AXKP042788"; // Σ = 351, 351 mod 11 = 10 → "X"
const TESLA_SHANGHAI = "LRW3E7FS5PC695355"; // Σ = 456, 456 mod 11 = 5 (2023 Model 3, China)
// Tesla-format VIN: 5YJ3E1EA?KF317000 has Σ = 288 without position 9, 288 mod 11 = 2.
const TESLA_FREMONT = "5YJ3E1EA2KF317000";

/** Puts the correct check digit into position 9 of a 17-character VIN. */
function withCheckDigit(vin: string): string {
  return `${vin.slice(0, 8)}${computeCheckDigit(vin)}${vin.slice(9)}`;
}

/** A VIN with a given WMI, 7th and 10th character, and a correct check digit. */
function sampleVin(wmi: string, seventh: string, tenth: string): string {
  return withCheckDigit(`${wmi}CM8${seventh}60${tenth}A004352`);
}

describe("normalizeVin", () => {
  it("trims, upper-cases and removes spaces and dashes", () => {
    expect(normalizeVin("  1hgcm8-2633a 004352 ")).toBe(ACCORD_2003);
    expect(normalizeVin("1HG\tCM8–2633A\n004352")).toBe(ACCORD_2003);
    expect(normalizeVin("")).toBe("");
  });
});

describe("computeCheckDigit", () => {
  it.each([
    [ACCORD_2003, "3"],
    [ALL_ONES, "1"],
    [CHECK_DIGIT_X, "X"],
    [TESLA_SHANGHAI, "5"],
    [TESLA_FREMONT, "2"],
  ])("%s → %s (matches the hand calculation)", (vin, digit) => {
    expect(computeCheckDigit(vin)).toBe(digit);
  });

  it("ignores whatever is in position 9", () => {
    expect(computeCheckDigit("1HGCM826X3A004352")).toBe("3");
    expect(computeCheckDigit("1HGCM826Z3A004352")).toBe("3");
  });

  it("rejects anything that is not 17 VIN characters", () => {
    expect(() => computeCheckDigit("1HGCM82633A00435")).toThrow(RangeError);
    expect(() => computeCheckDigit("1HGCM82633AO04352")).toThrow(RangeError);
  });
});

describe("validateVin", () => {
  it.each([ACCORD_2003, ALL_ONES, CHECK_DIGIT_X, TESLA_SHANGHAI, TESLA_FREMONT])(
    "accepts %s",
    (vin) => {
      expect(validateVin(vin)).toEqual({ ok: true, vin, warnings: [] });
    },
  );

  it("normalises lowercase, spaces and dashes and returns the normalised VIN", () => {
    expect(validateVin(" 1hgcm8-2633a 004352 ")).toEqual({
      ok: true,
      vin: ACCORD_2003,
      warnings: [],
    });
    expect(validateVin("1m8gdm9axkp042788")).toEqual({
      ok: true,
      vin: CHECK_DIGIT_X,
      warnings: [],
    });
  });

  it("asks for a VIN when the input is empty", () => {
    expect(validateVin("   ")).toEqual({ ok: false, error: "Enter the 17-character VIN." });
  });

  it.each([
    ["1HGCM82633A00435", 16],
    ["1HGCM82633A0043521", 18],
    ["1HGCM826", 8],
  ])("rejects %s: wrong length (%d)", (vin, length) => {
    expect(validateVin(vin)).toEqual({
      ok: false,
      error: `A VIN is 17 characters long; this one has ${length}.`,
    });
  });

  it.each([
    ["IHGCM82633A004352", "1st", "I", "1 (one)"],
    ["1HGCM82633AO04352", "12th", "O", "0 (zero)"],
    ["1HGCM82633A00435Q", "17th", "Q", "0 (zero)"],
    ["1hgcm82633a0o4352", "13th", "O", "0 (zero)"],
  ])("rejects %s: says the %s character is %s", (vin, position, char, digit) => {
    expect(validateVin(vin)).toEqual({
      ok: false,
      error: `VINs never use the letters I, O or Q, but the ${position} character is "${char}": did you mean ${digit}?`,
    });
  });

  it.each([
    ["1HGCM82633A00435*", "17th", "*"],
    ["1HGÉM82633A004352", "4th", "É"],
  ])("rejects %s: characters other than A–Z and 0–9, naming the %s one", (vin, position, char) => {
    expect(validateVin(vin)).toEqual({
      ok: false,
      error: `A VIN contains only letters A–Z and digits 0–9, but the ${position} character is "${char}".`,
    });
  });

  it.each([
    ["1HGCM82653A004352", "3", "5", "a wrong check digit on a North American VIN"],
    ["5YJ3E1EA7KF317000", "2", "7", "a wrong check digit on a North American VIN"],
    ["1M8GDM9A3KP042788", "X", "3", "a wrong check digit on a North American VIN"],
    // Last two digits swapped: Σ = 311 − 19 + 16 = 308, 308 mod 11 = 0.
    ["1HGCM82633A004325", "0", "3", "a typo elsewhere in the VIN, through the check digit"],
  ])("rejects %s (expected check digit %s, not %s): %s", (vin, expected, found) => {
    expect(validateVin(vin)).toEqual({
      ok: false,
      error: `The check digit (9th character) should be ${expected}, not ${found}: check for a typo.`,
    });
  });

  it("treats the US 7F–70 WMI range (Tesla 7SA, Rivian 7FC) as North American", () => {
    const good = withCheckDigit("7SAYGDEE0PF000001");
    const digit = good.charAt(8);
    const wrong = digit === "1" ? "2" : "1";
    const bad = `${good.slice(0, 8)}${wrong}${good.slice(9)}`;
    expect(validateVin(good)).toEqual({ ok: true, vin: good, warnings: [] });
    expect(validateVin(bad)).toEqual({
      ok: false,
      error: `The check digit (9th character) should be ${digit}, not ${wrong}: check for a typo.`,
    });
  });

  it("only warns about a wrong check digit outside North America", () => {
    expect(validateVin("LRW3E7FS4PC695355")).toEqual({
      ok: true,
      vin: "LRW3E7FS4PC695355",
      warnings: [
        "The check digit (9th character) should be 5, not 4. Check digits are only mandatory on " +
          "vehicles built in North America, so this VIN may still be correct, but check it for a typo.",
      ],
    });
    const european = "WVWZZZ1KZAW000001";
    const result = validateVin(european);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain(
      `should be ${computeCheckDigit(european)}, not Z. Check digits are only mandatory`,
    );
  });
});

describe("isNorthAmericanWmi", () => {
  it.each([
    ["1HG", true],
    ["2HG", true],
    ["3VW", true],
    ["4T1", true],
    ["5YJ", true],
    ["7SA", true],
    ["7FC", true],
    ["7A1", false], // New Zealand
    ["JTD", false],
    ["WBA", false],
    ["LRW", false],
  ])("%s → %s", (wmi, expected) => {
    expect(isNorthAmericanWmi(`${wmi}AAAAAAAAAAAAAA`)).toBe(expected);
  });
});

describe("decodeVin", () => {
  it("decodes a 2003 Honda Accord", () => {
    expect(decodeVin(ACCORD_2003, NOW)).toEqual({
      vin: ACCORD_2003,
      wmi: "1HG",
      manufacturer: "Honda",
      country: "United States",
      region: "North America",
      checkDigitValid: true,
      modelYear: 2003,
      possibleModelYears: [2003],
      plantCode: "A",
      serial: "004352",
    });
  });

  it("decodes a Shanghai-built Tesla (non-North-American WMI with a valid check digit)", () => {
    expect(decodeVin(TESLA_SHANGHAI, NOW)).toEqual({
      vin: TESLA_SHANGHAI,
      wmi: "LRW",
      manufacturer: "Tesla",
      country: "China",
      region: "Asia",
      checkDigitValid: true,
      modelYear: 2023,
      possibleModelYears: [1993, 2023],
      plantCode: "C",
      serial: "695355",
    });
  });

  it("decodes a Fremont-format Tesla", () => {
    expect(decodeVin(TESLA_FREMONT, NOW)).toMatchObject({
      manufacturer: "Tesla",
      country: "United States",
      modelYear: 2019,
      possibleModelYears: [1989, 2019],
      plantCode: "F",
      serial: "317000",
    });
  });

  it("uses the country of the plant where the WMI range would mislead (Tesla Berlin, XP7)", () => {
    expect(decodeVin(sampleVin("XP7", "E", "P"), NOW)).toMatchObject({
      manufacturer: "Tesla",
      country: "Germany",
      region: "Europe",
    });
  });

  it("puts the US 7F–70 range in North America (Rivian 7FC)", () => {
    expect(decodeVin(sampleVin("7FC", "E", "N"), NOW)).toMatchObject({
      manufacturer: "Rivian",
      country: "United States",
      region: "North America",
      modelYear: 2022,
    });
  });

  it("returns a null manufacturer for an unknown WMI but still decodes the rest", () => {
    expect(decodeVin(CHECK_DIGIT_X, NOW)).toEqual({
      vin: CHECK_DIGIT_X,
      wmi: "1M8",
      manufacturer: null,
      country: "United States",
      region: "North America",
      checkDigitValid: true,
      modelYear: 1989,
      possibleModelYears: [1989, 2019],
      plantCode: "P",
      serial: "042788",
    });
    expect(decodeVin(ALL_ONES, NOW)).toMatchObject({
      wmi: "111",
      manufacturer: null,
      modelYear: 2001,
      possibleModelYears: [2001],
    });
  });

  it("gives the region but no country for an unallocated second character", () => {
    expect(decodeVin(sampleVin("KA1", "E", "N"), NOW)).toMatchObject({
      manufacturer: null,
      country: null,
      region: "Asia",
    });
  });

  it("normalises its input and still decodes a VIN with a wrong check digit", () => {
    expect(decodeVin(" 1hgcm8-2653a 004352", NOW)).toMatchObject({
      vin: "1HGCM82653A004352",
      checkDigitValid: false,
      manufacturer: "Honda",
      modelYear: 2003,
    });
  });

  it.each(["", "1HGCM82633A00435", "1HGCM82633AO04352", "1HGCM82633A00435*"])(
    "returns null for a malformed VIN (%s)",
    (vin) => {
      expect(decodeVin(vin, NOW)).toBeNull();
    },
  );

  describe("model year", () => {
    it("uses position 7 to tell the 30-year cycles apart", () => {
      expect(decodeVin(sampleVin("1HG", "2", "A"), NOW)).toMatchObject({
        modelYear: 1980,
        possibleModelYears: [1980, 2010],
      });
      expect(decodeVin(sampleVin("1HG", "K", "A"), NOW)).toMatchObject({
        modelYear: 2010,
        possibleModelYears: [1980, 2010],
      });
    });

    it.each([
      ["A", "5", 1980],
      ["H", "5", 1987],
      ["J", "5", 1988],
      ["N", "5", 1992],
      ["P", "5", 1993],
      ["R", "5", 1994],
      ["T", "5", 1996],
      ["V", "5", 1997],
      ["Y", "5", 2000],
      ["1", "5", 2001],
      ["9", "5", 2009],
      ["A", "E", 2010],
      ["J", "E", 2018],
      ["N", "E", 2022],
      ["P", "E", 2023],
      ["R", "E", 2024],
      ["S", "E", 2025],
      ["T", "E", 2026],
    ])("10th %s with 7th %s → %d", (tenth, seventh, year) => {
      expect(decodeVin(sampleVin("1FA", seventh, tenth), NOW)?.modelYear).toBe(year);
    });

    it("never returns a year more than one year after `now`", () => {
      // 10th "V" with a letter in position 7 means 2027.
      const vin = sampleVin("5N1", "E", "V");
      expect(decodeVin(vin, NOW)).toMatchObject({ modelYear: null, possibleModelYears: [1997] });
      expect(decodeVin(vin, new Date("2026-01-02T00:00:00Z"))).toMatchObject({
        modelYear: 2027,
        possibleModelYears: [1997, 2027],
      });
      // 10th "Y" with a letter means 2030; with a digit, 2000.
      expect(decodeVin(sampleVin("1G1", "E", "Y"), NOW)?.modelYear).toBeNull();
      expect(decodeVin(sampleVin("1G1", "4", "Y"), NOW)?.modelYear).toBe(2000);
    });

    it("defaults `now` to the current date", () => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date("2025-06-15T12:00:00Z"));
      const vin = sampleVin("1FM", "E", "V"); // 2027
      expect(decodeVin(vin)?.modelYear).toBeNull();
      vi.setSystemTime(new Date("2026-06-15T12:00:00Z"));
      expect(decodeVin(vin)?.modelYear).toBe(2027);
    });

    it("returns no year for characters that are not model-year codes", () => {
      for (const tenth of ["0", "U", "Z"]) {
        expect(decodeVin(sampleVin("1HG", "E", tenth), NOW)).toMatchObject({
          modelYear: null,
          possibleModelYears: [],
        });
      }
    });

    it("applies the position-7 rule to imports that carry a valid check digit", () => {
      expect(decodeVin(sampleVin("JTD", "E", "A"), NOW)?.modelYear).toBe(2010);
      expect(decodeVin(sampleVin("WBA", "3", "A"), NOW)?.modelYear).toBe(1980);
    });

    it("only gives a year for other non-North-American VINs when just one is possible", () => {
      // Position 9 "Z" is not a check digit, so the VIN may not follow the US position-7 rule.
      expect(decodeVin("WVWZZZ1KZAW000001", NOW)).toMatchObject({
        manufacturer: "Volkswagen",
        country: "Germany",
        checkDigitValid: false,
        modelYear: null,
        possibleModelYears: [1980, 2010],
      });
      expect(decodeVin("WVWZZZ1JZYW000001", NOW)).toMatchObject({
        modelYear: 2000,
        possibleModelYears: [2000],
      });
    });

    it("keeps to the documented 1980–2039 rule once a third cycle is possible", () => {
      expect(decodeVin(sampleVin("1HG", "E", "A"), new Date("2045-01-01T00:00:00Z"))).toMatchObject(
        { modelYear: 2010, possibleModelYears: [1980, 2010, 2040] },
      );
    });
  });
});

describe("WMI_MANUFACTURERS", () => {
  it("covers at least 120 WMIs, all well-formed", () => {
    expect(WMI_MANUFACTURERS.size).toBeGreaterThanOrEqual(120);
    for (const wmi of WMI_MANUFACTURERS.keys()) {
      expect(wmi).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/);
    }
  });

  it("gives every listed WMI a country", () => {
    for (const wmi of WMI_MANUFACTURERS.keys()) {
      expect(decodeVin(sampleVin(wmi, "E", "N"), NOW)?.country, wmi).not.toBeNull();
    }
  });

  it.each([
    ["4T1", "Toyota"],
    ["5TD", "Toyota"],
    ["JTD", "Toyota"],
    ["5YF", "Toyota"],
    ["2T3", "Toyota"],
    ["1HG", "Honda"],
    ["5J6", "Honda"],
    ["SHH", "Honda"],
    ["19U", "Acura"],
    ["1FM", "Ford"],
    ["3FA", "Ford"],
    ["1G1", "Chevrolet"],
    ["3GN", "Chevrolet"],
    ["KL7", "Chevrolet"],
    ["5YJ", "Tesla"],
    ["7SA", "Tesla"],
    ["KMH", "Hyundai"],
    ["5NM", "Hyundai"],
    ["5XY", "Kia"],
    ["KND", "Kia"],
    ["3N1", "Nissan"],
    ["JN8", "Nissan / Infiniti"],
    ["1C4", "Jeep / Dodge / Chrysler"],
    ["1C6", "Ram"],
    ["JF2", "Subaru"],
    ["3MZ", "Mazda"],
    ["5UX", "BMW"],
    ["W1N", "Mercedes-Benz"],
    ["55S", "Mercedes-Benz"],
    ["WA1", "Audi"],
    ["3VW", "Volkswagen"],
    ["YV4", "Volvo"],
    ["WP1", "Porsche"],
    ["JTH", "Lexus"],
    ["58A", "Lexus"],
    ["5J8", "Acura"],
    ["JNK", "Infiniti"],
    ["KMT", "Genesis"],
    ["WMW", "MINI"],
    ["SAL", "Land Rover"],
    ["SAJ", "Jaguar"],
    ["JA4", "Mitsubishi"],
    ["1GK", "GMC"],
    ["5GA", "Buick"],
    ["1G6", "Cadillac"],
    ["5LM", "Lincoln"],
    ["LPS", "Polestar"],
    ["7FC", "Rivian"],
    ["50E", "Lucid"],
    ["ZFA", "Fiat"],
    ["ZAR", "Alfa Romeo"],
  ])("%s → %s", (wmi, manufacturer) => {
    expect(WMI_MANUFACTURERS.get(wmi)?.manufacturer).toBe(manufacturer);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
