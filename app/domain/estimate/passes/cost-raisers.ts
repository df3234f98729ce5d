/** What could make the real bill higher: per panel, and for the estimate as a whole. */
import { FEES } from "~/domain/marketplace-rules";
import { formatNumber } from "~/domain/money";
import { panelLabel } from "~/domain/estimate/body-profile";
import { hasSensors, lower, money } from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { EstimateLine } from "~/domain/estimate/estimate-types";
import {
  PANELS,
  type AdasSensor,
  type Finding,
  type PanelId,
  type Severity,
} from "~/domain/estimate/taxonomy";
import type { Notes } from "./notes";

/** Findings below this confidence get a "low confidence" cost raiser. */
export const LOW_CONFIDENCE = 0.6;

const SENSOR_REPLACEMENT_COSTS: Readonly<Record<AdasSensor, string>> = {
  "front radar": "a front radar $900–1,300",
  "parking sensors": "parking sensors $500–1,300",
  "forward camera": "a front camera $850–1,900",
  "blind-spot radar": "a rear radar $850–2,050",
  "surround-view camera": "an around-view camera $500–1,100",
  "side camera": "an around-view camera $500–1,100",
  "rear camera": "a rear camera $500–1,100",
};

/** The cost raisers (and the assumptions) a panel's work brings. */
export function costRaisersForPanel(
  panelId: PanelId,
  plans: FindingPlan[],
  replacement: FindingPlan | undefined,
  removePlan: FindingPlan | undefined,
  context: Context,
  notes: Notes,
): void {
  const info = PANELS[panelId];
  const label = lower(panelLabel(panelId, context.vehicle));
  const worst = plans.reduce<Severity>(
    (max, candidate) =>
      candidate.finding.severity === "severe" || max === "severe"
        ? "severe"
        : candidate.finding.severity === "moderate" || max === "moderate"
          ? "moderate"
          : "minor",
    "minor",
  );
  const { raise } = notes;

  if (info.kind === "bumper" && (worst !== "minor" || replacement)) {
    raise(
      `Hidden damage behind the ${label} cover (energy absorber, reinforcement, brackets) only shows once the cover is off; supplements to photo estimates average more than 50 % of the first estimate (Mitchell 2018).`,
    );
  }
  if (panelId !== "windshield" && (replacement || removePlan) && context.hasAdas) {
    sensorRaisers(panelId, label, context, notes);
  }
  if (panelId === "windshield") windshieldNotes(Boolean(replacement), context, notes);
  if (info.kind === "sheet-metal") sheetMetalNotes(label, plans, worst, notes);
  if (panelId.startsWith("headlamp") && replacement) {
    raise(
      `Replacing the ${label} can mean removing the front bumper cover and aiming the new lamp; adaptive or matrix LED lamps cost far more.`,
    );
  }
  if (info.kind === "wheel") wheelRaisers(label, plans, worst, notes);
  if (
    info.kind === "interior" &&
    plans.some((candidate) => candidate.finding.damageType === "odor")
  ) {
    const fees = FEES.smoking;
    raise(
      `Smoking odor may instead be charged as the marketplace's smoking fee: ${money(fees.odorOnlyCents)} odor only, ${money(fees.odorWithEvidenceCents)} with evidence, ${money(fees.multipleIssuesCents)} for multiple issues.`,
    );
  }
}

/** A panel with sensors that is replaced or removed: damaged sensors, calibration. */
function sensorRaisers(panelId: PanelId, label: string, context: Context, notes: Notes): void {
  const info = PANELS[panelId];
  if (info.adasSensors.length === 0) return;
  const costs = info.adasSensors
    .map((sensor) => SENSOR_REPLACEMENT_COSTS[sensor])
    .filter((text, index, all) => all.indexOf(text) === index);
  const costText = costs.length > 0 ? ` (AAA: ${costs.join("; ")})` : "";
  if (hasSensors(panelId, context)) {
    notes.raise(
      `If a sensor on the ${label} (${info.adasSensors.join(", ")}) is damaged too, it must be replaced${costText}.`,
    );
  } else if (!context.vehicle.sensorPanels) {
    notes.raise(
      `If the ${label} carries sensors (${info.adasSensors.join(", ")}), they need calibrating after this work (about $150–600), or replacing if damaged${costText}.`,
    );
  }
}

/** A chip may spread; a camera may or may not be there. */
function windshieldNotes(replaced: boolean, context: Context, notes: Notes): void {
  if (!replaced) {
    notes.raise(
      "A windshield chip that spreads into a crack means a new windshield ($250–600; $1,200–1,650 plus calibration with a camera).",
    );
  } else if (context.adasAssumed && hasSensors("windshield", context)) {
    notes.assume(
      "We assumed the car has a windshield camera (model year 2018 or later, or a premium, luxury or EV/hybrid car), so the ADAS windshield and its calibration are included. Without a camera the windshield costs $250–600.",
    );
  } else if (context.adasAssumed) {
    notes.raise(
      "If this car has a windshield camera (lane-keeping, automatic braking), the windshield costs $1,200–1,650 plus calibration ($150–600).",
    );
  }
}

/** A badly damaged panel, a hail recount, cracked paint under a PDR dent, an unmeasured dent. */
function sheetMetalNotes(
  label: string,
  plans: readonly FindingPlan[],
  worst: Severity,
  notes: Notes,
): void {
  if (worst === "severe") {
    notes.raise(
      `The ${label} is badly damaged: if it can't be repaired, a new panel (part, fitting and refinish inside and out) costs considerably more.`,
    );
  }
  if (plans.some((candidate) => candidate.finding.damageType === "hail")) {
    notes.raise(
      "Hail dents are counted panel by panel; a recount under a PDR light often finds more, moving a panel up a count band, and dents with cracked paint need conventional repair.",
    );
  }
  for (const candidate of plans) {
    if (!candidate.pdr) continue;
    notes.raise(
      `If the paint over the dent on the ${label} is cracked, PDR isn't possible: conventional repair and refinish instead (+$100–300 or more).`,
    );
    if (!candidate.pdr.sizeKnown) {
      notes.assume(
        `The dent on the ${label} wasn't measured; it is priced as ${candidate.pdr.band.label}.`,
      );
    }
  }
}

/** Bent wheels, tires in pairs, suspension after a hard hit. */
function wheelRaisers(
  label: string,
  plans: readonly FindingPlan[],
  worst: Severity,
  notes: Notes,
): void {
  if (plans.some((candidate) => candidate.finding.damageType === "wheel-curb-rash")) {
    notes.raise(
      "A wheel that is bent or cracked, not just scuffed, must be replaced instead of refinished.",
    );
  }
  if (plans.some((candidate) => candidate.component === "tire" && candidate.replaces)) {
    notes.raise(
      "Tires are often replaced in pairs on an axle (all four on many AWD cars and EVs) to keep tread depth even.",
    );
  }
  if (worst === "severe") {
    notes.raise(`A hard hit on the ${label} can also damage suspension or alignment.`);
  }
}

/**
 * Estimate-wide cost raisers (tri-coat matching, EV labor, low confidence) and the part-price
 * assumption.
 */
export function estimateWideNotes(
  findings: readonly Finding[],
  lines: readonly EstimateLine[],
  laborHours: number,
  anyRefinished: boolean,
  context: Context,
  notes: Notes,
): void {
  const { vehicle } = context;
  const tables = context.rateCard.tables;
  if (anyRefinished && vehicle.paintType === "tri-coat") {
    notes.raise(
      "Tri-coat colors are the hardest to match: the painter may spray test panels or blend further than estimated.",
    );
  }
  if (vehicle.priceClass === "ev-hybrid" && laborHours > 0) {
    notes.raise(
      `EV/hybrid repairs can need more than the +${formatNumber(tables.evLaborUpliftPercent.value)} % labor included here: on average about 4 more labor hours than a gasoline car (CCC Crash Course 2025), e.g. for high-voltage disconnects and battery checks.`,
    );
  }
  if (findings.some((finding) => finding.confidence < LOW_CONFIDENCE)) {
    notes.raise(
      `Some damage was detected with low confidence (below ${formatNumber(LOW_CONFIDENCE * 100)} %): a closer look in person may change the repair.`,
    );
  }
  if (lines.some((line) => line.category === "parts")) {
    notes.assume("Part prices are typical prices for the car's class, not a quote for this car.");
  }
}
