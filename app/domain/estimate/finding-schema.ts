/**
 * The zod schemas of the damage taxonomy: a vehicle, a hail detail, a box on a photo and the one
 * validation every finding passes (`FindingSchema`), whoever made it. Apart from the taxonomy's
 * data so that pages which only show findings don't download zod.
 */
import { z } from "zod";
import {
  ADAS_SENSORS,
  BODY_TYPES,
  DAMAGE_TYPE_IDS,
  DAMAGE_TYPES,
  damageFitsPanel,
  HAIL_DENT_COUNT_BANDS,
  HAIL_DENT_SIZES,
  HEADLAMP_TYPES,
  INTERIOR_MATERIALS,
  MAX_FINDING_SIZE_CM,
  MAX_VEHICLE_YEAR,
  MIN_VEHICLE_YEAR,
  PAINT_TYPES,
  PANEL_IDS,
  PANELS,
  PRICE_CLASSES,
  SEVERITIES,
  TAILLAMP_TYPES,
  type AdasSensor,
  type BoundingBox,
  type DamageType,
  type Finding,
  type HailDetail,
  type PanelId,
  type Vehicle,
} from "./taxonomy";

export const HailDetailSchema = z.object({
  dentCount: z.enum(HAIL_DENT_COUNT_BANDS),
  dentSize: z.enum(HAIL_DENT_SIZES),
  oversizeDents: z.number().int().min(0).max(50).optional(),
}) satisfies z.ZodType<HailDetail>;

const panelIdSchema = z.enum(PANEL_IDS);

export const VehicleSchema = z.object({
  year: z.number().int().min(MIN_VEHICLE_YEAR).max(MAX_VEHICLE_YEAR),
  make: z.string().trim().min(1).max(60),
  model: z.string().trim().min(1).max(80),
  bodyType: z.enum(BODY_TYPES),
  priceClass: z.enum(PRICE_CLASSES),
  paintType: z.enum(PAINT_TYPES),
  hasAdas: z.boolean().optional(),
  sensorPanels: z
    .array(panelIdSchema)
    .refine((ids) => ids.every((id) => PANELS[id].adasSensors.length > 0), {
      message: "Only panels that can carry ADAS sensors can be listed as sensor panels.",
    })
    .optional(),
  aluminumPanels: z
    .array(panelIdSchema)
    .refine((ids) => ids.every((id) => PANELS[id].kind === "sheet-metal"), {
      message: "Only sheet-metal panels can be aluminum panels.",
    })
    .optional(),
  headlampType: z.enum(HEADLAMP_TYPES).optional(),
  taillampType: z.enum(TAILLAMP_TYPES).optional(),
  interiorMaterial: z.enum(INTERIOR_MATERIALS).optional(),
}) satisfies z.ZodType<Vehicle>;

const unit = z.number().min(0).max(1);

export const BoundingBoxSchema = z
  .object({ x: unit, y: unit, w: unit.gt(0), h: unit.gt(0) })
  .refine((box) => box.x + box.w <= 1 + 1e-9 && box.y + box.h <= 1 + 1e-9, {
    message: "The box must lie inside the photo (x + w and y + h at most 1).",
  }) satisfies z.ZodType<BoundingBox>;

/** Zod refinement shared by every finding schema: damage that can't be on that panel is refused. */
export function refineDamageFitsPanel(
  finding: { damageType: DamageType; panel: PanelId; sensor?: AdasSensor },
  context: z.RefinementCtx,
) {
  if (!damageFitsPanel(finding.damageType, finding.panel)) {
    context.addIssue({
      code: "custom",
      path: ["damageType"],
      message: `${DAMAGE_TYPES[finding.damageType].label} can't be on the ${PANELS[finding.panel].label.toLowerCase()}.`,
    });
  }
  if (finding.sensor !== undefined && !PANELS[finding.panel].adasSensors.includes(finding.sensor)) {
    context.addIssue({
      code: "custom",
      path: ["sensor"],
      message: `The ${PANELS[finding.panel].label.toLowerCase()} carries no ${finding.sensor}.`,
    });
  }
}

/** A finding that runs across panels may only name other panels the same damage can be on. */
function refineSpannedPanels(
  finding: { damageType: DamageType; panel: PanelId; spansPanels?: PanelId[] },
  context: z.RefinementCtx,
) {
  for (const [index, panelId] of (finding.spansPanels ?? []).entries()) {
    if (panelId === finding.panel || !damageFitsPanel(finding.damageType, panelId)) {
      context.addIssue({
        code: "custom",
        path: ["spansPanels", index],
        message:
          panelId === finding.panel
            ? "List only the other panels the damage runs onto."
            : `${DAMAGE_TYPES[finding.damageType].label} can't run onto the ${PANELS[panelId].label.toLowerCase()}.`,
      });
    }
  }
}

/**
 * The one validation for a finding, whoever made it. Rejects unknown panels and damage types, a
 * damage type that cannot occur on the panel (curb rash on a hood), confidence outside 0..1,
 * non-positive or absurd sizes and boxes outside the photo.
 */
export const FindingSchema = z
  .object({
    id: z.string().trim().min(1).max(100),
    panel: panelIdSchema,
    damageType: z.enum(DAMAGE_TYPE_IDS),
    severity: z.enum(SEVERITIES),
    sizeCm: z.number().gt(0).max(MAX_FINDING_SIZE_CM).optional(),
    confidence: unit,
    photoId: z.string().trim().min(1).max(200).optional(),
    box: BoundingBoxSchema.optional(),
    note: z.string().max(1_000).optional(),
    hail: HailDetailSchema.optional(),
    sensor: z.enum(ADAS_SENSORS).optional(),
    paintCracked: z.boolean().optional(),
    spansPanels: z.array(panelIdSchema).max(6).optional(),
  })
  .superRefine(refineDamageFitsPanel)
  .superRefine(refineSpannedPanels) satisfies z.ZodType<Finding>;

/** Parses unknown input (AI output, a form) into a finding, or returns the zod error. */
export function parseFinding(input: unknown) {
  return FindingSchema.safeParse(input);
}
