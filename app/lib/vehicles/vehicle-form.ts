/**
 * The one schema for adding or editing a vehicle, used by the vehicle form, its action and
 * `POST /api/user/vehicles`. The VIN is optional, but when given it must pass the check digit;
 * an empty year or make is filled from the VIN (decoded offline).
 */
import { z } from "zod";
import {
  BODY_TYPES,
  HEADLAMP_TYPES,
  INTERIOR_MATERIALS,
  MAX_VEHICLE_YEAR,
  MIN_VEHICLE_YEAR,
  PAINT_TYPES,
  PANEL_IDS,
  PANELS,
  PRICE_CLASSES,
  VEHICLE_STATUSES,
  type PanelId,
} from "~/domain/estimate/taxonomy";
import { DEFAULT_PAINT_TYPE, defaultPriceClass } from "~/domain/estimate/vehicle-defaults";
import { decodeVin, validateVin } from "~/domain/vin";
import { EQUIPMENT_FIELDS, type EquipmentField } from "~/domain/estimate/vehicle-equipment";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .optional()
    .transform((value) => value || null);

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/**
 * Fills an empty year or make from a valid VIN before validation, so every field's own message
 * shows in one pass (a transform after the object would be skipped while any field fails).
 */
function fillFromVin(input: unknown): unknown {
  if (!input || typeof input !== "object") return input;
  const fields = input as Record<string, unknown>;
  const vin = typeof fields.vin === "string" ? validateVin(fields.vin) : null;
  const decoded = vin?.ok ? decodeVin(vin.vin) : null;
  if (!decoded) return input;
  const blank = (value: unknown) =>
    value === undefined || value === null || String(value).trim() === "";
  return {
    ...fields,
    year: blank(fields.year) ? (decoded.modelYear ?? fields.year) : fields.year,
    make: blank(fields.make) ? (decoded.manufacturer ?? fields.make) : fields.make,
  };
}

/** Yes, no, or not sure (null: the estimate assumes from the year and class, and says so). */
const equipment = z.preprocess(
  (value) =>
    value === "yes" || value === true ? true : value === "no" || value === false ? false : null,
  z.boolean().nullable(),
);

/** The panels that can be aluminum (sheet metal). */
const ALUMINUM_PANEL_IDS = PANEL_IDS.filter((id) => PANELS[id].kind === "sheet-metal") as [
  PanelId,
  ...PanelId[],
];

/** The aluminum-panels choice that says the car has none (stored as an empty list). */
export const NO_ALUMINUM = "none";

const yearMessage = "Enter the model year, e.g. 2021.";
const makeMessage = "Enter the make, e.g. Toyota.";

const vehicleFields = z.object({
  nickname: optionalText(60, "Nickname"),
  vin: z
    .string()
    .trim()
    .max(40, "A VIN has 17 characters.")
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const result = validateVin(value);
      if (!result.ok) {
        context.addIssue({ code: "custom", message: result.error });
        return z.NEVER;
      }
      return result.vin;
    }),
  // Not required in the browser: a blank year or make is filled from the VIN. The JSON API may
  // send the year as a number.
  year: z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z
      .string({ error: yearMessage })
      .trim()
      .max(4, yearMessage)
      .optional()
      .transform((value, context) => {
        const year = value ? Number(value) : NaN;
        if (!Number.isInteger(year) || year < MIN_VEHICLE_YEAR || year > MAX_VEHICLE_YEAR) {
          context.addIssue({ code: "custom", message: yearMessage });
          return z.NEVER;
        }
        return year;
      }),
  ),
  make: z
    .string({ error: makeMessage })
    .trim()
    .max(60, "Make can be at most 60 characters.")
    .optional()
    .transform((value, context) => {
      if (!value) {
        context.addIssue({ code: "custom", message: makeMessage });
        return z.NEVER;
      }
      return value;
    }),
  model: z
    .string({ error: "Enter the model, e.g. Camry." })
    .trim()
    .min(1, "Enter the model, e.g. Camry.")
    .max(80, "Model can be at most 80 characters."),
  trim: optionalText(60, "Trim"),
  bodyType: choice(BODY_TYPES, "Choose the body type."),
  priceClass: choice(PRICE_CLASSES, "Choose the price class."),
  paintType: choice(PAINT_TYPES, "Choose the paint type."),
  plate: optionalText(15, "Plate"),
  status: choice(VEHICLE_STATUSES, "Choose a status.").default("active"),
  windshieldCamera: equipment,
  frontRadar: equipment,
  frontParkingSensors: equipment,
  rearParkingSensors: equipment,
  blindSpotMonitors: equipment,
  rearCamera: equipment,
  surroundCameras: equipment,
  headlampType: z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.enum(HEADLAMP_TYPES, { error: "Choose the headlamp type from the list." }).nullable(),
  ),
  // Optional: a form always posts it ("" = not sure); an API call without it keeps what's stored.
  interiorMaterial: z
    .preprocess(
      (value) => (value === "" ? null : value),
      z.enum(INTERIOR_MATERIALS, { error: "Choose the seat material from the list." }).nullable(),
    )
    .optional(),
  // Checked sheet-metal panels, stored as a JSON list; "none" (the API: an empty list) says the
  // car has none; nothing checked (or left out) means not stated, and the estimate says so.
  aluminumPanels: z.preprocess(
    (value) =>
      value === undefined || value === "" || value === null
        ? null
        : typeof value === "string"
          ? [value]
          : value,
    z
      .array(
        z.enum([...ALUMINUM_PANEL_IDS, NO_ALUMINUM], {
          error: "Only sheet-metal panels can be aluminum.",
        }),
      )
      .max(20)
      .nullable()
      .superRefine((panels, context) => {
        if (panels && panels.includes(NO_ALUMINUM) && panels.length > 1) {
          context.addIssue({
            code: "custom",
            message: "Check “None” or the aluminum panels, not both.",
          });
        }
      })
      .transform((panels) =>
        panels === null
          ? null
          : JSON.stringify([...new Set(panels.filter((panel) => panel !== NO_ALUMINUM))]),
      ),
  ),
});

export const VehicleFormSchema = z.preprocess(fillFromVin, vehicleFields);

/**
 * The same schema typed as its object of fields, for `useSchemaForm` (which takes an object:
 * field names and native constraints come from the object, and Conform reads them through the
 * VIN fill). Parsing it still fills the year and make from the VIN, in the browser as on the server.
 */
export const vehicleFormForBrowser = VehicleFormSchema as unknown as typeof vehicleFields;

/**
 * The JSON API's defaults: a client may leave out the price class and the paint type, and they
 * are filled from the make (after the VIN fill) as `app/domain/estimate/vehicle-defaults.ts`
 * explains. Answers the input to parse and which fields were assumed.
 */
export function withVehicleDefaults(input: Record<string, unknown>): {
  input: Record<string, unknown>;
  assumed: Array<"priceClass" | "paintType">;
} {
  const filled = fillFromVin(input) as Record<string, unknown>;
  const blank = (value: unknown) => value === undefined || value === null || value === "";
  const assumed: Array<"priceClass" | "paintType"> = [];
  const result = { ...filled };
  if (blank(filled.priceClass)) {
    result.priceClass = defaultPriceClass(typeof filled.make === "string" ? filled.make : null);
    assumed.push("priceClass");
  }
  if (blank(filled.paintType)) {
    result.paintType = DEFAULT_PAINT_TYPE;
    assumed.push("paintType");
  }
  return { input: result, assumed };
}

/** Above the vehicle form when the server refuses it. */
export const CHECK_VEHICLE_FIELDS = "Check the highlighted fields.";

export type VehicleFormData = z.infer<typeof VehicleFormSchema>;

/** A vehicle's stated equipment as the form shows it: "yes", "no" or "" (not sure). */
export function equipmentValues(vehicle: {
  equipment: Record<EquipmentField, boolean | null>;
  headlampType: string | null;
  aluminumPanels: string[] | null;
  interiorMaterial?: string | null;
}): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const field of EQUIPMENT_FIELDS) {
    const value = vehicle.equipment[field];
    values[field] = value === null ? "" : value ? "yes" : "no";
  }
  values.headlampType = vehicle.headlampType ?? "";
  values.interiorMaterial = vehicle.interiorMaterial ?? "";
  values.aluminumPanels = vehicle.aluminumPanels
    ? vehicle.aluminumPanels.length > 0
      ? vehicle.aluminumPanels
      : [NO_ALUMINUM]
    : [];
  return values;
}
