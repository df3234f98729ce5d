import {
  findingText,
  part,
  plan,
  planningTerms,
  replaceDrafts,
  sublet,
} from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";

/**
 * Wheels: curb rash is refinished (sublet, by severity); a cracked wheel is replaced; a damaged
 * tire is plugged (minor) or replaced; anything else (missing) is a center cap.
 */
export function planWheel(finding: Finding, context: Context): FindingPlan {
  const { tables, priceClass, classLabel, name, parts } = planningTerms(finding, context);
  const mechanical = tables.mechanicalHours.value;
  switch (finding.damageType) {
    case "wheel-curb-rash":
      return plan(finding, {
        drafts: [
          sublet(
            finding,
            "Wheel repair",
            `Refinish curb-rashed wheel, ${name} (${findingText(finding)})`,
            tables.wheelRepairCents.value[finding.severity],
          ),
        ],
      });
    case "crack":
      return plan(finding, {
        replaces: true,
        drafts: replaceDrafts(
          finding,
          `Replace cracked wheel, ${name}: mount, balance, move TPMS sensor`,
          mechanical.mountWheel,
          `Alloy wheel, ${classLabel}`,
          parts.wheel.value[priceClass],
          "mechanical",
        ),
      });
    case "tire-damage":
      if (finding.severity === "minor") {
        return plan(finding, {
          component: "tire",
          drafts: [
            sublet(
              finding,
              "Repair",
              `Plug and patch tire, ${name} (${findingText(finding)})`,
              tables.tireRepairCents.value,
            ),
          ],
        });
      }
      return plan(finding, {
        component: "tire",
        replaces: true,
        drafts: replaceDrafts(
          finding,
          `Replace tire, ${name}: mount and balance (${findingText(finding)})`,
          mechanical.mountTire,
          `Tire, ${classLabel}`,
          parts.tire.value[priceClass],
          "mechanical",
        ),
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
