/**
 * How a finding reads and shows on the diagram: "Moderate scratch, front bumper", its marker, its
 * detail line. No zod here, so the read-only report and the diagram demo stay small.
 */
import type { DiagramMarker } from "~/domain/estimate/diagram";
import {
  ADAS_SENSOR_LABELS,
  ADAS_SENSORS,
  DAMAGE_TYPES,
  PANELS,
  type AdasSensor,
  type DamageType,
  type HailDetail,
  type PanelId,
  type Severity,
} from "~/domain/estimate/taxonomy";

export const SEVERITY_LABELS: Readonly<Record<Severity, string>> = {
  minor: "Minor",
  moderate: "Moderate",
  severe: "Severe",
};

/** "Moderate scratch". */
export function findingLabel(finding: { severity: Severity; damageType: DamageType }) {
  return `${SEVERITY_LABELS[finding.severity]} ${DAMAGE_TYPES[finding.damageType].label.toLowerCase()}`;
}

/** "Moderate scratch, front bumper". */
export function findingLabelWithPanel(finding: {
  severity: Severity;
  damageType: DamageType;
  panel: PanelId;
}) {
  return `${findingLabel(finding)}, ${PANELS[finding.panel].label.toLowerCase()}`;
}

/** A finding as the diagram shows it: numbered, by severity, pre-existing or repaired. */
export function findingMarkers(
  findings: {
    id: string;
    panel: PanelId;
    severity: Severity;
    damageType: DamageType;
    number: number;
    preExisting: boolean;
    repairedAt?: string | null;
  }[],
): DiagramMarker[] {
  return findings.map((finding) => ({
    id: finding.id,
    panel: finding.panel,
    severity: finding.severity,
    // The diagram adds the number and the status to what a screen reader says.
    label: findingLabelWithPanel(finding),
    number: finding.number,
    status: finding.preExisting ? "pre-existing" : finding.repairedAt ? "repaired" : "new",
  }));
}

/**
 * What only some damage records, in words: "16–30 dents, mostly quarter-size, 2 larger than a half
 * dollar", "Rear camera", "Paint cracked: can't be repaired paintlessly". Null when there is none.
 */
export function findingDetailText(finding: {
  hail?: HailDetail | null;
  sensor?: string | null;
  paintCracked?: boolean | null;
}): string | null {
  const parts: string[] = [];
  if (finding.hail) {
    const oversize = finding.hail.oversizeDents
      ? `, ${finding.hail.oversizeDents} larger than a half dollar`
      : "";
    parts.push(
      `${finding.hail.dentCount.replace("-", "–")} dents, mostly ${finding.hail.dentSize}-size${oversize}`,
    );
  }
  if (finding.sensor && (ADAS_SENSORS as readonly string[]).includes(finding.sensor)) {
    parts.push(ADAS_SENSOR_LABELS[finding.sensor as AdasSensor]);
  }
  if (finding.paintCracked) parts.push("Paint cracked: can't be repaired paintlessly");
  return parts.length > 0 ? parts.join(" · ") : null;
}
