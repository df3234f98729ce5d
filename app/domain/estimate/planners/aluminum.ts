import { formatNumber, roundToCents } from "~/domain/money";
import { roundHours } from "~/domain/estimate/drafts";
import type { Context, FindingPlan, LineDraft } from "~/domain/estimate/drafts";

/**
 * Aluminum panels in conventional work: repair hours × the multiplier, and repair and replace
 * labor at the aluminum specialist's rate (body rate × ratio).
 */
export function withAluminum(result: FindingPlan, context: Context): FindingPlan {
  if (!context.aluminum.has(result.finding.panel)) return result;
  const tables = context.rateCard.tables;
  const { hoursMultiplier, specialistRateRatio } = tables.aluminumRepair.value;
  const rateCents = roundToCents(context.rateCard.bodyLaborCentsPerHour * specialistRateRatio);
  const drafts = result.drafts.map((draft): LineDraft => {
    if (
      draft.rateType !== "body" ||
      (draft.operation !== "Repair" && draft.operation !== "Replace")
    )
      return draft;
    const repair = draft.operation === "Repair";
    return {
      ...draft,
      description: `${draft.description} (aluminum${repair ? `: × ${formatNumber(hoursMultiplier, 2)} time` : ""}, specialist rate)`,
      hours: repair ? roundHours((draft.hours ?? 0) * hoursMultiplier) : draft.hours,
      rateCents,
    };
  });
  return { ...result, drafts };
}
