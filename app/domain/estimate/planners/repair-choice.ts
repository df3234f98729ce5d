import { findingLabor, findingText, plan, planningTerms } from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { RepairChoice } from "~/domain/estimate/rate-card";
import type { Finding } from "~/domain/estimate/taxonomy";

/**
 * A repair choice from the rate card: polish (at the detail rate), repair hours (with refinish and
 * R&I as the choice says), or `replacePlan` when it says replace.
 */
export function planFromRepairChoice(
  finding: Finding,
  choice: RepairChoice,
  context: Context,
  replacePlan: () => FindingPlan,
): FindingPlan {
  const { name } = planningTerms(finding, context);
  if (choice === "replace") return replacePlan();
  if (choice === "polish") {
    const tables = context.rateCard.tables;
    const hours = tables.polishHours.value[finding.damageType];
    if (hours === undefined) throw new Error(`No polish time for ${finding.damageType}`);
    return plan(finding, {
      drafts: [
        {
          ...findingLabor(
            finding,
            "Polish",
            `Polish out ${findingText(finding)} on ${name} (detail rate)`,
            hours,
            "refinish",
          ),
          rateCents: tables.detailLaborCentsPerHour.value,
        },
      ],
    });
  }
  return plan(finding, {
    drafts: [
      findingLabor(finding, "Repair", `Repair ${name} (${findingText(finding)})`, choice.hours),
    ],
    refinish: choice.refinish,
    removeAndInstall: choice.removeAndInstall,
  });
}
