import { findingText, hasSensors, plan, planningTerms, sublet } from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";

/**
 * Glass, installed by a glass shop (sublet): a minor windshield chip is repaired; otherwise the
 * windshield is replaced at the ADAS price when it carries a camera (calibration follows). Side
 * and rear glass are replaced.
 */
export function planGlass(finding: Finding, context: Context): FindingPlan {
  const { tables, priceClass, classLabel, name } = planningTerms(finding, context);
  if (finding.panel === "windshield") {
    if (finding.severity === "minor") {
      return plan(finding, {
        drafts: [
          sublet(
            finding,
            "Repair",
            `Windshield chip repair (${findingText(finding)})`,
            tables.windshieldChipRepairCents.value,
          ),
        ],
      });
    }
    const camera = hasSensors("windshield", context);
    const prices = tables.windshieldCents.value;
    return plan(finding, {
      replaces: true,
      calibrateIfSensors: true,
      drafts: [
        sublet(
          finding,
          "Replace",
          `Replace windshield, installed (${findingText(finding)}; ${camera ? "with ADAS camera bracket" : "no ADAS camera"}, ${classLabel})`,
          (camera ? prices.withAdas : prices.withoutAdas)[priceClass],
        ),
      ],
    });
  }
  const price = (finding.panel === "rear-glass" ? tables.rearGlassCents : tables.sideGlassCents)
    .value[priceClass];
  return plan(finding, {
    replaces: true,
    drafts: [
      sublet(finding, "Replace", `Replace ${name}, installed (${findingText(finding)})`, price),
    ],
  });
}
