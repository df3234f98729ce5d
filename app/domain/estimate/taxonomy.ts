/**
 * The one damage taxonomy every part of FleetAssist uses: AI photo analysis, hand tagging on the
 * vehicle diagram and the estimate engine all speak in these panels, damage types and severities,
 * and validate a finding with the same zod schema (`FindingSchema`, in `./finding-schema`).
 *
 * Based on the public CarDD taxonomy (dent, scratch, crack, glass shatter, lamp broken, tire flat)
 * plus the additions rental hosts need (scuff, paint chip, wheel curb rash, missing or broken
 * part, interior stain/burn/tear, odor) and the damage real rental cars get: hail (a finding per
 * panel with its dent count band and size, as the PDR hail matrix prices it) and a damaged camera
 * or sensor (on a panel that carries one). A dent finding can say its paint is cracked.
 *
 * Pure data and types: no framework imports, no I/O, and no zod, so a page that only shows
 * findings (a shared report) doesn't download the validation library.
 */
import { valuesOf } from "~/domain/labeled-values";

// ─── Panels ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Every place damage can be tagged, in the order an estimate lists them (front to back, left
 * before right). Wheel positions stand for the wheel AND its tire: the damage type says which
 * ("wheel-curb-rash" is the rim, "tire-damage" is the tire).
 */
export const PANEL_IDS = [
  "front-bumper",
  "grille",
  "hood",
  "windshield",
  "roof",
  "headlamp-left",
  "headlamp-right",
  "fog-lamp-left",
  "fog-lamp-right",
  "front-fender-left",
  "front-fender-right",
  "mirror-left",
  "mirror-right",
  "front-door-left",
  "front-door-right",
  "rear-door-left",
  "rear-door-right",
  "rocker-left",
  "rocker-right",
  "quarter-panel-left",
  "quarter-panel-right",
  "side-glass-left",
  "side-glass-right",
  "rear-glass",
  "trunk-liftgate",
  "rear-bumper",
  "taillamp-left",
  "taillamp-right",
  "wheel-front-left",
  "wheel-front-right",
  "wheel-rear-left",
  "wheel-rear-right",
  "interior",
] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/**
 * What a panel is made of and how it is fixed, which decides the operations the engine writes:
 * - "bumper": plastic bumper cover (repaired, or replaced when badly cracked or crushed);
 * - "sheet-metal": painted steel or aluminum body panel (PDR, repair, refinish, blend);
 * - "glass", "lamp", "mirror", "wheel", "trim" (grille), "interior".
 */
export const PANEL_KINDS = [
  "bumper",
  "sheet-metal",
  "glass",
  "lamp",
  "mirror",
  "wheel",
  "trim",
  "interior",
] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];

export type Side = "left" | "right";

/**
 * ADAS sensors a panel can carry (replacing or removing that panel means a calibration), with
 * their sentence-case names for selects and estimate lines.
 */
export const ADAS_SENSOR_LABELS = {
  "forward camera": "Windshield (forward) camera",
  "front radar": "Front radar",
  "parking sensors": "Parking sensor",
  "blind-spot radar": "Blind-spot radar",
  "surround-view camera": "Surround-view camera (front)",
  "side camera": "Surround-view camera (mirror)",
  "rear camera": "Rear camera",
} as const satisfies Record<string, string>;
export type AdasSensor = keyof typeof ADAS_SENSOR_LABELS;
export const ADAS_SENSORS = valuesOf<AdasSensor>(ADAS_SENSOR_LABELS);

export interface PanelInfo {
  id: PanelId;
  /** Sentence-case label for pages and estimate lines: "Left front door". */
  label: string;
  kind: PanelKind;
  side?: Side;
  /** Body-color paint: the panel can be refinished (and blended into). */
  painted: boolean;
  /**
   * The panels a painter blends into when this one is refinished, so the new paint fades into
   * the old at the next panel instead of stopping at a visible edge. For cars with only front
   * doors, `blendTargets` swaps the rear doors for the front ones.
   */
  adjacentForBlend: readonly PanelId[];
  /** Sensors the panel can carry on ADAS-equipped cars (empty when none). */
  adasSensors: readonly AdasSensor[];
  /** Only exists on bodies with rear doors. */
  rearDoorBodiesOnly?: boolean;
}

function panel(
  id: PanelId,
  label: string,
  kind: PanelKind,
  extra: Partial<Omit<PanelInfo, "id" | "label" | "kind">> = {},
): PanelInfo {
  return {
    id,
    label,
    kind,
    painted: kind === "bumper" || kind === "sheet-metal",
    adjacentForBlend: [],
    adasSensors: [],
    ...extra,
  };
}

export const PANELS: Readonly<Record<PanelId, PanelInfo>> = {
  "front-bumper": panel("front-bumper", "Front bumper", "bumper", {
    adjacentForBlend: ["front-fender-left", "front-fender-right"],
    adasSensors: ["front radar", "parking sensors"],
  }),
  grille: panel("grille", "Grille", "trim", {
    adasSensors: ["front radar", "surround-view camera"],
  }),
  hood: panel("hood", "Hood", "sheet-metal", {
    adjacentForBlend: ["front-fender-left", "front-fender-right"],
  }),
  windshield: panel("windshield", "Windshield", "glass", { adasSensors: ["forward camera"] }),
  roof: panel("roof", "Roof", "sheet-metal"),
  "headlamp-left": panel("headlamp-left", "Left headlamp", "lamp", { side: "left" }),
  "headlamp-right": panel("headlamp-right", "Right headlamp", "lamp", { side: "right" }),
  "fog-lamp-left": panel("fog-lamp-left", "Left fog lamp", "lamp", { side: "left" }),
  "fog-lamp-right": panel("fog-lamp-right", "Right fog lamp", "lamp", { side: "right" }),
  "front-fender-left": panel("front-fender-left", "Left front fender", "sheet-metal", {
    side: "left",
    adjacentForBlend: ["hood", "front-door-left"],
  }),
  "front-fender-right": panel("front-fender-right", "Right front fender", "sheet-metal", {
    side: "right",
    adjacentForBlend: ["hood", "front-door-right"],
  }),
  "mirror-left": panel("mirror-left", "Left mirror", "mirror", {
    side: "left",
    painted: true,
    adasSensors: ["side camera"],
  }),
  "mirror-right": panel("mirror-right", "Right mirror", "mirror", {
    side: "right",
    painted: true,
    adasSensors: ["side camera"],
  }),
  "front-door-left": panel("front-door-left", "Left front door", "sheet-metal", {
    side: "left",
    adjacentForBlend: ["front-fender-left", "rear-door-left"],
  }),
  "front-door-right": panel("front-door-right", "Right front door", "sheet-metal", {
    side: "right",
    adjacentForBlend: ["front-fender-right", "rear-door-right"],
  }),
  "rear-door-left": panel("rear-door-left", "Left rear door", "sheet-metal", {
    side: "left",
    adjacentForBlend: ["front-door-left", "quarter-panel-left"],
    rearDoorBodiesOnly: true,
  }),
  "rear-door-right": panel("rear-door-right", "Right rear door", "sheet-metal", {
    side: "right",
    adjacentForBlend: ["front-door-right", "quarter-panel-right"],
    rearDoorBodiesOnly: true,
  }),
  // Rockers are usually refinished up to a body line or moulding: no blend.
  "rocker-left": panel("rocker-left", "Left rocker panel", "sheet-metal", { side: "left" }),
  "rocker-right": panel("rocker-right", "Right rocker panel", "sheet-metal", { side: "right" }),
  "quarter-panel-left": panel("quarter-panel-left", "Left quarter panel", "sheet-metal", {
    side: "left",
    adjacentForBlend: ["rear-door-left"],
  }),
  "quarter-panel-right": panel("quarter-panel-right", "Right quarter panel", "sheet-metal", {
    side: "right",
    adjacentForBlend: ["rear-door-right"],
  }),
  "side-glass-left": panel("side-glass-left", "Left side glass", "glass", { side: "left" }),
  "side-glass-right": panel("side-glass-right", "Right side glass", "glass", { side: "right" }),
  "rear-glass": panel("rear-glass", "Rear glass", "glass"),
  "trunk-liftgate": panel("trunk-liftgate", "Trunk lid / liftgate", "sheet-metal", {
    adjacentForBlend: ["quarter-panel-left", "quarter-panel-right"],
    adasSensors: ["rear camera"],
  }),
  "rear-bumper": panel("rear-bumper", "Rear bumper", "bumper", {
    adjacentForBlend: ["quarter-panel-left", "quarter-panel-right"],
    adasSensors: ["parking sensors", "blind-spot radar"],
  }),
  "taillamp-left": panel("taillamp-left", "Left taillamp", "lamp", { side: "left" }),
  "taillamp-right": panel("taillamp-right", "Right taillamp", "lamp", { side: "right" }),
  "wheel-front-left": panel("wheel-front-left", "Left front wheel and tire", "wheel", {
    side: "left",
  }),
  "wheel-front-right": panel("wheel-front-right", "Right front wheel and tire", "wheel", {
    side: "right",
  }),
  "wheel-rear-left": panel("wheel-rear-left", "Left rear wheel and tire", "wheel", {
    side: "left",
  }),
  "wheel-rear-right": panel("wheel-rear-right", "Right rear wheel and tire", "wheel", {
    side: "right",
  }),
  interior: panel("interior", "Interior", "interior"),
};

/** Panels in estimate order, with their metadata. */
export const PANEL_LIST: readonly PanelInfo[] = PANEL_IDS.map((id) => PANELS[id]);

/** Panels that can carry ADAS sensors. */
export const ADAS_PANEL_IDS: readonly PanelId[] = PANEL_IDS.filter(
  (id) => PANELS[id].adasSensors.length > 0,
);

export function isPanelId(value: unknown): value is PanelId {
  return typeof value === "string" && (PANEL_IDS as readonly string[]).includes(value);
}

/** Position of a panel in estimate order (for sorting). */
export function panelOrder(id: PanelId): number {
  return PANEL_IDS.indexOf(id);
}

// ─── Damage types and severities ────────────────────────────────────────────────────────────────

export const DAMAGE_TYPE_IDS = [
  "dent",
  "scratch",
  "scuff",
  "paint-chip",
  "crack",
  "glass-damage",
  "broken-lamp",
  "tire-damage",
  "wheel-curb-rash",
  "missing-part",
  "interior-stain",
  "interior-burn",
  "interior-tear",
  "odor",
  "pet-hair",
  "hail",
  "sensor-damage",
] as const;
export type DamageType = (typeof DAMAGE_TYPE_IDS)[number];

export interface DamageTypeInfo {
  id: DamageType;
  label: string;
  /** The panel kinds this damage can be found on; anything else is rejected by the schema. */
  panelKinds: readonly PanelKind[];
  /** Only on panels that can carry an ADAS sensor (a damaged camera or sensor). */
  sensorPanelsOnly?: boolean;
}

const EXTERIOR_PAINTED: readonly PanelKind[] = ["bumper", "sheet-metal", "mirror", "trim"];

export const DAMAGE_TYPES: Readonly<Record<DamageType, DamageTypeInfo>> = {
  dent: { id: "dent", label: "Dent", panelKinds: ["bumper", "sheet-metal"] },
  scratch: { id: "scratch", label: "Scratch", panelKinds: [...EXTERIOR_PAINTED, "lamp"] },
  scuff: { id: "scuff", label: "Scuff", panelKinds: [...EXTERIOR_PAINTED, "lamp"] },
  "paint-chip": { id: "paint-chip", label: "Paint chip", panelKinds: EXTERIOR_PAINTED },
  crack: {
    id: "crack",
    label: "Crack",
    panelKinds: ["bumper", "sheet-metal", "glass", "lamp", "mirror", "wheel", "trim"],
  },
  "glass-damage": {
    id: "glass-damage",
    label: "Glass damage (chip, crack, shatter)",
    panelKinds: ["glass", "mirror"],
  },
  "broken-lamp": { id: "broken-lamp", label: "Broken lamp", panelKinds: ["lamp"] },
  "tire-damage": { id: "tire-damage", label: "Tire damage", panelKinds: ["wheel"] },
  "wheel-curb-rash": { id: "wheel-curb-rash", label: "Wheel curb rash", panelKinds: ["wheel"] },
  "missing-part": {
    id: "missing-part",
    label: "Missing or broken part",
    panelKinds: ["bumper", "sheet-metal", "lamp", "mirror", "wheel", "trim", "interior"],
  },
  "interior-stain": { id: "interior-stain", label: "Interior stain", panelKinds: ["interior"] },
  "interior-burn": { id: "interior-burn", label: "Interior burn", panelKinds: ["interior"] },
  "interior-tear": { id: "interior-tear", label: "Interior tear", panelKinds: ["interior"] },
  odor: { id: "odor", label: "Odor", panelKinds: ["interior"] },
  "pet-hair": { id: "pet-hair", label: "Pet hair", panelKinds: ["interior"] },
  hail: { id: "hail", label: "Hail dents", panelKinds: ["sheet-metal"] },
  "sensor-damage": {
    id: "sensor-damage",
    label: "Damaged camera or sensor",
    panelKinds: ["bumper", "sheet-metal", "glass", "mirror", "trim"],
    sensorPanelsOnly: true,
  },
};

/** Whether `damageType` can be found on `panelId` (e.g. no curb rash on a hood). */
export function damageFitsPanel(damageType: DamageType, panelId: PanelId): boolean {
  const info = DAMAGE_TYPES[damageType];
  const panelInfo = PANELS[panelId];
  if (info.sensorPanelsOnly && panelInfo.adasSensors.length === 0) return false;
  return info.panelKinds.includes(panelInfo.kind);
}

// ─── Hail ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Dents per panel, in the count bands of the industry's PDR hail matrix (the estimator counts the
 * dents on one panel and looks up the band).
 */
export const HAIL_DENT_COUNT_BANDS = [
  "1-5",
  "6-15",
  "16-30",
  "31-50",
  "51-75",
  "76-100",
  "101-150",
  "151-200",
] as const;
export type HailDentCountBand = (typeof HAIL_DENT_COUNT_BANDS)[number];

/** The size most of a panel's hail dents have, as the matrix names it (coin diameters). */
export const HAIL_DENT_SIZES = ["dime", "nickel", "quarter", "half-dollar"] as const;
export type HailDentSize = (typeof HAIL_DENT_SIZES)[number];

export const HAIL_DENT_SIZE_LABELS: Readonly<Record<HailDentSize, string>> = {
  dime: "Dime (18 mm)",
  nickel: "Nickel (21 mm)",
  quarter: "Quarter (24 mm)",
  "half-dollar": "Half dollar (31 mm)",
};

/** What a hail finding says about its panel: how many dents, what size, how many oversize. */
export interface HailDetail {
  dentCount: HailDentCountBand;
  dentSize: HailDentSize;
  /** Dents larger than a half dollar, priced one by one on top of the matrix. */
  oversizeDents?: number;
}

export const SEVERITIES = ["minor", "moderate", "severe"] as const;
export type Severity = (typeof SEVERITIES)[number];

// ─── Vehicles ───────────────────────────────────────────────────────────────────────────────────

export const PRICE_CLASSES = ["economy", "mid", "premium", "luxury", "ev-hybrid"] as const;
export type PriceClass = (typeof PRICE_CLASSES)[number];

export const PRICE_CLASS_LABELS: Readonly<Record<PriceClass, string>> = {
  economy: "Economy",
  mid: "Mid-range",
  premium: "Premium",
  luxury: "Luxury",
  "ev-hybrid": "EV / hybrid",
};

export const PAINT_TYPES = ["solid", "metallic-pearl", "tri-coat"] as const;
export type PaintType = (typeof PAINT_TYPES)[number];

export const PAINT_TYPE_LABELS: Readonly<Record<PaintType, string>> = {
  solid: "Solid",
  "metallic-pearl": "Metallic / pearl",
  "tri-coat": "Tri-coat",
};

export const BODY_TYPE_LABELS = {
  sedan: "Sedan",
  hatchback: "Hatchback",
  wagon: "Wagon",
  coupe: "Coupe",
  convertible: "Convertible",
  suv: "SUV",
  minivan: "Minivan",
  pickup: "Pickup",
  van: "Van",
} as const satisfies Record<string, string>;
export type BodyType = keyof typeof BODY_TYPE_LABELS;
export const BODY_TYPES = valuesOf<BodyType>(BODY_TYPE_LABELS);

/** When a photo was taken: before the guest's trip (the car's prior condition) or after it. */
export const PHOTO_PHASES = ["pre_trip", "post_trip"] as const;
export type PhotoPhase = (typeof PHOTO_PHASES)[number];

/** Where a car is in the fleet. */
export const VEHICLE_STATUSES = ["active", "in_repair", "inactive"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export const VEHICLE_STATUS_LABELS: Readonly<Record<VehicleStatus, string>> = {
  active: "Active",
  in_repair: "In repair",
  inactive: "Inactive",
};

/** Bodies without rear side doors: a quarter panel meets the front door. */
export const TWO_DOOR_BODY_TYPES: readonly BodyType[] = ["coupe", "convertible"];

export const HEADLAMP_TYPES = ["halogen", "hid", "led", "adaptive-led"] as const;
export type HeadlampType = (typeof HEADLAMP_TYPES)[number];

export const HEADLAMP_TYPE_LABELS: Readonly<Record<HeadlampType, string>> = {
  halogen: "Halogen",
  hid: "HID (xenon)",
  led: "LED",
  "adaptive-led": "Adaptive LED",
};

export const TAILLAMP_TYPES = ["bulb", "led"] as const;
export type TaillampType = (typeof TAILLAMP_TYPES)[number];

export const TAILLAMP_TYPE_LABELS: Readonly<Record<TaillampType, string>> = {
  bulb: "Bulb",
  led: "LED",
};

/** What the seats are covered with: decides how a burn, tear or stain is repaired and priced. */
export const INTERIOR_MATERIALS = ["cloth", "leather"] as const;
export type InteriorMaterial = (typeof INTERIOR_MATERIALS)[number];

export const INTERIOR_MATERIAL_LABELS: Readonly<Record<InteriorMaterial, string>> = {
  cloth: "Cloth",
  leather: "Leather",
};

export interface Vehicle {
  year: number;
  make: string;
  model: string;
  bodyType: BodyType;
  priceClass: PriceClass;
  paintType: PaintType;
  /**
   * The car has driver-assistance sensors (at least a windshield camera). When not given, the
   * engine assumes ADAS on model year 2018 or later and on premium, luxury and EV/hybrid cars.
   */
  hasAdas?: boolean;
  /** Panels known to carry ADAS sensors (e.g. a rear bumper with parking sensors). */
  sensorPanels?: PanelId[];
  /**
   * Aluminum body panels: PDR costs more, and conventional repair takes longer at a specialist's
   * rate.
   */
  aluminumPanels?: PanelId[];
  /** When not given: halogen on economy and mid cars, LED on the others. */
  headlampType?: HeadlampType;
  /** When not given: bulbs on economy and mid cars, LED on the others. */
  taillampType?: TaillampType;
  /** When not given: cloth on economy and mid cars, leather on the others (said in the assumptions). */
  interiorMaterial?: InteriorMaterial;
}

export const MIN_VEHICLE_YEAR = 1950;
export const MAX_VEHICLE_YEAR = 2100;

// ─── Findings ───────────────────────────────────────────────────────────────────────────────────

/** Where on a photo the damage was seen; all values normalized to 0..1 of the photo size. */
export interface BoundingBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One piece of damage, as the AI or a person tagged it. */
export interface Finding {
  id: string;
  panel: PanelId;
  damageType: DamageType;
  severity: Severity;
  /** Approximate longest dimension in centimeters. */
  sizeCm?: number;
  /** 0..1: how sure the tagger is (hand tagging: 1). */
  confidence: number;
  photoId?: string;
  box?: BoundingBox;
  note?: string;
  /** Hail only: the panel's dent count band and dent size (the matrix lookup). */
  hail?: HailDetail;
  /** Damaged camera or sensor only: which one (default: the panel's first sensor). */
  sensor?: AdasSensor;
  /** Dent only: the paint over it is cracked, so it can't be repaired paintlessly. */
  paintCracked?: boolean;
  /**
   * The same damage runs on across these panels too (a sideswipe from a door onto the quarter
   * panel): each of them gets its own repair and refinish, as if tagged on its own.
   */
  spansPanels?: PanelId[];
}

/** Largest damage size a finding can report (a whole side of a van is about 5 m). */
export const MAX_FINDING_SIZE_CM = 600;

/**
 * The panels a painter blends into when `panelId` is refinished on a car with this body. On bodies
 * without rear doors, a front door meets the quarter panel directly, so the rear doors in the
 * adjacency list are swapped for the panel that is really there.
 */
export function blendTargets(panelId: PanelId, bodyType: BodyType): PanelId[] {
  const info = PANELS[panelId];
  if (!TWO_DOOR_BODY_TYPES.includes(bodyType)) return [...info.adjacentForBlend];
  const targets = info.adjacentForBlend.map((target): PanelId => {
    if (!PANELS[target].rearDoorBodiesOnly) return target;
    const side = PANELS[target].side === "left" ? "left" : "right";
    return panelId.startsWith("front-door") ? `quarter-panel-${side}` : `front-door-${side}`;
  });
  return targets.filter((target, index) => targets.indexOf(target) === index);
}

/**
 * On a pickup the rear sheet metal is a tailgate and two bed sides, not a trunk lid and quarter
 * panels: they keep the panel ids (so tagged damage and the diagram stay the same) but are named,
 * timed and priced as what they are.
 */
const PICKUP_PANEL_LABELS: Readonly<Partial<Record<PanelId, string>>> = {
  "trunk-liftgate": "Tailgate",
  "quarter-panel-left": "Left bed side",
  "quarter-panel-right": "Right bed side",
};

/** The panel's name on a car with this body ("Tailgate" on a pickup, "Trunk lid / liftgate" else). */
export function panelLabelFor(panelId: PanelId, bodyType: BodyType): string {
  return (
    (bodyType === "pickup" ? PICKUP_PANEL_LABELS[panelId] : undefined) ?? PANELS[panelId].label
  );
}

/** Whether the panel exists on a car with this body (no rear doors on coupes and convertibles). */
export function panelExistsOn(panelId: PanelId, bodyType: BodyType): boolean {
  return !(PANELS[panelId].rearDoorBodiesOnly && TWO_DOOR_BODY_TYPES.includes(bodyType));
}
