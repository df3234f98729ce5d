import { formatNumber, roundToCents } from "~/domain/money";
import { panelLabel } from "~/domain/estimate/body-profile";
import { findingLabor, lower, money, plan, sublet } from "~/domain/estimate/drafts";
import type { Context, FindingPlan, LineDraft } from "~/domain/estimate/drafts";
import { HAIL_DENT_SIZES, type Finding, type HailDetail } from "~/domain/estimate/taxonomy";
import { planFromRepairChoice } from "./repair-choice";

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
export function planHail(finding: Finding, context: Context): FindingPlan {
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
      findingLabor(
        finding,
        "R&I",
        `Remove and refit ${access.what} for hail repair access`,
        access.hours,
      ),
    );
  }
  return plan(finding, { drafts, notes });
}
