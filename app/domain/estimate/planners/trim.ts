import {
  findingText,
  isPaintDamage,
  labor,
  lower,
  part,
  plan,
  planningTerms,
  type Context,
  type FindingPlan,
} from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";
import { planFromRepairChoice } from "./repair-choice";

/** Grille: minor paint damage is polished; anything else replaces it. */
export function planTrim(finding: Finding, context: Context): FindingPlan {
  if (isPaintDamage(finding) && finding.severity === "minor") {
    return planFromRepairChoice(finding, "polish", context, () => plan(finding, {}));
  }
  const { priceClass, classLabel, label, replaceHours, parts } = planningTerms(finding, context);
  return plan(finding, {
    replaces: true,
    calibrateIfSensors: true,
    drafts: [
      labor(
        finding,
        finding.panel,
        "Replace",
        `Replace ${lower(label)} (${findingText(finding)})`,
        replaceHours.grille,
      ),
      part(finding, `Grille, ${classLabel}`, parts.grille.value[priceClass]),
    ],
  });
}
