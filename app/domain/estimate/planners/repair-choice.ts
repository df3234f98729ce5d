/** Plans shared by several panel kinds: a rate card's repair choice, a missing trim piece. */
import {
  findingText,
  labor,
  lower,
  part,
  plan,
  planningTerms,
  type Context,
  type FindingPlan,
} from "~/domain/estimate/drafts";
import { panelLabel } from "~/domain/estimate/body-profile";
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
  const label = panelLabel(finding.panel, context.vehicle);
  if (choice === "replace") return replacePlan();
  if (choice === "polish") {
    const tables = context.rateCard.tables;
    const hours = tables.polishHours.value[finding.damageType];
    if (hours === undefined) throw new Error(`No polish time for ${finding.damageType}`);
    return plan(finding, {
      drafts: [
        {
          ...labor(
            finding,
            finding.panel,
            "Polish",
            `Polish out ${findingText(finding)} on ${lower(label)} (detail rate)`,
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
      labor(
        finding,
        finding.panel,
        "Repair",
        `Repair ${lower(label)} (${findingText(finding)})`,
        choice.hours,
      ),
    ],
    refinish: choice.refinish,
    removeAndInstall: choice.removeAndInstall,
  });
}

/** A missing or broken trim piece (`what`): fitted new, at the trim-part hours and price. */
export function replaceTrimPiece(
  finding: Finding,
  context: Context,
  what: string,
  partName: string,
): FindingPlan {
  const { label, replaceHours, parts, priceClass, classLabel } = planningTerms(finding, context);
  return plan(finding, {
    component: "none",
    drafts: [
      labor(
        finding,
        finding.panel,
        "Replace",
        `Replace missing or broken ${what} on ${lower(label)}`,
        replaceHours.trimPart,
      ),
      part(finding, `${partName} (${classLabel})`, parts.trimPart.value[priceClass]),
    ],
  });
}
