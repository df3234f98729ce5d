/**
 * The panels pass: each panel's plans consolidated into the panel's lines. A replaced part
 * supersedes repairs of it, a refinish covers a polish, each R&I for access is written once, and
 * the panel gets its R&I, sensor transfer, refinish and calibration once, however many findings
 * it has.
 */
import { hasTeslaFenderCamera, panelLabel, refinishHoursFor } from "~/domain/estimate/body-profile";
import { findingText, hasSensors, labor, lower } from "~/domain/estimate/drafts";
import type { Component, Context, FindingPlan, LineDraft } from "~/domain/estimate/drafts";
import { panelOrder, PANELS, type PanelId } from "~/domain/estimate/taxonomy";
import { costRaisersForPanel } from "./cost-raisers";
import type { Notes } from "./notes";
import { multipleCleaningTopUp, teslaFenderCameraDrafts } from "./panel-extras";

export interface PanelWork {
  /** The panels' lines, panel by panel (not yet in estimate order). */
  drafts: LineDraft[];
  /** Panels with a full refinish → the finding that caused it. */
  refinished: Map<PanelId, string>;
  replacedPanels: Set<PanelId>;
}

/** One panel's plans, sorted out: what is kept, and which plan replaces, refinishes or R&Is it. */
interface PanelPlans {
  panelId: PanelId;
  info: (typeof PANELS)[PanelId] & { label: string };
  kept: FindingPlan[];
  mainReplacement: FindingPlan | undefined;
  refinishPlan: FindingPlan | undefined;
  removePlan: FindingPlan | undefined;
}

export function consolidatePanels(
  plansByPanel: ReadonlyMap<PanelId, FindingPlan[]>,
  context: Context,
  notes: Notes,
): PanelWork {
  const work: PanelWork = { drafts: [], refinished: new Map(), replacedPanels: new Set() };
  for (const [panelId, plans] of [...plansByPanel].sort(
    (a, b) => panelOrder(a[0]) - panelOrder(b[0]),
  )) {
    const panel = sortOutPlans(panelId, plans, context, notes);
    if (panel.mainReplacement) work.replacedPanels.add(panelId);
    work.drafts.push(...findingDrafts(panel, notes));
    work.drafts.push(...panelDrafts(panel, context, work.refinished));
    if (panelId === "interior") work.drafts.push(...multipleCleaningTopUp(panel.kept, context));
    costRaisersForPanel(
      panelId,
      panel.kept,
      panel.mainReplacement,
      panel.removePlan,
      context,
      notes,
    );
  }
  return work;
}

/** A replaced part supersedes the other plans for it (a mirror replacement includes its glass). */
function sortOutPlans(
  panelId: PanelId,
  plans: readonly FindingPlan[],
  context: Context,
  notes: Notes,
): PanelPlans {
  const info = { ...PANELS[panelId], label: panelLabel(panelId, context.vehicle) };
  const replacedComponents = new Map<Component, FindingPlan>();
  for (const candidate of plans) {
    if (
      candidate.replaces &&
      candidate.component !== "none" &&
      !replacedComponents.has(candidate.component)
    ) {
      replacedComponents.set(candidate.component, candidate);
    }
  }
  // A mirror replacement includes its glass.
  const mainReplacement = replacedComponents.get("main");
  if (mainReplacement && info.kind === "mirror") {
    replacedComponents.set("glass", mainReplacement);
  }
  const kept = plans.filter((candidate) => {
    if (candidate.component === "none") return true;
    const replacement = replacedComponents.get(candidate.component);
    if (!replacement || replacement === candidate) return true;
    notes.assume(
      `${info.label}: the ${findingText(candidate.finding)} is covered by the replacement for the ${findingText(replacement.finding)}.`,
    );
    return false;
  });
  return {
    panelId,
    info,
    kept,
    mainReplacement,
    refinishPlan: kept.find((candidate) => candidate.refinish),
    removePlan: mainReplacement ? undefined : kept.find((candidate) => candidate.removeAndInstall),
  };
}

/** The kept plans' own lines, less a polish the refinish covers and a repeated R&I for access. */
function findingDrafts(panel: PanelPlans, notes: Notes): LineDraft[] {
  const drafts: LineDraft[] = [];
  const writtenRandI = new Set<string>();
  for (const candidate of panel.kept) {
    for (const draft of candidate.drafts) {
      if (draft.operation === "Polish" && panel.refinishPlan) {
        notes.assume(
          `${panel.info.label}: the ${findingText(candidate.finding)} is covered by the refinish.`,
        );
        continue;
      }
      // One R&I for access per panel, however many findings need it (hail on the roof twice).
      if (draft.operation === "R&I") {
        if (writtenRandI.has(draft.description)) continue;
        writtenRandI.add(draft.description);
      }
      drafts.push(draft);
    }
  }
  return drafts;
}

/**
 * The panel's own lines, once each: R&I for repair or refinish, moving the sensors to a new
 * bumper cover, the refinish (recorded in `refinished`), a Tesla fender's camera, calibration.
 */
function panelDrafts(
  panel: PanelPlans,
  context: Context,
  refinished: Map<PanelId, string>,
): LineDraft[] {
  const { panelId, info, mainReplacement, refinishPlan, removePlan } = panel;
  const { vehicle } = context;
  const tables = context.rateCard.tables;
  const drafts: LineDraft[] = [];
  const removeHours = tables.removeAndInstallHours.value[panelId];
  if (removePlan && removeHours !== undefined) {
    drafts.push(
      labor(
        removePlan.finding,
        panelId,
        "R&I",
        info.kind === "bumper"
          ? `Remove and refit ${lower(info.label)} cover for repair`
          : `Remove and refit attached parts of ${lower(info.label)} for refinish`,
        removeHours,
      ),
    );
  }
  if (mainReplacement && info.kind === "bumper" && hasSensors(panelId, context)) {
    drafts.push(
      labor(
        mainReplacement.finding,
        panelId,
        "R&I",
        `Transfer and reconnect ${info.adasSensors.join(" and ")} to the new ${lower(info.label)} cover`,
        tables.replaceHours.value.bumperSensors,
      ),
    );
  }
  if (refinishPlan) {
    const hours = refinishHoursFor(panelId, vehicle, tables);
    if (hours !== undefined) {
      refinished.set(panelId, refinishPlan.finding.id);
      drafts.push(
        labor(
          refinishPlan.finding,
          panelId,
          "Refinish",
          info.kind === "mirror"
            ? `Refinish ${lower(info.label)} cap`
            : `Refinish ${lower(info.label)}`,
          hours,
          "refinish",
        ),
      );
    }
  }
  const cameraWork = refinishPlan ?? mainReplacement;
  if (cameraWork && hasTeslaFenderCamera(panelId, vehicle, tables)) {
    drafts.push(...teslaFenderCameraDrafts(cameraWork.finding, panelId, context));
  }
  drafts.push(...calibrationDrafts(panel, removeHours !== undefined, context));
  return drafts;
}

/**
 * Calibration of the panel's sensors when the panel is replaced or removed and refitted, unless a
 * plan on the panel calibrates already (a replaced sensor).
 */
function calibrationDrafts(panel: PanelPlans, removable: boolean, context: Context): LineDraft[] {
  const { panelId, info, kept, mainReplacement, removePlan } = panel;
  const tables = context.rateCard.tables;
  const ownCalibration = kept.some((candidate) =>
    candidate.drafts.some((draft) => draft.operation === "Calibration"),
  );
  const calibrationPlan =
    (mainReplacement?.calibrateIfSensors ? mainReplacement : undefined) ??
    (removePlan && removable ? removePlan : undefined);
  if (!calibrationPlan || !hasSensors(panelId, context) || ownCalibration) return [];
  const sensorText = info.adasSensors.join(" and ");
  // A camera that calibrates on a road drive (the rear camera) costs a dynamic calibration.
  const dynamic = info.adasSensors.every(
    (sensor) => tables.sensors.value[sensor].calibration === "dynamic",
  );
  return [
    {
      findingId: calibrationPlan.finding.id,
      panel: panelId,
      operation: "Calibration",
      description: `Calibrate ${sensorText} after ${mainReplacement ? "replacing" : "removing and refitting"} the ${lower(info.label)}${info.kind === "bumper" ? " cover" : ""}${dynamic ? " (dynamic: road drive with a scan tool)" : ""}`,
      category: "sublet",
      flatCents: (dynamic ? tables.dynamicCalibrationCents : tables.calibrationCents).value[
        context.vehicle.priceClass
      ],
    },
  ];
}
