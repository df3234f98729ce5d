/**
 * Lengths as the host reads and types them: inches by default (US hosts and adjusters),
 * centimeters when the account chose metric. Sizes are stored in centimeters.
 */
import { formatNumber } from "./money";

export const MEASUREMENT_UNITS = ["us", "metric"] as const;
export type MeasurementUnits = (typeof MEASUREMENT_UNITS)[number];

export const CM_PER_INCH = 2.54;

/** "in" or "cm": the unit sizes are typed and shown in. */
export function lengthUnit(units: MeasurementUnits): "in" | "cm" {
  return units === "metric" ? "cm" : "in";
}

/** A stored size (cm) in the account's unit, rounded to 0.1. */
export function sizeInUnit(sizeCm: number, units: MeasurementUnits): number {
  const value = units === "metric" ? sizeCm : sizeCm / CM_PER_INCH;
  return Math.round(value * 10) / 10;
}

/** A size typed in the account's unit, as stored (cm, to 0.01). */
export function sizeToCm(value: number, units: MeasurementUnits): number {
  const cm = units === "metric" ? value : value * CM_PER_INCH;
  return Math.round(cm * 100) / 100;
}

/** "3.5 in", "9 cm". */
export function formatSize(sizeCm: number, units: MeasurementUnits): string {
  return `${formatNumber(sizeInUnit(sizeCm, units), 1)} ${lengthUnit(units)}`;
}
