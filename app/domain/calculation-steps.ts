import { formatCents } from "./money";

/** One line of "show the arithmetic": what was computed, how, and the result. */
export interface CalculationStep {
  /** Stable id a page can key on ("claims-per-year"). */
  id: string;
  /** What the line is: "Damage claims per year". */
  label: string;
  /** The arithmetic with the user's numbers: "10 cars × 10% × 12 months". */
  formula: string;
  /** The raw result, in the unit below (money in integer cents). */
  value: number;
  unit: "cents" | "claims" | "hours" | "percent" | "days";
  /** The result as a page shows it: "$1,234.56", "12 claims", "30.5 hours". */
  display: string;
}

/** Adds up `pick(item)` over `items`. */
export function sumOf<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}

/** A money line of the arithmetic: its value in cents, shown in dollars. */
export function centsStep(
  id: string,
  label: string,
  formula: string,
  cents: number,
): CalculationStep {
  return { id, label, formula, value: cents, unit: "cents", display: formatCents(cents) };
}
