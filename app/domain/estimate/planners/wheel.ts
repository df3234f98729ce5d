import {
  findingText,
  labor,
  lower,
  part,
  plan,
  planningTerms,
  sublet,
  type Context,
  type FindingPlan,
} from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";

/**
 * Wheels: curb rash is refinished (sublet, by severity); a cracked wheel is replaced; a damaged
 * tire is plugged (minor) or replaced; anything else (missing) is a center cap.
 */
export function planWheel(finding: Finding, context: Context): FindingPlan {
  const { tables, priceClass, classLabel, label, parts } = planningTerms(finding, context);
  const mechanical = tables.mechanicalHours.value;
  switch (finding.damageType) {
    case "wheel-curb-rash":
      return plan(finding, {
        drafts: [
          sublet(
            finding,
            "Wheel repair",
            `Refinish curb-rashed wheel, ${lower(label)} (${findingText(finding)})`,
            tables.wheelRepairCents.value[finding.severity],
          ),
        ],
      });
    case "crack":
      return plan(finding, {
        replaces: true,
        drafts: [
          labor(
            finding,
            finding.panel,
            "Replace",
            `Replace cracked wheel, ${lower(label)}: mount, balance, move TPMS sensor`,
            mechanical.mountWheel,
            "mechanical",
          ),
          part(finding, `Alloy wheel, ${classLabel}`, parts.wheel.value[priceClass]),
        ],
      });
    case "tire-damage":
      if (finding.severity === "minor") {
        return plan(finding, {
          component: "tire",
          drafts: [
            sublet(
              finding,
              "Repair",
              `Plug and patch tire, ${lower(label)} (${findingText(finding)})`,
              tables.tireRepairCents.value,
            ),
          ],
        });
      }
      return plan(finding, {
        component: "tire",
        replaces: true,
        drafts: [
          labor(
            finding,
            finding.panel,
            "Replace",
            `Replace tire, ${lower(label)}: mount and balance (${findingText(finding)})`,
            mechanical.mountTire,
            "mechanical",
          ),
          part(finding, `Tire, ${classLabel}`, parts.tire.value[priceClass]),
        ],
      });
    default:
      return plan(finding, {
        component: "none",
        drafts: [
          part(finding, `Wheel center cap, ${classLabel}`, parts.centerCap.value[priceClass]),
        ],
      });
  }
}
