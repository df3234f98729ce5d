/**
 * The one schema for adding or editing a vehicle, used by the vehicle form, its action and
 * `POST /api/user/vehicles`. The VIN is optional, but when given it must pass the check digit;
 * an empty year or make is filled from the VIN (decoded offline).
 */
import { z } from "zod";
import {
  BODY_TYPES,
  MAX_VEHICLE_YEAR,
  MIN_VEHICLE_YEAR,
  PAINT_TYPES,
  PRICE_CLASSES,
  VEHICLE_STATUSES,
} from "~/domain/estimate/taxonomy";
import { decodeVin, validateVin } from "~/domain/vin";

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

const yearMessage = "Enter the model year, e.g. 2021.";
const makeMessage = "Enter the make, e.g. Toyota.";

export const VehicleFormSchema = z.preprocess(
  fillFromVin,
  z.object({
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
    year: z
      .union([z.number(), z.string().trim()], { error: yearMessage })
      .transform((value, context) => {
        const year = typeof value === "number" ? value : value === "" ? NaN : Number(value);
        if (!Number.isInteger(year) || year < MIN_VEHICLE_YEAR || year > MAX_VEHICLE_YEAR) {
          context.addIssue({ code: "custom", message: yearMessage });
          return z.NEVER;
        }
        return year;
      }),
    make: z
      .string({ error: makeMessage })
      .trim()
      .min(1, makeMessage)
      .max(60, "Make can be at most 60 characters."),
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
  }),
);

export type VehicleFormData = z.infer<typeof VehicleFormSchema>;
