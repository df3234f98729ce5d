/** The plan pass: every finding planned on its panel, findings in estimate order. */
import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import { planFinding } from "~/domain/estimate/planners/plan-finding";
import { panelOrder, type Finding, type PanelId } from "~/domain/estimate/taxonomy";

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Findings in estimate order: by panel, then id (whatever order they arrived in). */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) => panelOrder(a.panel) - panelOrder(b.panel) || compareText(a.id, b.id),
  );
}

/**
 * Plans per finding, grouped by panel (panels in estimate order); damage that runs across
 * panels is planned on each of them.
 */
export function planPanels(
  findings: readonly Finding[],
  context: Context,
): Map<PanelId, FindingPlan[]> {
  const plansByPanel = new Map<PanelId, FindingPlan[]>();
  for (const finding of spreadAcrossPanels(findings)) {
    const list = plansByPanel.get(finding.panel) ?? [];
    list.push(planFinding(finding, context));
    plansByPanel.set(finding.panel, list);
  }
  return plansByPanel;
}

/** The planners' notes by finding id (only findings that have some). */
export function findingNotesOf(
  plansByPanel: ReadonlyMap<PanelId, readonly FindingPlan[]>,
): Record<string, string[]> {
  const findingNotes: Record<string, string[]> = {};
  for (const plans of plansByPanel.values()) {
    for (const candidate of plans) {
      if (candidate.notes.length > 0) findingNotes[candidate.finding.id] = [...candidate.notes];
    }
  }
  return findingNotes;
}

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
