/** Refinish passes: blends into the neighbouring panels, then clear coat or tri-coat over all. */
import { formatNumber } from "~/domain/money";
import { panelLabel, refinishHoursFor } from "~/domain/estimate/body-profile";
import { hoursText, labor, lower, roundHours } from "~/domain/estimate/drafts";
import type { Context, LineDraft } from "~/domain/estimate/drafts";
import { blendTargets, panelOrder, type PanelId } from "~/domain/estimate/taxonomy";
import type { Notes } from "./notes";
import type { PanelWork } from "./panels";

/**
 * Blend (color match) into each adjacent painted panel that is not refinished or replaced itself:
 * once per panel, at the blend fraction of its refinish time; solid colors are not blended.
 */
export function blendDrafts(
  { refinished, replacedPanels }: Pick<PanelWork, "refinished" | "replacedPanels">,
  context: Context,
  notes: Notes,
): LineDraft[] {
  const { vehicle } = context;
  const tables = context.rateCard.tables;
  const drafts: LineDraft[] = [];
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
    notes.raise(
      "Solid colors are priced without blending; if the painter still has to blend into the next panels, add about half of each panel's refinish time.",
    );
  }
  return drafts;
}

/**
 * Clear coat over every painted panel (refinished or blended): a share of the first major
 * panel's hours and of the others', capped; tri-coat instead on a tri-coat paint, uncapped.
 * None when no panel is refinished.
 */
export function clearCoatDrafts(ordered: readonly LineDraft[], context: Context): LineDraft[] {
  const { vehicle } = context;
  const tables = context.rateCard.tables;
  const estimateWide: LineDraft[] = [];
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
  return estimateWide;
}
