/**
 * Replace or repair a damaged bolt-on panel, as estimators decide it: compare what the repair's
 * labor costs with what a new panel costs (the part plus the hours to fit it). When the repair
 * reaches the rate card's share of the replacement (75 %), or the metal is torn, a new panel is
 * written; otherwise the panel is repaired. Both answers say why, in the line.
 *
 * Refinish is left out of the comparison: a repaired panel and a new one are both refinished.
 * Aluminum changes both sides (the specialist rate on repair and fitting, longer repair hours),
 * which is why badly damaged aluminum panels tip to replacement sooner.
 *
 * Pure: no framework, no I/O.
 */
import { formatCents, formatNumber, roundToCents, type Cents } from "~/domain/money";
import type { PanelReplacement } from "./body-profile";

export interface ReplaceOrRepairRule {
  repairShareOfReplacement: number;
  replaceTornMetal: boolean;
}

export interface ReplaceOrRepairInput {
  /** Repair labor hours as the repair line would write them (after any aluminum multiplier). */
  repairHours: number;
  repairRateCents: Cents;
  replacement: PanelReplacement;
  /** The rate the replacement's fitting is charged at (the specialist's on aluminum). */
  replaceRateCents: Cents;
  /** The metal is torn (a severe crack): repair can't restore it. */
  torn: boolean;
  rule: ReplaceOrRepairRule;
}

export interface ReplaceOrRepairDecision {
  choice: "replace" | "repair";
  repairCents: Cents;
  replacementCents: Cents;
  /** repairCents ÷ replacementCents. */
  share: number;
  /** Why, in a few words for the estimate line. */
  reason: string;
}

function money(cents: Cents): string {
  return formatCents(cents, { trimWholeDollars: true });
}

export function decideReplaceOrRepair(input: ReplaceOrRepairInput): ReplaceOrRepairDecision {
  const { replacement, rule } = input;
  const repairCents = roundToCents(input.repairHours * input.repairRateCents);
  const replacementCents = roundToCents(
    replacement.partCents + replacement.hours * input.replaceRateCents,
  );
  const share = replacementCents > 0 ? repairCents / replacementCents : Number.POSITIVE_INFINITY;
  const percent = `${formatNumber(Math.round(share * 100))} %`;
  const threshold = `${formatNumber(rule.repairShareOfReplacement * 100)} %`;
  const newPanel = `a new panel's ${money(replacementCents)} (part ${money(replacement.partCents)} + ${formatNumber(replacement.hours, 1)} h to fit it)`;
  const repairText = `${formatNumber(input.repairHours, 1)} h of repair (${money(repairCents)})`;
  if (input.torn && rule.replaceTornMetal) {
    return {
      choice: "replace",
      repairCents,
      replacementCents,
      share,
      reason: "replaced: the metal is torn, which repair can't restore",
    };
  }
  if (share >= rule.repairShareOfReplacement) {
    return {
      choice: "replace",
      repairCents,
      replacementCents,
      share,
      reason: `replaced: ${repairText} would be ${percent} of ${newPanel}, at or over the ${threshold} where a new panel is written`,
    };
  }
  return {
    choice: "repair",
    repairCents,
    replacementCents,
    share,
    reason: `repaired: ${repairText} is ${percent} of ${newPanel}, under the ${threshold} where a new panel is written`,
  };
}
