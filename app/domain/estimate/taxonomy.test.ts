import { describe, expect, it } from "vitest";
import {
  ADAS_PANEL_IDS,
  ADAS_SENSOR_LABELS,
  ADAS_SENSORS,
  HAIL_DENT_COUNT_BANDS,
  HAIL_DENT_SIZE_LABELS,
  HAIL_DENT_SIZES,
  blendTargets,
  DAMAGE_TYPE_IDS,
  DAMAGE_TYPES,
  damageFitsPanel,
  isPanelId,
  PANEL_IDS,
  PANEL_LIST,
  panelExistsOn,
  PANELS,
  type Finding,
} from "./taxonomy";
import { FindingSchema, parseFinding, VehicleSchema } from "./finding-schema";

const valid: Finding = {
  id: "f1",
  panel: "front-door-left",
  damageType: "dent",
  severity: "minor",
  sizeCm: 2.4,
  confidence: 0.82,
  photoId: "photo-7",
  box: { x: 0.4, y: 0.3, w: 0.2, h: 0.1 },
  note: "Quarter-sized, paint intact",
};

function issuesOf(input: unknown): string[] {
  const result = FindingSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("panels", () => {
  it("lists every panel the issue names, once, with matching metadata", () => {
    expect(new Set(PANEL_IDS).size).toBe(PANEL_IDS.length);
    for (const id of PANEL_IDS) expect(PANELS[id].id).toBe(id);
    expect(PANEL_LIST.map((info) => info.id)).toEqual([...PANEL_IDS]);
    for (const id of [
      "front-bumper",
      "rear-bumper",
      "hood",
      "roof",
      "trunk-liftgate",
      "front-fender-left",
      "front-fender-right",
      "front-door-left",
      "rear-door-right",
      "quarter-panel-left",
      "rocker-right",
      "mirror-left",
      "windshield",
      "rear-glass",
      "side-glass-left",
      "headlamp-left",
      "taillamp-right",
      "fog-lamp-left",
      "wheel-rear-left",
      "grille",
      "interior",
    ]) {
      expect(isPanelId(id), id).toBe(true);
    }
    expect(isPanelId("bonnet")).toBe(false);
  });

  it("blends only into painted panels that exist, never into itself", () => {
    for (const info of PANEL_LIST) {
      for (const target of info.adjacentForBlend) {
        expect(PANELS[target].painted, `${info.id} → ${target}`).toBe(true);
        expect(target).not.toBe(info.id);
      }
      if (!info.painted) expect(info.adjacentForBlend).toEqual([]);
    }
  });

  it("marks the panels that can carry ADAS sensors", () => {
    expect(ADAS_PANEL_IDS).toEqual(
      expect.arrayContaining(["windshield", "front-bumper", "rear-bumper", "grille"]),
    );
    expect(ADAS_PANEL_IDS).not.toContain("hood");
    expect(PANELS.windshield.adasSensors).toEqual(["forward camera"]);
    expect(PANELS["rear-bumper"].adasSensors).toContain("parking sensors");
  });

  it("swaps rear doors for the real neighbour on two-door bodies", () => {
    expect(blendTargets("front-door-left", "sedan")).toEqual([
      "front-fender-left",
      "rear-door-left",
    ]);
    expect(blendTargets("front-door-left", "coupe")).toEqual([
      "front-fender-left",
      "quarter-panel-left",
    ]);
    expect(blendTargets("quarter-panel-right", "convertible")).toEqual(["front-door-right"]);
    expect(blendTargets("quarter-panel-right", "suv")).toEqual(["rear-door-right"]);
    expect(panelExistsOn("rear-door-left", "coupe")).toBe(false);
    expect(panelExistsOn("rear-door-left", "minivan")).toBe(true);
  });
});

describe("damage types", () => {
  it("cover the CarDD classes plus the rental additions", () => {
    // Pinned in order (the pickers' order), written as one line rather than a copy of the list.
    expect(DAMAGE_TYPE_IDS.join(" ")).toBe(
      "dent scratch scuff paint-chip crack glass-damage broken-lamp tire-damage wheel-curb-rash missing-part interior-stain interior-burn interior-tear odor pet-hair hail sensor-damage",
    );
  });

  it("every damage type fits at least one panel", () => {
    for (const id of DAMAGE_TYPE_IDS) {
      expect(
        PANEL_IDS.some((panel) => damageFitsPanel(id, panel)),
        id,
      ).toBe(true);
      expect(DAMAGE_TYPES[id].label.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ["wheel-curb-rash", "hood", false],
    ["wheel-curb-rash", "wheel-front-left", true],
    ["tire-damage", "wheel-rear-right", true],
    ["glass-damage", "windshield", true],
    ["glass-damage", "mirror-left", true],
    ["glass-damage", "front-door-left", false],
    ["dent", "windshield", false],
    ["dent", "rear-bumper", true],
    ["broken-lamp", "headlamp-left", true],
    ["broken-lamp", "grille", false],
    ["odor", "interior", true],
    ["odor", "roof", false],
    ["scratch", "interior", false],
    ["hail", "roof", true],
    ["hail", "front-bumper", false],
    ["hail", "windshield", false],
    ["sensor-damage", "front-bumper", true],
    ["sensor-damage", "windshield", true],
    ["sensor-damage", "trunk-liftgate", true],
    ["sensor-damage", "mirror-right", true],
    ["sensor-damage", "hood", false],
    ["sensor-damage", "side-glass-left", false],
  ] as const)("%s on %s → %s", (damageType, panel, fits) => {
    expect(damageFitsPanel(damageType, panel)).toBe(fits);
  });
});

describe("FindingSchema", () => {
  it("accepts a full finding and a minimal one", () => {
    expect(FindingSchema.parse(valid)).toEqual(valid);
    const minimal = {
      id: "x",
      panel: "hood",
      damageType: "scratch",
      severity: "severe",
      confidence: 1,
    };
    expect(parseFinding(minimal).success).toBe(true);
  });

  it.each([
    ["unknown panel", { panel: "bonnet" }, "panel"],
    ["unknown damage type", { damageType: "rust" }, "damageType"],
    ["unknown severity", { severity: "catastrophic" }, "severity"],
    ["confidence above 1", { confidence: 1.2 }, "confidence"],
    ["negative confidence", { confidence: -0.1 }, "confidence"],
    ["confidence as text", { confidence: "0.9" }, "confidence"],
    ["zero size", { sizeCm: 0 }, "sizeCm"],
    ["absurd size", { sizeCm: 5_000 }, "sizeCm"],
    ["empty id", { id: "  " }, "id"],
    ["box outside the photo", { box: { x: 0.9, y: 0.1, w: 0.2, h: 0.1 } }, "box"],
    ["zero-width box", { box: { x: 0.1, y: 0.1, w: 0, h: 0.1 } }, "box.w"],
    ["negative box corner", { box: { x: -0.1, y: 0.1, w: 0.2, h: 0.1 } }, "box.x"],
    ["curb rash on a door", { damageType: "wheel-curb-rash" }, "damageType"],
    ["glass damage on a door", { damageType: "glass-damage" }, "damageType"],
    ["interior burn on a door", { damageType: "interior-burn" }, "damageType"],
  ])("rejects %s", (_name, change, path) => {
    expect(issuesOf({ ...valid, ...change })).toContain(path);
  });

  it("rejects a finding without confidence or panel", () => {
    const { confidence: _confidence, ...noConfidence } = valid;
    expect(issuesOf(noConfidence)).toContain("confidence");
    const { panel: _panel, ...noPanel } = valid;
    expect(issuesOf(noPanel)).toContain("panel");
    expect(issuesOf(null)).toEqual([""]);
  });

  it("says in words why a damage type can't be on a panel", () => {
    const result = FindingSchema.safeParse({ ...valid, damageType: "wheel-curb-rash" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "Wheel curb rash can't be on the left front door.",
    );
  });
});

describe("VehicleSchema", () => {
  const vehicle = {
    year: 2021,
    make: "Toyota",
    model: "RAV4",
    bodyType: "suv",
    priceClass: "mid",
    paintType: "metallic-pearl",
  };

  it("accepts a vehicle with and without the optional facts", () => {
    expect(VehicleSchema.safeParse(vehicle).success).toBe(true);
    expect(
      VehicleSchema.safeParse({
        ...vehicle,
        hasAdas: true,
        sensorPanels: ["rear-bumper", "windshield"],
        aluminumPanels: ["hood"],
        headlampType: "adaptive-led",
        taillampType: "led",
      }).success,
    ).toBe(true);
  });

  it.each([
    ["a year before 1950", { year: 1949 }],
    ["a fractional year", { year: 2020.5 }],
    ["an unknown price class", { priceClass: "budget" }],
    ["an unknown paint type", { paintType: "matte" }],
    ["an unknown body type", { bodyType: "limo" }],
    ["sensors on a hood", { sensorPanels: ["hood"] }],
    ["an aluminum bumper", { aluminumPanels: ["front-bumper"] }],
    ["an empty make", { make: " " }],
    ["an unknown headlamp type", { headlampType: "xenon" }],
    ["an unknown taillamp type", { taillampType: "neon" }],
  ])("rejects %s", (_name, change) => {
    expect(VehicleSchema.safeParse({ ...vehicle, ...change }).success).toBe(false);
  });
});

describe("hail and sensor details on a finding", () => {
  const hailFinding = {
    ...valid,
    panel: "roof",
    damageType: "hail",
    severity: "moderate",
    hail: { dentCount: "31-50", dentSize: "quarter", oversizeDents: 2 },
  };

  it("accepts a hail finding with its matrix cell, and a sensor finding with its sensor", () => {
    expect(FindingSchema.safeParse(hailFinding).success).toBe(true);
    expect(
      FindingSchema.safeParse({
        ...valid,
        panel: "rear-bumper",
        damageType: "sensor-damage",
        sensor: "blind-spot radar",
      }).success,
    ).toBe(true);
    expect(FindingSchema.safeParse({ ...valid, paintCracked: true }).success).toBe(true);
  });

  it.each([
    ["a count band the matrix doesn't have", { hail: { dentCount: "1-10", dentSize: "dime" } }],
    ["an unknown dent size", { hail: { dentCount: "1-5", dentSize: "golf-ball" } }],
    [
      "negative oversize dents",
      { hail: { dentCount: "1-5", dentSize: "dime", oversizeDents: -1 } },
    ],
  ])("rejects %s", (_name, change) => {
    expect(issuesOf({ ...hailFinding, ...change })[0]).toMatch(/^hail\./);
  });

  it("refuses a sensor the panel doesn't carry, saying which", () => {
    const result = FindingSchema.safeParse({
      ...valid,
      panel: "front-bumper",
      damageType: "sensor-damage",
      sensor: "rear camera",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["sensor"],
      message: "The front bumper carries no rear camera.",
    });
  });

  it("names every sensor a panel can carry, and every hail size", () => {
    for (const panel of PANEL_LIST) {
      for (const sensor of panel.adasSensors) expect(ADAS_SENSORS).toContain(sensor);
    }
    for (const sensor of ADAS_SENSORS) expect(ADAS_SENSOR_LABELS[sensor].length).toBeGreaterThan(3);
    for (const size of HAIL_DENT_SIZES) expect(HAIL_DENT_SIZE_LABELS[size]).toMatch(/mm\)$/);
    expect(HAIL_DENT_COUNT_BANDS[0]).toBe("1-5");
  });
});
