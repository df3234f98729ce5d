/** The estimate's public shape: its lines, their operations and categories, and its input. */
import type { Cents } from "~/domain/money";
import type { RateCard } from "./rate-card";
import type { Finding, PanelId, Vehicle } from "./taxonomy";

export const OPERATIONS = [
  "Replace",
  "Part",
  "Repair",
  "PDR",
  "R&I",
  "Refinish",
  "Blend",
  "Polish",
  "Wheel repair",
  "Clean",
  "Odor treatment",
  "Pet hair removal",
  "Calibration",
  "Clear coat",
  "Tri-coat",
  "EV adjustment",
  "Paint materials",
  "Tax",
] as const;
export type Operation = (typeof OPERATIONS)[number];

export const LINE_CATEGORIES = ["labor", "paint", "parts", "materials", "sublet", "tax"] as const;
export type LineCategory = (typeof LINE_CATEGORIES)[number];

/** Which labor rate a line's hours are charged at. */
export type RateType = "body" | "refinish" | "mechanical";

export interface EstimateLine {
  /** "line-1", "line-2"… in estimate order. */
  id: string;
  /** The finding this line comes from; null for estimate-wide lines (clear coat, tax…). */
  findingId: string | null;
  panel: PanelId | null;
  operation: Operation;
  /** Plain-language line text: "Refinish left front door". */
  description: string;
  /** Labor hours (or, on the paint-materials line, the refinish hours it is priced on). */
  hours?: number;
  rateType?: RateType;
  /** The hourly rate (or the materials rate per refinish hour). */
  rateCents?: Cents;
  partCents?: Cents;
  amountCents: Cents;
  category: LineCategory;
  /** The arithmetic behind the amount: "2.5 h × $67.64/h", "part $350", "sublet $300". */
  formula: string;
  /**
   * Set when the line is charged the operation's minimum (hours × rate came to less): then
   * amountCents = this, otherwise amountCents = hours × rate, rounded to the cent.
   */
  minimumChargeCents?: Cents;
  /** On a damaged panel that could be repaired or replaced: which was chosen and why. */
  decision?: RepairDecision;
}

/** Replace or repair, with the reason in words ("repaired: 2.5 h of repair ($160) is 19 % …"). */
export interface RepairDecision {
  chosen: "replace" | "repair";
  reason: string;
}

export interface EstimateOptions {
  /** What the caller assumed about the vehicle, listed first among the estimate's assumptions. */
  assumptions?: readonly string[];
  /**
   * When the repair starts ("YYYY-MM-DD"), for counting the weekends inside it. Default: a
   * Monday, as the marketplace assumes.
   */
  repairStartDate?: string;
}

export interface EstimateInput {
  vehicle: Vehicle;
  findings: Finding[];
  rateCard: RateCard;
  options?: EstimateOptions;
}

export interface LostIncomeDays {
  /** Labor hours ÷ 4, rounded up. */
  workingDays: number;
  /** Saturdays and Sundays between the first and the last working day. */
  weekendDays: number;
  /** workingDays + weekendDays. */
  days: number;
}

export interface Estimate {
  vehicle: Vehicle;
  /** The findings as priced: validated and in estimate order. */
  findings: Finding[];
  region: RateCard["region"];
  ratesAsOf: string;
  lines: EstimateLine[];
  subtotals: Record<LineCategory, Cents>;
  totalCents: Cents;
  /** Whole dollars, never above the total. */
  lowCents: Cents;
  /** Whole dollars, never below the total. */
  highCents: Cents;
  /** "$729–986". */
  rangeDisplay: string;
  range: {
    /** Amount-weighted severity + (1 − confidence) spread, U. */
    uncertaintyFraction: number;
    /** Amount-weighted hidden-damage allowance, H. */
    hiddenDamageFraction: number;
    /** The formula with these numbers, for a "how we got this" note. */
    formula: string;
  };
  /** Body + refinish + mechanical hours (incl. blend, clear coat, EV adjustment). */
  laborHours: number;
  hoursByRate: Record<RateType, number>;
  /** Business days the car is likely in the shop. */
  repairDays: number;
  lostIncome: LostIncomeDays;
  /** Days of lost hosting income by the marketplace's rule (= lostIncome.days). */
  lostIncomeDays: number;
  /** What could make the real bill higher, in plain language. */
  costRaisers: string[];
  /** What the estimate assumed, in plain language. */
  assumptions: string[];
  /**
   * Notes on single findings, by finding id (only findings that have one): why a dent can't be
   * repaired paintlessly, which matrix cell priced the hail, which sensor was assumed. Estimates
   * frozen before this field existed don't have it.
   */
  findingNotes: Record<string, string[]>;
  adas: { hasAdas: boolean; assumed: boolean };
}
