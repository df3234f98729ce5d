/**
 * What the engine's planners and passes share: the pricing context, the line drafts a finding
 * becomes (labor, part, sublet), a finding's plan, and the text helpers their lines are written
 * with.
 */
import { formatSize } from "~/domain/units";
import { formatCents, formatNumber, type Cents } from "~/domain/money";
import { panelLabel } from "./body-profile";
import type {
  EstimateLine,
  LineCategory,
  Operation,
  RateType,
  RepairDecision,
} from "./estimate-types";
import type { PdrBand, RateCard } from "./rate-card";
import {
  DAMAGE_TYPES,
  PRICE_CLASS_LABELS,
  type Finding,
  type InteriorMaterial,
  type PanelId,
  type Vehicle,
} from "./taxonomy";

/** Hours to one decimal, as labor guides write them (float noise removed first). */
export function roundHours(hours: number): number {
  return Math.round(Number((hours * 10).toPrecision(12))) / 10;
}

export function hoursText(hours: number): string {
  return `${formatNumber(hours, 1)} h`;
}

export function lower(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** Sizes in estimate lines and notes are written in inches: the report is for US shops and adjusters. */
export function inches(sizeCm: number): string {
  return formatSize(sizeCm, "us");
}

export function findingText(finding: Finding): string {
  const size = finding.sizeCm !== undefined ? `, ${inches(finding.sizeCm)}` : "";
  return `${finding.severity} ${lower(DAMAGE_TYPES[finding.damageType].label)}${size}`;
}

export type Component = "main" | "tire" | "glass" | "none";

export interface LineDraft {
  findingId: string | null;
  panel: PanelId | null;
  operation: Operation;
  description: string;
  category: LineCategory;
  hours?: number;
  rateType?: RateType;
  /** A rate other than the rate type's own (the detail rate, an aluminum specialist's rate). */
  rateCents?: Cents;
  partCents?: Cents;
  /** Flat amount for sublet lines (labor and part lines are priced from hours/part). */
  flatCents?: Cents;
  decision?: RepairDecision;
}

/** A priced draft: an estimate line before it is numbered. */
export type PricedLine = Omit<EstimateLine, "id">;

export interface FindingPlan {
  finding: Finding;
  /** What part of the panel the plan works on; a replacement supersedes repairs of it. */
  component: Component;
  replaces: boolean;
  drafts: LineDraft[];
  refinish: boolean;
  removeAndInstall: boolean;
  /** The plan replaces a part whose sensors then need calibrating. */
  calibrateIfSensors: boolean;
  pdr?: { band: PdrBand; sizeKnown: boolean };
  /** Notes for this finding (shown with it): see `Estimate.findingNotes`. */
  notes: string[];
}

export interface Context {
  vehicle: Vehicle;
  rateCard: RateCard;
  hasAdas: boolean;
  adasAssumed: boolean;
  /** Aluminum panels: the host's list plus a known aluminum body's (see body-profile.ts). */
  aluminum: ReadonlySet<PanelId>;
  interiorMaterial: InteriorMaterial;
}

export function hasSensors(panelId: PanelId, context: Context): boolean {
  if (panelId === "windshield") {
    return context.vehicle.sensorPanels?.includes("windshield") ?? context.hasAdas;
  }
  return context.vehicle.sensorPanels?.includes(panelId) ?? false;
}

/** Plans one finding on its panel. */
export type Planner = (finding: Finding, context: Context) => FindingPlan;

export function labor(
  owner: Pick<Finding, "id"> | null,
  panel: PanelId | null,
  operation: Operation,
  description: string,
  hours: number,
  rateType: RateType = "body",
): LineDraft {
  return {
    findingId: owner?.id ?? null,
    panel,
    operation,
    description,
    category: rateType === "refinish" ? "paint" : "labor",
    hours: roundHours(hours),
    rateType,
  };
}

/** Labor on the finding's own panel. */
export function findingLabor(
  finding: Finding,
  operation: Operation,
  description: string,
  hours: number,
  rateType: RateType = "body",
): LineDraft {
  return labor(finding, finding.panel, operation, description, hours, rateType);
}

/** A painted part replaced new (bumper cover, mirror): refinished, its sensors calibrated. */
export function paintedReplacement(finding: Finding, drafts: LineDraft[]): FindingPlan {
  return plan(finding, { replaces: true, refinish: true, calibrateIfSensors: true, drafts });
}

/** A new part fitted on the finding's panel: the Replace labor, then the part. */
export function replaceDrafts(
  finding: Finding,
  description: string,
  hours: number,
  partText: string,
  partCents: Cents,
  rateType: RateType = "body",
): LineDraft[] {
  return [
    findingLabor(finding, "Replace", description, hours, rateType),
    part(finding, partText, partCents),
  ];
}

export function part(finding: Finding, description: string, partCents: Cents): LineDraft {
  return {
    findingId: finding.id,
    panel: finding.panel,
    operation: "Part",
    description,
    category: "parts",
    partCents,
  };
}

export function sublet(
  finding: Finding,
  operation: Operation,
  description: string,
  flatCents: Cents,
): LineDraft {
  return {
    findingId: finding.id,
    panel: finding.panel,
    operation,
    description,
    category: "sublet",
    flatCents,
  };
}

export function plan(finding: Finding, fields: Partial<Omit<FindingPlan, "finding">>): FindingPlan {
  return {
    finding,
    component: "main",
    replaces: false,
    drafts: [],
    refinish: false,
    removeAndInstall: false,
    calibrateIfSensors: false,
    notes: [],
    ...fields,
  };
}

export function money(cents: Cents): string {
  return formatCents(cents, { trimWholeDollars: true });
}

/** What most planners read: the rate tables, the car's price class and the panel's name. */
export function planningTerms(finding: Finding, context: Context) {
  const tables = context.rateCard.tables;
  const priceClass = context.vehicle.priceClass;
  const label = panelLabel(finding.panel, context.vehicle);
  return {
    tables,
    priceClass,
    /** "mid-range": the price class in a part's description. */
    classLabel: lower(PRICE_CLASS_LABELS[priceClass]),
    label,
    /** The panel's name inside a sentence: "left front door". */
    name: lower(label),
    replaceHours: tables.replaceHours.value,
    parts: tables.parts,
  };
}

/** Scratch, scuff or paint chip: damage to the paint only. */
export function isPaintDamage(finding: Finding): boolean {
  return (
    finding.damageType === "scratch" ||
    finding.damageType === "scuff" ||
    finding.damageType === "paint-chip"
  );
}
