/**
 * The damage-estimate engine: vehicle + findings + rate card → operation lines the way
 * professional estimates (CCC ONE, Mitchell, Audatex) write them, so every dollar is explained
 * as hours × rate, a part price or a priced sublet job.
 *
 * Pure: no framework, no I/O, no clock. The same input always gives the same estimate, whatever
 * order the findings arrive in (they are sorted by panel, then id).
 *
 * ## What each finding becomes
 * Sheet-metal panels (hood, roof, fenders, doors, quarter panels, rockers, trunk lid/liftgate):
 * - dent, not severe, paint not cracked, longest dimension ≤ 7.6 cm (3″) → PDR priced by size
 *   band (band midpoint, +22.5 % on aluminum); a minor dent without a size is priced as
 *   quarter-size. Otherwise (cracked paint: with a note on the finding) Repair + Refinish, the
 *   hours growing with the dent's size (the severity's hours as a floor) and × 1.25 on panels
 *   without access from behind (roof, quarter panels, rockers); a bolt-on panel (hood, fender,
 *   door, trunk lid) with a dent over 45 cm is replaced instead (labor + panel + refinish).
 * - hail → PDR from the hail matrix: per panel, dent count band × the size most dents have,
 *   horizontal (hood, roof, trunk lid) or vertical rows; + $50 per oversize dent, + 22.5 % on
 *   aluminum; R&I of the headliner (roof) or trim panel (trunk lid) for access. A cell the matrix
 *   leaves to conventional repair ("CR") → Repair + Refinish, with a note. Uncounted hail is
 *   priced from a typical cell for its severity, with a note.
 * - scratch, scuff, paint chip: minor → Polish; moderate/severe → Repair + Refinish.
 * - crack (cracked paint/filler) → Repair + Refinish. Missing part (moulding, emblem) → Part.
 * - Aluminum panels: Repair hours × 1.3 and Repair/Replace labor at the aluminum specialist's
 *   rate (body rate × 1.45); refinish is paint work and stays at the refinish rate.
 * - A severe finding that is still repaired says in `costRaisers` that a new panel may be needed.
 * Bumper covers (plastic): minor scratch/scuff/chip → Polish; minor dent → Repair (no paint);
 * others → Repair + R&I of the cover + Refinish; severe dent or severe crack → Replace cover
 * (Replace labor + Part + Refinish, plus sensor transfer when the cover carries sensors).
 * Glass: windshield minor damage → chip repair; otherwise Replace (installed, sublet) at the
 * ADAS price when the car has a windshield camera, plus Calibration. Side and rear glass → Replace.
 * Lamps: broken, cracked or missing → Replace lamp (Part + labor by class; headlamp halogen,
 * LED or adaptive LED — adaptive adds aiming and initializing; taillamp bulb-type or LED);
 * minor/moderate scratch or scuff on a lens → Polish.
 * Damaged camera or sensor (on a panel that carries one; the first one when not named, with a
 * note): Replace labor + Part by class, R&I of the bumper cover when it hides the sensor, body-
 * color refinish of a parking sensor, and the calibration its maker requires (static in the
 * shop, dynamic on the road, or none). A panel calibrated that way is not calibrated twice.
 * Mirrors: minor paint damage → Polish; moderate → Repair + Refinish of the cap; severe, crack,
 * missing → Replace mirror (+ cap refinish); glass damage → mirror glass.
 * Grille: minor paint damage → Polish; anything else → Replace.
 * Wheels: curb rash → Wheel repair (sublet, $125–200 by severity); crack → Replace wheel;
 * tire damage minor → plug/patch, otherwise Replace tire (Part + mounting); missing → center cap.
 * Interior (sublet): stain and odor → Clean; burn and tear → Repair (severe tear → Replace cover);
 * missing or broken part → Part + labor.
 *
 * ## Panel-level rules
 * - A replaced part supersedes repairs of the same part (a second finding on a replaced bumper
 *   adds nothing); a refinished panel needs no polish.
 * - Each panel is refinished once and R&I'd once (each R&I for access once), however many
 *   findings it has.
 * - Blend (color match) into each adjacent painted panel that is not refinished itself: once per
 *   panel, at 50 % of its refinish time; not for solid colors (they match without blending).
 * - Clear coat: +40 % of the refinish time of the first major panel (the longest full refinish)
 *   and +20 % of the hours of each additional painted panel (refinished or blended), capped at
 *   2.5 h. Tri-coat replaces it: +70 % first panel, +40 % each additional, no cap.
 * - Paint materials = (refinish + blend + clear coat or tri-coat hours) × materials rate.
 *   Polish uses no paint and is not counted.
 * - Calibration when a panel with known ADAS sensors is replaced or removed and refitted (R&I),
 *   and when a windshield with a camera is replaced.
 * - Polish is detail work, at the detail rate; a Polish line is never charged below $75 and a
 *   Repair line never below $50 (the line's `minimumChargeCents` says when the minimum applied).
 * - EV/hybrid: +30 % of body and mechanical labor hours (one line per labor type).
 * - Sales tax on parts and paint materials only (labor and sublet invoices are not taxed here).
 * Hours are rounded to 0.1 h per line, money to the cent per line (../money.ts).
 */
import { FEES, LOST_INCOME_RULE } from "~/domain/marketplace-rules";
import { formatSize } from "~/domain/units";
import {
  formatCents,
  formatNumber,
  formatRange,
  percentOfCents,
  roundToCents,
  type Cents,
} from "~/domain/money";

/** Kept here too: callers of the engine format its ranges with it. */
export { formatRange };
import { InvalidInputError, type FieldErrors } from "~/domain/validation";
import {
  RATE_FIELDS,
  RATE_OVERRIDE_LIMITS,
  RATE_SOURCES,
  type PdrBand,
  type RateCard,
  type RepairChoice,
} from "./rate-card";
import {
  aluminumBodyOf,
  aluminumBodyText,
  aluminumPanelsOf,
  hasTeslaFenderCamera,
  interiorMaterialOf,
  interiorMaterialText,
  panelLabel,
  refinishHoursFor,
  replacementFor,
  type PanelReplacement,
} from "./body-profile";
import { CLEANING_DAMAGE_TYPES, interiorWork } from "./interior";
import { decideReplaceOrRepair } from "./replace-or-repair";
import {
  ADAS_SENSOR_LABELS,
  blendTargets,
  DAMAGE_TYPES,
  HAIL_DENT_SIZES,
  panelExistsOn,
  panelOrder,
  PANELS,
  PRICE_CLASS_LABELS,
  type AdasSensor,
  type Finding,
  type HailDetail,
  type InteriorMaterial,
  type PanelId,
  type PanelKind,
  type Severity,
  type Vehicle,
} from "./taxonomy";
import { FindingSchema, VehicleSchema } from "./finding-schema";

// ─── Types ──────────────────────────────────────────────────────────────────────────────────────

export const OPERATIONS = [
  "Replace",
  "Part",
  "Repair",
  "PDR",
  "R&I",
  "Refinish",
  "Blend",
  "Polish",
  "Wheel repair",
  "Clean",
  "Odor treatment",
  "Pet hair removal",
  "Calibration",
  "Clear coat",
  "Tri-coat",
  "EV adjustment",
  "Paint materials",
  "Tax",
] as const;
export type Operation = (typeof OPERATIONS)[number];

export const LINE_CATEGORIES = ["labor", "paint", "parts", "materials", "sublet", "tax"] as const;
export type LineCategory = (typeof LINE_CATEGORIES)[number];

/** Which labor rate a line's hours are charged at. */
export type RateType = "body" | "refinish" | "mechanical";

export interface EstimateLine {
  /** "line-1", "line-2"… in estimate order. */
  id: string;
  /** The finding this line comes from; null for estimate-wide lines (clear coat, tax…). */
  findingId: string | null;
  panel: PanelId | null;
  operation: Operation;
  /** Plain-language line text: "Refinish left front door". */
  description: string;
  /** Labor hours (or, on the paint-materials line, the refinish hours it is priced on). */
  hours?: number;
  rateType?: RateType;
  /** The hourly rate (or the materials rate per refinish hour). */
  rateCents?: Cents;
  partCents?: Cents;
  amountCents: Cents;
  category: LineCategory;
  /** The arithmetic behind the amount: "2.5 h × $67.64/h", "part $350", "sublet $300". */
  formula: string;
  /**
   * Set when the line is charged the operation's minimum (hours × rate came to less): then
   * amountCents = this, otherwise amountCents = hours × rate, rounded to the cent.
   */
  minimumChargeCents?: Cents;
  /** On a damaged panel that could be repaired or replaced: which was chosen and why. */
  decision?: RepairDecision;
}

/** Replace or repair, with the reason in words ("repaired: 2.5 h of repair ($160) is 19 % …"). */
export interface RepairDecision {
  chosen: "replace" | "repair";
  reason: string;
}

export interface EstimateOptions {
  /** What the caller assumed about the vehicle, listed first among the estimate's assumptions. */
  assumptions?: readonly string[];
  /**
   * When the repair starts ("YYYY-MM-DD"), for counting the weekends inside it. Default: a
   * Monday, as the marketplace assumes.
   */
  repairStartDate?: string;
}

export interface EstimateInput {
  vehicle: Vehicle;
  findings: Finding[];
  rateCard: RateCard;
  options?: EstimateOptions;
}

export interface LostIncomeDays {
  /** Labor hours ÷ 4, rounded up. */
  workingDays: number;
  /** Saturdays and Sundays between the first and the last working day. */
  weekendDays: number;
  /** workingDays + weekendDays. */
  days: number;
}

export interface Estimate {
  vehicle: Vehicle;
  /** The findings as priced: validated and in estimate order. */
  findings: Finding[];
  region: RateCard["region"];
  ratesAsOf: string;
  lines: EstimateLine[];
  subtotals: Record<LineCategory, Cents>;
  totalCents: Cents;
  /** Whole dollars, never above the total. */
  lowCents: Cents;
  /** Whole dollars, never below the total. */
  highCents: Cents;
  /** "$729–986". */
  rangeDisplay: string;
  range: {
    /** Amount-weighted severity + (1 − confidence) spread, U. */
    uncertaintyFraction: number;
    /** Amount-weighted hidden-damage allowance, H. */
    hiddenDamageFraction: number;
    /** The formula with these numbers, for a "how we got this" note. */
    formula: string;
  };
  /** Body + refinish + mechanical hours (incl. blend, clear coat, EV adjustment). */
  laborHours: number;
  hoursByRate: Record<RateType, number>;
  /** Business days the car is likely in the shop. */
  repairDays: number;
  lostIncome: LostIncomeDays;
  /** Days of lost hosting income by the marketplace's rule (= lostIncome.days). */
  lostIncomeDays: number;
  /** What could make the real bill higher, in plain language. */
  costRaisers: string[];
  /** What the estimate assumed, in plain language. */
  assumptions: string[];
  /**
   * Notes on single findings, by finding id (only findings that have one): why a dent can't be
   * repaired paintlessly, which matrix cell priced the hail, which sensor was assumed. Estimates
   * frozen before this field existed don't have it.
   */
  findingNotes: Record<string, string[]>;
  adas: { hasAdas: boolean; assumed: boolean };
}

// ─── Range model ────────────────────────────────────────────────────────────────────────────────

/**
 * The low–high range around the total (T):
 *
 *   per finding f with line amounts A_f:
 *     u_f = severitySpread[severity] + confidenceSpread × (1 − confidence)
 *     h_f = hiddenDamage[panel kind][severity]
 *   U = Σ A_f·u_f ÷ Σ A_f,  H = Σ A_f·h_f ÷ Σ A_f   (amount-weighted means; 0 without findings)
 *   low  = T × (1 − lowShare × U), rounded DOWN to whole dollars
 *   high = T × (1 + U + H),        rounded UP to whole dollars
 *
 * The range leans upward (only half the spread below, hidden damage only above) because photo
 * estimates come in low: supplements average more than 50 % of the first estimate (Mitchell
 * 2018), hence the 0.5 allowance for a severely damaged bumper. Lines without a finding (clear
 * coat, materials, tax) move with T. U ≤ 0.8, so low ≥ 0.6 T ≥ 0.
 */
export const RANGE_MODEL = {
  severitySpread: { minor: 0.1, moderate: 0.2, severe: 0.3 },
  confidenceSpread: 0.5,
  lowShare: 0.5,
  hiddenDamage: {
    bumper: { minor: 0.05, moderate: 0.25, severe: 0.5 },
    "sheet-metal": { minor: 0, moderate: 0.1, severe: 0.25 },
    lamp: { minor: 0, moderate: 0.05, severe: 0.15 },
    mirror: { minor: 0, moderate: 0.05, severe: 0.15 },
    trim: { minor: 0, moderate: 0.05, severe: 0.15 },
    wheel: { minor: 0, moderate: 0.05, severe: 0.25 },
    glass: { minor: 0, moderate: 0, severe: 0 },
    interior: { minor: 0, moderate: 0, severe: 0 },
  },
} as const satisfies {
  severitySpread: Record<Severity, number>;
  confidenceSpread: number;
  lowShare: number;
  hiddenDamage: Record<PanelKind, Record<Severity, number>>;
};

/** Findings below this confidence get a "low confidence" cost raiser. */
export const LOW_CONFIDENCE = 0.6;

// ─── Lost-income days ───────────────────────────────────────────────────────────────────────────

function parseIsoDateUtc(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? ms : null;
}

/**
 * Days of lost hosting income by the marketplace's rule, defined precisely:
 * - working days W = labor hours ÷ 4, rounded up (0 hours → 0 days; float noise removed, so
 *   12.000000000000002 h is 3 days);
 * - the repair runs on W consecutive weekdays (Mon–Fri) starting on `repairStartDate`, or on the
 *   following Monday if that is a Saturday or Sunday; default start: a Monday;
 * - weekend days = the Saturdays and Sundays strictly between the first and the last working
 *   day (a weekend before the work starts or after it ends is not counted);
 * - days = W + weekend days.
 * From a Monday this is W + 2 × ⌊(W − 1) ÷ 5⌋, the same as protection-plan.ts: 25 h → 7 + 2 = 9.
 * Public holidays are not considered.
 */
export function countLostIncomeDays(laborHours: number, repairStartDate?: string): LostIncomeDays {
  if (!Number.isFinite(laborHours) || laborHours < 0) {
    throw new RangeError("Labor hours must be a finite number of at least 0.");
  }
  const { laborHoursPerDay } = LOST_INCOME_RULE;
  const workingDays = Math.ceil(Number((laborHours / laborHoursPerDay).toPrecision(12)));
  let weekday = 1; // 0 = Sunday … 6 = Saturday
  if (repairStartDate !== undefined) {
    const ms = parseIsoDateUtc(repairStartDate);
    if (ms === null)
      throw new RangeError(`Not a calendar date (YYYY-MM-DD): "${repairStartDate}".`);
    weekday = new Date(ms).getUTCDay();
  }
  if (workingDays === 0) return { workingDays: 0, weekendDays: 0, days: 0 };
  if (weekday === 6) weekday = 1;
  if (weekday === 0) weekday = 1;
  let remaining = workingDays - 1;
  let weekendDays = 0;
  while (remaining > 0) {
    weekday = (weekday + 1) % 7;
    if (weekday === 6 || weekday === 0) weekendDays += 1;
    else remaining -= 1;
  }
  return { workingDays, weekendDays, days: workingDays + weekendDays };
}

// ─── Helpers ────────────────────────────────────────────────────────────────────────────────────

/** Hours to one decimal, as labor guides write them (float noise removed first). */
export function roundHours(hours: number): number {
  return Math.round(Number((hours * 10).toPrecision(12))) / 10;
}

function hoursText(hours: number): string {
  return `${formatNumber(hours, 1)} h`;
}

function lower(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** Sizes in estimate lines and notes are written in inches: the report is for US shops and adjusters. */
function inches(sizeCm: number): string {
  return formatSize(sizeCm, "us");
}

function findingText(finding: Finding): string {
  const size = finding.sizeCm !== undefined ? `, ${inches(finding.sizeCm)}` : "";
  return `${finding.severity} ${lower(DAMAGE_TYPES[finding.damageType].label)}${size}`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type Component = "main" | "tire" | "glass" | "none";

interface LineDraft {
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

interface FindingPlan {
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

interface Context {
  vehicle: Vehicle;
  rateCard: RateCard;
  hasAdas: boolean;
  adasAssumed: boolean;
  /** Aluminum panels: the host's list plus a known aluminum body's (see body-profile.ts). */
  aluminum: ReadonlySet<PanelId>;
  interiorMaterial: InteriorMaterial;
}

function hasSensors(panelId: PanelId, context: Context): boolean {
  if (panelId === "windshield") {
    return context.vehicle.sensorPanels?.includes("windshield") ?? context.hasAdas;
  }
  return context.vehicle.sensorPanels?.includes(panelId) ?? false;
}

function inferAdas(vehicle: Vehicle, rateCard: RateCard): { hasAdas: boolean; assumed: boolean } {
  if (vehicle.hasAdas !== undefined) return { hasAdas: vehicle.hasAdas, assumed: false };
  if (vehicle.sensorPanels && vehicle.sensorPanels.length > 0) {
    return { hasAdas: true, assumed: false };
  }
  const rule = rateCard.tables.adasAssumption.value;
  return {
    hasAdas: vehicle.year >= rule.fromModelYear || rule.priceClasses.includes(vehicle.priceClass),
    assumed: true,
  };
}

function labor(
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

function part(finding: Finding, description: string, partCents: Cents): LineDraft {
  return {
    findingId: finding.id,
    panel: finding.panel,
    operation: "Part",
    description,
    category: "parts",
    partCents,
  };
}

function sublet(
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

function plan(finding: Finding, fields: Partial<Omit<FindingPlan, "finding">>): FindingPlan {
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

function pdrBandFor(finding: Finding, context: Context): PdrBand | null {
  if (finding.severity === "severe") return null;
  const pdr = context.rateCard.tables.pdr.value;
  if (finding.sizeCm === undefined) {
    return finding.severity === "minor"
      ? (pdr.bands.find((band) => band.id === pdr.unknownSizeBand) ?? null)
      : null;
  }
  const size = finding.sizeCm;
  return pdr.bands.find((band) => size <= band.maxSizeCm) ?? null;
}

function money(cents: Cents): string {
  return formatCents(cents, { trimWholeDollars: true });
}

// ─── Finding → plan ─────────────────────────────────────────────────────────────────────────────

function planFromRepairChoice(
  finding: Finding,
  choice: RepairChoice,
  context: Context,
  replacePlan: () => FindingPlan,
): FindingPlan {
  const label = panelLabel(finding.panel, context.vehicle);
  if (choice === "replace") return replacePlan();
  if (choice === "polish") {
    const tables = context.rateCard.tables;
    const hours = tables.polishHours.value[finding.damageType];
    if (hours === undefined) throw new Error(`No polish time for ${finding.damageType}`);
    return plan(finding, {
      drafts: [
        {
          ...labor(
            finding,
            finding.panel,
            "Polish",
            `Polish out ${findingText(finding)} on ${lower(label)} (detail rate)`,
            hours,
            "refinish",
          ),
          rateCents: tables.detailLaborCentsPerHour.value,
        },
      ],
    });
  }
  return plan(finding, {
    drafts: [
      labor(
        finding,
        finding.panel,
        "Repair",
        `Repair ${lower(label)} (${findingText(finding)})`,
        choice.hours,
      ),
    ],
    refinish: choice.refinish,
    removeAndInstall: choice.removeAndInstall,
  });
}

/** "16–30 quarter-size dents": a matrix cell in words. */
function hailCellText(detail: HailDetail): string {
  return `${detail.dentCount.replace("-", "–")} ${detail.dentSize}-size dents`;
}

/**
 * Hail on one panel: paintless repair priced from the matrix (count band × dent size, horizontal
 * or vertical panel), + each oversize dent, + the aluminum mark-up; R&I for access where the
 * panel needs it (headliner under the roof). Past the matrix ("CR") the panel gets conventional
 * repair and refinish instead, and the finding says so.
 */
function planHail(finding: Finding, context: Context): FindingPlan {
  const tables = context.rateCard.tables;
  const label = lower(panelLabel(finding.panel, context.vehicle));
  const notes: string[] = [];
  const detail = finding.hail ?? tables.hailDefaultCell.value[finding.severity];
  if (!finding.hail) {
    notes.push(
      `The dents weren't counted: priced as ${hailCellText(detail)} (typical for ${finding.severity} hail). Count them per panel for the matrix price.`,
    );
  }
  const matrix = tables.hailMatrix.value;
  const horizontal = matrix.horizontalPanels.includes(finding.panel);
  const cell =
    matrix[horizontal ? "horizontal" : "vertical"][detail.dentCount][
      HAIL_DENT_SIZES.indexOf(detail.dentSize)
    ];
  if (cell === null || cell === undefined) {
    notes.push(
      `${hailCellText(detail)} on the ${label} is past what the hail matrix prices for paintless repair (it says conventional repair): priced as body repair and refinish.`,
    );
    // Priced like a severe dent: conventional repair + refinish.
    const severe = tables.sheetMetalRepair.value.dent?.severe;
    if (!severe) throw new Error("No severe dent repair time");
    const conventional = planFromRepairChoice(finding, severe, context, () => {
      throw new Error("Hail is repaired, not replaced");
    });
    return { ...conventional, notes };
  }
  const aluminum = context.aluminum.has(finding.panel);
  const uplift = tables.hailAluminumUpliftPercent.value;
  const oversize = detail.oversizeDents ?? 0;
  const oversizeCents = oversize * tables.hailOversizeDentCents.value;
  const price = roundToCents((aluminum ? cell * (1 + uplift / 100) : cell) + oversizeCents);
  const extras = [
    aluminum ? ` + ${formatNumber(uplift, 1)} % for aluminum` : "",
    oversize > 0
      ? ` + ${oversize} oversize ${oversize === 1 ? "dent" : "dents"} × ${money(tables.hailOversizeDentCents.value)}`
      : "",
  ].join("");
  const drafts: LineDraft[] = [
    sublet(
      finding,
      "PDR",
      `Paintless hail repair, ${label}: ${hailCellText(detail)}, matrix ${money(cell)} (${horizontal ? "horizontal" : "vertical"} panel)${extras}`,
      price,
    ),
  ];
  const access = tables.hailAccessHours.value[finding.panel];
  if (access) {
    drafts.push(
      labor(
        finding,
        finding.panel,
        "R&I",
        `Remove and refit ${access.what} for hail repair access`,
        access.hours,
      ),
    );
  }
  return plan(finding, { drafts, notes });
}

/**
 * A dent that can't be repaired paintlessly (cracked paint, too large, severe): body hours by
 * size (the severity's hours as a floor), longer on panels without back access; a bolt-on panel
 * with a dent past the replacement threshold is replaced.
 */
function planConventionalDent(finding: Finding, context: Context): FindingPlan {
  const tables = context.rateCard.tables;
  const rules = tables.dentRepair.value;
  const label = lower(panelLabel(finding.panel, context.vehicle));
  const notes: string[] = [];
  if (finding.paintCracked) {
    notes.push(
      "The paint over this dent is cracked, so it can't be repaired paintlessly: priced as a conventional repair and refinish.",
    );
  }
  const floor = tables.sheetMetalRepair.value.dent?.[finding.severity];
  if (!floor || typeof floor !== "object") throw new Error("No dent repair time");
  const size = finding.sizeCm;
  const replacement = replacementFor(finding.panel, context.vehicle, tables);
  if (size !== undefined && size > rules.replaceAboveCm && replacement && !replacement.welded) {
    notes.push(
      `A dent this large (${inches(size)}, over ${inches(rules.replaceAboveCm)}) is priced as a new panel: repairing it would take about as long and cost more.`,
    );
    return replacementPlan(
      finding,
      replacement,
      context,
      {
        chosen: "replace",
        reason: `replaced: a dent over ${inches(rules.replaceAboveCm)} takes about as long to repair as to fit a new panel`,
      },
      notes,
    );
  }
  const bySize =
    size === undefined ? 0 : (rules.hoursBySize.find((band) => size <= band.maxSizeCm)?.hours ?? 0);
  const limited = rules.limitedAccessPanels.includes(finding.panel);
  const base = Math.max(floor.hours, bySize);
  const hours = limited ? base * rules.limitedAccessMultiplier : base;
  const why = [
    size !== undefined && bySize > floor.hours ? `${hoursText(bySize)} for its size` : "",
    limited ? `× ${formatNumber(rules.limitedAccessMultiplier, 2)}: no access from behind` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return plan(finding, {
    drafts: [
      labor(
        finding,
        finding.panel,
        "Repair",
        `Repair ${label} (${findingText(finding)}${finding.paintCracked ? ", paint cracked" : ""})${why ? `: ${why}` : ""}`,
        hours,
      ),
    ],
    refinish: floor.refinish,
    removeAndInstall: floor.removeAndInstall,
    notes,
  });
}

/**
 * Aluminum panels in conventional work: repair hours × the multiplier, and repair and replace
 * labor at the aluminum specialist's rate (body rate × ratio).
 */
function withAluminum(result: FindingPlan, context: Context): FindingPlan {
  if (!context.aluminum.has(result.finding.panel)) return result;
  const tables = context.rateCard.tables;
  const { hoursMultiplier, specialistRateRatio } = tables.aluminumRepair.value;
  const rateCents = roundToCents(context.rateCard.bodyLaborCentsPerHour * specialistRateRatio);
  const drafts = result.drafts.map((draft): LineDraft => {
    if (
      draft.rateType !== "body" ||
      (draft.operation !== "Repair" && draft.operation !== "Replace")
    )
      return draft;
    const repair = draft.operation === "Repair";
    return {
      ...draft,
      description: `${draft.description} (aluminum${repair ? `: × ${formatNumber(hoursMultiplier, 2)} time` : ""}, specialist rate)`,
      hours: repair ? roundHours((draft.hours ?? 0) * hoursMultiplier) : draft.hours,
      rateCents,
    };
  });
  return { ...result, drafts };
}

/**
 * A mirror that carries a camera (around-view) is replaced with its camera: a broken housing
 * takes the camera with it, so the new mirror needs one fitted (its calibration follows).
 */
function mirrorCameraDrafts(finding: Finding, context: Context): LineDraft[] {
  if (!hasSensors(finding.panel, context)) return [];
  const spec = context.rateCard.tables.sensors.value["side camera"];
  const priceClass = context.vehicle.priceClass;
  return [
    labor(
      finding,
      finding.panel,
      "Replace",
      `Fit the around-view camera to the new ${lower(panelLabel(finding.panel, context.vehicle))}`,
      spec.hours,
    ),
    part(
      finding,
      `${ADAS_SENSOR_LABELS["side camera"]}, ${lower(PRICE_CLASS_LABELS[priceClass])}`,
      spec.partCents[priceClass],
    ),
  ];
}

/** A new bolt-on panel: fitting labor (moving the small parts over), the part, then refinish. */
function replacementPlan(
  finding: Finding,
  replacement: PanelReplacement,
  context: Context,
  decision: RepairDecision,
  notes: string[] = [],
): FindingPlan {
  const label = lower(panelLabel(finding.panel, context.vehicle));
  return plan(finding, {
    replaces: true,
    refinish: true,
    calibrateIfSensors: replacement.calibrate,
    drafts: [
      {
        ...labor(
          finding,
          finding.panel,
          "Replace",
          `Replace ${label} (${findingText(finding)}): ${replacement.transferText}; ${decision.reason}`,
          replacement.hours,
        ),
        decision,
      },
      part(finding, replacement.partText, replacement.partCents),
      ...(replacement.welded ? sectioningAccess(finding, context) : []),
    ],
    notes,
  });
}

/** Sectioning a quarter panel takes the rear bumper cover off to reach the lower seams. */
function sectioningAccess(finding: Finding, context: Context): LineDraft[] {
  const hours = context.rateCard.tables.removeAndInstallHours.value["rear-bumper"];
  if (hours === undefined) return [];
  return [
    labor(
      finding,
      finding.panel,
      "R&I",
      `Remove and refit the rear bumper cover to section the ${lower(panelLabel(finding.panel, context.vehicle))}`,
      hours,
    ),
  ];
}

/**
 * Replace or repair a bolt-on sheet-metal panel whose plan repairs it (see replace-or-repair.ts):
 * the repair line says why it was kept, or the plan becomes a new panel that says why.
 */
function withReplaceOrRepair(result: FindingPlan, context: Context): FindingPlan {
  const { finding } = result;
  if (result.replaces || (finding.damageType !== "dent" && finding.damageType !== "crack")) {
    return result;
  }
  const repairDrafts = result.drafts.filter((draft) => draft.operation === "Repair");
  const replacement = replacementFor(finding.panel, context.vehicle, context.rateCard.tables);
  if (repairDrafts.length === 0 || !replacement) return result;
  const body = context.rateCard.bodyLaborCentsPerHour;
  const rateCents = repairDrafts[0]?.rateCents ?? body;
  const decision = decideReplaceOrRepair({
    repairHours: roundHours(repairDrafts.reduce((sum, draft) => sum + (draft.hours ?? 0), 0)),
    repairRateCents: rateCents,
    replacement,
    replaceRateCents: rateCents,
    torn: finding.damageType === "crack" && finding.severity === "severe",
    rule: context.rateCard.tables.replaceOrRepair.value,
  });
  const chosen: RepairDecision = { chosen: decision.choice, reason: decision.reason };
  if (decision.choice === "replace") {
    return withAluminum(
      replacementPlan(finding, replacement, context, chosen, result.notes),
      context,
    );
  }
  return {
    ...result,
    drafts: result.drafts.map((draft) =>
      draft.operation === "Repair"
        ? { ...draft, description: `${draft.description}; ${decision.reason}`, decision: chosen }
        : draft,
    ),
  };
}

/**
 * A damaged camera or sensor: replace it (labor + part by class), paint it if it is body-colored,
 * take the bumper cover off to reach it where needed (R&I, written once per panel), and calibrate
 * it the way its maker requires (static or dynamic).
 */
function planSensor(finding: Finding, context: Context): FindingPlan {
  const tables = context.rateCard.tables;
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
  const priceClass = context.vehicle.priceClass;
  const name = lower(ADAS_SENSOR_LABELS[sensor]);
  const drafts: LineDraft[] = [
    labor(
      finding,
      finding.panel,
      "Replace",
      `Replace damaged ${name} on ${lower(info.label)} (${findingText(finding)})`,
      spec.hours,
    ),
    part(
      finding,
      `${ADAS_SENSOR_LABELS[sensor]}, ${lower(PRICE_CLASS_LABELS[priceClass])}`,
      spec.partCents[priceClass],
    ),
  ];
  if (spec.refinishHours > 0) {
    drafts.push(
      labor(
        finding,
        finding.panel,
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

function planFinding(finding: Finding, context: Context): FindingPlan {
  const { vehicle, rateCard } = context;
  const tables = rateCard.tables;
  const priceClass = vehicle.priceClass;
  const classLabel = lower(PRICE_CLASS_LABELS[priceClass]);
  const info = PANELS[finding.panel];
  const label = panelLabel(finding.panel, vehicle);
  const replaceHours = tables.replaceHours.value;
  const parts = tables.parts;

  /** A missing or broken trim piece (`what`): fitted new, at the trim-part hours and price. */
  const replaceTrimPiece = (what: string, partName: string) =>
    plan(finding, {
      component: "none",
      drafts: [
        labor(
          finding,
          finding.panel,
          "Replace",
          `Replace missing or broken ${what} on ${lower(label)}`,
          replaceHours.trimPart,
        ),
        part(finding, `${partName} (${classLabel})`, parts.trimPart.value[priceClass]),
      ],
    });

  if (finding.damageType === "sensor-damage") return planSensor(finding, context);

  switch (info.kind) {
    case "sheet-metal": {
      if (finding.damageType === "missing-part") {
        return replaceTrimPiece("moulding/emblem", "Moulding or emblem");
      }
      if (finding.damageType === "hail") return withAluminum(planHail(finding, context), context);
      if (finding.damageType === "dent") {
        const band = finding.paintCracked ? null : pdrBandFor(finding, context);
        if (band) {
          const aluminum = context.aluminum.has(finding.panel);
          const uplift = tables.pdr.value.aluminumUpliftPercent;
          const midpoint = (band.lowCents + band.highCents) / 2;
          const price = roundToCents(aluminum ? midpoint * (1 + uplift / 100) : midpoint);
          const size = finding.sizeCm !== undefined ? inches(finding.sizeCm) : "size not measured";
          const aluminumText = aluminum ? ` + ${formatNumber(uplift, 1)} % for aluminum` : "";
          return plan(finding, {
            drafts: [
              sublet(
                finding,
                "PDR",
                `Paintless dent repair, ${lower(label)}: ${band.label} dent (${size}), midpoint of ${formatRange(band.lowCents, band.highCents)}${aluminumText}`,
                price,
              ),
            ],
            pdr: { band, sizeKnown: finding.sizeCm !== undefined },
          });
        }
        return withReplaceOrRepair(
          withAluminum(planConventionalDent(finding, context), context),
          context,
        );
      }
      const choice = tables.sheetMetalRepair.value[finding.damageType]?.[finding.severity];
      if (!choice) throw new Error(`No sheet-metal rule for ${finding.damageType}`);
      return withReplaceOrRepair(
        withAluminum(
          planFromRepairChoice(finding, choice, context, () => {
            throw new Error("Sheet-metal panels are repaired here");
          }),
          context,
        ),
        context,
      );
    }

    case "bumper": {
      const front = finding.panel === "front-bumper";
      const replaceBumper = () =>
        plan(finding, {
          replaces: true,
          refinish: true,
          calibrateIfSensors: true,
          drafts: [
            labor(
              finding,
              finding.panel,
              "Replace",
              `Replace ${lower(label)} cover (${findingText(finding)})`,
              front ? replaceHours.frontBumperCover : replaceHours.rearBumperCover,
            ),
            part(
              finding,
              `${label} cover, ${classLabel} (${priceClass === "economy" ? "aftermarket" : "OEM"})`,
              parts.bumperCover.value[priceClass],
            ),
          ],
        });
      if (finding.damageType === "missing-part") {
        return replaceTrimPiece("bracket/trim", "Bumper bracket or trim");
      }
      const choice = tables.bumperRepair.value[finding.damageType]?.[finding.severity];
      if (!choice) throw new Error(`No bumper rule for ${finding.damageType}`);
      return planFromRepairChoice(finding, choice, context, replaceBumper);
    }

    case "glass": {
      if (finding.panel === "windshield") {
        if (finding.severity === "minor") {
          return plan(finding, {
            drafts: [
              sublet(
                finding,
                "Repair",
                `Windshield chip repair (${findingText(finding)})`,
                tables.windshieldChipRepairCents.value,
              ),
            ],
          });
        }
        const camera = hasSensors("windshield", context);
        const prices = tables.windshieldCents.value;
        return plan(finding, {
          replaces: true,
          calibrateIfSensors: true,
          drafts: [
            sublet(
              finding,
              "Replace",
              `Replace windshield, installed (${findingText(finding)}; ${camera ? "with ADAS camera bracket" : "no ADAS camera"}, ${classLabel})`,
              (camera ? prices.withAdas : prices.withoutAdas)[priceClass],
            ),
          ],
        });
      }
      const price = (finding.panel === "rear-glass" ? tables.rearGlassCents : tables.sideGlassCents)
        .value[priceClass];
      return plan(finding, {
        replaces: true,
        drafts: [
          sublet(
            finding,
            "Replace",
            `Replace ${lower(label)}, installed (${findingText(finding)})`,
            price,
          ),
        ],
      });
    }

    case "lamp": {
      const surface = finding.damageType === "scratch" || finding.damageType === "scuff";
      if (surface && finding.severity !== "severe") {
        return planFromRepairChoice(finding, "polish", context, () => plan(finding, {}));
      }
      const headlamp = finding.panel.startsWith("headlamp");
      const fog = finding.panel.startsWith("fog-lamp");
      const basicLamps = priceClass === "economy" || priceClass === "mid";
      const headlampType = vehicle.headlampType ?? (basicLamps ? "halogen" : "led");
      const taillampType = vehicle.taillampType ?? (basicLamps ? "bulb" : "led");
      const headlampParts = {
        halogen: ["halogen", parts.headlampHalogen],
        hid: ["HID xenon", parts.headlampHid],
        led: ["LED", parts.headlampLed],
        "adaptive-led": ["adaptive LED", parts.headlampAdaptiveLed],
      } as const;
      const [partLabel, price, hours] = headlamp
        ? [
            `Headlamp assembly, ${headlampParts[headlampType][0]} (${classLabel})`,
            headlampParts[headlampType][1].value[priceClass],
            replaceHours.headlamp,
          ]
        : fog
          ? [`Fog lamp (${classLabel})`, parts.fogLamp.value[priceClass], replaceHours.fogLamp]
          : [
              `Taillamp assembly${taillampType === "led" ? ", LED" : ""} (${classLabel})`,
              (taillampType === "led" ? parts.taillampLed : parts.taillamp).value[priceClass],
              replaceHours.taillamp,
            ];
      const drafts = [
        labor(
          finding,
          finding.panel,
          "Replace",
          `Replace ${lower(label)} (${findingText(finding)})`,
          hours,
        ),
        part(finding, partLabel, price),
      ];
      if (headlamp && headlampType === "adaptive-led") {
        drafts.push(
          labor(
            finding,
            finding.panel,
            "Calibration",
            `Aim and initialize the new adaptive headlamp (scan tool)`,
            tables.adaptiveHeadlampAimHours.value,
          ),
        );
      }
      return plan(finding, { replaces: true, drafts });
    }

    case "mirror": {
      const replaceMirror = () =>
        plan(finding, {
          replaces: true,
          refinish: true,
          calibrateIfSensors: true,
          drafts: [
            labor(
              finding,
              finding.panel,
              "Replace",
              `Replace ${lower(label)} assembly (${findingText(finding)})`,
              replaceHours.mirror,
            ),
            part(finding, `Mirror assembly, ${classLabel}`, parts.mirror.value[priceClass]),
            ...mirrorCameraDrafts(finding, context),
          ],
        });
      if (finding.damageType === "glass-damage") {
        return plan(finding, {
          component: "glass",
          replaces: true,
          drafts: [
            labor(
              finding,
              finding.panel,
              "Replace",
              `Replace ${lower(label)} glass (${findingText(finding)})`,
              replaceHours.mirrorGlass,
            ),
            part(finding, `Mirror glass, ${classLabel}`, parts.mirrorGlass.value[priceClass]),
          ],
        });
      }
      const paintDamage =
        finding.damageType === "scratch" ||
        finding.damageType === "scuff" ||
        finding.damageType === "paint-chip";
      if (paintDamage && finding.severity === "minor") {
        return planFromRepairChoice(finding, "polish", context, replaceMirror);
      }
      if (paintDamage && finding.severity === "moderate") {
        return planFromRepairChoice(
          finding,
          {
            hours: context.rateCard.tables.mirrorCapRepairHours.value,
            refinish: true,
            removeAndInstall: false,
          },
          context,
          replaceMirror,
        );
      }
      return replaceMirror();
    }

    case "trim": {
      const paintDamage =
        finding.damageType === "scratch" ||
        finding.damageType === "scuff" ||
        finding.damageType === "paint-chip";
      if (paintDamage && finding.severity === "minor") {
        return planFromRepairChoice(finding, "polish", context, () => plan(finding, {}));
      }
      return plan(finding, {
        replaces: true,
        calibrateIfSensors: true,
        drafts: [
          labor(
            finding,
            finding.panel,
            "Replace",
            `Replace ${lower(label)} (${findingText(finding)})`,
            replaceHours.grille,
          ),
          part(finding, `Grille, ${classLabel}`, parts.grille.value[priceClass]),
        ],
      });
    }

    case "wheel": {
      const mechanical = tables.mechanicalHours.value;
      switch (finding.damageType) {
        case "wheel-curb-rash":
          return plan(finding, {
            drafts: [
              sublet(
                finding,
                "Wheel repair",
                `Refinish curb-rashed wheel, ${lower(label)} (${findingText(finding)})`,
                tables.wheelRepairCents.value[finding.severity],
              ),
            ],
          });
        case "crack":
          return plan(finding, {
            replaces: true,
            drafts: [
              labor(
                finding,
                finding.panel,
                "Replace",
                `Replace cracked wheel, ${lower(label)}: mount, balance, move TPMS sensor`,
                mechanical.mountWheel,
                "mechanical",
              ),
              part(finding, `Alloy wheel, ${classLabel}`, parts.wheel.value[priceClass]),
            ],
          });
        case "tire-damage":
          if (finding.severity === "minor") {
            return plan(finding, {
              component: "tire",
              drafts: [
                sublet(
                  finding,
                  "Repair",
                  `Plug and patch tire, ${lower(label)} (${findingText(finding)})`,
                  tables.tireRepairCents.value,
                ),
              ],
            });
          }
          return plan(finding, {
            component: "tire",
            replaces: true,
            drafts: [
              labor(
                finding,
                finding.panel,
                "Replace",
                `Replace tire, ${lower(label)}: mount and balance (${findingText(finding)})`,
                mechanical.mountTire,
                "mechanical",
              ),
              part(finding, `Tire, ${classLabel}`, parts.tire.value[priceClass]),
            ],
          });
        default:
          return plan(finding, {
            component: "none",
            drafts: [
              part(finding, `Wheel center cap, ${classLabel}`, parts.centerCap.value[priceClass]),
            ],
          });
      }
    }

    case "interior": {
      const text = findingText(finding);
      const work = interiorWork(finding, context.interiorMaterial, text, rateCard);
      if (work) {
        return plan(finding, {
          component: "none",
          drafts: [sublet(finding, work.operation, work.description, work.cents)],
          notes: work.floorNote ? [work.floorNote] : [],
        });
      }
      switch (finding.damageType) {
        default:
          return plan(finding, {
            component: "none",
            drafts: [
              labor(
                finding,
                finding.panel,
                "Replace",
                `Replace missing or broken interior part (${text})`,
                replaceHours.interiorPart,
              ),
              part(
                finding,
                `Interior trim part, ${classLabel}`,
                parts.interiorPart.value[priceClass],
              ),
            ],
          });
      }
    }
  }
}

// ─── Validation ─────────────────────────────────────────────────────────────────────────────────

function zodErrors(prefix: string, issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}

function validateInput(input: EstimateInput): {
  vehicle: Vehicle;
  findings: Finding[];
} {
  let errors: FieldErrors = {};
  const vehicleResult = VehicleSchema.safeParse(input.vehicle);
  if (!vehicleResult.success)
    errors = { ...errors, ...zodErrors("vehicle", vehicleResult.error.issues) };

  const findings: Finding[] = [];
  if (!Array.isArray(input.findings)) {
    errors.findings = "Findings must be a list.";
  } else {
    const seen = new Set<string>();
    input.findings.forEach((raw, index) => {
      const result = FindingSchema.safeParse(raw);
      if (!result.success) {
        errors = { ...errors, ...zodErrors(`findings.${index}`, result.error.issues) };
        return;
      }
      const finding = result.data;
      if (seen.has(finding.id)) {
        errors[`findings.${index}.id`] = `Finding id "${finding.id}" is used twice.`;
      }
      seen.add(finding.id);
      if (vehicleResult.success && !panelExistsOn(finding.panel, vehicleResult.data.bodyType)) {
        errors[`findings.${index}.panel`] =
          `A ${vehicleResult.data.bodyType} has no ${lower(PANELS[finding.panel].label)}.`;
      }
      for (const [spanIndex, spanned] of (finding.spansPanels ?? []).entries()) {
        if (vehicleResult.success && !panelExistsOn(spanned, vehicleResult.data.bodyType)) {
          errors[`findings.${index}.spansPanels.${spanIndex}`] =
            `A ${vehicleResult.data.bodyType} has no ${lower(PANELS[spanned].label)}.`;
        }
      }
      findings.push(finding);
    });
  }

  for (const field of RATE_FIELDS) {
    const value = input.rateCard?.[field];
    const rule = RATE_OVERRIDE_LIMITS[field];
    if (
      typeof value !== "number" ||
      !Number.isFinite(value) ||
      value < rule.min ||
      value > rule.max
    ) {
      errors[`rateCard.${field}`] = `${rule.label} is missing or out of range.`;
    }
  }

  const start = input.options?.repairStartDate;
  if (start !== undefined && parseIsoDateUtc(start) === null) {
    errors["options.repairStartDate"] = "Enter the repair start as a calendar date (YYYY-MM-DD).";
  }

  if (Object.keys(errors).length > 0 || !vehicleResult.success) {
    throw new InvalidInputError(errors, "estimate");
  }
  return { vehicle: vehicleResult.data, findings };
}

// ─── The estimate ───────────────────────────────────────────────────────────────────────────────

const OPERATION_ORDER = new Map<Operation, number>(OPERATIONS.map((op, index) => [op, index]));

function rateFor(rateType: RateType, rateCard: RateCard): Cents {
  switch (rateType) {
    case "body":
      return rateCard.bodyLaborCentsPerHour;
    case "refinish":
      return rateCard.refinishLaborCentsPerHour;
    case "mechanical":
      return rateCard.mechanicalLaborCentsPerHour;
  }
}

function priceDraft(draft: LineDraft, rateCard: RateCard): Omit<EstimateLine, "id"> {
  const { flatCents, ...rest } = draft;
  if (draft.hours !== undefined && draft.rateType) {
    const rateCents = draft.rateCents ?? rateFor(draft.rateType, rateCard);
    const byTime = roundToCents(draft.hours * rateCents);
    const formula = `${hoursText(draft.hours)} × ${money(rateCents)}/h`;
    const minimum =
      draft.findingId === null
        ? undefined
        : rateCard.tables.minimumChargeCents.value[
            draft.operation as keyof typeof rateCard.tables.minimumChargeCents.value
          ];
    if (minimum !== undefined && byTime < minimum) {
      return {
        ...rest,
        rateCents,
        amountCents: minimum,
        minimumChargeCents: minimum,
        formula: `minimum charge ${money(minimum)} (${formula} = ${money(byTime)})`,
      };
    }
    return { ...rest, rateCents, amountCents: byTime, formula };
  }
  if (draft.partCents !== undefined) {
    return { ...rest, amountCents: draft.partCents, formula: `part ${money(draft.partCents)}` };
  }
  const amountCents = flatCents ?? 0;
  return { ...rest, amountCents, formula: `sublet ${money(amountCents)}` };
}

/**
 * Prices the findings on a vehicle with a rate card. Throws `InvalidInputError` (field paths
 * like "findings.2.panel") when anything does not validate.
 */
export function estimateRepair(input: EstimateInput): Estimate {
  const { vehicle, findings: parsed } = validateInput(input);
  const { rateCard } = input;
  const tables = rateCard.tables;
  const adas = inferAdas(vehicle, rateCard);
  const interior = interiorMaterialOf(vehicle, tables);
  const context: Context = {
    vehicle,
    rateCard,
    hasAdas: adas.hasAdas,
    adasAssumed: adas.assumed,
    aluminum: aluminumPanelsOf(vehicle, tables),
    interiorMaterial: interior.material,
  };

  const findings = [...parsed].sort(
    (a, b) => panelOrder(a.panel) - panelOrder(b.panel) || compareText(a.id, b.id),
  );
  const costRaisers: string[] = [];
  const assumptions: string[] = [...(input.options?.assumptions ?? [])];
  const raise = (text: string) => {
    if (!costRaisers.includes(text)) costRaisers.push(text);
  };
  const assume = (text: string) => {
    if (!assumptions.includes(text)) assumptions.push(text);
  };

  // 1. Plans per finding, grouped by panel (panels in estimate order); damage that runs across
  // panels is planned on each of them.
  const plansByPanel = new Map<PanelId, FindingPlan[]>();
  for (const finding of spreadAcrossPanels(findings)) {
    const list = plansByPanel.get(finding.panel) ?? [];
    list.push(planFinding(finding, context));
    plansByPanel.set(finding.panel, list);
  }

  const drafts: LineDraft[] = [];
  /** Panels with a full refinish → the finding that caused it. */
  const refinished = new Map<PanelId, string>();
  const replacedPanels = new Set<PanelId>();

  // 2. Panel-level consolidation.
  for (const [panelId, plans] of [...plansByPanel].sort(
    (a, b) => panelOrder(a[0]) - panelOrder(b[0]),
  )) {
    const info = { ...PANELS[panelId], label: panelLabel(panelId, vehicle) };
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
      assume(
        `${info.label}: the ${findingText(candidate.finding)} is covered by the replacement for the ${findingText(replacement.finding)}.`,
      );
      return false;
    });
    if (mainReplacement) replacedPanels.add(panelId);

    const refinishPlan = kept.find((candidate) => candidate.refinish);
    const removePlan = mainReplacement
      ? undefined
      : kept.find((candidate) => candidate.removeAndInstall);

    const writtenRandI = new Set<string>();
    for (const candidate of kept) {
      for (const draft of candidate.drafts) {
        if (draft.operation === "Polish" && refinishPlan) {
          assume(
            `${info.label}: the ${findingText(candidate.finding)} is covered by the refinish.`,
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
    const ownCalibration = kept.some((candidate) =>
      candidate.drafts.some((draft) => draft.operation === "Calibration"),
    );

    const sensors = hasSensors(panelId, context);
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
    if (mainReplacement && info.kind === "bumper" && sensors) {
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
    const calibrationPlan =
      (mainReplacement?.calibrateIfSensors ? mainReplacement : undefined) ??
      (removePlan && removeHours !== undefined ? removePlan : undefined);
    if (calibrationPlan && sensors && !ownCalibration) {
      const sensorText = info.adasSensors.join(" and ");
      // A camera that calibrates on a road drive (the rear camera) costs a dynamic calibration.
      const dynamic = info.adasSensors.every(
        (sensor) => tables.sensors.value[sensor].calibration === "dynamic",
      );
      drafts.push({
        findingId: calibrationPlan.finding.id,
        panel: panelId,
        operation: "Calibration",
        description: `Calibrate ${sensorText} after ${mainReplacement ? "replacing" : "removing and refitting"} the ${lower(info.label)}${info.kind === "bumper" ? " cover" : ""}${dynamic ? " (dynamic: road drive with a scan tool)" : ""}`,
        category: "sublet",
        flatCents: (dynamic ? tables.dynamicCalibrationCents : tables.calibrationCents).value[
          vehicle.priceClass
        ],
      });
    }

    if (panelId === "interior") drafts.push(...multipleCleaningTopUp(kept, context));
    costRaisersForPanel(panelId, kept, mainReplacement, removePlan, context, raise, assume);
  }

  const findingNotes: Record<string, string[]> = {};
  for (const plans of plansByPanel.values()) {
    for (const candidate of plans) {
      if (candidate.notes.length > 0) findingNotes[candidate.finding.id] = [...candidate.notes];
    }
  }

  // 3. Blends: once per adjacent panel that is painted, not refinished and not replaced.
  const blended = new Map<PanelId, number>();
  if (vehicle.paintType !== "solid") {
    for (const [source, findingId] of [...refinished].sort(
      (a, b) => panelOrder(a[0]) - panelOrder(b[0]),
    )) {
      for (const target of blendTargets(source, vehicle.bodyType)) {
        const fullHours = refinishHoursFor(target, vehicle, tables);
        if (
          fullHours === undefined ||
          refinished.has(target) ||
          replacedPanels.has(target) ||
          blended.has(target)
        ) {
          continue;
        }
        const hours = roundHours(fullHours * tables.blendFraction.value);
        blended.set(target, hours);
        drafts.push(
          labor(
            { id: findingId },
            target,
            "Blend",
            `Blend ${lower(panelLabel(target, vehicle))} for color match with the ${lower(panelLabel(source, vehicle))} (${formatNumber(tables.blendFraction.value * 100)} % of ${hoursText(fullHours)})`,
            hours,
            "refinish",
          ),
        );
      }
    }
  } else if (refinished.size > 0) {
    raise(
      "Solid colors are priced without blending; if the painter still has to blend into the next panels, add about half of each panel's refinish time.",
    );
  }

  // 4. Order the panel lines: panel order, then operation order, then finding order.
  const findingRank = new Map(findings.map((finding, index) => [finding.id, index]));
  const rankOf = (draft: LineDraft) => [
    draft.panel ? panelOrder(draft.panel) : Number.MAX_SAFE_INTEGER,
    OPERATION_ORDER.get(draft.operation) ?? 0,
    draft.findingId ? (findingRank.get(draft.findingId) ?? 0) : 0,
  ];
  const ordered = drafts
    .map((draft, index) => ({ draft, index, rank: rankOf(draft) }))
    .sort((a, b) => {
      for (let i = 0; i < a.rank.length; i += 1) {
        const diff = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
        if (diff !== 0) return diff;
      }
      return a.index - b.index;
    })
    .map((entry) => entry.draft);

  // 5. Clear coat (or tri-coat) over every painted panel.
  const paintedPanels: { panel: PanelId; hours: number; full: boolean }[] = [];
  for (const draft of ordered) {
    if ((draft.operation === "Refinish" || draft.operation === "Blend") && draft.panel) {
      paintedPanels.push({
        panel: draft.panel,
        hours: draft.hours ?? 0,
        full: draft.operation === "Refinish",
      });
    }
  }
  const estimateWide: LineDraft[] = [];
  const fullPanels = paintedPanels.filter((entry) => entry.full);
  const first = fullPanels.reduce<(typeof fullPanels)[number] | undefined>(
    (best, entry) => (!best || entry.hours > best.hours ? entry : best),
    undefined,
  );
  if (first) {
    const others = paintedPanels.filter((entry) => entry !== first);
    const otherHours = roundHours(others.reduce((sum, entry) => sum + entry.hours, 0));
    const triCoat = vehicle.paintType === "tri-coat";
    const rule: { firstPanelFraction: number; additionalPanelFraction: number; maxHours: number } =
      triCoat
        ? { ...tables.triCoat.value, maxHours: Number.POSITIVE_INFINITY }
        : tables.clearCoat.value;
    const raw = roundHours(
      first.hours * rule.firstPanelFraction + otherHours * rule.additionalPanelFraction,
    );
    const maxHours = rule.maxHours;
    const hours = Math.min(raw, maxHours);
    const percent = (fraction: number) => `${formatNumber(fraction * 100)} %`;
    const parts = [
      `${percent(rule.firstPanelFraction)} of ${hoursText(first.hours)} on the ${lower(panelLabel(first.panel, vehicle))}`,
    ];
    if (others.length > 0) {
      parts.push(
        `${percent(rule.additionalPanelFraction)} of ${hoursText(otherHours)} on ${others.length} more ${others.length === 1 ? "panel" : "panels"}`,
      );
    }
    const capped = raw > maxHours ? ` = ${hoursText(raw)}, capped at ${hoursText(maxHours)}` : "";
    estimateWide.push(
      labor(
        null,
        null,
        triCoat ? "Tri-coat" : "Clear coat",
        `${triCoat ? "Tri-coat (base, mid-coat and clear)" : "Clear coat"}: ${parts.join(" + ")}${capped}`,
        hours,
        "refinish",
      ),
    );
  }

  // 6. EV / hybrid labor adjustment on body and mechanical hours.
  if (vehicle.priceClass === "ev-hybrid") {
    const uplift = tables.evLaborUpliftPercent.value;
    for (const rateType of ["body", "mechanical"] as const) {
      const base = roundHours(
        ordered
          .filter((draft) => draft.rateType === rateType)
          .reduce((sum, draft) => sum + (draft.hours ?? 0), 0),
      );
      const hours = roundHours((base * uplift) / 100);
      if (hours > 0) {
        estimateWide.push(
          labor(
            null,
            null,
            "EV adjustment",
            `EV/hybrid handling (high-voltage safety, battery protection): +${formatNumber(uplift)} % of ${hoursText(base)} ${rateType} labor`,
            hours,
            rateType,
          ),
        );
      }
    }
  }

  const priced = [...ordered, ...estimateWide].map((draft) => priceDraft(draft, rateCard));

  // 7. Paint materials on every refinish hour (refinish, blend, clear coat / tri-coat).
  const paintHours = roundHours(
    priced
      .filter((line) =>
        (["Refinish", "Blend", "Clear coat", "Tri-coat"] as Operation[]).includes(line.operation),
      )
      .reduce((sum, line) => sum + (line.hours ?? 0), 0),
  );
  if (paintHours > 0) {
    const rate = rateCard.paintMaterialsCentsPerRefinishHour;
    priced.push({
      findingId: null,
      panel: null,
      operation: "Paint materials",
      description: `Paint and materials: ${hoursText(paintHours)} of refinish × ${money(rate)} per refinish hour`,
      hours: paintHours,
      rateCents: rate,
      amountCents: roundToCents(paintHours * rate),
      category: "materials",
      formula: `${hoursText(paintHours)} × ${money(rate)} per refinish hour`,
    });
  }

  // 8. Sales tax on parts and materials.
  const sumCategory = (category: LineCategory) =>
    priced
      .filter((line) => line.category === category)
      .reduce((sum, line) => sum + line.amountCents, 0);
  const taxBase = sumCategory("parts") + sumCategory("materials");
  const taxCents = percentOfCents(taxBase, rateCard.salesTaxPercent);
  if (taxCents > 0) {
    priced.push({
      findingId: null,
      panel: null,
      operation: "Tax",
      description: `Sales tax ${formatNumber(rateCard.salesTaxPercent, 3)} % on parts and paint materials (${money(taxBase)})`,
      amountCents: taxCents,
      category: "tax",
      formula: `${formatNumber(rateCard.salesTaxPercent, 3)} % × ${money(taxBase)}`,
    });
  }

  const lines: EstimateLine[] = priced.map((line, index) => ({ id: `line-${index + 1}`, ...line }));
  const subtotals = Object.fromEntries(
    LINE_CATEGORIES.map((category) => [
      category,
      lines
        .filter((line) => line.category === category)
        .reduce((sum, line) => sum + line.amountCents, 0),
    ]),
  ) as Record<LineCategory, Cents>;
  const totalCents = LINE_CATEGORIES.reduce((sum, category) => sum + subtotals[category], 0);

  // 9. Range.
  let weight = 0;
  let uncertainty = 0;
  let hidden = 0;
  for (const finding of findings) {
    const amount = lines
      .filter((line) => line.findingId === finding.id)
      .reduce((sum, line) => sum + line.amountCents, 0);
    const kind = PANELS[finding.panel].kind;
    weight += amount;
    uncertainty +=
      amount *
      (RANGE_MODEL.severitySpread[finding.severity] +
        RANGE_MODEL.confidenceSpread * (1 - finding.confidence));
    hidden += amount * RANGE_MODEL.hiddenDamage[kind][finding.severity];
  }
  const U = weight > 0 ? uncertainty / weight : 0;
  const H = weight > 0 ? hidden / weight : 0;
  const lowCents = Math.min(
    totalCents,
    Math.max(0, Math.floor((totalCents * (1 - RANGE_MODEL.lowShare * U)) / 100) * 100),
  );
  const highCents = Math.max(totalCents, Math.ceil((totalCents * (1 + U + H)) / 100) * 100);

  // 10. Hours and days.
  const hoursByRate: Record<RateType, number> = { body: 0, refinish: 0, mechanical: 0 };
  for (const line of lines) {
    if (line.rateType && (line.category === "labor" || line.category === "paint")) {
      hoursByRate[line.rateType] = roundHours(hoursByRate[line.rateType] + (line.hours ?? 0));
    }
  }
  const laborHours = roundHours(hoursByRate.body + hoursByRate.refinish + hoursByRate.mechanical);
  const shopDays = Math.ceil(
    Number((laborHours / LOST_INCOME_RULE.laborHoursPerDay).toPrecision(12)),
  );
  const partsWait = lines.some((line) => line.operation === "Part")
    ? tables.partsWaitDays.value
    : 0;
  const repairDays = lines.length === 0 ? 0 : Math.max(1, shopDays) + partsWait;
  const lostIncome = countLostIncomeDays(laborHours, input.options?.repairStartDate);

  // 11. Estimate-wide cost raisers and assumptions.
  if (refinished.size > 0 && vehicle.paintType === "tri-coat") {
    raise(
      "Tri-coat colors are the hardest to match: the painter may spray test panels or blend further than estimated.",
    );
  }
  if (vehicle.priceClass === "ev-hybrid" && laborHours > 0) {
    raise(
      `EV/hybrid repairs can need more than the +${formatNumber(tables.evLaborUpliftPercent.value)} % labor included here: on average about 4 more labor hours than a gasoline car (CCC Crash Course 2025), e.g. for high-voltage disconnects and battery checks.`,
    );
  }
  if (findings.some((finding) => finding.confidence < LOW_CONFIDENCE)) {
    raise(
      `Some damage was detected with low confidence (below ${formatNumber(LOW_CONFIDENCE * 100)} %): a closer look in person may change the repair.`,
    );
  }
  if (lines.some((line) => line.category === "parts")) {
    assume("Part prices are typical prices for the car's class, not a quote for this car.");
  }
  for (const text of bodyAssumptions(findings, lines, context, interior.assumed)) assume(text);
  for (const note of rateCard.notes) assume(note);

  return {
    vehicle,
    findings,
    region: rateCard.region,
    ratesAsOf: rateCard.asOf,
    lines,
    subtotals,
    totalCents,
    lowCents,
    highCents,
    rangeDisplay: formatRange(lowCents, highCents),
    range: {
      uncertaintyFraction: U,
      hiddenDamageFraction: H,
      formula: `low = total × (1 − ${RANGE_MODEL.lowShare} × ${formatNumber(U, 3)}); high = total × (1 + ${formatNumber(U, 3)} + ${formatNumber(H, 3)} hidden-damage allowance)`,
    },
    laborHours,
    hoursByRate,
    repairDays,
    lostIncome,
    lostIncomeDays: lostIncome.days,
    costRaisers,
    assumptions,
    findingNotes,
    adas,
  };
}

// ─── Damage across panels, Tesla cameras, body assumptions ──────────────────────────────────────

/**
 * A finding that runs across panels becomes one finding per panel (same id, so its lines stay
 * the finding's), its size shared equally: each panel gets its own repair, refinish, R&I and
 * minimum charges, as a shop writes a sideswipe.
 */
function spreadAcrossPanels(findings: readonly Finding[]): Finding[] {
  return findings.flatMap((finding) => {
    const spanned = finding.spansPanels ?? [];
    if (spanned.length === 0) return [finding];
    const { spansPanels: _spanned, ...rest } = finding;
    const share =
      finding.sizeCm === undefined
        ? {}
        : { sizeCm: Math.max(1, Math.round((finding.sizeCm / (spanned.length + 1)) * 10) / 10) };
    return [finding.panel, ...spanned].map((panel) => ({ ...rest, ...share, panel }));
  });
}

/**
 * Two or more kinds of cleaning issue (stain, odor, pet hair) are, by the marketplace's rule, one
 * "multiple cleaning issues" fee: the cleaning work is never priced under it.
 */
function multipleCleaningTopUp(plans: readonly FindingPlan[], context: Context): LineDraft[] {
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
function teslaFenderCameraDrafts(
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

const PAINT_SYSTEM_TEXT: Readonly<Record<Vehicle["paintType"], string>> = {
  solid: "solid color (base coat and clear coat; matches without blending)",
  "metallic-pearl":
    "metallic or pearl two-stage (base coat and clear coat, blended into the next panels)",
  "tri-coat":
    "tri-coat three-stage (base coat, mid-coat and clear coat, blended into the next panels)",
};

/** What the estimate assumed about the body, the paint and the seats, when the work touches them. */
function bodyAssumptions(
  findings: readonly Finding[],
  lines: readonly EstimateLine[],
  context: Context,
  interiorAssumed: boolean,
): string[] {
  const { vehicle, rateCard } = context;
  const tables = rateCard.tables;
  const texts: string[] = [];
  const sheetMetal = findings.some((finding) =>
    [finding.panel, ...(finding.spansPanels ?? [])].some(
      (panelId) => PANELS[panelId].kind === "sheet-metal",
    ),
  );
  if (sheetMetal) {
    const body = aluminumBodyOf(vehicle, tables);
    const { hoursMultiplier, specialistRateRatio } = tables.aluminumRepair.value;
    const practice = `priced as an aluminum-certified shop works (dedicated tools and a separate work area): the specialist rate (body rate × ${formatNumber(specialistRateRatio, 2)}), ${formatNumber(hoursMultiplier, 2)} × the repair time, and a new panel once repair would cost ${formatNumber(tables.replaceOrRepair.value.repairShareOfReplacement * 100)} % of one`;
    if (body) {
      texts.push(
        `Body: aluminum (${aluminumBodyText(body)}, per ${RATE_SOURCES[body.source].title.split(":")[0]}); every body panel is ${practice}.`,
      );
    } else if (context.aluminum.size > 0) {
      const names = [...context.aluminum].map((id) => lower(panelLabel(id, vehicle))).join(", ");
      texts.push(
        `Body: aluminum ${names} (as listed for this car), ${practice}; other panels steel.`,
      );
    } else {
      texts.push(
        "Body: steel panels (no aluminum panels listed for this car, and its model isn't a known aluminum body).",
      );
    }
  }
  const painted = lines.some((line) =>
    (["Refinish", "Blend", "Polish"] as Operation[]).includes(line.operation),
  );
  if (painted) {
    texts.push(`Paint system: ${PAINT_SYSTEM_TEXT[vehicle.paintType]}.`);
    if (vehicle.priceClass === "ev-hybrid" && lines.some((line) => line.operation === "Refinish")) {
      texts.push(
        "EV/hybrid refinish: the paint is cured at low temperature (air-dry or short-wave infrared) within the maker's battery temperature limit, not baked in a hot booth.",
      );
    }
  }
  if (findings.some((finding) => finding.panel === "interior")) {
    texts.push(
      `Interior: ${interiorMaterialText(context.interiorMaterial)} seats${interiorAssumed ? ` (assumed for a ${lower(PRICE_CLASS_LABELS[vehicle.priceClass])} car; tell us if they are ${context.interiorMaterial === "leather" ? "cloth" : "leather"})` : ""}.`,
    );
  }
  return texts;
}

// ─── Cost raisers per panel ─────────────────────────────────────────────────────────────────────

const SENSOR_REPLACEMENT_COSTS: Readonly<Record<AdasSensor, string>> = {
  "front radar": "a front radar $900–1,300",
  "parking sensors": "parking sensors $500–1,300",
  "forward camera": "a front camera $850–1,900",
  "blind-spot radar": "a rear radar $850–2,050",
  "surround-view camera": "an around-view camera $500–1,100",
  "side camera": "an around-view camera $500–1,100",
  "rear camera": "a rear camera $500–1,100",
};

function costRaisersForPanel(
  panelId: PanelId,
  plans: FindingPlan[],
  replacement: FindingPlan | undefined,
  removePlan: FindingPlan | undefined,
  context: Context,
  raise: (text: string) => void,
  assume: (text: string) => void,
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
  const touched = Boolean(replacement || removePlan);

  if (info.kind === "bumper" && (worst !== "minor" || replacement)) {
    raise(
      `Hidden damage behind the ${label} cover (energy absorber, reinforcement, brackets) only shows once the cover is off; supplements to photo estimates average more than 50 % of the first estimate (Mitchell 2018).`,
    );
  }

  if (info.adasSensors.length > 0 && panelId !== "windshield" && touched && context.hasAdas) {
    const costs = info.adasSensors
      .map((sensor) => SENSOR_REPLACEMENT_COSTS[sensor])
      .filter((text, index, all) => all.indexOf(text) === index);
    const costText = costs.length > 0 ? ` (AAA: ${costs.join("; ")})` : "";
    if (hasSensors(panelId, context)) {
      raise(
        `If a sensor on the ${label} (${info.adasSensors.join(", ")}) is damaged too, it must be replaced${costText}.`,
      );
    } else if (!context.vehicle.sensorPanels) {
      raise(
        `If the ${label} carries sensors (${info.adasSensors.join(", ")}), they need calibrating after this work (about $150–600), or replacing if damaged${costText}.`,
      );
    }
  }

  if (panelId === "windshield") {
    const replaced = Boolean(replacement);
    if (!replaced) {
      raise(
        "A windshield chip that spreads into a crack means a new windshield ($250–600; $1,200–1,650 plus calibration with a camera).",
      );
    } else if (context.adasAssumed && hasSensors("windshield", context)) {
      assume(
        "We assumed the car has a windshield camera (model year 2018 or later, or a premium, luxury or EV/hybrid car), so the ADAS windshield and its calibration are included. Without a camera the windshield costs $250–600.",
      );
    } else if (context.adasAssumed) {
      raise(
        "If this car has a windshield camera (lane-keeping, automatic braking), the windshield costs $1,200–1,650 plus calibration ($150–600).",
      );
    }
  }

  if (info.kind === "sheet-metal") {
    if (worst === "severe") {
      raise(
        `The ${label} is badly damaged: if it can't be repaired, a new panel (part, fitting and refinish inside and out) costs considerably more.`,
      );
    }
    if (plans.some((candidate) => candidate.finding.damageType === "hail")) {
      raise(
        "Hail dents are counted panel by panel; a recount under a PDR light often finds more, moving a panel up a count band, and dents with cracked paint need conventional repair.",
      );
    }
    for (const candidate of plans) {
      if (!candidate.pdr) continue;
      raise(
        `If the paint over the dent on the ${label} is cracked, PDR isn't possible: conventional repair and refinish instead (+$100–300 or more).`,
      );
      if (!candidate.pdr.sizeKnown) {
        assume(
          `The dent on the ${label} wasn't measured; it is priced as ${candidate.pdr.band.label}.`,
        );
      }
    }
  }

  if (panelId.startsWith("headlamp") && replacement) {
    raise(
      `Replacing the ${label} can mean removing the front bumper cover and aiming the new lamp; adaptive or matrix LED lamps cost far more.`,
    );
  }

  if (info.kind === "wheel") {
    if (plans.some((candidate) => candidate.finding.damageType === "wheel-curb-rash")) {
      raise(
        "A wheel that is bent or cracked, not just scuffed, must be replaced instead of refinished.",
      );
    }
    if (plans.some((candidate) => candidate.component === "tire" && candidate.replaces)) {
      raise(
        "Tires are often replaced in pairs on an axle (all four on many AWD cars and EVs) to keep tread depth even.",
      );
    }
    if (worst === "severe") {
      raise(`A hard hit on the ${label} can also damage suspension or alignment.`);
    }
  }

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
