import { plan, planningTerms, replaceDrafts } from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";

/** A missing or broken trim piece (`what`): fitted new, at the trim-part hours and price. */
export function replaceTrimPiece(
  finding: Finding,
  context: Context,
  what: string,
  partName: string,
): FindingPlan {
  const { name, replaceHours, parts, priceClass, classLabel } = planningTerms(finding, context);
  return plan(finding, {
    component: "none",
    drafts: replaceDrafts(
      finding,
      `Replace missing or broken ${what} on ${name}`,
      replaceHours.trimPart,
      `${partName} (${classLabel})`,
      parts.trimPart.value[priceClass],
    ),
  });
}
