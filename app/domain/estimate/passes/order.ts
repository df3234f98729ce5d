import type { LineDraft } from "~/domain/estimate/drafts";
import { OPERATIONS, type Operation } from "~/domain/estimate/estimate-types";
import { panelOrder, type Finding } from "~/domain/estimate/taxonomy";

const OPERATION_ORDER = new Map<Operation, number>(OPERATIONS.map((op, index) => [op, index]));

/** The panel lines in estimate order: panel order, then operation order, then finding order. */
export function orderDrafts(
  drafts: readonly LineDraft[],
  findings: readonly Finding[],
): LineDraft[] {
  const findingRank = new Map(findings.map((finding, index) => [finding.id, index]));
  const rankOf = (draft: LineDraft) => [
    draft.panel ? panelOrder(draft.panel) : Number.MAX_SAFE_INTEGER,
    OPERATION_ORDER.get(draft.operation) ?? 0,
    draft.findingId ? (findingRank.get(draft.findingId) ?? 0) : 0,
  ];
  return drafts
    .map((draft, index) => ({ draft, index, rank: rankOf(draft) }))
    .sort((a, b) => {
      for (let i = 0; i < a.rank.length; i += 1) {
        const diff = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
        if (diff !== 0) return diff;
      }
      return a.index - b.index;
    })
    .map((entry) => entry.draft);
}
