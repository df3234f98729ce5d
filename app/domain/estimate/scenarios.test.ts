/**
 * Realistic estimates checked against published price ranges for common repairs (`PUBLIC`
 * below). Each scenario uses a state's default rate card, so the ranges hold for real regional
 * rates (California is the most expensive in the table, Florida the cheapest), not just round
 * test numbers.
 */
import { describe, expect, it } from "vitest";
import { AVERAGE_REPAIRABLE_CLAIM_CENTS } from "../industry-benchmarks";
import { estimateRepair, type Estimate, type Operation } from "./engine";
import { resolveRateCard } from "./rate-card";
import type { Finding, Vehicle } from "./taxonomy";

type Dollars = readonly [low: number, high: number];

/** Published repair price ranges, in dollars. */
const PUBLIC = {
  bumperCoverEconomy: [450, 1_000],
  bumperCoverMid: [700, 1_500],
  bumperCoverOem: [1_100, 2_200],
  windshieldNoAdas: [250, 600],
  windshieldWithAdas: [1_200, 1_650],
  calibration: [150, 600],
  pdrDimeNickel: [100, 150],
  pdrQuarter: [150, 225],
  pdrGolfBall: [250, 375],
  pdrCrease: [400, 600],
  aluminumUplift: [1.15, 1.3],
  curbRashPerWheel: [125, 200],
  headlampHalogenAftermarket: [75, 250],
  headlampHalogenOem: [200, 500],
  headlampLedMin: 1_000,
} as const satisfies Record<string, Dollars | number>;

function expectWithin(cents: number, [low, high]: Dollars, what: string) {
  expect(cents, `${what}: ${cents / 100} not in ${low}–${high}`).toBeGreaterThanOrEqual(low * 100);
  expect(cents, `${what}: ${cents / 100} not in ${low}–${high}`).toBeLessThanOrEqual(high * 100);
}

function sumOf(estimate: Estimate, operations: Operation[]): number {
  return estimate.lines
    .filter((line) => operations.includes(line.operation))
    .reduce((sum, line) => sum + line.amountCents, 0);
}

function amountOf(estimate: Estimate, operation: Operation): number {
  return sumOf(estimate, [operation]);
}

/** Part + paint + labor of a bumper cover job: everything except calibration and the sensor transfer. */
function bumperCoverJob(estimate: Estimate): number {
  const sensorTransfer = estimate.lines
    .filter((line) => line.operation === "R&I" && line.description.startsWith("Transfer"))
    .reduce((sum, line) => sum + line.amountCents, 0);
  return estimate.totalCents - amountOf(estimate, "Calibration") - sensorTransfer;
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

interface Scenario {
  name: string;
  state: string;
  vehicle: Vehicle;
  findings: Finding[];
  check: (estimate: Estimate) => void;
}

const SCENARIOS: Scenario[] = [
  {
    name: "economy car, minor front bumper scuff → a polish, far below any bumper job",
    state: "TX",
    vehicle: car(2017, "Nissan", "Versa", "sedan", "economy", "solid"),
    findings: [f("front-bumper", "scuff", "minor", { sizeCm: 10 })],
    check: (estimate) => {
      expect(estimate.lines.map((line) => line.operation)).toEqual(["Polish"]);
      expect(estimate.totalCents).toBeLessThan(PUBLIC.bumperCoverEconomy[0] * 100);
    },
  },
  {
    name: "economy sedan, cracked front bumper cover (Florida) → economy bumper range",
    state: "FL",
    vehicle: car(2016, "Toyota", "Corolla", "sedan", "economy", "solid"),
    findings: [f("front-bumper", "crack", "severe", { sizeCm: 25 })],
    check: (estimate) => expectWithin(estimate.totalCents, PUBLIC.bumperCoverEconomy, "total"),
  },
  {
    name: "economy hatchback, crushed rear bumper (California) → economy bumper range",
    state: "CA",
    vehicle: car(2018, "Honda", "Fit", "hatchback", "economy", "solid"),
    findings: [f("rear-bumper", "dent", "severe", { sizeCm: 30 })],
    check: (estimate) => expectWithin(estimate.totalCents, PUBLIC.bumperCoverEconomy, "total"),
  },
  {
    name: "mid sedan, metallic front bumper cover replaced (Illinois) → mid bumper range",
    state: "IL",
    vehicle: car(2020, "Honda", "Accord", "sedan", "mid", "metallic-pearl"),
    findings: [f("front-bumper", "crack", "severe", { sizeCm: 20 })],
    check: (estimate) => {
      expectWithin(estimate.totalCents, PUBLIC.bumperCoverMid, "total");
      expect(estimate.lines.filter((line) => line.operation === "Blend")).toHaveLength(2);
    },
  },
  {
    name: "mid SUV, rear bumper cover replaced (New York) → mid bumper range",
    state: "NY",
    vehicle: car(2019, "Toyota", "RAV4", "suv", "mid", "metallic-pearl"),
    findings: [
      f("rear-bumper", "crack", "severe", { sizeCm: 18 }),
      f("rear-bumper", "scratch", "moderate"),
    ],
    check: (estimate) => expectWithin(estimate.totalCents, PUBLIC.bumperCoverMid, "total"),
  },
  {
    name: "premium SUV, OEM front bumper with radar and parking sensors (California)",
    state: "CA",
    vehicle: car(2021, "BMW", "X3", "suv", "premium", "metallic-pearl", {
      sensorPanels: ["front-bumper", "windshield"],
    }),
    findings: [f("front-bumper", "crack", "severe", { sizeCm: 30 })],
    check: (estimate) => {
      expectWithin(bumperCoverJob(estimate), PUBLIC.bumperCoverOem, "cover job");
      expectWithin(amountOf(estimate, "Calibration"), PUBLIC.calibration, "calibration");
    },
  },
  {
    name: "luxury sedan, OEM rear bumper cover (New York) → OEM bumper range",
    state: "NY",
    vehicle: car(2022, "Mercedes-Benz", "E 350", "sedan", "luxury", "metallic-pearl"),
    findings: [f("rear-bumper", "dent", "severe", { sizeCm: 35 })],
    check: (estimate) => expectWithin(estimate.totalCents, PUBLIC.bumperCoverOem, "total"),
  },
  {
    name: "EV, rear bumper with parking sensors replaced (California)",
    state: "CA",
    vehicle: car(2022, "Tesla", "Model Y", "suv", "ev-hybrid", "metallic-pearl", {
      sensorPanels: ["rear-bumper"],
    }),
    findings: [f("rear-bumper", "crack", "severe", { sizeCm: 25 })],
    check: (estimate) => {
      expectWithin(bumperCoverJob(estimate), PUBLIC.bumperCoverOem, "cover job");
      expectWithin(amountOf(estimate, "Calibration"), PUBLIC.calibration, "calibration");
      expect(amountOf(estimate, "EV adjustment")).toBeGreaterThan(0);
    },
  },
  {
    name: "2014 economy car, cracked windshield, no ADAS (Texas) → $250–600",
    state: "TX",
    vehicle: car(2014, "Chevrolet", "Cruze", "sedan", "economy", "solid"),
    findings: [f("windshield", "glass-damage", "severe", { sizeCm: 40 })],
    check: (estimate) => {
      expectWithin(estimate.totalCents, PUBLIC.windshieldNoAdas, "total");
      expect(amountOf(estimate, "Calibration")).toBe(0);
    },
  },
  {
    name: "mid sedan known to have no camera, cracked windshield (Florida) → $250–600",
    state: "FL",
    vehicle: car(2017, "Ford", "Fusion", "sedan", "mid", "metallic-pearl", { hasAdas: false }),
    findings: [f("windshield", "crack", "moderate", { sizeCm: 20 })],
    check: (estimate) => expectWithin(estimate.totalCents, PUBLIC.windshieldNoAdas, "total"),
  },
  {
    name: "premium SUV windshield with ADAS camera (California) → $1,200–1,650 + calibration",
    state: "CA",
    vehicle: car(2022, "Audi", "Q5", "suv", "premium", "metallic-pearl"),
    findings: [f("windshield", "glass-damage", "severe", { sizeCm: 50 })],
    check: (estimate) => {
      expectWithin(amountOf(estimate, "Replace"), PUBLIC.windshieldWithAdas, "windshield");
      expectWithin(amountOf(estimate, "Calibration"), PUBLIC.calibration, "calibration");
      expectWithin(estimate.totalCents, [1_350, 2_250], "total");
    },
  },
  {
    name: "2021 mid sedan windshield, camera assumed from the model year (Illinois)",
    state: "IL",
    vehicle: car(2021, "Toyota", "Camry", "sedan", "mid", "metallic-pearl"),
    findings: [f("windshield", "glass-damage", "moderate", { sizeCm: 30 })],
    check: (estimate) => {
      expectWithin(amountOf(estimate, "Replace"), PUBLIC.windshieldWithAdas, "windshield");
      expectWithin(amountOf(estimate, "Calibration"), PUBLIC.calibration, "calibration");
      expect(estimate.adas).toEqual({ hasAdas: true, assumed: true });
    },
  },
  {
    name: "windshield chip → repaired for far less than a new windshield",
    state: "WY",
    vehicle: car(2020, "Subaru", "Outback", "wagon", "mid", "metallic-pearl"),
    findings: [f("windshield", "glass-damage", "minor", { sizeCm: 1.5 })],
    check: (estimate) => {
      expect(estimate.totalCents).toBeLessThan(PUBLIC.windshieldNoAdas[0] * 100);
    },
  },
  {
    name: "curb rash on two wheels of a premium sedan (Florida) → $125–200 per wheel",
    state: "FL",
    vehicle: car(2021, "BMW", "330i", "sedan", "premium", "metallic-pearl"),
    findings: [
      f("wheel-front-right", "wheel-curb-rash", "moderate"),
      f("wheel-rear-right", "wheel-curb-rash", "minor"),
    ],
    check: (estimate) => {
      const wheels = estimate.lines.filter((line) => line.operation === "Wheel repair");
      expect(wheels).toHaveLength(2);
      for (const line of wheels) expectWithin(line.amountCents, PUBLIC.curbRashPerWheel, "wheel");
      expectWithin(estimate.totalCents, [250, 400], "total");
    },
  },
  {
    name: "quarter-sized door dent → PDR $150–225",
    state: "TX",
    vehicle: car(2019, "Toyota", "Camry", "sedan", "mid", "metallic-pearl"),
    findings: [f("front-door-left", "dent", "minor", { sizeCm: 2.4 })],
    check: (estimate) => expectWithin(estimate.totalCents, PUBLIC.pdrQuarter, "total"),
  },
  {
    name: "dime-sized fender ding → PDR $100–150",
    state: "NY",
    vehicle: car(2018, "Hyundai", "Elantra", "sedan", "economy", "metallic-pearl"),
    findings: [f("front-fender-right", "dent", "minor", { sizeCm: 1.8 })],
    check: (estimate) => expectWithin(estimate.totalCents, PUBLIC.pdrDimeNickel, "total"),
  },
  {
    name: "golf-ball dent on an aluminum pickup hood → PDR band + 15–30 %",
    state: "TX",
    vehicle: car(2020, "Ford", "F-150", "pickup", "mid", "metallic-pearl", {
      aluminiumPanels: ["hood", "front-fender-left", "front-fender-right"],
    }),
    findings: [f("hood", "dent", "moderate", { sizeCm: 4.3 })],
    check: (estimate) =>
      expectWithin(
        estimate.totalCents,
        [
          PUBLIC.pdrGolfBall[0] * PUBLIC.aluminumUplift[0],
          PUBLIC.pdrGolfBall[1] * PUBLIC.aluminumUplift[1],
        ],
        "total",
      ),
  },
  {
    name: "2–3″ crease on a rear door → PDR $400–600",
    state: "CA",
    vehicle: car(2020, "Honda", "CR-V", "suv", "mid", "metallic-pearl"),
    findings: [f("rear-door-right", "dent", "moderate", { sizeCm: 6.5 })],
    check: (estimate) => expectWithin(estimate.totalCents, PUBLIC.pdrCrease, "total"),
  },
  {
    name: "luxury SUV, broken LED headlamp → part over $1,000",
    state: "CA",
    vehicle: car(2021, "Lexus", "RX 350", "suv", "luxury", "metallic-pearl"),
    findings: [f("headlamp-left", "broken-lamp", "severe")],
    check: (estimate) => {
      expect(amountOf(estimate, "Part")).toBeGreaterThan(PUBLIC.headlampLedMin * 100);
      expect(estimate.totalCents).toBeLessThan(2_000_00);
    },
  },
  {
    name: "economy car, broken halogen headlamp → aftermarket part $75–250",
    state: "FL",
    vehicle: car(2015, "Kia", "Rio", "sedan", "economy", "solid"),
    findings: [f("headlamp-right", "broken-lamp", "moderate")],
    check: (estimate) => {
      expectWithin(amountOf(estimate, "Part"), PUBLIC.headlampHalogenAftermarket, "part");
      expect(estimate.totalCents).toBeLessThan(400_00);
    },
  },
  {
    name: "mid car, cracked halogen headlamp → OEM part $200–500",
    state: "IL",
    vehicle: car(2018, "Mazda", "3", "hatchback", "mid", "metallic-pearl"),
    findings: [f("headlamp-left", "crack", "moderate")],
    check: (estimate) =>
      expectWithin(amountOf(estimate, "Part"), PUBLIC.headlampHalogenOem, "part"),
  },
  {
    name: "tri-coat pearl white door repair → tri-coat line, a small-claim total",
    state: "CA",
    vehicle: car(2020, "Lexus", "ES 350", "sedan", "premium", "tri-coat"),
    findings: [f("front-door-right", "scratch", "moderate", { sizeCm: 30 })],
    check: (estimate) => {
      expect(amountOf(estimate, "Tri-coat")).toBeGreaterThan(0);
      expect(amountOf(estimate, "Clear coat")).toBe(0);
      // CCC: 26 % of repairable claims are $2,000 or less; a one-door scratch is one of them.
      expectWithin(estimate.totalCents, [700, 2_000], "total");
    },
  },
  {
    name: "side swipe: two doors scratched and a mirror scuffed → below the average claim",
    state: "TX",
    vehicle: car(2019, "Chevrolet", "Malibu", "sedan", "mid", "metallic-pearl"),
    findings: [
      f("front-door-left", "scratch", "moderate", { sizeCm: 60 }),
      f("rear-door-left", "scratch", "moderate", { sizeCm: 45 }),
      f("mirror-left", "scuff", "minor"),
    ],
    check: (estimate) => {
      // Each door is refinished, so neither is blended into the other.
      expect(
        estimate.lines.filter((line) => line.operation === "Blend").map((line) => line.panel),
      ).toEqual(["front-fender-left", "quarter-panel-left"]);
      expectWithin(estimate.totalCents, [600, AVERAGE_REPAIRABLE_CLAIM_CENTS.value / 100], "total");
    },
  },
  {
    name: "sidewall cut on a mid SUV tire → new tire, mounted",
    state: "WY",
    vehicle: car(2020, "Toyota", "Highlander", "suv", "mid", "metallic-pearl"),
    findings: [f("wheel-rear-left", "tyre-damage", "severe")],
    check: (estimate) => expectWithin(estimate.totalCents, [150, 300], "total"),
  },
  {
    name: "rental return: cigarette burn and smoke odor → interior sublet + smoking-fee note",
    state: "NY",
    vehicle: car(2021, "Nissan", "Altima", "sedan", "mid", "metallic-pearl"),
    findings: [f("interior", "interior-burn", "minor"), f("interior", "odour", "moderate")],
    check: (estimate) => {
      expectWithin(estimate.totalCents, [150, 500], "total");
      expect(estimate.costRaisers.join(" ")).toMatch(/smoking fee/);
    },
  },
  {
    name: "typical rental wear: minor rear bumper scuff, a paint chip and one curb-rashed wheel",
    state: "MA",
    vehicle: car(2022, "Toyota", "Corolla", "sedan", "economy", "solid"),
    findings: [
      f("rear-bumper", "scuff", "minor"),
      f("hood", "paint-chip", "minor"),
      f("wheel-front-left", "wheel-curb-rash", "minor"),
    ],
    check: (estimate) => {
      expectWithin(estimate.totalCents, [150, 300], "total");
      expect(estimate.lostIncomeDays).toBe(1);
    },
  },
];

describe("realistic scenarios", () => {
  it("there are at least 20", () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(20);
  });

  describe.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))(
    "%s",
    (_name, scenario) => {
      const estimate = estimateRepair({
        vehicle: scenario.vehicle,
        findings: scenario.findings,
        rateCard: resolveRateCard(scenario.state),
      });

      it("falls inside the public range", () => {
        scenario.check(estimate);
      });

      it('shows a "$729–986"-style range around the total', () => {
        expect(estimate.rangeDisplay).toMatch(/^\$\d{1,3}(,\d{3})*–\d{1,3}(,\d{3})*$/);
        expect(estimate.lowCents).toBeLessThanOrEqual(estimate.totalCents);
        expect(estimate.highCents).toBeGreaterThanOrEqual(estimate.totalCents);
      });

      it("explains every dollar and estimates the time off the road", () => {
        for (const line of estimate.lines) {
          expect(line.description.length).toBeGreaterThan(10);
          expect(line.amountCents).toBeGreaterThan(0);
          if (line.category === "labour" || line.category === "paint") {
            expect(line.hours).toBeGreaterThan(0);
            expect(line.rateCents).toBeGreaterThan(0);
          }
          if (line.category === "parts") expect(line.partCents).toBe(line.amountCents);
        }
        expect(estimate.repairDays).toBeGreaterThanOrEqual(1);
        expect(estimate.lostIncomeDays).toBe(estimate.lostIncome.days);
      });
    },
  );

  it("reads like a professional estimate: the mid bumper job line by line (Illinois)", () => {
    const estimate = estimateRepair({
      vehicle: car(2020, "Honda", "Accord", "sedan", "mid", "metallic-pearl"),
      findings: [f("front-bumper", "crack", "severe", { id: "bumper", sizeCm: 20 })],
      rateCard: resolveRateCard("IL"),
    });
    expect(estimate.lines.map((line) => [line.operation, line.description, line.amountCents]))
      .toMatchInlineSnapshot(`
        [
          [
            "Replace",
            "Replace front bumper cover (severe crack, 20 cm)",
            16910,
          ],
          [
            "Part",
            "Front bumper cover, mid-range (OEM)",
            35000,
          ],
          [
            "Refinish",
            "Refinish front bumper",
            18939,
          ],
          [
            "Blend",
            "Blend left front fender for color match with the front bumper (50 % of 1.8 h)",
            6088,
          ],
          [
            "Blend",
            "Blend right front fender for color match with the front bumper (50 % of 1.8 h)",
            6088,
          ],
          [
            "Clear coat",
            "Clear coat: 40 % of 2.8 h on the front bumper + 20 % of 1.8 h on 2 more panels",
            10146,
          ],
          [
            "Paint materials",
            "Paint and materials: 6.1 h of refinish × $36.78 per refinish hour",
            22436,
          ],
          [
            "Tax",
            "Sales tax 6.25 % on parts and paint materials ($574.36)",
            3590,
          ],
        ]
      `);
    expect(estimate.rangeDisplay).toMatchInlineSnapshot(`"$983–2,206"`);
  });
});
