import {
  findingText,
  isPaintDamage,
  plan,
  planningTerms,
  replaceDrafts,
} from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";
import { planFromRepairChoice } from "./repair-choice";

/** Grille: minor paint damage is polished; anything else replaces it. */
export function planTrim(finding: Finding, context: Context): FindingPlan {
  if (isPaintDamage(finding) && finding.severity === "minor") {
    return planFromRepairChoice(finding, "polish", context, () => plan(finding, {}));
  }
  const { priceClass, classLabel, name, replaceHours, parts } = planningTerms(finding, context);
  return plan(finding, {
    replaces: true,
    calibrateIfSensors: true,
    drafts: replaceDrafts(
      finding,
      `Replace ${name} (${findingText(finding)})`,
      replaceHours.grille,
      `Grille, ${classLabel}`,
      parts.grille.value[priceClass],
    ),
  });
}
