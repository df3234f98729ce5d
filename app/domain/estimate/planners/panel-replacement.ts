import { panelLabel, replacementFor, type PanelReplacement } from "~/domain/estimate/body-profile";
import { findingText, findingLabor, lower, part, plan, roundHours } from "~/domain/estimate/drafts";
import type { Context, FindingPlan, LineDraft } from "~/domain/estimate/drafts";
import type { RepairDecision } from "~/domain/estimate/estimate-types";
import { decideReplaceOrRepair } from "~/domain/estimate/replace-or-repair";
import type { Finding } from "~/domain/estimate/taxonomy";
import { withAluminum } from "./aluminum";

/** A new bolt-on panel: fitting labor (moving the small parts over), the part, then refinish. */
export function replacementPlan(
  finding: Finding,
  replacement: PanelReplacement,
  context: Context,
  decision: RepairDecision,
  notes: string[] = [],
): FindingPlan {
  const label = lower(panelLabel(finding.panel, context.vehicle));
  return plan(finding, {
    replaces: true,
    refinish: true,
    calibrateIfSensors: replacement.calibrate,
    drafts: [
      {
        ...findingLabor(
          finding,
          "Replace",
          `Replace ${label} (${findingText(finding)}): ${replacement.transferText}; ${decision.reason}`,
          replacement.hours,
        ),
        decision,
      },
      part(finding, replacement.partText, replacement.partCents),
      ...(replacement.welded ? sectioningAccess(finding, context) : []),
    ],
    notes,
  });
}

/** Sectioning a quarter panel takes the rear bumper cover off to reach the lower seams. */
function sectioningAccess(finding: Finding, context: Context): LineDraft[] {
  const hours = context.rateCard.tables.removeAndInstallHours.value["rear-bumper"];
  if (hours === undefined) return [];
  return [
    findingLabor(
      finding,
      "R&I",
      `Remove and refit the rear bumper cover to section the ${lower(panelLabel(finding.panel, context.vehicle))}`,
      hours,
    ),
  ];
}

/**
 * Replace or repair a bolt-on sheet-metal panel whose plan repairs it (see replace-or-repair.ts):
 * the repair line says why it was kept, or the plan becomes a new panel that says why.
 */
export function withReplaceOrRepair(result: FindingPlan, context: Context): FindingPlan {
  const { finding } = result;
  if (result.replaces || (finding.damageType !== "dent" && finding.damageType !== "crack")) {
    return result;
  }
  const repairDrafts = result.drafts.filter((draft) => draft.operation === "Repair");
  const replacement = replacementFor(finding.panel, context.vehicle, context.rateCard.tables);
  if (repairDrafts.length === 0 || !replacement) return result;
  const body = context.rateCard.bodyLaborCentsPerHour;
  const rateCents = repairDrafts[0]?.rateCents ?? body;
  const decision = decideReplaceOrRepair({
    repairHours: roundHours(repairDrafts.reduce((sum, draft) => sum + (draft.hours ?? 0), 0)),
    repairRateCents: rateCents,
    replacement,
    replaceRateCents: rateCents,
    torn: finding.damageType === "crack" && finding.severity === "severe",
    rule: context.rateCard.tables.replaceOrRepair.value,
  });
  const chosen: RepairDecision = { chosen: decision.choice, reason: decision.reason };
  if (decision.choice === "replace") {
    return withAluminum(
      replacementPlan(finding, replacement, context, chosen, result.notes),
      context,
    );
  }
  return {
    ...result,
    drafts: result.drafts.map((draft) =>
      draft.operation === "Repair"
        ? { ...draft, description: `${draft.description}; ${decision.reason}`, decision: chosen }
        : draft,
    ),
  };
}
