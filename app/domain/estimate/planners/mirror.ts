import {
  findingLabor,
  findingText,
  hasSensors,
  isPaintDamage,
  paintedReplacement,
  plan,
  planningTerms,
  replaceDrafts,
} from "~/domain/estimate/drafts";
import type { Context, FindingPlan, LineDraft } from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";
import { planFromRepairChoice } from "./repair-choice";
import { sensorPart } from "./sensor";

/**
 * Mirrors: minor paint damage is polished, moderate repaired with a cap refinish; glass damage
 * replaces the mirror glass; anything else replaces the mirror (with its camera, if it has one).
 */
export function planMirror(finding: Finding, context: Context): FindingPlan {
  const { tables, priceClass, classLabel, name, replaceHours, parts } = planningTerms(
    finding,
    context,
  );
  const replaceMirror = () =>
    paintedReplacement(finding, [
      ...replaceDrafts(
        finding,
        `Replace ${name} assembly (${findingText(finding)})`,
        replaceHours.mirror,
        `Mirror assembly, ${classLabel}`,
        parts.mirror.value[priceClass],
      ),
      ...mirrorCameraDrafts(finding, context),
    ]);
  if (finding.damageType === "glass-damage") {
    return plan(finding, {
      component: "glass",
      replaces: true,
      drafts: replaceDrafts(
        finding,
        `Replace ${name} glass (${findingText(finding)})`,
        replaceHours.mirrorGlass,
        `Mirror glass, ${classLabel}`,
        parts.mirrorGlass.value[priceClass],
      ),
    });
  }
  const paintDamage = isPaintDamage(finding);
  if (paintDamage && finding.severity === "minor") {
    return planFromRepairChoice(finding, "polish", context, replaceMirror);
  }
  if (paintDamage && finding.severity === "moderate") {
    return planFromRepairChoice(
      finding,
      { hours: tables.mirrorCapRepairHours.value, refinish: true, removeAndInstall: false },
      context,
      replaceMirror,
    );
  }
  return replaceMirror();
}

/**
 * A mirror that carries a camera (around-view) is replaced with its camera: a broken housing
 * takes the camera with it, so the new mirror needs one fitted (its calibration follows).
 */
function mirrorCameraDrafts(finding: Finding, context: Context): LineDraft[] {
  if (!hasSensors(finding.panel, context)) return [];
  const { tables, name } = planningTerms(finding, context);
  return [
    findingLabor(
      finding,
      "Replace",
      `Fit the around-view camera to the new ${name}`,
      tables.sensors.value["side camera"].hours,
    ),
    sensorPart(finding, "side camera", context),
  ];
}
