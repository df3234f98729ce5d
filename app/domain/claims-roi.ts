/**
 * Claims ROI Calculator: what a fleet recovers from damage claims per year today versus with
 * FleetAssist, the hours saved, and the net return against the subscription price.
 *
 * Every intermediate result is returned as a `CalculationStep` so the page can show the
 * arithmetic line by line. Money is integer cents (see money.ts); each money step is rounded to
 * the cent once and later steps use the rounded value, so the displayed lines add up exactly.
 * Counts of claims and hours are not rounded (they are displayed with up to 2 and 1 decimals).
 */
import { centsStep, type CalculationStep } from "./calculation-steps";
import { CLAIMS_SPEED_MULTIPLIER, MONTHLY_DAMAGE_RATE_PERCENT } from "./industry-benchmarks";
import { formatCents, formatNumber, formatPercent, roundToCents, type Cents } from "./money";
import { assertValid, checkNumbers, type FieldErrors, type NumberRule } from "./validation";

export interface ClaimsRoiInput {
  /** Cars in the fleet. */
  fleetSize: number;
  /** Percent of cars damaged per month (default 10). */
  monthlyDamageRatePercent: number;
  /** Average damage claim, in cents. */
  averageClaimCents: Cents;
  /** Percent of claim value the host recovers today. */
  currentRecoveryRatePercent: number;
  /** Percent of claim value the host expects to recover with FleetAssist (the host's estimate). */
  fleetAssistRecoveryRatePercent: number;
  /** Hours the host spends on one claim today. */
  hoursPerClaim: number;
  /** What an hour of the host's time is worth, in cents. */
  hourlyValueCents: Cents;
  /** FleetAssist subscription per month, in cents. */
  subscriptionMonthlyCents: Cents;
}

export type ClaimsRoiField = keyof ClaimsRoiInput;

/** Sourced defaults (see industry-benchmarks.ts). */
export const CLAIMS_ROI_DEFAULTS = {
  monthlyDamageRatePercent: MONTHLY_DAMAGE_RATE_PERCENT.value,
} as const satisfies Partial<ClaimsRoiInput>;

/**
 * A complete example to prefill the form. Apart from the damage rate these are illustrative
 * placeholders, not data: the page should invite the host to replace them with their own numbers.
 */
export const CLAIMS_ROI_EXAMPLE: ClaimsRoiInput = {
  fleetSize: 10,
  monthlyDamageRatePercent: CLAIMS_ROI_DEFAULTS.monthlyDamageRatePercent,
  averageClaimCents: 1_000_00,
  currentRecoveryRatePercent: 50,
  fleetAssistRecoveryRatePercent: 90,
  hoursPerClaim: 5,
  hourlyValueCents: 50_00,
  subscriptionMonthlyCents: 99_00,
};

/** Field limits; the upper bounds keep every result far inside safe integer range. */
export const CLAIMS_ROI_LIMITS: Record<ClaimsRoiField, NumberRule> = {
  fleetSize: { label: "Fleet size", kind: "count", min: 1, max: 10_000 },
  monthlyDamageRatePercent: { label: "Monthly damage rate", kind: "percent", min: 0, max: 100 },
  averageClaimCents: { label: "Average claim size", kind: "cents", min: 0, max: 1_000_000_00 },
  currentRecoveryRatePercent: {
    label: "Current recovery rate",
    kind: "percent",
    min: 0,
    max: 100,
  },
  fleetAssistRecoveryRatePercent: {
    label: "Recovery rate with FleetAssist",
    kind: "percent",
    min: 0,
    max: 100,
  },
  hoursPerClaim: { label: "Hours per claim", kind: "hours", min: 0, max: 1_000 },
  hourlyValueCents: { label: "Value of your time", kind: "cents", min: 0, max: 10_000_00 },
  subscriptionMonthlyCents: {
    label: "Subscription price",
    kind: "cents",
    min: 0,
    max: 100_000_00,
  },
};

/** Field errors for the input; empty when it is valid. */
export function validateClaimsRoiInput(
  input: Partial<Record<ClaimsRoiField, unknown>>,
): FieldErrors<ClaimsRoiField> {
  return checkNumbers(input, CLAIMS_ROI_LIMITS);
}

export interface ClaimsRoiResult {
  claimsPerYear: number;
  claimValuePerYearCents: Cents;
  recoveredTodayCents: Cents;
  recoveredWithFleetAssistCents: Cents;
  additionalRecoveredCents: Cents;
  hoursPerYearToday: number;
  hoursPerYearWithFleetAssist: number;
  hoursSavedPerYear: number;
  timeValueSavedCents: Cents;
  totalAnnualBenefitCents: Cents;
  annualSubscriptionCents: Cents;
  netAnnualGainCents: Cents;
  /** Net gain as a percent of the subscription; null when the subscription is free. */
  roiPercent: number | null;
  /** The arithmetic, in order, for the page to show. */
  steps: CalculationStep[];
}

const MONTHS_PER_YEAR = 12;

const claims = (count: number) => `${formatNumber(count)} ${count === 1 ? "claim" : "claims"}`;
const hours = (count: number) => `${formatNumber(count, 1)} hours`;
const money = (cents: Cents) => formatCents(cents);

/** The yearly ROI of FleetAssist for this fleet. Throws `InvalidInputError` on invalid input. */
export function calculateClaimsRoi(input: ClaimsRoiInput): ClaimsRoiResult {
  assertValid(validateClaimsRoiInput(input), "claims ROI");
  const figures = claimsRoiFigures(input);
  return { ...figures, steps: claimsRoiSteps(input, figures) };
}

type ClaimsRoiFigures = Omit<ClaimsRoiResult, "steps">;

/** The results, each money figure rounded to the cent once. */
function claimsRoiFigures(input: ClaimsRoiInput): ClaimsRoiFigures {
  const claimsPerYear = (input.fleetSize * input.monthlyDamageRatePercent * MONTHS_PER_YEAR) / 100;
  const claimValuePerYearCents = roundToCents(claimsPerYear * input.averageClaimCents);
  const recoveredTodayCents = roundToCents(
    (claimValuePerYearCents * input.currentRecoveryRatePercent) / 100,
  );
  const recoveredWithFleetAssistCents = roundToCents(
    (claimValuePerYearCents * input.fleetAssistRecoveryRatePercent) / 100,
  );
  const additionalRecoveredCents = recoveredWithFleetAssistCents - recoveredTodayCents;

  const hoursPerYearToday = claimsPerYear * input.hoursPerClaim;
  const hoursPerYearWithFleetAssist = hoursPerYearToday / CLAIMS_SPEED_MULTIPLIER.value;
  const hoursSavedPerYear = hoursPerYearToday - hoursPerYearWithFleetAssist;
  const timeValueSavedCents = roundToCents(hoursSavedPerYear * input.hourlyValueCents);

  const totalAnnualBenefitCents = additionalRecoveredCents + timeValueSavedCents;
  const annualSubscriptionCents = input.subscriptionMonthlyCents * MONTHS_PER_YEAR;
  const netAnnualGainCents = totalAnnualBenefitCents - annualSubscriptionCents;
  const roiPercent =
    annualSubscriptionCents === 0 ? null : (netAnnualGainCents / annualSubscriptionCents) * 100;
  return {
    claimsPerYear,
    claimValuePerYearCents,
    recoveredTodayCents,
    recoveredWithFleetAssistCents,
    additionalRecoveredCents,
    hoursPerYearToday,
    hoursPerYearWithFleetAssist,
    hoursSavedPerYear,
    timeValueSavedCents,
    totalAnnualBenefitCents,
    annualSubscriptionCents,
    netAnnualGainCents,
    roiPercent,
  };
}

/** An hours line of the arithmetic. */
function hoursStep(id: string, label: string, formula: string, value: number): CalculationStep {
  return { id, label, formula, value, unit: "hours", display: hours(value) };
}

/** The arithmetic behind the figures, in order, for the page to show. */
function claimsRoiSteps(input: ClaimsRoiInput, figures: ClaimsRoiFigures): CalculationStep[] {
  const speedMultiplier = CLAIMS_SPEED_MULTIPLIER.value;
  const steps: CalculationStep[] = [
    {
      id: "claims-per-year",
      label: "Damage claims per year",
      formula: `${formatNumber(input.fleetSize)} cars × ${formatPercent(input.monthlyDamageRatePercent, 2)} damaged per month × ${MONTHS_PER_YEAR} months`,
      value: figures.claimsPerYear,
      unit: "claims",
      display: claims(figures.claimsPerYear),
    },
    centsStep(
      "claim-value-per-year",
      "Damage value per year",
      `${claims(figures.claimsPerYear)} × ${money(input.averageClaimCents)} average claim`,
      figures.claimValuePerYearCents,
    ),
    centsStep(
      "recovered-today",
      "Recovered today",
      `${money(figures.claimValuePerYearCents)} × ${formatPercent(input.currentRecoveryRatePercent, 2)} recovered`,
      figures.recoveredTodayCents,
    ),
    centsStep(
      "recovered-with-fleetassist",
      "Recovered with FleetAssist",
      `${money(figures.claimValuePerYearCents)} × ${formatPercent(input.fleetAssistRecoveryRatePercent, 2)} recovered`,
      figures.recoveredWithFleetAssistCents,
    ),
    centsStep(
      "additional-recovered",
      "Extra money recovered per year",
      `${money(figures.recoveredWithFleetAssistCents)} − ${money(figures.recoveredTodayCents)}`,
      figures.additionalRecoveredCents,
    ),
    hoursStep(
      "hours-today",
      "Hours on claims per year today",
      `${claims(figures.claimsPerYear)} × ${hours(input.hoursPerClaim)} per claim`,
      figures.hoursPerYearToday,
    ),
    hoursStep(
      "hours-with-fleetassist",
      "Hours on claims per year with FleetAssist",
      `${hours(figures.hoursPerYearToday)} ÷ ${speedMultiplier} (claims ${speedMultiplier}× faster)`,
      figures.hoursPerYearWithFleetAssist,
    ),
    hoursStep(
      "hours-saved",
      "Hours saved per year",
      `${hours(figures.hoursPerYearToday)} − ${hours(figures.hoursPerYearWithFleetAssist)}`,
      figures.hoursSavedPerYear,
    ),
    centsStep(
      "time-value-saved",
      "Value of the time saved",
      `${hours(figures.hoursSavedPerYear)} × ${money(input.hourlyValueCents)} per hour`,
      figures.timeValueSavedCents,
    ),
    centsStep(
      "total-benefit",
      "Total benefit per year",
      `${money(figures.additionalRecoveredCents)} recovered + ${money(figures.timeValueSavedCents)} of time`,
      figures.totalAnnualBenefitCents,
    ),
    centsStep(
      "annual-subscription",
      "FleetAssist subscription per year",
      `${money(input.subscriptionMonthlyCents)} × ${MONTHS_PER_YEAR} months`,
      figures.annualSubscriptionCents,
    ),
    centsStep(
      "net-gain",
      "Net gain per year",
      `${money(figures.totalAnnualBenefitCents)} − ${money(figures.annualSubscriptionCents)}`,
      figures.netAnnualGainCents,
    ),
  ];
  if (figures.roiPercent !== null) {
    steps.push({
      id: "roi",
      label: "Return on the subscription",
      formula: `${money(figures.netAnnualGainCents)} ÷ ${money(figures.annualSubscriptionCents)} × 100`,
      value: figures.roiPercent,
      unit: "percent",
      display: formatPercent(figures.roiPercent, 0),
    });
  }
  return steps;
}
