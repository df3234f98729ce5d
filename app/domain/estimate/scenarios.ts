/**
 * The engine's accuracy suite: realistic findings on real cars, each with the published price
 * range it should land in and the source of that range (a `RATE_SOURCES` entry: name, address,
 * date). Used by scenarios.test.ts (which fails when an estimate leaves its range by more than
 * the stated tolerance) and by `npm run bench:estimate-accuracy` (which prints how close each
 * estimate comes).
 *
 * Each scenario uses a state's default rate card, so the ranges hold for real regional rates
 * (California is the most expensive in the table, Florida the cheapest), not round test numbers.
 * A scenario measures either the estimate's total or the sum of some of its lines (the part,
 * the windshield, the PDR line…) when the published range is for that alone.
 *
 * Pure data and arithmetic: no test framework, no I/O.
 */
import { estimateRepair, type Estimate, type Operation } from "./engine";
import { RATE_SOURCES, resolveRateCard, type RateSourceId } from "./rate-card";
import type { Finding, HailDetail, Vehicle } from "./taxonomy";

/** How far outside the published range an estimate may land before the suite fails (10 %). */
export const DEFAULT_TOLERANCE = 0.1;

/**
 * What a scenario compares with its published range:
 * - "total": the whole estimate;
 * - "cover-job": the total less calibration and the sensor transfer (the published bumper
 *   ranges are part + paint + labor);
 * - a list of operations: the sum of those lines (e.g. ["Part"] for a lamp's part price).
 */
export type Measure = "total" | "cover-job" | readonly Operation[];

export interface PublishedRange {
  /** Dollars. */
  low: number;
  /** Dollars. */
  high: number;
  source: RateSourceId;
  /** What the range is for, in the source's words. */
  what: string;
}

export interface AccuracyScenario {
  /** Stable id: "bumper-economy-fl". */
  id: string;
  name: string;
  state: string;
  vehicle: Vehicle;
  findings: Finding[];
  measure: Measure;
  /**
   * The published range for one unit, and how many units the scenario has (two curb-rashed
   * wheels: the per-wheel range × 2).
   */
  published: PublishedRange;
  units?: number;
  /** Allowed distance outside the range, as a fraction of it (default `DEFAULT_TOLERANCE`). */
  tolerance?: number;
}

let counter = 0;
function f(
  panel: Finding["panel"],
  damageType: Finding["damageType"],
  severity: Finding["severity"],
  extra: Partial<Finding> = {},
): Finding {
  counter += 1;
  return { id: `s${counter}`, panel, damageType, severity, confidence: 0.9, ...extra };
}

function hail(
  panel: Finding["panel"],
  dentCount: HailDetail["dentCount"],
  dentSize: HailDetail["dentSize"],
  oversizeDents?: number,
): Finding {
  return f(panel, "hail", "moderate", {
    hail: { dentCount, dentSize, ...(oversizeDents !== undefined && { oversizeDents }) },
  });
}

function car(
  year: number,
  make: string,
  model: string,
  bodyType: Vehicle["bodyType"],
  priceClass: Vehicle["priceClass"],
  paintType: Vehicle["paintType"],
  extra: Partial<Vehicle> = {},
): Vehicle {
  return { year, make, model, bodyType, priceClass, paintType, ...extra };
}

function range(low: number, high: number, source: RateSourceId, what: string): PublishedRange {
  return { low, high, source, what };
}

const BUMPER_ECONOMY = range(
  450,
  1_000,
  "bumperCover",
  "economy bumper cover, part + paint + labor",
);
const BUMPER_MID = range(700, 1_500, "bumperCover", "mid bumper cover, part + paint + labor");
const BUMPER_OEM = range(1_100, 2_200, "bumperCover", "OEM bumper cover, part + paint + labor");
const WINDSHIELD = range(250, 600, "windshield", "windshield without ADAS");
const WINDSHIELD_ADAS = range(1_200, 1_650, "windshield", "windshield with ADAS camera");
const CONVENTIONAL = range(
  400,
  1_500,
  "conventionalDent",
  "conventional repair + refinish, per panel",
);
const BUFF = range(75, 150, "buffing", "buffing light scratches, per panel");
const FRONT_RADAR = range(900, 1_300, "aaaAdas2018", "front radar, replaced and calibrated");
const AROUND_VIEW = range(500, 1_100, "aaaAdas2018", "around-view camera (front, mirror or rear)");

export const ACCURACY_SCENARIOS: readonly AccuracyScenario[] = [
  // ─── Bumpers ───
  {
    id: "bumper-scuff-polish-tx",
    name: "economy car, minor front bumper scuff → buffed out at the minimum charge",
    state: "TX",
    vehicle: car(2017, "Nissan", "Versa", "sedan", "economy", "solid"),
    findings: [f("front-bumper", "scuff", "minor", { sizeCm: 10 })],
    measure: "total",
    published: BUFF,
  },
  {
    id: "bumper-economy-fl",
    name: "economy sedan, cracked front bumper cover (Florida)",
    state: "FL",
    vehicle: car(2016, "Toyota", "Corolla", "sedan", "economy", "solid"),
    findings: [f("front-bumper", "crack", "severe", { sizeCm: 25 })],
    measure: "total",
    published: BUMPER_ECONOMY,
  },
  {
    id: "bumper-economy-ca",
    name: "economy hatchback, crushed rear bumper (California)",
    state: "CA",
    vehicle: car(2018, "Honda", "Fit", "hatchback", "economy", "solid"),
    findings: [f("rear-bumper", "dent", "severe", { sizeCm: 30 })],
    measure: "total",
    published: BUMPER_ECONOMY,
  },
  {
    id: "bumper-mid-il",
    name: "mid sedan, metallic front bumper cover replaced (Illinois)",
    state: "IL",
    vehicle: car(2020, "Honda", "Accord", "sedan", "mid", "metallic-pearl"),
    findings: [f("front-bumper", "crack", "severe", { sizeCm: 20 })],
    measure: "total",
    published: BUMPER_MID,
  },
  {
    id: "bumper-mid-ny",
    name: "mid SUV, rear bumper cover replaced (New York)",
    state: "NY",
    vehicle: car(2019, "Toyota", "RAV4", "suv", "mid", "metallic-pearl"),
    findings: [
      f("rear-bumper", "crack", "severe", { sizeCm: 18 }),
      f("rear-bumper", "scratch", "moderate"),
    ],
    measure: "total",
    published: BUMPER_MID,
  },
  {
    id: "bumper-premium-sensors-ca",
    name: "premium SUV, OEM front bumper with radar and parking sensors (California)",
    state: "CA",
    vehicle: car(2021, "BMW", "X3", "suv", "premium", "metallic-pearl", {
      sensorPanels: ["front-bumper", "windshield"],
    }),
    findings: [f("front-bumper", "crack", "severe", { sizeCm: 30 })],
    measure: "cover-job",
    published: BUMPER_OEM,
  },
  {
    id: "bumper-luxury-ny",
    name: "luxury sedan, OEM rear bumper cover (New York)",
    state: "NY",
    vehicle: car(2022, "Mercedes-Benz", "E 350", "sedan", "luxury", "metallic-pearl"),
    findings: [f("rear-bumper", "dent", "severe", { sizeCm: 35 })],
    measure: "total",
    published: BUMPER_OEM,
  },
  {
    id: "bumper-ev-sensors-ca",
    name: "EV, rear bumper with parking sensors replaced (California)",
    state: "CA",
    vehicle: car(2022, "Tesla", "Model Y", "suv", "ev-hybrid", "metallic-pearl", {
      sensorPanels: ["rear-bumper"],
    }),
    findings: [f("rear-bumper", "crack", "severe", { sizeCm: 25 })],
    measure: "cover-job",
    published: BUMPER_OEM,
  },
  {
    id: "bumper-premium-calibration-ca",
    name: "premium SUV front bumper replaced: the calibration alone",
    state: "CA",
    vehicle: car(2021, "BMW", "X3", "suv", "premium", "metallic-pearl", {
      sensorPanels: ["front-bumper"],
    }),
    findings: [f("front-bumper", "crack", "severe", { sizeCm: 30 })],
    measure: ["Calibration"],
    published: range(150, 600, "windshield", "ADAS calibration"),
  },
  // ─── Glass ───
  {
    id: "windshield-no-adas-tx",
    name: "2014 economy car, cracked windshield, no ADAS (Texas)",
    state: "TX",
    vehicle: car(2014, "Chevrolet", "Cruze", "sedan", "economy", "solid"),
    findings: [f("windshield", "glass-damage", "severe", { sizeCm: 40 })],
    measure: "total",
    published: WINDSHIELD,
  },
  {
    id: "windshield-no-camera-fl",
    name: "mid sedan known to have no camera, cracked windshield (Florida)",
    state: "FL",
    vehicle: car(2017, "Ford", "Fusion", "sedan", "mid", "metallic-pearl", { hasAdas: false }),
    findings: [f("windshield", "crack", "moderate", { sizeCm: 20 })],
    measure: "total",
    published: WINDSHIELD,
  },
  {
    id: "windshield-adas-ca",
    name: "premium SUV windshield with ADAS camera (California)",
    state: "CA",
    vehicle: car(2022, "Audi", "Q5", "suv", "premium", "metallic-pearl"),
    findings: [f("windshield", "glass-damage", "severe", { sizeCm: 50 })],
    measure: ["Replace"],
    published: WINDSHIELD_ADAS,
  },
  {
    id: "windshield-adas-assumed-il",
    name: "2021 mid sedan windshield, camera assumed from the model year (Illinois)",
    state: "IL",
    vehicle: car(2021, "Toyota", "Camry", "sedan", "mid", "metallic-pearl"),
    findings: [f("windshield", "glass-damage", "moderate", { sizeCm: 30 })],
    measure: ["Replace"],
    published: WINDSHIELD_ADAS,
  },
  {
    id: "windshield-chip-wy",
    name: "windshield chip → repaired for less than the cheapest new windshield",
    state: "WY",
    vehicle: car(2020, "Subaru", "Outback", "wagon", "mid", "metallic-pearl"),
    findings: [f("windshield", "glass-damage", "minor", { sizeCm: 1.5 })],
    measure: "total",
    published: range(0, 250, "windshield", "below the cheapest windshield replacement"),
  },
  // ─── Wheels, tires, interior ───
  {
    id: "curb-rash-two-wheels-fl",
    name: "curb rash on two wheels of a premium sedan (Florida)",
    state: "FL",
    vehicle: car(2021, "BMW", "330i", "sedan", "premium", "metallic-pearl"),
    findings: [
      f("wheel-front-right", "wheel-curb-rash", "moderate"),
      f("wheel-rear-right", "wheel-curb-rash", "minor"),
    ],
    measure: ["Wheel repair"],
    published: range(125, 200, "curbRash", "curb rash repair, per wheel"),
    units: 2,
  },
  {
    id: "tire-sidewall-wy",
    name: "sidewall cut on a mid SUV tire → new tire, mounted",
    state: "WY",
    vehicle: car(2020, "Toyota", "Highlander", "suv", "mid", "metallic-pearl"),
    findings: [f("wheel-rear-left", "tire-damage", "severe")],
    measure: "total",
    published: range(150, 350, "tireReplacement", "one tire, mounted and balanced"),
  },
  {
    id: "interior-smoke-ny",
    name: "rental return: cigarette burn and smoke odor (New York)",
    state: "NY",
    vehicle: car(2021, "Nissan", "Altima", "sedan", "mid", "metallic-pearl"),
    findings: [f("interior", "interior-burn", "minor"), f("interior", "odor", "moderate")],
    measure: "total",
    published: range(150, 450, "smokeOdor", "smoke smell removal, basic to standard"),
  },
  // ─── Paintless dent repair ───
  {
    id: "pdr-quarter-tx",
    name: "quarter-sized door dent → PDR",
    state: "TX",
    vehicle: car(2019, "Toyota", "Camry", "sedan", "mid", "metallic-pearl"),
    findings: [f("front-door-left", "dent", "minor", { sizeCm: 2.4 })],
    measure: "total",
    published: range(150, 225, "pdr", "quarter-size dent"),
  },
  {
    id: "pdr-dime-ny",
    name: "dime-sized fender ding → PDR",
    state: "NY",
    vehicle: car(2018, "Hyundai", "Elantra", "sedan", "economy", "metallic-pearl"),
    findings: [f("front-fender-right", "dent", "minor", { sizeCm: 1.8 })],
    measure: "total",
    published: range(100, 150, "pdr", "dime/nickel-size dent"),
  },
  {
    id: "pdr-golf-ball-aluminum-tx",
    name: "golf-ball dent on an aluminum pickup hood → PDR band + 15–30 %",
    state: "TX",
    vehicle: car(2020, "Ford", "F-150", "pickup", "mid", "metallic-pearl", {
      aluminumPanels: ["hood", "front-fender-left", "front-fender-right"],
    }),
    findings: [f("hood", "dent", "moderate", { sizeCm: 4.3 })],
    measure: "total",
    published: range(250 * 1.15, 375 * 1.3, "pdr", "golf-ball dent + 15–30 % for aluminum"),
  },
  {
    id: "pdr-crease-ca",
    name: "2–3″ crease on a rear door → PDR",
    state: "CA",
    vehicle: car(2020, "Honda", "CR-V", "suv", "mid", "metallic-pearl"),
    findings: [f("rear-door-right", "dent", "moderate", { sizeCm: 6.5 })],
    measure: "total",
    published: range(400, 600, "pdr", "2–3″ crease"),
  },
  // ─── Lamps ───
  {
    id: "headlamp-led-luxury-ca",
    name: "luxury SUV, broken LED headlamp: the OEM part",
    state: "CA",
    vehicle: car(2021, "Lexus", "RX 350", "suv", "luxury", "metallic-pearl"),
    findings: [f("headlamp-left", "broken-lamp", "severe")],
    measure: ["Part"],
    published: range(700, 1_500, "ledHeadlamp", "OEM or luxury LED headlamp assembly"),
  },
  {
    id: "headlamp-halogen-economy-fl",
    name: "economy car, broken halogen headlamp: the aftermarket part",
    state: "FL",
    vehicle: car(2015, "Kia", "Rio", "sedan", "economy", "solid"),
    findings: [f("headlamp-right", "broken-lamp", "moderate")],
    measure: ["Part"],
    published: range(75, 250, "headlamp", "aftermarket halogen headlamp"),
  },
  {
    id: "headlamp-halogen-mid-il",
    name: "mid car, cracked halogen headlamp: the OEM part",
    state: "IL",
    vehicle: car(2018, "Mazda", "3", "hatchback", "mid", "metallic-pearl"),
    findings: [f("headlamp-left", "crack", "moderate")],
    measure: ["Part"],
    published: range(200, 500, "headlamp", "OEM halogen headlamp"),
  },
  {
    id: "headlamp-led-mid-tx",
    name: "mid SUV with LED headlamps, one broken: the OEM part",
    state: "TX",
    vehicle: car(2022, "Honda", "CR-V", "suv", "mid", "metallic-pearl", { headlampType: "led" }),
    findings: [f("headlamp-right", "broken-lamp", "severe")],
    measure: ["Part"],
    published: range(700, 1_500, "ledHeadlamp", "OEM LED headlamp assembly"),
  },
  {
    id: "headlamp-led-economy-fl",
    name: "economy car with LED headlamps: an aftermarket LED assembly",
    state: "FL",
    vehicle: car(2021, "Hyundai", "Venue", "suv", "economy", "solid", { headlampType: "led" }),
    findings: [f("headlamp-left", "broken-lamp", "moderate")],
    measure: ["Part"],
    published: range(300, 800, "ledHeadlamp", "aftermarket LED headlamp assembly"),
  },
  {
    id: "headlamp-hid-premium-oh",
    name: "premium sedan with HID (xenon) headlamps, one broken: the assembly installed",
    state: "OH",
    vehicle: car(2015, "Acura", "TLX", "sedan", "premium", "metallic-pearl", {
      headlampType: "hid",
    }),
    findings: [f("headlamp-left", "broken-lamp", "severe")],
    measure: ["Part", "Replace"],
    published: range(400, 1_500, "hidHeadlamp", "HID headlamp assembly, installed"),
  },
  {
    id: "headlamp-adaptive-luxury-ny",
    name: "luxury sedan with adaptive LED headlamps, one cracked: the part",
    state: "NY",
    vehicle: car(2022, "Audi", "A6", "sedan", "luxury", "metallic-pearl", {
      headlampType: "adaptive-led",
    }),
    findings: [f("headlamp-right", "crack", "severe")],
    measure: ["Part"],
    published: range(1_800, 2_400, "adaptiveHeadlamp", "one adaptive / matrix LED headlamp"),
  },
  {
    id: "taillamp-led-premium-ca",
    name: "premium SUV, broken LED taillamp: the OEM part",
    state: "CA",
    vehicle: car(2021, "Volvo", "XC60", "suv", "premium", "metallic-pearl"),
    findings: [f("taillamp-left", "broken-lamp", "severe")],
    measure: ["Part"],
    published: range(250, 800, "taillampPrices", "OEM taillamp assembly"),
  },
  {
    id: "taillamp-bulb-economy-tx",
    name: "economy sedan, cracked bulb-type taillamp: an aftermarket part",
    state: "TX",
    vehicle: car(2016, "Nissan", "Sentra", "sedan", "economy", "solid"),
    findings: [f("taillamp-right", "crack", "moderate")],
    measure: ["Part"],
    published: range(50, 500, "taillampPrices", "aftermarket taillamp assembly"),
  },
  {
    id: "taillamp-led-economy-fl",
    name: "economy hatchback with LED taillamps: an aftermarket LED lamp",
    state: "FL",
    vehicle: car(2022, "Kia", "Rio", "hatchback", "economy", "solid", { taillampType: "led" }),
    findings: [f("taillamp-left", "broken-lamp", "moderate")],
    measure: ["Part"],
    published: range(80, 200, "taillampPrices", "aftermarket taillamp assembly"),
  },
  // ─── Paint work ───
  {
    id: "tri-coat-door-ca",
    name: "tri-coat pearl white door scratch repaired and refinished (California)",
    state: "CA",
    vehicle: car(2020, "Lexus", "ES 350", "sedan", "premium", "tri-coat"),
    findings: [f("front-door-right", "scratch", "moderate", { sizeCm: 30 })],
    measure: "total",
    published: CONVENTIONAL,
    tolerance: 0.25,
  },
  {
    id: "sideswipe-doors-mirror-tx",
    name: "side swipe: two doors scratched and a mirror scuffed (Texas)",
    state: "TX",
    vehicle: car(2019, "Chevrolet", "Malibu", "sedan", "mid", "metallic-pearl"),
    findings: [
      f("front-door-left", "scratch", "moderate", { sizeCm: 60 }),
      f("rear-door-left", "scratch", "moderate", { sizeCm: 45 }),
      f("mirror-left", "scuff", "minor"),
    ],
    measure: "total",
    published: CONVENTIONAL,
    units: 2,
  },
  {
    id: "rental-wear-ma",
    name: "typical rental wear: minor rear bumper scuff, a paint chip and one curb-rashed wheel",
    state: "MA",
    vehicle: car(2022, "Toyota", "Corolla", "sedan", "economy", "solid"),
    findings: [
      f("rear-bumper", "scuff", "minor"),
      f("hood", "paint-chip", "minor"),
      f("wheel-front-left", "wheel-curb-rash", "minor"),
    ],
    measure: "total",
    // Two buffed panels ($75–150 each) and one wheel ($125–200).
    published: range(275, 500, "buffing", "two panels buffed + one curb-rash repair"),
  },
  {
    id: "buff-door-scratch-oh",
    name: "light scratch on a door buffed out by the detailer (Ohio)",
    state: "OH",
    vehicle: car(2021, "Honda", "Civic", "sedan", "mid", "metallic-pearl"),
    findings: [f("front-door-right", "scratch", "minor", { sizeCm: 15 })],
    measure: "total",
    published: BUFF,
  },
  {
    id: "buff-two-panels-ca",
    name: "luxury car, two scuffed panels buffed: one minimum charge each (California)",
    state: "CA",
    vehicle: car(2022, "BMW", "540i", "sedan", "luxury", "metallic-pearl"),
    findings: [f("rear-bumper", "scuff", "minor"), f("quarter-panel-left", "scuff", "minor")],
    measure: "total",
    published: BUFF,
    units: 2,
  },
  {
    id: "color-coat-scratch-solid-tx",
    name: "scratch into the color coat on a solid-color door: repair and refinish, no blend",
    state: "TX",
    vehicle: car(2018, "Toyota", "Yaris", "sedan", "economy", "solid"),
    findings: [f("front-door-left", "scratch", "moderate", { sizeCm: 20 })],
    measure: "total",
    published: range(150, 400, "buffing", "scratches into the color coat, per panel"),
  },
  {
    id: "sideswipe-door-quarter-il",
    name: "sideswipe across the rear door and quarter panel: both refinished, the front door blended once",
    state: "IL",
    vehicle: car(2020, "Hyundai", "Sonata", "sedan", "mid", "metallic-pearl"),
    findings: [
      f("rear-door-right", "scratch", "moderate", { sizeCm: 50 }),
      f("quarter-panel-right", "scratch", "moderate", { sizeCm: 40 }),
    ],
    measure: "total",
    published: CONVENTIONAL,
    units: 2,
  },
  {
    id: "sideswipe-coupe-fl",
    name: "coupe sideswipe across the door and quarter panel (Florida)",
    state: "FL",
    vehicle: car(2019, "Ford", "Mustang", "coupe", "mid", "metallic-pearl"),
    findings: [
      f("front-door-left", "scratch", "severe", { sizeCm: 70 }),
      f("quarter-panel-left", "scratch", "moderate", { sizeCm: 30 }),
    ],
    measure: "total",
    published: CONVENTIONAL,
    units: 2,
  },
  {
    id: "sideswipe-tri-coat-ny",
    name: "tri-coat sideswipe across both doors (New York)",
    state: "NY",
    vehicle: car(2021, "Mazda", "CX-5", "suv", "mid", "tri-coat"),
    findings: [
      f("front-door-left", "scratch", "moderate", { sizeCm: 40 }),
      f("rear-door-left", "scratch", "moderate", { sizeCm: 40 }),
    ],
    measure: "total",
    published: CONVENTIONAL,
    units: 2,
    tolerance: 0.2,
  },
  // ─── Dents that can't be repaired paintlessly ───
  {
    id: "cracked-paint-door-tx",
    name: "small door dent with cracked paint → conventional repair and refinish",
    state: "TX",
    vehicle: car(2020, "Toyota", "Camry", "sedan", "mid", "metallic-pearl"),
    findings: [f("front-door-left", "dent", "minor", { sizeCm: 3, paintCracked: true })],
    measure: "total",
    published: CONVENTIONAL,
  },
  {
    id: "cracked-paint-fender-il",
    name: "12 cm fender dent with cracked paint (Illinois)",
    state: "IL",
    vehicle: car(2019, "Honda", "Accord", "sedan", "mid", "metallic-pearl"),
    findings: [f("front-fender-left", "dent", "moderate", { sizeCm: 12, paintCracked: true })],
    measure: "total",
    published: CONVENTIONAL,
  },
  {
    id: "quarter-dent-limited-access-ca",
    name: "25 cm quarter-panel dent: no access from behind (California)",
    state: "CA",
    vehicle: car(2020, "Nissan", "Altima", "sedan", "mid", "metallic-pearl"),
    findings: [f("quarter-panel-right", "dent", "moderate", { sizeCm: 25 })],
    measure: "total",
    published: CONVENTIONAL,
  },
  {
    id: "hood-dent-solid-fl",
    name: "8 cm hood dent on a solid-color economy car (Florida)",
    state: "FL",
    vehicle: car(2017, "Kia", "Forte", "sedan", "economy", "solid"),
    findings: [f("hood", "dent", "moderate", { sizeCm: 8 })],
    measure: "total",
    published: CONVENTIONAL,
  },
  {
    id: "door-dent-replaced-tx",
    name: "50 cm door dent: the door shell is replaced and refinished (Texas)",
    state: "TX",
    vehicle: car(2018, "Chevrolet", "Cruze", "sedan", "economy", "solid"),
    findings: [f("rear-door-left", "dent", "severe", { sizeCm: 50 })],
    measure: "total",
    published: CONVENTIONAL,
  },
  {
    id: "aluminum-door-dent-tx",
    name: "aluminum pickup door, 12 cm dent with cracked paint: specialist rate and time",
    state: "TX",
    vehicle: car(2021, "Ford", "F-150", "pickup", "mid", "metallic-pearl", {
      aluminumPanels: ["front-door-left", "front-fender-left"],
    }),
    findings: [f("front-door-left", "dent", "moderate", { sizeCm: 12, paintCracked: true })],
    measure: "total",
    published: CONVENTIONAL,
  },
  {
    id: "aluminum-fender-crack-ny",
    name: "aluminum fender on a luxury SUV, cracked paint over a crease (New York)",
    state: "NY",
    vehicle: car(2022, "Land Rover", "Range Rover Sport", "suv", "luxury", "metallic-pearl", {
      aluminumPanels: ["front-fender-right", "hood"],
    }),
    findings: [f("front-fender-right", "crack", "moderate", { sizeCm: 15 })],
    measure: "total",
    published: CONVENTIONAL,
    tolerance: 0.2,
  },
  // ─── Hail ───
  {
    id: "hail-hood-cell-co",
    name: "hail: hood with 16–30 quarter-size dents → the matrix cell",
    state: "CO",
    vehicle: car(2019, "Subaru", "Outback", "wagon", "mid", "metallic-pearl"),
    findings: [hail("hood", "16-30", "quarter")],
    measure: ["PDR"],
    published: range(375, 375, "hailMatrix", "hood, 16–30 dents, quarter size"),
    tolerance: 0,
  },
  {
    id: "hail-door-cell-tx",
    name: "hail: one door with 6–15 dime-size dents (vertical panel)",
    state: "TX",
    vehicle: car(2020, "Toyota", "Camry", "sedan", "mid", "metallic-pearl"),
    findings: [hail("front-door-right", "6-15", "dime")],
    measure: ["PDR"],
    published: range(135, 135, "hailMatrix", "door, 6–15 dents, dime size"),
    tolerance: 0,
  },
  {
    id: "hail-roof-headliner-ne",
    name: "hail: roof with 51–75 quarter-size dents, headliner down for access",
    state: "NE",
    vehicle: car(2018, "Honda", "Pilot", "suv", "mid", "metallic-pearl"),
    findings: [hail("roof", "51-75", "quarter")],
    measure: ["PDR"],
    published: range(625, 625, "hailMatrix", "roof, 51–75 dents, quarter size"),
    tolerance: 0,
  },
  {
    id: "hail-aluminum-hood-tx",
    name: "hail: aluminum pickup hood, 31–50 nickel-size dents + 20–25 %",
    state: "TX",
    vehicle: car(2021, "Ford", "F-150", "pickup", "mid", "metallic-pearl", {
      aluminumPanels: ["hood"],
    }),
    findings: [hail("hood", "31-50", "nickel")],
    measure: ["PDR"],
    published: range(425 * 1.2, 425 * 1.25, "hailAluminum", "matrix $425 + 20–25 % for aluminum"),
  },
  {
    id: "hail-oversize-ok",
    name: "hail: hood with 6–15 quarter-size dents and three oversize dents",
    state: "OK",
    vehicle: car(2017, "Chevrolet", "Equinox", "suv", "mid", "metallic-pearl"),
    findings: [hail("hood", "6-15", "quarter", 3)],
    measure: ["PDR"],
    published: range(
      255 + 3 * 40,
      255 + 3 * 50,
      "hailestOversize",
      "matrix $255 + $40–50 per oversize dent",
    ),
  },
  {
    id: "hail-light-ks",
    name: "light hail: a few dime-size dents on the hood",
    state: "KS",
    vehicle: car(2016, "Toyota", "Corolla", "sedan", "economy", "solid"),
    findings: [hail("hood", "1-5", "dime")],
    measure: "total",
    published: range(50, 750, "hailTotals", "minor hail, $50–150 per dent, up to 5 dents"),
  },
  {
    id: "hail-moderate-storm-co",
    name: "moderate storm: hood, roof and trunk dented, fenders lightly",
    state: "CO",
    vehicle: car(2020, "Honda", "Civic", "sedan", "mid", "metallic-pearl"),
    findings: [
      hail("hood", "16-30", "nickel"),
      hail("roof", "16-30", "nickel"),
      hail("trunk-liftgate", "6-15", "nickel"),
      hail("front-fender-left", "1-5", "dime"),
      hail("front-fender-right", "1-5", "dime"),
    ],
    measure: "total",
    published: range(500, 3_000, "hailTotals", "moderate hail, dents on several panels"),
  },
  {
    id: "hail-severe-storm-tx",
    name: "severe storm: every panel dented, hood and roof past 75 dents",
    state: "TX",
    vehicle: car(2021, "Toyota", "RAV4", "suv", "mid", "metallic-pearl"),
    findings: [
      hail("hood", "76-100", "quarter"),
      hail("roof", "101-150", "quarter"),
      hail("trunk-liftgate", "51-75", "quarter"),
      hail("front-fender-left", "31-50", "quarter"),
      hail("front-fender-right", "31-50", "quarter"),
      hail("front-door-left", "16-30", "nickel"),
      hail("front-door-right", "16-30", "nickel"),
      hail("rear-door-left", "16-30", "nickel"),
      hail("rear-door-right", "16-30", "nickel"),
      hail("quarter-panel-left", "31-50", "quarter"),
      hail("quarter-panel-right", "31-50", "quarter"),
    ],
    measure: "total",
    published: range(3_000, 10_000, "hailTotals", "severe hail"),
  },
  {
    id: "hail-past-matrix-fender-mo",
    name: "hail past the matrix: a fender with 51–75 dents → conventional repair",
    state: "MO",
    vehicle: car(2019, "Ford", "Escape", "suv", "mid", "metallic-pearl"),
    findings: [hail("front-fender-left", "51-75", "nickel")],
    measure: "total",
    published: CONVENTIONAL,
    tolerance: 0.2,
  },
  // ─── Cameras and sensors ───
  {
    id: "radar-economy-tx",
    name: "front radar knocked out on an economy car (Texas)",
    state: "TX",
    vehicle: car(2021, "Nissan", "Sentra", "sedan", "economy", "metallic-pearl"),
    findings: [f("front-bumper", "sensor-damage", "severe", { sensor: "front radar" })],
    measure: "total",
    published: FRONT_RADAR,
  },
  {
    id: "radar-mid-il",
    name: "front radar replaced and calibrated on a mid SUV (Illinois)",
    state: "IL",
    vehicle: car(2022, "Nissan", "Rogue", "suv", "mid", "metallic-pearl"),
    findings: [f("front-bumper", "sensor-damage", "severe", { sensor: "front radar" })],
    measure: "total",
    published: FRONT_RADAR,
  },
  {
    id: "radar-luxury-ca",
    name: "front radar on a luxury sedan (California)",
    state: "CA",
    vehicle: car(2022, "Lexus", "ES 350", "sedan", "luxury", "metallic-pearl"),
    findings: [f("grille", "sensor-damage", "severe", { sensor: "front radar" })],
    measure: "total",
    published: FRONT_RADAR,
  },
  {
    id: "windshield-camera-ca",
    name: "windshield camera damaged, glass intact (California)",
    state: "CA",
    vehicle: car(2021, "Toyota", "Camry", "sedan", "mid", "metallic-pearl"),
    findings: [f("windshield", "sensor-damage", "moderate")],
    measure: "total",
    published: range(850, 1_900, "aaaAdas2018", "front camera, replaced and calibrated"),
  },
  {
    id: "blind-spot-radar-ny",
    name: "blind-spot radar behind a premium SUV's rear bumper (New York)",
    state: "NY",
    vehicle: car(2021, "Acura", "RDX", "suv", "premium", "metallic-pearl"),
    findings: [f("rear-bumper", "sensor-damage", "severe", { sensor: "blind-spot radar" })],
    measure: "total",
    published: range(850, 2_050, "aaaAdas2018", "rear radar, replaced and calibrated"),
  },
  {
    id: "rear-camera-fl",
    name: "rear camera cracked on a mid SUV's liftgate (Florida)",
    state: "FL",
    vehicle: car(2020, "Toyota", "RAV4", "suv", "mid", "metallic-pearl"),
    findings: [f("trunk-liftgate", "sensor-damage", "moderate", { sensor: "rear camera" })],
    measure: "total",
    published: AROUND_VIEW,
  },
  {
    id: "surround-camera-grille-wa",
    name: "front surround-view camera in a premium SUV's grille (Washington)",
    state: "WA",
    vehicle: car(2022, "Genesis", "GV70", "suv", "premium", "metallic-pearl"),
    findings: [f("grille", "sensor-damage", "moderate", { sensor: "surround-view camera" })],
    measure: "total",
    published: AROUND_VIEW,
  },
  {
    id: "mirror-camera-az",
    name: "camera in a mid SUV's side mirror (Arizona)",
    state: "AZ",
    vehicle: car(2023, "Nissan", "Rogue", "suv", "mid", "metallic-pearl"),
    findings: [f("mirror-right", "sensor-damage", "moderate")],
    measure: "total",
    published: AROUND_VIEW,
  },
  {
    id: "parking-sensor-economy-tx",
    name: "parking sensor pushed in on an economy car's rear bumper (Texas)",
    state: "TX",
    vehicle: car(2020, "Toyota", "Corolla", "sedan", "economy", "metallic-pearl"),
    findings: [f("rear-bumper", "sensor-damage", "moderate", { sensor: "parking sensors" })],
    measure: "total",
    published: range(500, 1_300, "aaaAdas2018", "ultrasonic parking sensor"),
  },
  {
    id: "parking-sensor-ev-ca",
    name: "front parking sensor on an EV (California)",
    state: "CA",
    vehicle: car(2022, "Tesla", "Model 3", "sedan", "ev-hybrid", "metallic-pearl"),
    findings: [f("front-bumper", "sensor-damage", "moderate", { sensor: "parking sensors" })],
    measure: "total",
    published: range(500, 1_300, "aaaAdas2018", "ultrasonic parking sensor"),
  },
  // ─── Issue 24: replace or repair ───
  {
    id: "replace-fender-bolt-on-economy-fl",
    name: "economy car, front fender creased past repair → new aftermarket fender, refinished (Florida)",
    state: "FL",
    vehicle: car(2017, "Nissan", "Versa", "sedan", "economy", "solid"),
    findings: [f("front-fender-left", "dent", "severe", { sizeCm: 40 })],
    measure: "total",
    published: range(
      600,
      1_000,
      "fenderReplacementEconomy",
      "bolt-on fender replaced: 3 h swap + 3 h prep and paint",
    ),
  },
  {
    id: "replace-door-oem-premium-il",
    name: "premium SUV, front door crushed → OEM door shell, refinished and blended (Illinois)",
    state: "IL",
    vehicle: car(2021, "Acura", "MDX", "suv", "premium", "metallic-pearl"),
    findings: [f("front-door-right", "dent", "severe", { sizeCm: 55 })],
    measure: "total",
    published: range(
      1_500,
      4_000,
      "panelReplaceVsRepairBands",
      "panel replacement and paint, OEM part (door)",
    ),
  },
  {
    id: "replace-door-shell-explorer-tx",
    name: "mid SUV, driver door crumpled against a pillar → door shell replaced, parts moved over (Texas)",
    state: "TX",
    vehicle: car(2019, "Ford", "Explorer", "suv", "mid", "metallic-pearl"),
    findings: [f("front-door-left", "dent", "severe", { sizeCm: 60 })],
    measure: "total",
    published: range(800, 3_500, "doorShellReplacement", "door shell replaced, painted"),
  },
  {
    id: "torn-fender-replaced-aftermarket-oh",
    name: "economy car, fender torn at the wheel arch → replaced, not repaired (Ohio)",
    state: "OH",
    vehicle: car(2018, "Hyundai", "Accent", "sedan", "economy", "metallic-pearl"),
    findings: [f("front-fender-right", "crack", "severe", { sizeCm: 15 })],
    measure: "total",
    published: range(
      900,
      2_500,
      "panelReplaceVsRepairBands",
      "panel replacement and paint, aftermarket part (fender)",
    ),
  },
  {
    id: "torn-quarter-sectioned-nj",
    name: "mid sedan, rear quarter panel torn in a crash: cut out and a new panel welded in, refinished and blended (New Jersey)",
    state: "NJ",
    vehicle: car(2018, "Honda", "Civic", "sedan", "mid", "metallic-pearl"),
    findings: [f("quarter-panel-left", "crack", "severe", { sizeCm: 40 })],
    measure: "total",
    published: range(
      3_000,
      4_500,
      "quarterPanelSectioning",
      "quarter panel cut out and welded in, about 35 billable hours",
    ),
  },
  // ─── Issue 24: aluminum bodies ───
  {
    id: "aluminum-bedside-dents-f150-ca",
    name: "2015 F-150 (aluminum by model year), bed side with two dents and creases: straightened, refinished, blended (California)",
    state: "CA",
    vehicle: car(2015, "Ford", "F-150", "pickup", "mid", "metallic-pearl"),
    findings: [f("quarter-panel-left", "dent", "severe", { sizeCm: 30 })],
    measure: "total",
    // The invoices less the $887 blind-spot taillamp, which this scenario leaves out.
    published: range(
      2_051,
      3_251,
      "edmundsF150Aluminum",
      "aluminum bed side repaired and blended: $2,938.44 at $60/h and $4,138.44 at $120/h, less the $887 taillamp",
    ),
  },
  {
    id: "aluminum-door-crease-model-s-fl",
    name: "Tesla Model S (aluminum by model year), front door: small crease in the body line and scratches through the primer (Florida)",
    state: "FL",
    vehicle: car(2013, "Tesla", "Model S", "sedan", "ev-hybrid", "metallic-pearl"),
    // The scratches through the primer sit on the same door: its refinish covers them.
    findings: [f("front-door-right", "dent", "minor", { sizeCm: 8, paintCracked: true })],
    measure: "total",
    published: range(800, 800, "teslaDoorCrease", "Model S door crease and scratches, repaired"),
    tolerance: 0.25,
  },
  // ─── Issue 24: tri-coat and premium paint ───
  {
    id: "tri-coat-fender-repaint-wa",
    name: "tri-coat red SUV, keyed front fender: full panel refinish (Washington)",
    state: "WA",
    vehicle: car(2021, "Mazda", "CX-5", "suv", "mid", "tri-coat"),
    findings: [f("front-fender-left", "scratch", "moderate", { sizeCm: 40 })],
    measure: "total",
    published: range(
      500,
      1_500,
      "keyedCarRepaint",
      "full panel repaint (door, fender), standard or pearl",
    ),
  },
  {
    id: "bumper-gouge-repaint-pearl-ny",
    name: "pearl bumper cover with a deep gouge: filled and the whole cover refinished (New York)",
    state: "NY",
    vehicle: car(2020, "Toyota", "Camry", "sedan", "mid", "metallic-pearl"),
    findings: [f("rear-bumper", "scratch", "severe", { sizeCm: 20 })],
    measure: "total",
    published: range(300, 1_000, "bumperRepaint", "deep gouge filled, full bumper repaint"),
    tolerance: 0.2,
  },
  {
    id: "mirror-camera-aaa-2023-tx",
    name: "2023 Rogue, side mirror with its around-view camera broken: mirror and camera replaced and calibrated (Texas)",
    state: "TX",
    vehicle: car(2023, "Nissan", "Rogue", "suv", "mid", "metallic-pearl", {
      sensorPanels: ["mirror-left"],
    }),
    findings: [f("mirror-left", "crack", "severe")],
    measure: "total",
    published: range(
      1_206,
      1_809,
      "aaaAdas2023",
      "side mirror with camera replaced: AAA's $1,507.55 average ± 20 %",
    ),
  },
  {
    id: "rear-collision-sensors-aaa-2023-ca",
    name: "2023 Camry, minor rear collision: rear bumper cover replaced with its parking sensors and blind-spot radar moved over and calibrated (California)",
    state: "CA",
    vehicle: car(2023, "Toyota", "Camry", "sedan", "mid", "metallic-pearl", {
      sensorPanels: ["rear-bumper"],
    }),
    findings: [f("rear-bumper", "crack", "severe", { sizeCm: 30 })],
    measure: "total",
    published: range(
      1_359,
      2_038,
      "aaaAdas2023",
      "minor rear collision incl. ADAS: AAA's $1,698.24 average ± 20 %",
    ),
  },
  {
    id: "windshield-camera-aaa-2023-il",
    name: "2023 Camry, cracked windshield with its camera: new windshield and calibration (Illinois)",
    state: "IL",
    vehicle: car(2023, "Toyota", "Camry", "sedan", "mid", "metallic-pearl"),
    findings: [f("windshield", "crack", "severe", { sizeCm: 40 })],
    measure: "total",
    published: range(
      1_152,
      1_728,
      "aaaAdas2023",
      "windshield with ADAS camera calibration: AAA's $1,439.78 average ± 20 %",
    ),
  },
  // ─── Issue 24: pickups ───
  {
    id: "tailgate-crumpled-camera-ram-mi",
    name: "full-size pickup, tailgate crumpled and unlatchable: OEM tailgate with the camera moved over, refinished, camera calibrated (Michigan)",
    state: "MI",
    vehicle: car(2020, "Ram", "1500", "pickup", "mid", "metallic-pearl", {
      sensorPanels: ["trunk-liftgate"],
    }),
    findings: [f("trunk-liftgate", "dent", "severe", { sizeCm: 60 })],
    measure: "total",
    published: range(
      500,
      3_500,
      "tailgateReplacementTotal",
      "tailgate replaced: part, labor and paint",
    ),
  },
  {
    id: "tailgate-oem-part-f150-tx",
    name: "full-size pickup, the new OEM tailgate alone (Texas)",
    state: "TX",
    vehicle: car(2021, "Ford", "F-150", "pickup", "mid", "metallic-pearl", {
      sensorPanels: ["trunk-liftgate"],
    }),
    findings: [f("trunk-liftgate", "dent", "severe", { sizeCm: 60 })],
    measure: ["Part"],
    published: range(1_500, 4_000, "pickupTailgate", "loaded OEM tailgate assembly, part only"),
  },
  {
    id: "tailgate-molding-canyon-mi",
    name: "mid pickup, plastic molding on the tailgate's edge damaged: trim part replaced, not the tailgate (Michigan)",
    state: "MI",
    vehicle: car(2015, "GMC", "Canyon", "pickup", "mid", "metallic-pearl"),
    findings: [f("trunk-liftgate", "missing-part", "minor")],
    measure: "total",
    published: range(90, 95, "canyonTailgateMolding", "tailgate edge molding: part + dealer labor"),
    tolerance: 0.2,
  },
  // ─── Issue 24: interior by material ───
  {
    id: "cloth-seat-burn-economy-tx",
    name: "cloth seat, small cigarette burn (Texas)",
    state: "TX",
    vehicle: car(2019, "Kia", "Rio", "sedan", "economy", "solid"),
    findings: [f("interior", "interior-burn", "minor", { sizeCm: 1 })],
    measure: "total",
    published: range(75, 150, "seatBurnByMaterial", "small burn under 1″, cloth"),
  },
  {
    id: "leather-seat-burn-luxury-ca",
    name: "leather seat, small cigarette burn (California)",
    state: "CA",
    vehicle: car(2021, "BMW", "X5", "suv", "luxury", "metallic-pearl"),
    findings: [f("interior", "interior-burn", "minor", { sizeCm: 1 })],
    measure: "total",
    published: range(150, 250, "seatBurnByMaterial", "small burn under 1″, genuine leather"),
  },
  {
    id: "cloth-seat-tear-small-fl",
    name: "cloth seat, small tear under 2″ (Florida)",
    state: "FL",
    vehicle: car(2020, "Toyota", "Corolla", "sedan", "economy", "solid"),
    findings: [f("interior", "interior-tear", "minor", { sizeCm: 4 })],
    measure: "total",
    published: range(75, 150, "seatTearBySize", "small fabric tear under 2″"),
  },
  {
    id: "leather-seat-tear-medium-ny",
    name: "leather seat, 3″ tear (New York)",
    state: "NY",
    vehicle: car(2022, "Audi", "Q5", "suv", "premium", "metallic-pearl", {
      interiorMaterial: "leather",
    }),
    findings: [f("interior", "interior-tear", "moderate", { sizeCm: 8 })],
    measure: "total",
    published: range(175, 300, "seatTearBySize", "medium leather tear, 2–5″"),
  },
  {
    id: "leather-seat-torn-through-ca",
    name: "leather seat torn past repair: the panel re-covered (California)",
    state: "CA",
    vehicle: car(2021, "Mercedes-Benz", "GLE 350", "suv", "luxury", "metallic-pearl"),
    findings: [f("interior", "interior-tear", "severe", { sizeCm: 25 })],
    measure: "total",
    published: range(
      800,
      2_500,
      "leatherSeatReupholstery",
      "leather seat re-covered by an upholstery shop",
    ),
  },
  {
    id: "pet-odor-suv-co",
    name: "pet odor through the cabin (urine, wet dog): enzyme treatment, extraction and ozone (Colorado)",
    state: "CO",
    vehicle: car(2019, "Subaru", "Forester", "suv", "mid", "metallic-pearl"),
    findings: [f("interior", "odor", "severe")],
    measure: "total",
    published: range(200, 500, "odorRemovalTypes", "pet odors, professional removal"),
  },
  // ─── Issue 24: damage across panels ───
  {
    id: "sideswipe-door-onto-quarter-ga",
    name: "sideswipe from the rear door onto the quarter panel, medium dents with broken paint: each panel repaired and refinished (Georgia)",
    state: "GA",
    vehicle: car(2019, "Honda", "Accord", "sedan", "mid", "metallic-pearl"),
    findings: [
      f("rear-door-left", "dent", "moderate", {
        sizeCm: 40,
        paintCracked: true,
        spansPanels: ["quarter-panel-left"],
      }),
    ],
    measure: "total",
    published: range(
      1_200,
      3_300,
      "sideswipeHalves",
      "door (medium dent with paint damage) + quarter panel (medium dents and scratches)",
    ),
  },
  {
    id: "key-scratch-body-side-az",
    name: "key scratch along one side, front door to quarter panel: three panels refinished and blended (Arizona)",
    state: "AZ",
    vehicle: car(2020, "Toyota", "RAV4", "suv", "mid", "metallic-pearl"),
    findings: [
      f("front-door-left", "scratch", "severe", {
        sizeCm: 240,
        spansPanels: ["rear-door-left", "quarter-panel-left"],
      }),
    ],
    measure: "total",
    published: range(1_000, 2_500, "keyedCarRepaint", "multi-panel / body-side repaint"),
  },
];

// ─── Evaluation ─────────────────────────────────────────────────────────────────────────────────

export interface ScenarioResult {
  scenario: AccuracyScenario;
  estimate: Estimate;
  /** What the scenario measures, in cents, and its low–high (the estimate's range applied to it). */
  measuredCents: number;
  measuredLowCents: number;
  measuredHighCents: number;
  /** The published range × units, in cents. */
  publishedLowCents: number;
  publishedHighCents: number;
  tolerance: number;
  /** The measured amount lies inside the published range. */
  inside: boolean;
  /** The measured low–high overlaps the published range widened by the tolerance. */
  overlaps: boolean;
  /** The measured amount lies inside the published range widened by the tolerance. */
  withinTolerance: boolean;
  /**
   * How far outside: 1 inside the range, else measured ÷ high above it or low ÷ measured below it
   * (always ≥ 1; larger is worse).
   */
  ratio: number;
}

function measuredAmount(estimate: Estimate, measure: Measure): number {
  if (measure === "total") return estimate.totalCents;
  if (measure === "cover-job") {
    const excluded = estimate.lines
      .filter(
        (line) =>
          line.operation === "Calibration" ||
          (line.operation === "R&I" && line.description.startsWith("Transfer")),
      )
      .reduce((sum, line) => sum + line.amountCents, 0);
    return estimate.totalCents - excluded;
  }
  return estimate.lines
    .filter((line) => measure.includes(line.operation))
    .reduce((sum, line) => sum + line.amountCents, 0);
}

/** Prices a scenario with its state's default rate card and compares it with its range. */
export function evaluateScenario(scenario: AccuracyScenario): ScenarioResult {
  const estimate = estimateRepair({
    vehicle: scenario.vehicle,
    findings: scenario.findings,
    rateCard: resolveRateCard(scenario.state),
  });
  const measuredCents = measuredAmount(estimate, scenario.measure);
  const share = (bound: number) =>
    estimate.totalCents > 0 ? Math.round((measuredCents * bound) / estimate.totalCents) : 0;
  const measuredLowCents = share(estimate.lowCents);
  const measuredHighCents = share(estimate.highCents);
  const units = scenario.units ?? 1;
  const publishedLowCents = Math.round(scenario.published.low * units * 100);
  const publishedHighCents = Math.round(scenario.published.high * units * 100);
  const tolerance = scenario.tolerance ?? DEFAULT_TOLERANCE;
  const lowBound = publishedLowCents * (1 - tolerance);
  const highBound = publishedHighCents * (1 + tolerance);
  const inside = measuredCents >= publishedLowCents && measuredCents <= publishedHighCents;
  const ratio =
    measuredCents > publishedHighCents
      ? measuredCents / Math.max(publishedHighCents, 1)
      : measuredCents < publishedLowCents
        ? publishedLowCents / Math.max(measuredCents, 1)
        : 1;
  return {
    scenario,
    estimate,
    measuredCents,
    measuredLowCents,
    measuredHighCents,
    publishedLowCents,
    publishedHighCents,
    tolerance,
    inside,
    overlaps: measuredLowCents <= highBound && measuredHighCents >= lowBound,
    withinTolerance: measuredCents >= lowBound && measuredCents <= highBound,
    ratio,
  };
}

/** "AAA (2018), ADAS repair costs … (2018-10)": the scenario's source as a reader sees it. */
export function sourceText(scenario: AccuracyScenario): string {
  const source = RATE_SOURCES[scenario.published.source];
  return `${source.title} (${source.published})${"note" in source && /weak/i.test(source.note) ? " (weak)" : ""}`;
}

// ─── Bias ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Whether the engine leans low or high over the whole suite: for each scenario the natural log of
 * (the estimate's midpoint ÷ the published range's midpoint), where the estimate's midpoint is the
 * middle of its low–high applied to what the scenario measures. 0 is dead center; −0.25 is about
 * 22 % under the middle of the range, +0.25 about 28 % over it.
 */
export interface BiasSummary {
  scenarios: number;
  medianLogRatio: number;
  meanLogRatio: number;
  /** Median of |log ratio|: how far off-center a typical estimate is, either way. */
  medianAbsLogRatio: number;
  /** Shares of scenarios whose estimate midpoint is under / over the range's midpoint. */
  underShare: number;
  overShare: number;
}

export function logRatio(result: ScenarioResult): number {
  const estimateMiddle = (result.measuredLowCents + result.measuredHighCents) / 2;
  const publishedMiddle = (result.publishedLowCents + result.publishedHighCents) / 2;
  return Math.log(Math.max(estimateMiddle, 1) / Math.max(publishedMiddle, 1));
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function biasSummary(results: readonly ScenarioResult[]): BiasSummary {
  const ratios = results.map(logRatio);
  const count = ratios.length;
  return {
    scenarios: count,
    medianLogRatio: median(ratios),
    meanLogRatio: count > 0 ? ratios.reduce((sum, value) => sum + value, 0) / count : 0,
    medianAbsLogRatio: median(ratios.map(Math.abs)),
    underShare: count > 0 ? ratios.filter((value) => value < 0).length / count : 0,
    overShare: count > 0 ? ratios.filter((value) => value > 0).length / count : 0,
  };
}
