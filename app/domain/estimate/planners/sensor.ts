import {
  findingText,
  findingLabor,
  lower,
  part,
  plan,
  planningTerms,
} from "~/domain/estimate/drafts";
import type { Context, FindingPlan, LineDraft } from "~/domain/estimate/drafts";
import {
  ADAS_SENSOR_LABELS,
  PANELS,
  type AdasSensor,
  type Finding,
} from "~/domain/estimate/taxonomy";

/**
 * A damaged camera or sensor: replace it (labor + part by class), paint it if it is body-colored,
 * take the bumper cover off to reach it where needed (R&I, written once per panel), and calibrate
 * it the way its maker requires (static or dynamic).
 */
export function planSensor(finding: Finding, context: Context): FindingPlan {
  const { tables, priceClass } = planningTerms(finding, context);
  const info = PANELS[finding.panel];
  const notes: string[] = [];
  const sensor = finding.sensor ?? info.adasSensors[0];
  if (!sensor) throw new Error(`The ${info.label} carries no sensor`);
  if (!finding.sensor && info.adasSensors.length > 1) {
    notes.push(
      `Which sensor on the ${lower(info.label)} is damaged wasn't given: priced as the ${sensor}.`,
    );
  }
  const spec = tables.sensors.value[sensor];
  const name = lower(ADAS_SENSOR_LABELS[sensor]);
  const drafts: LineDraft[] = [
    findingLabor(
      finding,
      "Replace",
      `Replace damaged ${name} on ${lower(info.label)} (${findingText(finding)})`,
      spec.hours,
    ),
    sensorPart(finding, sensor, context),
  ];
  if (spec.refinishHours > 0) {
    drafts.push(
      findingLabor(
        finding,
        "Refinish",
        `Refinish the new ${name} to the body color`,
        spec.refinishHours,
        "refinish",
      ),
    );
  }
  if (spec.calibration !== "none") {
    const prices =
      spec.calibration === "static" ? tables.calibrationCents : tables.dynamicCalibrationCents;
    drafts.push({
      findingId: finding.id,
      panel: finding.panel,
      operation: "Calibration",
      description: `Calibrate the new ${name} (${spec.calibration === "static" ? "static: targets in the shop" : "dynamic: road drive with a scan tool"})`,
      category: "sublet",
      flatCents: prices.value[priceClass],
    });
  }
  return plan(finding, {
    component: "none",
    drafts,
    removeAndInstall: spec.accessByRemovingPanel,
    notes,
  });
}

/** The new sensor or camera as a part, priced by the car's class. */
export function sensorPart(finding: Finding, sensor: AdasSensor, context: Context): LineDraft {
  const { tables, priceClass, classLabel } = planningTerms(finding, context);
  return part(
    finding,
    `${ADAS_SENSOR_LABELS[sensor]}, ${classLabel}`,
    tables.sensors.value[sensor].partCents[priceClass],
  );
}
