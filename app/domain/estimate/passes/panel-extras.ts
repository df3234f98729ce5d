/** Work a panel needs beyond its findings' own lines: a Tesla fender's camera, a cleaning fee. */
import { panelLabel } from "~/domain/estimate/body-profile";
import { labor, lower, money, sublet } from "~/domain/estimate/drafts";
import type { Context, FindingPlan, LineDraft } from "~/domain/estimate/drafts";
import { CLEANING_DAMAGE_TYPES } from "~/domain/estimate/interior";
import type { Finding, PanelId } from "~/domain/estimate/taxonomy";

/**
 * Two or more kinds of cleaning issue (stain, odor, pet hair) are, by the marketplace's rule, one
 * "multiple cleaning issues" fee: the cleaning work is never priced under it.
 */
export function multipleCleaningTopUp(
  plans: readonly FindingPlan[],
  context: Context,
): LineDraft[] {
  const cleaning = plans.filter((candidate) =>
    (CLEANING_DAMAGE_TYPES as readonly string[]).includes(candidate.finding.damageType),
  );
  const kinds = new Set(cleaning.map((candidate) => candidate.finding.damageType));
  const first = cleaning[0];
  if (kinds.size < 2 || !first) return [];
  const floor = context.rateCard.tables.cleaningFloors.value.multipleIssuesCents;
  const priced = cleaning.reduce(
    (sum, candidate) =>
      sum + candidate.drafts.reduce((total, draft) => total + (draft.flatCents ?? 0), 0),
    0,
  );
  if (priced >= floor) return [];
  return [
    sublet(
      first.finding,
      "Clean",
      `Multiple cleaning issues: raised to the marketplace's ${money(floor)} fee for them (the lines above come to ${money(priced)})`,
      floor - priced,
    ),
  ];
}

/**
 * A Tesla fender carries a side-repeater camera: remove and refit it for the work, clear its
 * calibration, and let the car recalibrate on a road drive (up to 100 miles).
 */
export function teslaFenderCameraDrafts(
  finding: Finding,
  panelId: PanelId,
  context: Context,
): LineDraft[] {
  const tables = context.rateCard.tables;
  const label = lower(panelLabel(panelId, context.vehicle));
  return [
    labor(
      finding,
      panelId,
      "R&I",
      `Remove and refit the side-repeater camera on the ${label} (Tesla flat-rate time)`,
      tables.teslaFenderCamera.value.removeAndInstallHours,
    ),
    {
      findingId: finding.id,
      panel: panelId,
      operation: "Calibration",
      description: `Clear the camera calibration and recalibrate on a road drive after the ${label} work (Tesla: up to 100 miles before Autopilot returns)`,
      category: "sublet",
      flatCents: tables.dynamicCalibrationCents.value[context.vehicle.priceClass],
    },
  ];
}
