/**
 * The hand-tagging and review form for one finding (panel, type, severity, size, pre-existing),
 * shared by the review page, the /app hand-tagging step and the JSON API. Validation of the
 * finding itself (damage that fits the panel, sizes) is the taxonomy's `FindingSchema`.
 */
import { z } from "zod";
import { sizeToCm } from "~/domain/units";
import {
  ADAS_SENSORS,
  DAMAGE_TYPE_IDS,
  HAIL_DENT_COUNT_BANDS,
  HAIL_DENT_SIZES,
  MAX_FINDING_SIZE_CM,
  PANEL_IDS,
  SEVERITIES,
  type BoundingBox,
  type AdasSensor,
  type DamageType,
  type HailDetail,
  type PanelId,
  type Severity,
} from "~/domain/estimate/taxonomy";
import {
  BoundingBoxSchema,
  HailDetailSchema,
  refineDamageFitsPanel,
} from "~/domain/estimate/finding-schema";

// The labels a report shows need no zod: they live in ./finding-labels, re-exported here.
export {
  findingDetailText,
  findingLabel,
  findingLabelWithPanel,
  findingMarkers,
  SEVERITY_LABELS,
} from "./finding-labels";

/** Longest note a finding takes (the schema's rule and the input's `maxLength`). */
export const FINDING_NOTE_MAX_LENGTH = 500;

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(values, { error: message }).optional(),
  );

/** One edge of a hand-drawn box, as a fraction of the photo (the drawing writes four of them). */
const boxPart = z
  .union([z.number(), z.string().trim()])
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === "") return undefined;
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0 || number > 1) {
      context.addIssue({ code: "custom", message: "Draw the box on the photo again." });
      return z.NEVER;
    }
    return number;
  });

const sizeNumber = z
  .union([z.number(), z.string().trim()])
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === "") return undefined;
    const size = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(size) || size <= 0) {
      context.addIssue({ code: "custom", message: "Enter the size as a number, e.g. 3.5." });
      return z.NEVER;
    }
    return size;
  });

/**
 * What a person can set on a finding; AI findings carry confidence, photo and box on top. Forms
 * post the size in the account's unit (`size` and `sizeUnit`, inches by default); the JSON API
 * posts `sizeCm`. Hail details, the damaged sensor and cracked paint count only with the damage
 * they describe (hail, a damaged camera or sensor, a dent) and are dropped otherwise.
 */
export const FindingFormFields = z
  .object({
    panel: z.enum(PANEL_IDS, { error: "Choose where the damage is." }),
    damageType: z.enum(DAMAGE_TYPE_IDS, { error: "Choose the kind of damage." }),
    severity: z.enum(SEVERITIES, { error: "Choose how bad it is." }),
    sizeCm: sizeNumber,
    size: sizeNumber,
    sizeUnit: z.enum(["in", "cm"]).optional(),
    preExisting: checkbox,
    note: z
      .string()
      .trim()
      .max(FINDING_NOTE_MAX_LENGTH, "Keep the note under 500 characters.")
      .optional()
      .transform((value) => value || undefined),
    /** The API's hail detail; forms post the three fields below. */
    hail: HailDetailSchema.optional(),
    hailDentCount: optionalChoice(HAIL_DENT_COUNT_BANDS, "Choose how many dents the panel has."),
    hailDentSize: optionalChoice(HAIL_DENT_SIZES, "Choose the size most dents have."),
    hailOversize: z
      .union([z.number(), z.string().trim()])
      .optional()
      .transform((value, context) => {
        if (value === undefined || value === "") return undefined;
        const count = Number(value);
        if (!Number.isInteger(count) || count < 0 || count > 50) {
          context.addIssue({ code: "custom", message: "Enter a whole number of dents, 0 to 50." });
          return z.NEVER;
        }
        return count;
      }),
    sensor: optionalChoice(ADAS_SENSORS, "Choose which camera or sensor."),
    paintCracked: checkbox,
    /**
     * When the panel already has this damage from an earlier report: the id of that finding (the
     * same damage, not charged again) or "new". The API also takes `sameAsFindingId`/`newDamage`.
     */
    sameAs: z.string().trim().max(100).optional(),
    /**
     * The report photo that shows the damage: its id, "none" (or null) to clear it, or left out
     * to keep what the finding had. The API gives the box as `box`; forms post its four edges
     * (0..1 of the photo) and `boxPhotoId`, the photo they were drawn on, so a box never moves
     * to another photo when only the photo choice changed.
     */
    photoId: z.string().trim().max(100).nullable().optional(),
    box: BoundingBoxSchema.optional(),
    boxPhotoId: z.string().trim().max(100).optional(),
    boxX: boxPart,
    boxY: boxPart,
    boxW: boxPart,
    boxH: boxPart,
    sameAsFindingId: z.string().trim().max(100).optional(),
    newDamage: z.boolean().optional(),
  })
  .superRefine((finding, context) => {
    refineDamageFitsPanel(
      { ...finding, sensor: finding.damageType === "sensor-damage" ? finding.sensor : undefined },
      context,
    );
    const cm =
      finding.size !== undefined
        ? sizeToCm(finding.size, finding.sizeUnit === "cm" ? "metric" : "us")
        : finding.sizeCm;
    if (cm !== undefined && cm > MAX_FINDING_SIZE_CM) {
      const field = finding.size !== undefined ? "size" : "sizeCm";
      const max =
        finding.sizeUnit === "cm" || field === "sizeCm"
          ? `${MAX_FINDING_SIZE_CM} cm`
          : `${Math.floor(MAX_FINDING_SIZE_CM / 2.54)} inches`;
      context.addIssue({
        code: "custom",
        path: [field],
        message: `A finding can be at most ${max} long.`,
      });
    }
    const boxParts = [finding.boxX, finding.boxY, finding.boxW, finding.boxH];
    if (boxParts.some((part) => part !== undefined) && !drawnBox(finding)) {
      context.addIssue({
        code: "custom",
        path: ["photoId"],
        message: "Draw the box inside the photo.",
      });
    }
    if (finding.box && !choosesPhoto(finding.photoId)) {
      context.addIssue({
        code: "custom",
        path: ["photoId"],
        message: "Choose the photo the box is on.",
      });
    }
    if (finding.damageType === "hail" && !finding.hail) {
      if (finding.hailDentCount && !finding.hailDentSize) {
        context.addIssue({
          code: "custom",
          path: ["hailDentSize"],
          message: "Choose the size most dents have.",
        });
      }
      if (finding.hailDentSize && !finding.hailDentCount) {
        context.addIssue({
          code: "custom",
          path: ["hailDentCount"],
          message: "Choose how many dents the panel has.",
        });
      }
    }
  });

/** A finding as the forms and the API give it, ready to store. */
export interface FindingFormData {
  panel: PanelId;
  damageType: DamageType;
  severity: Severity;
  preExisting: boolean;
  sizeCm?: number;
  note?: string;
  hail?: HailDetail;
  sensor?: AdasSensor;
  paintCracked?: boolean;
  /** The earlier report's finding this is the same damage as (shown, never charged again). */
  sameAsFindingId?: string;
  /** The caller answered "new damage" for a panel that already had this damage. */
  newDamage?: boolean;
  /** The photo that shows it (null: none; left out: keep the finding's), and its box on it. */
  photoId?: string | null;
  box?: BoundingBox;
}

function choosesPhoto(photoId: string | null | undefined): photoId is string {
  return Boolean(photoId) && photoId !== "none";
}

/** The box a form drew from its four edges, if they make one inside the photo. */
function drawnBox(finding: {
  boxX?: number;
  boxY?: number;
  boxW?: number;
  boxH?: number;
}): BoundingBox | undefined {
  const parsed = BoundingBoxSchema.safeParse({
    x: finding.boxX,
    y: finding.boxY,
    w: finding.boxW,
    h: finding.boxH,
  });
  return parsed.success ? parsed.data : undefined;
}

/** The fields (what the browser validates) turned into what is stored. */
export const FindingFormSchema = FindingFormFields.transform((finding): FindingFormData => {
  const sizeCm =
    finding.size !== undefined
      ? sizeToCm(finding.size, finding.sizeUnit === "cm" ? "metric" : "us")
      : finding.sizeCm !== undefined
        ? Math.round(finding.sizeCm * 10) / 10
        : undefined;
  const formHail =
    finding.hailDentCount && finding.hailDentSize
      ? {
          dentCount: finding.hailDentCount,
          dentSize: finding.hailDentSize,
          ...(finding.hailOversize ? { oversizeDents: finding.hailOversize } : {}),
        }
      : undefined;
  return {
    panel: finding.panel,
    damageType: finding.damageType,
    severity: finding.severity,
    sizeCm,
    preExisting: finding.preExisting,
    note: finding.note,
    hail: finding.damageType === "hail" ? (finding.hail ?? formHail) : undefined,
    sensor: finding.damageType === "sensor-damage" ? finding.sensor : undefined,
    paintCracked: finding.damageType === "dent" && finding.paintCracked,
    sameAsFindingId:
      finding.sameAsFindingId ??
      (finding.sameAs && finding.sameAs !== "new" ? finding.sameAs : undefined),
    newDamage: finding.newDamage ?? finding.sameAs === "new",
    photoId:
      finding.photoId === undefined
        ? undefined
        : choosesPhoto(finding.photoId)
          ? finding.photoId
          : null,
    box: choosesPhoto(finding.photoId)
      ? (finding.box ??
        (!finding.boxPhotoId || finding.boxPhotoId === finding.photoId
          ? drawnBox(finding)
          : undefined))
      : undefined,
  };
});
