import type { Cents } from "~/domain/money";
import {
  findingLabor,
  findingText,
  plan,
  planningTerms,
  replaceDrafts,
} from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";
import { planFromRepairChoice } from "./repair-choice";

/**
 * Lamps: a minor or moderate scratch or scuff on the lens is polished; anything else replaces the
 * lamp (part and labor by class and lamp type; an adaptive headlamp is aimed and initialized).
 */
export function planLamp(finding: Finding, context: Context): FindingPlan {
  const surface = finding.damageType === "scratch" || finding.damageType === "scuff";
  if (surface && finding.severity !== "severe") {
    return planFromRepairChoice(finding, "polish", context, () => plan(finding, {}));
  }
  const { tables, name } = planningTerms(finding, context);
  const { partLabel, price, hours, adaptive } = lampPart(finding, context);
  const drafts = [
    ...replaceDrafts(finding, `Replace ${name} (${findingText(finding)})`, hours, partLabel, price),
  ];
  if (adaptive) {
    drafts.push(
      findingLabor(
        finding,
        "Calibration",
        `Aim and initialize the new adaptive headlamp (scan tool)`,
        tables.adaptiveHeadlampAimHours.value,
      ),
    );
  }
  return plan(finding, { replaces: true, drafts });
}

/**
 * The new lamp: headlamp by type (halogen and bulb lamps assumed on economy and mid-range cars,
 * LED above), fog lamp, or taillamp; `adaptive` when it is an adaptive LED headlamp.
 */
function lampPart(
  finding: Finding,
  context: Context,
): { partLabel: string; price: Cents; hours: number; adaptive: boolean } {
  const { priceClass, classLabel, replaceHours, parts } = planningTerms(finding, context);
  const { vehicle } = context;
  const headlamp = finding.panel.startsWith("headlamp");
  const fog = finding.panel.startsWith("fog-lamp");
  const basicLamps = priceClass === "economy" || priceClass === "mid";
  const headlampType = vehicle.headlampType ?? (basicLamps ? "halogen" : "led");
  const taillampType = vehicle.taillampType ?? (basicLamps ? "bulb" : "led");
  const headlampParts = {
    halogen: ["halogen", parts.headlampHalogen],
    hid: ["HID xenon", parts.headlampHid],
    led: ["LED", parts.headlampLed],
    "adaptive-led": ["adaptive LED", parts.headlampAdaptiveLed],
  } as const;
  if (headlamp) {
    return {
      partLabel: `Headlamp assembly, ${headlampParts[headlampType][0]} (${classLabel})`,
      price: headlampParts[headlampType][1].value[priceClass],
      hours: replaceHours.headlamp,
      adaptive: headlampType === "adaptive-led",
    };
  }
  if (fog) {
    return {
      partLabel: `Fog lamp (${classLabel})`,
      price: parts.fogLamp.value[priceClass],
      hours: replaceHours.fogLamp,
      adaptive: false,
    };
  }
  return {
    partLabel: `Taillamp assembly${taillampType === "led" ? ", LED" : ""} (${classLabel})`,
    price: (taillampType === "led" ? parts.taillampLed : parts.taillamp).value[priceClass],
    hours: replaceHours.taillamp,
    adaptive: false,
  };
}
