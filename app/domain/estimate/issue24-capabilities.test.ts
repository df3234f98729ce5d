/**
 * Replace or repair, aluminum bodies, EV and tri-coat paint, pickups, interior by material, damage
 * across panels and the bench's bias check, each priced with a real state's rate card.
 */
import { describe, expect, it } from "vitest";
import { aluminumBodyOf } from "./body-profile";
import { estimateRepair, type Estimate, type Operation } from "./engine";
import { resolveRateCard } from "./rate-card";
import { decideReplaceOrRepair } from "./replace-or-repair";
import { ACCURACY_SCENARIOS, biasSummary, evaluateScenario } from "./scenarios";
import type { Finding, Vehicle } from "./taxonomy";

const TX = resolveRateCard("TX");
const TABLES = TX.tables;

const CAMRY: Vehicle = {
  year: 2020,
  make: "Toyota",
  model: "Camry",
  bodyType: "sedan",
  priceClass: "mid",
  paintType: "metallic-pearl",
};

function finding(
  panel: Finding["panel"],
  damageType: Finding["damageType"],
  severity: Finding["severity"],
  extra: Partial<Finding> = {},
): Finding {
  return { id: `${panel}-${damageType}`, panel, damageType, severity, confidence: 1, ...extra };
}

function run(findings: Finding[], vehicle: Partial<Vehicle> = {}): Estimate {
  return estimateRepair({ vehicle: { ...CAMRY, ...vehicle }, findings, rateCard: TX });
}

function sum(estimate: Estimate, operations: Operation[]): number {
  return estimate.lines
    .filter((line) => operations.includes(line.operation))
    .reduce((total, line) => total + line.amountCents, 0);
}

describe("replace or repair", () => {
  const door = {
    hours: 3.5,
    partCents: 650_00,
    partText: "door",
    transferText: "",
    calibrate: false,
    welded: false,
  };
  const rule = TABLES.replaceOrRepair.value;

  it("repairs under 75 % of a new panel and replaces at 75 % or more, saying why", () => {
    const repair = decideReplaceOrRepair({
      repairHours: 5,
      repairRateCents: 60_00,
      replacement: door,
      replaceRateCents: 60_00,
      torn: false,
      rule,
    });
    expect(repair).toMatchObject({
      choice: "repair",
      repairCents: 300_00,
      replacementCents: 860_00,
    });
    expect(repair.reason).toMatch(
      /^repaired: 5 h of repair \(\$300\) is 35 % of a new panel's \$860/,
    );
    const replace = decideReplaceOrRepair({
      repairHours: 11,
      repairRateCents: 60_00,
      replacement: door,
      replaceRateCents: 60_00,
      torn: false,
      rule,
    });
    expect(replace.choice).toBe("replace");
    expect(replace.reason).toMatch(/77 % of a new panel's \$860.*at or over the 75 %/);
  });

  it("replaces torn metal whatever the hours", () => {
    const torn = decideReplaceOrRepair({
      repairHours: 1,
      repairRateCents: 60_00,
      replacement: door,
      replaceRateCents: 60_00,
      torn: true,
      rule,
    });
    expect(torn).toMatchObject({ choice: "replace", reason: expect.stringMatching(/torn/) });
  });

  it("a torn fender gets a new fender, refinish and blends; the line says which and why", () => {
    const estimate = run([finding("front-fender-left", "crack", "severe", { sizeCm: 15 })]);
    const replace = estimate.lines.find((line) => line.operation === "Replace");
    expect(replace?.decision).toEqual({
      chosen: "replace",
      reason: "replaced: the metal is torn, which repair can't restore",
    });
    expect(replace?.description).toMatch(
      /^Replace left front fender .*: transfer .*; replaced: the metal is torn/,
    );
    expect(estimate.lines.map((line) => line.operation)).toEqual(
      expect.arrayContaining(["Part", "Refinish", "Blend"]),
    );
    expect(estimate.lines.some((line) => line.operation === "Repair")).toBe(false);
  });
});

describe("welded quarter panels and camera mirrors", () => {
  it("a torn quarter panel is sectioned (cut out, new panel welded in, bumper cover off); a large dent in one is still repaired", () => {
    const torn = run([finding("quarter-panel-left", "crack", "severe", { sizeCm: 40 })]);
    const replace = torn.lines.find((line) => line.operation === "Replace");
    expect(replace).toMatchObject({ hours: 23 });
    expect(replace?.description).toMatch(/weld in the new one \(sectioning\)/);
    expect(torn.lines.find((line) => line.operation === "R&I")?.description).toBe(
      "Remove and refit the rear bumper cover to section the left quarter panel",
    );
    const dented = run([finding("quarter-panel-left", "dent", "severe", { sizeCm: 60 })]);
    expect(dented.lines.some((line) => line.operation === "Replace")).toBe(false);
    expect(dented.lines.find((line) => line.operation === "Repair")?.decision?.chosen).toBe(
      "repair",
    );
  });

  it("a broken mirror that carries a camera is replaced with a camera fitted and calibrated", () => {
    const damage = [finding("mirror-left", "crack", "severe")];
    const plain = run(damage);
    const camera = run(damage, { sensorPanels: ["mirror-left"] });
    expect(camera.lines.map((line) => line.description)).toEqual(
      expect.arrayContaining([
        "Fit the around-view camera to the new left mirror",
        "Surround-view camera (mirror), mid-range",
      ]),
    );
    expect(camera.lines.some((line) => line.operation === "Calibration")).toBe(true);
    expect(camera.totalCents).toBeGreaterThan(plain.totalCents + 400_00);
  });
});

describe("aluminum bodies", () => {
  it("knows the F-150 from model year 2015, not 2014, and keeps the Range Rover Sport out", () => {
    const f150 = { ...CAMRY, make: "Ford", model: "F-150", bodyType: "pickup" as const };
    expect(aluminumBodyOf({ ...f150, year: 2015 }, TABLES)?.source).toBe("fordF150Aluminum");
    expect(aluminumBodyOf({ ...f150, year: 2014 }, TABLES)).toBeNull();
    expect(aluminumBodyOf({ ...f150, model: "F150 Lariat", year: 2020 }, TABLES)).not.toBeNull();
    const rangeRover = { ...CAMRY, make: "Land Rover", year: 2020 };
    expect(aluminumBodyOf({ ...rangeRover, model: "Range Rover" }, TABLES)).not.toBeNull();
    expect(aluminumBodyOf({ ...rangeRover, model: "Range Rover Sport" }, TABLES)).toBeNull();
  });

  it("prices a known aluminum body at the specialist rate and says so among the assumptions", () => {
    const dent = finding("front-door-left", "dent", "moderate", { sizeCm: 12, paintCracked: true });
    const steel = run([dent], { make: "Ford", model: "F-150", year: 2014, bodyType: "pickup" });
    const aluminum = run([dent], { make: "Ford", model: "F-150", year: 2016, bodyType: "pickup" });
    const repair = aluminum.lines.find((line) => line.operation === "Repair");
    expect(repair?.rateCents).toBe(Math.round(TX.bodyLaborCentsPerHour * 1.85));
    expect(repair?.description).toMatch(/aluminum: × 2 time, specialist rate/);
    expect(aluminum.totalCents).toBeGreaterThan(steel.totalCents);
    expect(aluminum.assumptions.join(" ")).toMatch(
      /^Body: aluminum \(Ford F-150 from model year 2015/m,
    );
    expect(steel.assumptions.join(" ")).toMatch(/Body: steel panels/);
  });
});

describe("EV and premium paint", () => {
  it("a Tesla fender: the side-repeater camera is refitted and recalibrated, the paint system and EV curing are stated", () => {
    const estimate = run([finding("front-fender-right", "scratch", "moderate")], {
      make: "Tesla",
      model: "Model 3",
      year: 2021,
      priceClass: "ev-hybrid",
      paintType: "tri-coat",
    });
    const camera = estimate.lines.filter((line) =>
      /side-repeater camera|road drive/.test(line.description),
    );
    expect(camera.map((line) => line.operation)).toEqual(["R&I", "Calibration"]);
    expect(sum(estimate, ["Tri-coat"])).toBeGreaterThan(0);
    expect(estimate.assumptions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Paint system: tri-coat three-stage/),
        expect.stringMatching(/^EV\/hybrid refinish: .*low temperature/),
      ]),
    );
  });

  it("no camera work on another make's fender", () => {
    const estimate = run([finding("front-fender-right", "scratch", "moderate")]);
    expect(estimate.lines.some((line) => /side-repeater/.test(line.description))).toBe(false);
  });
});

describe("pickups", () => {
  const ram: Partial<Vehicle> = { make: "Ram", model: "1500", bodyType: "pickup" };

  it("a crushed tailgate is a tailgate (not a trunk lid): its own part, the camera moved over and calibrated on a road drive", () => {
    const estimate = run([finding("trunk-liftgate", "dent", "severe", { sizeCm: 60 })], {
      ...ram,
      sensorPanels: ["trunk-liftgate"],
    });
    const replace = estimate.lines.find((line) => line.operation === "Replace");
    expect(replace?.description).toMatch(
      /^Replace tailgate .*transfer camera, handle, lock and wiring/,
    );
    expect(estimate.lines.find((line) => line.operation === "Part")).toMatchObject({
      description: "Tailgate, mid-range (OEM)",
      amountCents: 1_500_00,
    });
    const calibration = estimate.lines.find((line) => line.operation === "Calibration");
    expect(calibration).toMatchObject({ amountCents: TABLES.dynamicCalibrationCents.value.mid });
    expect(calibration?.description).toMatch(/rear camera after replacing the tailgate \(dynamic/);
    expect(estimate.lines.some((line) => /trunk/i.test(line.description))).toBe(false);
  });

  it("bed sides are named and refinished as bed sides", () => {
    const estimate = run([finding("quarter-panel-left", "scratch", "moderate")], ram);
    const refinish = estimate.lines.find((line) => line.operation === "Refinish");
    expect(refinish).toMatchObject({ description: "Refinish left bed side", hours: 3.0 });
  });
});

describe("interior by material", () => {
  it.each([
    ["interior-burn", "minor"],
    ["interior-tear", "moderate"],
    ["interior-stain", "severe"],
  ] as const)("a leather %s (%s) costs more than a cloth one", (damageType, severity) => {
    const damage = [finding("interior", damageType, severity)];
    const cloth = run(damage, { interiorMaterial: "cloth" });
    const leather = run(damage, { interiorMaterial: "leather" });
    expect(leather.totalCents).toBeGreaterThan(cloth.totalCents);
    expect(leather.assumptions).toContain("Interior: leather seats.");
  });

  it("assumes leather on a luxury car and says so", () => {
    const estimate = run([finding("interior", "interior-burn", "minor")], { priceClass: "luxury" });
    expect(estimate.assumptions.join(" ")).toMatch(
      /Interior: leather seats \(assumed for a luxury car/,
    );
  });

  it("pet hair removal and odor treatment are operations of their own, never under the marketplace's fees", () => {
    const estimate = run([
      finding("interior", "pet-hair", "moderate"),
      finding("interior", "odor", "severe"),
    ]);
    const petHair = estimate.lines.find((line) => line.operation === "Pet hair removal");
    const odor = estimate.lines.find((line) => line.operation === "Odor treatment");
    expect(petHair?.amountCents).toBe(180_00); // 3 h × $60 detail rate, over the $100 tier
    expect(petHair!.amountCents).toBeGreaterThanOrEqual(
      TABLES.cleaningFloors.value.petHair.moderate,
    );
    expect(odor?.amountCents).toBeGreaterThanOrEqual(250_00); // the multiple-issues fee
  });
});

describe("multiple cleaning issues", () => {
  it("a stain and an odor together are never priced under the marketplace's $250 fee", () => {
    const estimate = run([
      finding("interior", "interior-stain", "minor"),
      finding("interior", "odor", "minor"),
    ]);
    expect(estimate.totalCents).toBe(250_00);
    expect(estimate.lines.map((line) => line.description)).toContainEqual(
      expect.stringMatching(/^Multiple cleaning issues: raised to the marketplace's \$250 fee/),
    );
    const one = run([finding("interior", "interior-stain", "minor")]);
    expect(one.totalCents).toBe(75_00);
  });
});

describe("damage across panels", () => {
  const apart = (panel: Finding["panel"], sizeCm: number) =>
    run([finding(panel, "dent", "moderate", { sizeCm, paintCracked: true })]);

  it("a sideswipe from the rear door onto the quarter panel is never cheaper than the two panels priced apart", () => {
    for (const sizeCm of [10, 30, 60, 90]) {
      const together = run([
        finding("rear-door-left", "dent", "moderate", {
          sizeCm,
          paintCracked: true,
          spansPanels: ["quarter-panel-left"],
        }),
      ]);
      const door = apart("rear-door-left", sizeCm / 2);
      const quarter = apart("quarter-panel-left", sizeCm / 2);
      // Each panel's own work (repair, refinish, R&I, minimums) is what it costs alone …
      const own: Operation[] = ["Repair", "Replace", "Part", "Refinish", "R&I"];
      expect(sum(together, own)).toBeGreaterThanOrEqual(sum(door, own) + sum(quarter, own));
      // … and so the whole job is at least the dearer panel and at least their own work together.
      expect(together.totalCents).toBeGreaterThanOrEqual(
        Math.max(door.totalCents, quarter.totalCents),
      );
      expect(
        together.lines.filter((line) => line.operation === "Refinish").map((line) => line.panel),
      ).toEqual(["rear-door-left", "quarter-panel-left"]);
    }
  });

  it("refuses a spanned panel the body doesn't have", () => {
    expect(() =>
      run(
        [finding("front-door-left", "scratch", "moderate", { spansPanels: ["rear-door-left"] })],
        { bodyType: "coupe" },
      ),
    ).toThrow(/no left rear door/);
  });
});

describe("the bench's bias check", () => {
  it("is centred: median |log ratio| at most 0.25 and no more than 60 % of scenarios on either side", () => {
    const bias = biasSummary(ACCURACY_SCENARIOS.map(evaluateScenario));
    expect(bias.scenarios).toBe(ACCURACY_SCENARIOS.length);
    expect(bias.medianAbsLogRatio).toBeLessThanOrEqual(0.25);
    expect(bias.underShare).toBeLessThanOrEqual(0.6);
    expect(bias.overShare).toBeLessThanOrEqual(0.6);
  });
});
