/** Dents on sheet metal: paintless repair by size band, or conventional repair (or a new panel). */
import { formatNumber, formatRange, roundToCents } from "~/domain/money";
import { panelLabel, replacementFor } from "~/domain/estimate/body-profile";
import {
  findingText,
  hoursText,
  inches,
  findingLabor,
  lower,
  plan,
  sublet,
} from "~/domain/estimate/drafts";
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { PdrBand } from "~/domain/estimate/rate-card";
import type { Finding } from "~/domain/estimate/taxonomy";
import { replacementPlan } from "./panel-replacement";

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

/**
 * Paintless repair when the dent fits a size band and its paint isn't cracked: the band's
 * midpoint, + the aluminum mark-up. Null when PDR can't fix it.
 */
export function planPdr(finding: Finding, context: Context): FindingPlan | null {
  const band = finding.paintCracked ? null : pdrBandFor(finding, context);
  if (!band) return null;
  const label = panelLabel(finding.panel, context.vehicle);
  const aluminum = context.aluminum.has(finding.panel);
  const uplift = context.rateCard.tables.pdr.value.aluminumUpliftPercent;
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

/**
 * A dent that can't be repaired paintlessly (cracked paint, too large, severe): body hours by
 * size (the severity's hours as a floor), longer on panels without back access; a bolt-on panel
 * with a dent past the replacement threshold is replaced.
 */
export function planConventionalDent(finding: Finding, context: Context): FindingPlan {
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
      findingLabor(
        finding,
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
