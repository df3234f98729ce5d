/**
 * The hand-tagging and review form for one finding (panel, type, severity, size, pre-existing),
 * shared by the review page, the /app hand-tagging step and the JSON API. Validation of the
 * finding itself (damage that fits the panel, sizes) is the taxonomy's `FindingSchema`.
 */
import { z } from "zod";
import type { DiagramMarker } from "~/domain/estimate/diagram";
import {
  DAMAGE_TYPE_IDS,
  DAMAGE_TYPES,
  MAX_FINDING_SIZE_CM,
  PANEL_IDS,
  PANELS,
  SEVERITIES,
  refineDamageFitsPanel,
  type DamageType,
  type PanelId,
  type Severity,
} from "~/domain/estimate/taxonomy";

export const SEVERITY_LABELS: Readonly<Record<Severity, string>> = {
  minor: "Minor",
  moderate: "Moderate",
  severe: "Severe",
};

/** Longest note a finding takes (the schema's rule and the input's `maxLength`). */
export const FINDING_NOTE_MAX_LENGTH = 500;

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** What a person can set on a finding; AI findings carry confidence, photo and box on top. */
export const FindingFormSchema = z
  .object({
    panel: z.enum(PANEL_IDS, { error: "Choose where the damage is." }),
    damageType: z.enum(DAMAGE_TYPE_IDS, { error: "Choose the kind of damage." }),
    severity: z.enum(SEVERITIES, { error: "Choose how bad it is." }),
    sizeCm: z
      .union([z.number(), z.string().trim()])
      .optional()
      .transform((value, context) => {
        if (value === undefined || value === "") return undefined;
        const size = typeof value === "number" ? value : Number(value);
        if (!Number.isFinite(size) || size <= 0 || size > MAX_FINDING_SIZE_CM) {
          context.addIssue({
            code: "custom",
            message: `Enter the size in centimeters, between 1 and ${MAX_FINDING_SIZE_CM}.`,
          });
          return z.NEVER;
        }
        return Math.round(size * 10) / 10;
      }),
    preExisting: checkbox,
    note: z
      .string()
      .trim()
      .max(FINDING_NOTE_MAX_LENGTH, "Keep the note under 500 characters.")
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine(refineDamageFitsPanel);

type ParsedFinding = z.infer<typeof FindingFormSchema>;
/** A finding as the forms and the API give it (size and note optional). */
export type FindingFormData = Omit<ParsedFinding, "sizeCm" | "note"> & {
  sizeCm?: number;
  note?: string;
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
