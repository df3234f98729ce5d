/**
 * Offline VIN validation and decoding (pure: no network, no dependencies).
 *
 * A VIN (ISO 3779 / 49 CFR 565) is 17 characters: positions 1–3 are the World Manufacturer
 * Identifier (WMI), 4–8 describe the vehicle, 9 is the check digit, 10 the model year, 11 the
 * assembly plant and 12–17 the serial number. Letters I, O and Q are never used.
 *
 * Check digit: North American rule. Each character is transliterated to a number (digits are
 * themselves; letters per `TRANSLITERATION`), multiplied by its position weight, and the sum is
 * taken modulo 11; a remainder of 10 is written "X". The check digit is mandatory for
 * North American VINs and optional elsewhere, so for other WMIs a mismatch is only a warning.
 *
 * Model year (position 10) repeats every 30 years (A = 1980 or 2010, 1 = 2001 or 2031, …).
 * For passenger cars, MPVs and light trucks built to the North American standard, position 7
 * tells the cycles apart: a digit means 1980–2009, a letter 2010–2039. A year more than one
 * year after `now` is never returned.
 */

export const VIN_LENGTH = 17;

export type VinValidation =
  { ok: true; vin: string; warnings: string[] } | { ok: false; error: string };

export type VinRegion =
  "Africa" | "Asia" | "Europe" | "North America" | "Oceania" | "South America";

export interface VinDecoded {
  /** The normalized VIN. */
  vin: string;
  /** World Manufacturer Identifier: positions 1–3. */
  wmi: string;
  /** Make for a WMI in `WMI_MANUFACTURERS`, otherwise null. */
  manufacturer: string | null;
  /** Country the WMI is allocated to (normally where the vehicle was built), when known. */
  country: string | null;
  /** Region the WMI is allocated to, from the first character. */
  region: VinRegion | null;
  /** Whether position 9 matches the computed check digit. */
  checkDigitValid: boolean;
  /**
   * The model year when position 10 gives one unambiguously (see `decodeVin`), otherwise null.
   */
  modelYear: number | null;
  /** Every year position 10 can stand for, from 1980 to one year after `now`, ascending. */
  possibleModelYears: number[];
  /** Assembly plant code: position 11. Its meaning is manufacturer-specific. */
  plantCode: string;
  /** Production serial number: positions 12–17. */
  serial: string;
}

/** Trims, upper-cases and removes spaces, other whitespace and dashes. */
export function normalizeVin(input: string): string {
  return input.replace(/[\s\-‐‑‒–—―−]+/g, "").toUpperCase();
}

const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Numeric value of a VIN character in the check-digit sum (undefined for I, O, Q and others). */
function transliterate(char: string): number | undefined {
  if (/^[0-9]$/.test(char)) return Number(char);
  return TRANSLITERATION[char];
}

/**
 * The check digit ("0"–"9" or "X") a VIN should carry in position 9. Position 9 itself has
 * weight 0, so whatever it holds does not matter. Throws a RangeError unless `vin` is
 * 17 valid VIN characters (after normalization).
 */
export function computeCheckDigit(vin: string): string {
  const normalized = normalizeVin(vin);
  if (!VIN_PATTERN.test(normalized)) {
    throw new RangeError(`Not a 17-character VIN: "${vin}"`);
  }
  let sum = 0;
  WEIGHTS.forEach((weight, index) => {
    sum += (transliterate(normalized.charAt(index)) ?? 0) * weight;
  });
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

const LOOKALIKE_DIGIT: Readonly<Record<string, string>> = {
  I: "1 (one)",
  O: "0 (zero)",
  Q: "0 (zero)",
};

/** The reason a normalized VIN is not 17 valid characters, or null when it is. */
function structuralError(vin: string): string | null {
  if (vin.length === 0) return "Enter the 17-character VIN.";
  if (vin.length !== VIN_LENGTH) {
    return `A VIN is 17 characters long; this one has ${vin.length}.`;
  }
  const chars = [...vin];
  const lookalike = chars.findIndex((char) => /^[IOQ]$/.test(char));
  if (lookalike !== -1) {
    const char = chars[lookalike] ?? "";
    return (
      `VINs never use the letters I, O or Q, but the ${ordinal(lookalike + 1)} character is ` +
      `"${char}": did you mean ${LOOKALIKE_DIGIT[char] ?? "a digit"}?`
    );
  }
  const invalid = chars.findIndex((char) => !/^[A-Z0-9]$/.test(char));
  if (invalid !== -1) {
    return (
      `A VIN contains only letters A–Z and digits 0–9, but the ${ordinal(invalid + 1)} ` +
      `character is "${chars[invalid] ?? ""}".`
    );
  }
  return null;
}

/** Second characters of a WMI in ISO 3780 order (used for the country ranges). */
const SECOND_CHAR_ORDER = "ABCDEFGHJKLMNPRSTUVWXYZ1234567890";

interface CountryRange {
  first: string;
  /** Inclusive range of second characters, in `SECOND_CHAR_ORDER`. */
  from: string;
  to: string;
  country: string;
  /** Only where it differs from the first character's region. */
  region?: VinRegion;
}

const COUNTRY_RANGES: readonly CountryRange[] = [
  { first: "A", from: "A", to: "H", country: "South Africa" },
  { first: "J", from: "A", to: "0", country: "Japan" },
  { first: "K", from: "L", to: "R", country: "South Korea" },
  { first: "L", from: "A", to: "0", country: "China" },
  { first: "M", from: "A", to: "E", country: "India" },
  { first: "M", from: "F", to: "K", country: "Indonesia" },
  { first: "M", from: "L", to: "R", country: "Thailand" },
  { first: "N", from: "L", to: "R", country: "Turkey" },
  { first: "P", from: "A", to: "E", country: "Philippines" },
  { first: "P", from: "L", to: "R", country: "Malaysia" },
  { first: "R", from: "F", to: "G", country: "Taiwan" },
  { first: "S", from: "A", to: "M", country: "United Kingdom" },
  { first: "S", from: "N", to: "T", country: "Germany" },
  { first: "S", from: "U", to: "Z", country: "Poland" },
  { first: "T", from: "A", to: "H", country: "Switzerland" },
  { first: "T", from: "J", to: "P", country: "Czech Republic" },
  { first: "T", from: "R", to: "V", country: "Hungary" },
  { first: "T", from: "W", to: "W", country: "Portugal" },
  { first: "V", from: "A", to: "E", country: "Austria" },
  { first: "V", from: "F", to: "R", country: "France" },
  { first: "V", from: "S", to: "W", country: "Spain" },
  { first: "W", from: "A", to: "0", country: "Germany" },
  { first: "X", from: "L", to: "M", country: "Netherlands" },
  { first: "X", from: "3", to: "0", country: "Russia" },
  { first: "Y", from: "A", to: "E", country: "Belgium" },
  { first: "Y", from: "F", to: "K", country: "Finland" },
  { first: "Y", from: "S", to: "W", country: "Sweden" },
  { first: "Z", from: "A", to: "R", country: "Italy" },
  { first: "1", from: "A", to: "0", country: "United States" },
  { first: "2", from: "A", to: "0", country: "Canada" },
  { first: "3", from: "A", to: "W", country: "Mexico" },
  { first: "4", from: "A", to: "0", country: "United States" },
  { first: "5", from: "A", to: "0", country: "United States" },
  { first: "6", from: "A", to: "W", country: "Australia" },
  { first: "7", from: "A", to: "E", country: "New Zealand" },
  // Allocated to the US once 1, 4 and 5 filled up (Tesla 7SA, Rivian 7FC, Volvo 7JR, …).
  { first: "7", from: "F", to: "0", country: "United States", region: "North America" },
  { first: "8", from: "A", to: "E", country: "Argentina" },
  { first: "8", from: "F", to: "J", country: "Chile" },
  { first: "8", from: "X", to: "2", country: "Venezuela" },
  { first: "9", from: "A", to: "E", country: "Brazil" },
  { first: "9", from: "F", to: "J", country: "Colombia" },
  { first: "9", from: "3", to: "9", country: "Brazil" },
];

function regionOfFirstChar(first: string): VinRegion | null {
  if (/^[A-H]$/.test(first)) return "Africa";
  if (/^[J-R]$/.test(first)) return "Asia";
  if (/^[S-Z]$/.test(first)) return "Europe";
  if (/^[1-5]$/.test(first)) return "North America";
  if (/^[67]$/.test(first)) return "Oceania";
  if (/^[890]$/.test(first)) return "South America";
  return null;
}

function countryRange(wmi: string): CountryRange | undefined {
  const first = wmi.charAt(0);
  const second = SECOND_CHAR_ORDER.indexOf(wmi.charAt(1));
  if (second === -1) return undefined;
  return COUNTRY_RANGES.find(
    (range) =>
      range.first === first &&
      SECOND_CHAR_ORDER.indexOf(range.from) <= second &&
      second <= SECOND_CHAR_ORDER.indexOf(range.to),
  );
}

/**
 * Whether the WMI belongs to North America (first character 1–5, or the US's 7F–70 range),
 * where the check digit is mandatory.
 */
export function isNorthAmericanWmi(vin: string): boolean {
  const wmi = normalizeVin(vin).slice(0, 3);
  return (
    /^[1-5]/.test(wmi) || (wmi.startsWith("7") && countryRange(wmi)?.region === "North America")
  );
}

/**
 * Checks a VIN typed or pasted by a user. The VIN is normalized first (`normalizeVin`), and the
 * normalized VIN is returned on success. Errors, in order: empty, not 17 characters, I/O/Q,
 * other characters, then (North American WMIs only) a wrong check digit. For other WMIs a wrong
 * check digit is returned as a warning instead.
 */
export function validateVin(input: string): VinValidation {
  const vin = normalizeVin(input);
  const error = structuralError(vin);
  if (error) return { ok: false, error };

  const expected = computeCheckDigit(vin);
  const actual = vin.charAt(8);
  const warnings: string[] = [];
  if (actual !== expected) {
    const mismatch = `The check digit (9th character) should be ${expected}, not ${actual}`;
    if (isNorthAmericanWmi(vin)) {
      return { ok: false, error: `${mismatch}: check for a typo.` };
    }
    warnings.push(
      `${mismatch}. Check digits are only mandatory on vehicles built in North America, so this ` +
        "VIN may still be correct, but check it for a typo.",
    );
  }
  return { ok: true, vin, warnings };
}

/** Position-10 codes in order: index i is 1980 + i (and 2010 + i, 2040 + i, …). */
const MODEL_YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";
const FIRST_MODEL_YEAR = 1980;
const MODEL_YEAR_CYCLE = 30;

/**
 * Decodes a VIN offline. Returns null unless the VIN (after normalization) is 17 valid
 * characters; a wrong check digit does not stop decoding (see `checkDigitValid`).
 *
 * Model year: `possibleModelYears` lists every year position 10 can mean up to one year after
 * `now`. `modelYear` is chosen with the position-7 rule (digit → 1980–2009, letter → 2010–2039)
 * when the VIN follows the North American standard — a North American WMI, or any WMI with a
 * valid check digit (vehicles built for the US market carry one whatever their origin) — and
 * is null if the year that rule picks is more than a year after `now` (the VIN is then
 * inconsistent, or from a vehicle the rule does not cover, such as a heavy truck). For other
 * VINs, `modelYear` is set only when a single year is possible. The rule only covers cycles up to
 * 2039.
 */
export function decodeVin(input: string, now: Date = new Date()): VinDecoded | null {
  const vin = normalizeVin(input);
  if (structuralError(vin) !== null) return null;

  const wmi = vin.slice(0, 3);
  const range = countryRange(wmi);
  const known = WMI_MANUFACTURERS.get(wmi);
  const checkDigitValid = computeCheckDigit(vin) === vin.charAt(8);

  const latestYear = now.getUTCFullYear() + 1;
  const codeIndex = MODEL_YEAR_CODES.indexOf(vin.charAt(9));
  const possibleModelYears: number[] = [];
  if (codeIndex !== -1) {
    for (let year = FIRST_MODEL_YEAR + codeIndex; year <= latestYear; year += MODEL_YEAR_CYCLE) {
      possibleModelYears.push(year);
    }
  }

  let modelYear: number | null = null;
  if (codeIndex !== -1) {
    if (isNorthAmericanWmi(vin) || checkDigitValid) {
      const cycle = /^[0-9]$/.test(vin.charAt(6)) ? 0 : 1;
      const year = FIRST_MODEL_YEAR + cycle * MODEL_YEAR_CYCLE + codeIndex;
      modelYear = year <= latestYear ? year : null;
    } else if (possibleModelYears.length === 1) {
      modelYear = possibleModelYears[0] ?? null;
    }
  }

  return {
    vin,
    wmi,
    manufacturer: known?.manufacturer ?? null,
    country: known?.country ?? range?.country ?? null,
    region: range?.region ?? regionOfFirstChar(wmi.charAt(0)),
    checkDigitValid,
    modelYear,
    possibleModelYears,
    plantCode: vin.charAt(10),
    serial: vin.slice(11),
  };
}

export interface WmiEntry {
  manufacturer: string;
  /** Only where the WMI's allocation range would give the wrong country. */
  country?: string;
}

/**
 * Makes seen on US rental fleets, by WMI. Only WMIs we are sure of are listed; where one WMI is
 * shared by several makes, the entry names them all ("Nissan / Infiniti").
 */
const WMI_GROUPS: ReadonlyArray<readonly [manufacturer: string, wmis: readonly string[]]> = [
  // Toyota group
  [
    "Toyota",
    [
      "2T1",
      "2T3",
      "3TM",
      "4T1",
      "4T3",
      "5TD",
      "5TF",
      "5YF",
      "JT2",
      "JT3",
      "JTD",
      "JTE",
      "JTM",
      "JTN",
    ],
  ],
  ["Lexus", ["2T2", "58A", "JTH", "JTJ"]],
  // Honda group
  [
    "Honda",
    [
      "19X",
      "1HG",
      "2HG",
      "2HK",
      "3CZ",
      "3HG",
      "5FN",
      "5FP",
      "5J6",
      "7FA",
      "JHL",
      "JHM",
      "SHH",
      "SHS",
    ],
  ],
  ["Acura", ["19U", "2HN", "5J8", "JH4"]],
  // Ford group
  [
    "Ford",
    [
      "1FA",
      "1FB",
      "1FD",
      "1FM",
      "1FT",
      "1ZV",
      "2FA",
      "2FM",
      "2FT",
      "3FA",
      "3FM",
      "3FT",
      "MAJ",
      "NM0",
      "WF0",
    ],
  ],
  ["Lincoln", ["1LN", "2LM", "3LN", "5LM"]],
  ["Mercury", ["1ME", "4M2"]],
  // General Motors
  ["Chevrolet", ["1G1", "1GC", "1GN", "2G1", "2GN", "3G1", "3GC", "3GN", "KL1", "KL7", "KL8"]],
  ["GMC", ["1GK", "1GT", "2GK", "3GK", "3GT"]],
  ["Buick", ["1G4", "2G4", "5GA", "KL4", "LRB"]],
  ["Cadillac", ["1G6", "1GY"]],
  ["Pontiac", ["1G2", "2G2"]],
  ["Saturn", ["1G8"]],
  // Stellantis (Chrysler, Dodge, Jeep, Ram, Fiat, Alfa Romeo, Maserati)
  ["Chrysler / Dodge", ["1C3", "2C3", "2C4"]],
  ["Jeep / Dodge / Chrysler", ["1C4"]],
  ["Jeep / Chrysler", ["3C4"]],
  ["Jeep", ["1J4", "1J8", "ZAC"]],
  ["Ram", ["1C6", "3C6"]],
  ["Dodge", ["1B3", "1D4", "2B3", "2D4"]],
  ["Dodge / Ram", ["1D7", "3D7"]],
  ["Chrysler", ["2A4", "2A8"]],
  ["Fiat", ["3C3", "ZFA"]],
  ["Alfa Romeo", ["ZAR", "ZAS"]],
  ["Maserati", ["ZAM"]],
  // Nissan group
  ["Nissan", ["1N4", "1N6", "3N1", "3N6"]],
  ["Nissan / Infiniti", ["5N1", "JN1", "JN8"]],
  ["Nissan / Renault Korea", ["KNM"]],
  ["Infiniti", ["5N3", "JNK", "JNR"]],
  // Hyundai group
  ["Hyundai", ["5NM", "5NP", "KM8", "KMH"]],
  ["Kia", ["3KP", "5XX", "5XY", "KNA", "KND"]],
  ["Genesis", ["KMT", "KMU"]],
  // Other Japanese makes
  ["Subaru", ["4S3", "4S4", "JF1", "JF2"]],
  ["Mazda", ["3MV", "3MZ", "7MM", "JM1", "JM3"]],
  ["Mitsubishi", ["4A3", "4A4", "JA3", "JA4", "ML3"]],
  ["Suzuki", ["JS2", "JS3"]],
  // Volkswagen group
  ["Volkswagen", ["1V2", "1VW", "3VV", "3VW", "WV1", "WV2", "WVG", "WVW"]],
  ["Audi", ["TRU", "WA1", "WAU"]],
  ["Porsche", ["WP0", "WP1"]],
  ["Lamborghini", ["ZHW"]],
  ["Bentley", ["SCB"]],
  // BMW group
  ["BMW", ["4US", "5UX", "5YM", "WBA", "WBS", "WBX", "WBY"]],
  ["MINI", ["WMW", "WMZ"]],
  ["Rolls-Royce", ["SCA"]],
  // Mercedes-Benz
  ["Mercedes-Benz", ["4JG", "55S", "W1K", "W1N", "WDB", "WDC", "WDD"]],
  ["smart", ["WME"]],
  // Volvo / Polestar (Geely)
  ["Volvo", ["7JR", "LYV", "YV1", "YV4"]],
  ["Polestar", ["LPS"]],
  // Jaguar Land Rover
  ["Land Rover", ["SAL"]],
  ["Jaguar", ["SAD", "SAJ"]],
  // Other European makes
  ["Ferrari", ["ZFF"]],
  ["Aston Martin", ["SCF"]],
  ["Lotus", ["SCC"]],
  ["McLaren", ["SBM"]],
  // Electric-vehicle makers
  ["Tesla", ["5YJ", "7G2", "7SA", "LRW", "XP7"]],
  ["Rivian", ["7FC"]],
  ["Lucid", ["50E"]],
];

/** XP7 is Tesla's Berlin plant; X ranges are otherwise not allocated to Germany. */
const COUNTRY_OVERRIDES: Readonly<Record<string, string>> = { XP7: "Germany" };

function buildWmiTable(): ReadonlyMap<string, WmiEntry> {
  const table = new Map<string, WmiEntry>();
  for (const [manufacturer, wmis] of WMI_GROUPS) {
    for (const wmi of wmis) {
      if (table.has(wmi)) throw new Error(`Duplicate WMI in the VIN table: ${wmi}`);
      const country = COUNTRY_OVERRIDES[wmi];
      table.set(wmi, country ? { manufacturer, country } : { manufacturer });
    }
  }
  return table;
}

/** Known WMIs → make (and, rarely, a country that differs from the WMI's allocation range). */
export const WMI_MANUFACTURERS: ReadonlyMap<string, WmiEntry> = buildWmiTable();
