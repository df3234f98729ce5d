/**
 * What a car is equipped with, as the estimate needs it: driver-assistance cameras and sensors,
 * the headlamp type and aluminum panels. The host states what they know (per vehicle); anything
 * not stated is assumed from the model year and price class, and every assumption is written
 * out so an adjuster can see it. Our defaults (FleetAssist's reading of when the equipment became
 * common, not a decoder):
 * - Windshield camera: model year 2018 or later, or a premium, luxury or EV/hybrid car (automatic
 *   emergency braking and lane keeping became near-universal from 2018).
 * - Front radar (adaptive cruise): 2020 or later, or a premium/luxury/EV car from 2016.
 * - Blind-spot monitors: 2020 or later, or a premium/luxury/EV car.
 * - Rear camera: 2018 or later (US FMVSS 111 requires one on new cars from May 2018).
 * - Parking sensors: rear on premium/luxury/EV cars from 2014; front on luxury cars from 2016.
 * - Surround cameras: luxury cars from 2016.
 * - Headlamps: halogen on economy and mid cars, LED on the others.
 * - Aluminum panels: none unless stated.
 */
import type { HeadlampType, InteriorMaterial, PanelId, PriceClass, Vehicle } from "./taxonomy";
import { HEADLAMP_TYPE_LABELS } from "./taxonomy";
import { valuesOf } from "~/domain/labeled-values";

export const EQUIPMENT_LABELS = {
  windshieldCamera: "Windshield camera (lane keeping, automatic braking)",
  frontRadar: "Front radar (adaptive cruise)",
  frontParkingSensors: "Front parking sensors",
  rearParkingSensors: "Rear parking sensors",
  blindSpotMonitors: "Blind-spot monitors",
  rearCamera: "Rear camera",
  surroundCameras: "Surround-view cameras",
} as const satisfies Record<string, string>;
export type EquipmentField = keyof typeof EQUIPMENT_LABELS;
export const EQUIPMENT_FIELDS = valuesOf<EquipmentField>(EQUIPMENT_LABELS);

/** What the host stated; null means "not sure". */
export type StatedEquipment = Record<EquipmentField, boolean | null> & {
  headlampType: HeadlampType | null;
  aluminumPanels: PanelId[] | null;
  /** Seat material; left out or null: not stated (the estimate assumes it by price class). */
  interiorMaterial?: InteriorMaterial | null;
};

const UPSCALE: readonly PriceClass[] = ["premium", "luxury", "ev-hybrid"];

interface CarBasics {
  year: number;
  priceClass: PriceClass;
}

/** The default of one item, and why. */
export function defaultEquipment(
  field: EquipmentField,
  car: CarBasics,
): { value: boolean; reason: string } {
  const upscale = UPSCALE.includes(car.priceClass);
  switch (field) {
    case "windshieldCamera":
      return car.year >= 2018
        ? { value: true, reason: "most cars from 2018 on have one" }
        : upscale
          ? { value: true, reason: "premium, luxury and EV cars usually have one" }
          : { value: false, reason: "uncommon on cars before 2018" };
    case "frontRadar":
      return car.year >= 2020 || (upscale && car.year >= 2016)
        ? {
            value: true,
            reason: car.year >= 2020 ? "common from 2020" : "common on premium cars from 2016",
          }
        : { value: false, reason: "uncommon on this year and class" };
    case "blindSpotMonitors":
      return car.year >= 2020 || upscale
        ? { value: true, reason: car.year >= 2020 ? "common from 2020" : "common on premium cars" }
        : { value: false, reason: "uncommon on this year and class" };
    case "rearCamera":
      return car.year >= 2018
        ? { value: true, reason: "required on new US cars from May 2018" }
        : { value: false, reason: "not required before 2018" };
    case "rearParkingSensors":
      return upscale && car.year >= 2014
        ? { value: true, reason: "common on premium cars" }
        : { value: false, reason: "uncommon on this class" };
    case "frontParkingSensors":
      return car.priceClass === "luxury" && car.year >= 2016
        ? { value: true, reason: "common on luxury cars" }
        : { value: false, reason: "uncommon below luxury cars" };
    case "surroundCameras":
      return car.priceClass === "luxury" && car.year >= 2016
        ? { value: true, reason: "common on luxury cars" }
        : { value: false, reason: "uncommon below luxury cars" };
  }
}

export function defaultHeadlamp(car: CarBasics): HeadlampType {
  return car.priceClass === "economy" || car.priceClass === "mid" ? "halogen" : "led";
}

/** The equipment the estimate uses, and the sentences saying what was assumed. */
/** "an economy car": the class with its article, for sentences. */
const CAR_OF_CLASS: Readonly<Record<PriceClass, string>> = {
  economy: "an economy car",
  mid: "a mid-range car",
  premium: "a premium car",
  luxury: "a luxury car",
  "ev-hybrid": "an EV or hybrid",
};

export function effectiveEquipment(
  car: CarBasics,
  stated: StatedEquipment,
): {
  equipment: Record<EquipmentField, boolean>;
  headlampType: HeadlampType;
  aluminumPanels: PanelId[];
  assumptions: string[];
} {
  const assumptions: string[] = [];
  const equipment = {} as Record<EquipmentField, boolean>;
  for (const field of EQUIPMENT_FIELDS) {
    if (stated[field] !== null) {
      equipment[field] = stated[field];
      continue;
    }
    const fallback = defaultEquipment(field, car);
    equipment[field] = fallback.value;
    assumptions.push(
      `${EQUIPMENT_LABELS[field]}: assumed ${fallback.value ? "yes" : "no"} (${fallback.reason}); the host can correct it on the vehicle page.`,
    );
  }
  const headlampType = stated.headlampType ?? defaultHeadlamp(car);
  if (!stated.headlampType) {
    assumptions.push(
      `Headlamps: assumed ${HEADLAMP_TYPE_LABELS[headlampType]} (usual for ${CAR_OF_CLASS[car.priceClass]}); the host can correct it on the vehicle page.`,
    );
  }
  if (stated.aluminumPanels === null) {
    assumptions.push("Aluminum panels: assumed none; the host can list them on the vehicle page.");
  }
  return { equipment, headlampType, aluminumPanels: stated.aluminumPanels ?? [], assumptions };
}

/**
 * The equipment as the engine prices it: which panels carry sensors (a bumper with radar or
 * parking sensors, a grille with radar or a camera, mirrors with surround cameras, the liftgate
 * with the rear camera, the windshield with its camera).
 */
export function engineEquipment(
  equipment: Record<EquipmentField, boolean>,
): Pick<Vehicle, "hasAdas" | "sensorPanels"> {
  const panels: PanelId[] = [];
  if (equipment.windshieldCamera) panels.push("windshield");
  if (equipment.frontRadar || equipment.frontParkingSensors) panels.push("front-bumper");
  if (equipment.frontRadar || equipment.surroundCameras) panels.push("grille");
  if (equipment.surroundCameras) panels.push("mirror-left", "mirror-right");
  if (equipment.rearCamera) panels.push("trunk-liftgate");
  if (equipment.rearParkingSensors || equipment.blindSpotMonitors) panels.push("rear-bumper");
  return { hasAdas: Object.values(equipment).some(Boolean), sensorPanels: panels };
}
