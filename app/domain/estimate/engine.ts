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
 *
 * ## Where the code is
 * One planner per panel kind (planners/, chosen from `PLANNERS`) turns a finding into a plan;
 * `estimateRepair` below runs the passes (passes/) in order, one named function each.
 */
import { formatRange } from "~/domain/money";
import { LINE_CATEGORIES, type Estimate, type EstimateInput } from "./estimate-types";
import { bodyAssumptions } from "~/domain/estimate/passes/assumptions";
import { pricingContext } from "~/domain/estimate/passes/context";
import { estimateWideNotes } from "~/domain/estimate/passes/cost-raisers";
import { hoursAndDays } from "~/domain/estimate/passes/hours";
import { evAdjustmentDrafts } from "~/domain/estimate/passes/labor";
import { paintMaterialsLines } from "~/domain/estimate/passes/materials";
import { collectNotes } from "~/domain/estimate/passes/notes";
import { orderDrafts } from "~/domain/estimate/passes/order";
import { consolidatePanels } from "~/domain/estimate/passes/panels";
import { findingNotesOf, planPanels, sortFindings } from "~/domain/estimate/passes/plan";
import { priceDraft } from "~/domain/estimate/passes/price";
import { estimateRange } from "~/domain/estimate/passes/range";
import { blendDrafts, clearCoatDrafts } from "~/domain/estimate/passes/refinish";
import { taxLines } from "~/domain/estimate/passes/tax";
import { numberLines, subtotalsOf } from "~/domain/estimate/passes/totals";
import { validateInput } from "~/domain/estimate/passes/validate";

// The engine's public API, wherever its pieces live (callers import them from here).
/** Kept here too: callers of the engine format its ranges with it. */
export { formatRange };
export * from "./estimate-types";
export { roundHours } from "./drafts";
export { countLostIncomeDays } from "./lost-income";
export { LOW_CONFIDENCE } from "~/domain/estimate/passes/cost-raisers";
export { RANGE_MODEL } from "~/domain/estimate/passes/range";

/**
 * Prices the findings on a vehicle with a rate card. Throws `InvalidInputError` (field paths
 * like "findings.2.panel") when anything does not validate.
 */
export function estimateRepair(input: EstimateInput): Estimate {
  const { vehicle, findings: parsed } = validateInput(input);
  const { rateCard } = input;
  const { context, interiorAssumed } = pricingContext(vehicle, rateCard);
  const findings = sortFindings(parsed);
  const notes = collectNotes(input.options?.assumptions);

  // Plan each finding, then consolidate each panel's plans into its lines.
  const plansByPanel = planPanels(findings, context);
  const panels = consolidatePanels(plansByPanel, context, notes);
  // Refinish and blends, in estimate order; then clear coat and the EV labor adjustment.
  const blends = blendDrafts(panels, context, notes);
  const ordered = orderDrafts([...panels.drafts, ...blends], findings);
  const estimateWide = [
    ...clearCoatDrafts(ordered, context),
    ...evAdjustmentDrafts(ordered, context),
  ];
  // Price every line (minimum charges included), then paint materials and tax on top.
  const priced = [...ordered, ...estimateWide].map((draft) => priceDraft(draft, rateCard));
  priced.push(...paintMaterialsLines(priced, rateCard));
  priced.push(...taxLines(priced, rateCard));

  const lines = numberLines(priced);
  const subtotals = subtotalsOf(lines);
  const totalCents = LINE_CATEGORIES.reduce((sum, category) => sum + subtotals[category], 0);
  const { lowCents, highCents, range } = estimateRange(findings, lines, totalCents);
  const { laborHours, hoursByRate, repairDays, lostIncome } = hoursAndDays(
    lines,
    rateCard,
    input.options?.repairStartDate,
  );
  const anyRefinished = panels.refinished.size > 0;
  estimateWideNotes(findings, lines, laborHours, anyRefinished, context, notes);
  for (const text of bodyAssumptions(findings, lines, context, interiorAssumed)) notes.assume(text);
  for (const note of rateCard.notes) notes.assume(note);

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
    range,
    laborHours,
    hoursByRate,
    repairDays,
    lostIncome,
    lostIncomeDays: lostIncome.days,
    costRaisers: notes.costRaisers,
    assumptions: notes.assumptions,
    findingNotes: findingNotesOf(plansByPanel),
    adas: { hasAdas: context.hasAdas, assumed: context.adasAssumed },
  };
}
