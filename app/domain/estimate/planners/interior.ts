import { findingText, plan, replaceDrafts, planningTerms, sublet } from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import { interiorWork } from "~/domain/estimate/interior";
import type { Finding } from "~/domain/estimate/taxonomy";

/**
 * Interior: cleaning and upholstery work is a sublet priced by the seats' material (see
 * interior.ts); a missing or broken part is a part plus labor.
 */
export function planInterior(finding: Finding, context: Context): FindingPlan {
  const text = findingText(finding);
  const work = interiorWork(finding, context.interiorMaterial, text, context.rateCard);
  if (work) {
    return plan(finding, {
      component: "none",
      drafts: [sublet(finding, work.operation, work.description, work.cents)],
      notes: work.floorNote ? [work.floorNote] : [],
    });
  }
  const { priceClass, classLabel, replaceHours, parts } = planningTerms(finding, context);
  return plan(finding, {
    component: "none",
    drafts: replaceDrafts(
      finding,
      `Replace missing or broken interior part (${text})`,
      replaceHours.interiorPart,
      `Interior trim part, ${classLabel}`,
      parts.interiorPart.value[priceClass],
    ),
  });
}
