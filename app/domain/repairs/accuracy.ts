/**
 * How close estimates came to what the repairs cost: per repair, the invoice against the
 * estimate's total and range; across repairs, the median error, the share inside the range and
 * whether estimates run low or high. The product's calibration data.
 */

export interface EstimateOutcome {
  estimateCents: number;
  estimateLowCents: number;
  estimateHighCents: number;
  invoiceCents: number;
}

export interface OutcomeView {
  /** (invoice − estimate) ÷ estimate, in percent, one decimal: +12.5 means the repair cost more. */
  differencePercent: number;
  withinRange: boolean;
}

export function outcome(repair: EstimateOutcome): OutcomeView {
  const difference =
    repair.estimateCents === 0
      ? 0
      : ((repair.invoiceCents - repair.estimateCents) / repair.estimateCents) * 100;
  return {
    differencePercent: Math.round(difference * 10) / 10,
    withinRange:
      repair.invoiceCents >= repair.estimateLowCents &&
      repair.invoiceCents <= repair.estimateHighCents,
  };
}

export interface AccuracySummary {
  repairs: number;
  /** Median of |invoice − estimate| ÷ estimate, percent. */
  medianAbsoluteErrorPercent: number;
  /** Share of invoices inside the estimate's low–high range, percent. */
  withinRangePercent: number;
  /** Median of (invoice − estimate) ÷ estimate: positive when repairs cost more than estimated. */
  medianBiasPercent: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}

/** Null before the first confirmed repair. */
export function accuracySummary(repairs: readonly EstimateOutcome[]): AccuracySummary | null {
  if (repairs.length === 0) return null;
  const outcomes = repairs.map(outcome);
  return {
    repairs: repairs.length,
    medianAbsoluteErrorPercent: median(outcomes.map((entry) => Math.abs(entry.differencePercent))),
    withinRangePercent:
      Math.round((outcomes.filter((entry) => entry.withinRange).length / repairs.length) * 1000) /
      10,
    medianBiasPercent: median(outcomes.map((entry) => entry.differencePercent)),
  };
}
