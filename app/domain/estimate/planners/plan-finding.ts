/**
 * One planner per panel kind, chosen from a table; a damaged camera or sensor has its own planner
 * whatever panel carries it.
 */
import type { Context, FindingPlan, Planner } from "~/domain/estimate/drafts";
import { PANELS, type Finding, type PanelKind } from "~/domain/estimate/taxonomy";
import { planBumper } from "./bumper";
import { planGlass } from "./glass";
import { planInterior } from "./interior";
import { planLamp } from "./lamp";
import { planMirror } from "./mirror";
import { planSensor } from "./sensor";
import { planSheetMetal } from "./sheet-metal";
import { planTrim } from "./trim";
import { planWheel } from "./wheel";

export const PLANNERS: Readonly<Record<PanelKind, Planner>> = {
  "sheet-metal": planSheetMetal,
  bumper: planBumper,
  glass: planGlass,
  lamp: planLamp,
  mirror: planMirror,
  trim: planTrim,
  wheel: planWheel,
  interior: planInterior,
};

/** The lines, refinish, R&I and notes one finding needs on its panel. */
export function planFinding(finding: Finding, context: Context): FindingPlan {
  if (finding.damageType === "sensor-damage") return planSensor(finding, context);
  return PLANNERS[PANELS[finding.panel].kind](finding, context);
}
