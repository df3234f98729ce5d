import { formatNumber } from "~/domain/money";
import { hoursText, labor, roundHours } from "~/domain/estimate/drafts";
import type { Context, LineDraft } from "~/domain/estimate/drafts";

/**
 * EV / hybrid labor adjustment: + the rate card's percentage of the body and of the mechanical
 * hours, one line per labor type (none on other cars, or when it rounds to 0 h).
 */
export function evAdjustmentDrafts(ordered: readonly LineDraft[], context: Context): LineDraft[] {
  if (context.vehicle.priceClass !== "ev-hybrid") return [];
  const estimateWide: LineDraft[] = [];
  const uplift = context.rateCard.tables.evLaborUpliftPercent.value;
  for (const rateType of ["body", "mechanical"] as const) {
    const base = roundHours(
      ordered
        .filter((draft) => draft.rateType === rateType)
        .reduce((sum, draft) => sum + (draft.hours ?? 0), 0),
    );
    const hours = roundHours((base * uplift) / 100);
    if (hours > 0) {
      estimateWide.push(
        labor(
          null,
          null,
          "EV adjustment",
          `EV/hybrid handling (high-voltage safety, battery protection): +${formatNumber(uplift)} % of ${hoursText(base)} ${rateType} labor`,
          hours,
          rateType,
        ),
      );
    }
  }
  return estimateWide;
}
