import { formatNumber, type Cents } from "~/domain/money";
import type { Estimate, EstimateLine } from "~/domain/estimate/estimate-types";
import { PANELS, type Finding, type PanelKind, type Severity } from "~/domain/estimate/taxonomy";
import { sumAmounts } from "./totals";

// ─── Range model ────────────────────────────────────────────────────────────────────────────────

/**
 * The low–high range around the total (T):
 *
 *   per finding f with line amounts A_f:
 *     u_f = severitySpread[severity] + confidenceSpread × (1 − confidence)
 *     h_f = hiddenDamage[panel kind][severity]
 *   U = Σ A_f·u_f ÷ Σ A_f,  H = Σ A_f·h_f ÷ Σ A_f   (amount-weighted means; 0 without findings)
 *   low  = T × (1 − lowShare × U), rounded DOWN to whole dollars
 *   high = T × (1 + U + H),        rounded UP to whole dollars
 *
 * The range leans upward (only half the spread below, hidden damage only above) because photo
 * estimates come in low: supplements average more than 50 % of the first estimate (Mitchell
 * 2018), hence the 0.5 allowance for a severely damaged bumper. Lines without a finding (clear
 * coat, materials, tax) move with T. U ≤ 0.8, so low ≥ 0.6 T ≥ 0.
 */
export const RANGE_MODEL = {
  severitySpread: { minor: 0.1, moderate: 0.2, severe: 0.3 },
  confidenceSpread: 0.5,
  lowShare: 0.5,
  hiddenDamage: {
    bumper: { minor: 0.05, moderate: 0.25, severe: 0.5 },
    "sheet-metal": { minor: 0, moderate: 0.1, severe: 0.25 },
    lamp: { minor: 0, moderate: 0.05, severe: 0.15 },
    mirror: { minor: 0, moderate: 0.05, severe: 0.15 },
    trim: { minor: 0, moderate: 0.05, severe: 0.15 },
    wheel: { minor: 0, moderate: 0.05, severe: 0.25 },
    glass: { minor: 0, moderate: 0, severe: 0 },
    interior: { minor: 0, moderate: 0, severe: 0 },
  },
} as const satisfies {
  severitySpread: Record<Severity, number>;
  confidenceSpread: number;
  lowShare: number;
  hiddenDamage: Record<PanelKind, Record<Severity, number>>;
};

/** The low–high range around the total, by `RANGE_MODEL`. */
export function estimateRange(
  findings: readonly Finding[],
  lines: readonly EstimateLine[],
  totalCents: Cents,
): Pick<Estimate, "lowCents" | "highCents" | "range"> {
  let weight = 0;
  let uncertainty = 0;
  let hidden = 0;
  for (const finding of findings) {
    const amount = sumAmounts(lines.filter((line) => line.findingId === finding.id));
    const kind = PANELS[finding.panel].kind;
    weight += amount;
    uncertainty +=
      amount *
      (RANGE_MODEL.severitySpread[finding.severity] +
        RANGE_MODEL.confidenceSpread * (1 - finding.confidence));
    hidden += amount * RANGE_MODEL.hiddenDamage[kind][finding.severity];
  }
  const U = weight > 0 ? uncertainty / weight : 0;
  const H = weight > 0 ? hidden / weight : 0;
  const lowCents = Math.min(
    totalCents,
    Math.max(0, Math.floor((totalCents * (1 - RANGE_MODEL.lowShare * U)) / 100) * 100),
  );
  const highCents = Math.max(totalCents, Math.ceil((totalCents * (1 + U + H)) / 100) * 100);
  return {
    lowCents,
    highCents,
    range: {
      uncertaintyFraction: U,
      hiddenDamageFraction: H,
      formula: `low = total × (1 − ${RANGE_MODEL.lowShare} × ${formatNumber(U, 3)}); high = total × (1 + ${formatNumber(U, 3)} + ${formatNumber(H, 3)} hidden-damage allowance)`,
    },
  };
}
