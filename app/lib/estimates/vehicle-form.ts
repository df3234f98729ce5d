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

export const VehicleFormSchema = z
  .object({
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
      .union([z.number(), z.string().trim()])
      .optional()
      .transform((value, context) => {
        if (value === undefined || value === "") return null;
        const year = typeof value === "number" ? value : Number(value);
        if (!Number.isInteger(year) || year < MIN_VEHICLE_YEAR || year > MAX_VEHICLE_YEAR) {
          context.addIssue({ code: "custom", message: "Enter the model year, e.g. 2021." });
          return z.NEVER;
        }
        return year;
      }),
    make: optionalText(60, "Make"),
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
  })
  .transform((vehicle, context) => {
    const decoded = vehicle.vin ? decodeVin(vehicle.vin) : null;
    const year = vehicle.year ?? decoded?.modelYear ?? null;
    const make = vehicle.make ?? decoded?.manufacturer ?? null;
    if (year === null) {
      context.addIssue({
        code: "custom",
        path: ["year"],
        message: "Enter the model year, e.g. 2021.",
      });
    }
    if (make === null) {
      context.addIssue({ code: "custom", path: ["make"], message: "Enter the make, e.g. Toyota." });
    }
    if (year === null || make === null) return z.NEVER;
    return { ...vehicle, year, make };
  });

export type VehicleFormData = z.infer<typeof VehicleFormSchema>;
