import {
  findingText,
  paintedReplacement,
  planningTerms,
  replaceDrafts,
} from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";
import { planFromRepairChoice } from "./repair-choice";
import { replaceTrimPiece } from "./trim-piece";

/**
 * Bumper covers (plastic): the rate card's repair choice by damage and severity; a replaced cover
 * is aftermarket on an economy car, OEM otherwise. A missing bracket or trim is a part.
 */
export function planBumper(finding: Finding, context: Context): FindingPlan {
  const { tables, priceClass, classLabel, label, name, replaceHours, parts } = planningTerms(
    finding,
    context,
  );
  const front = finding.panel === "front-bumper";
  const replaceBumper = () =>
    paintedReplacement(finding, [
      ...replaceDrafts(
        finding,
        `Replace ${name} cover (${findingText(finding)})`,
        front ? replaceHours.frontBumperCover : replaceHours.rearBumperCover,
        `${label} cover, ${classLabel} (${priceClass === "economy" ? "aftermarket" : "OEM"})`,
        parts.bumperCover.value[priceClass],
      ),
    ]);
  if (finding.damageType === "missing-part") {
    return replaceTrimPiece(finding, context, "bracket/trim", "Bumper bracket or trim");
  }
  const choice = tables.bumperRepair.value[finding.damageType]?.[finding.severity];
  if (!choice) throw new Error(`No bumper rule for ${finding.damageType}`);
  return planFromRepairChoice(finding, choice, context, replaceBumper);
}
