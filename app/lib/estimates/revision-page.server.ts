/**
 * What the host's report page says about revisions (ADR 0014): which revision is open, the final
 * ones before it, and whether the open one is still priced with an earlier revision's rates
 * while the shop's rates have changed since.
 */
import { resolveRateCard } from "~/domain/estimate/rate-card";
import {
  currentRateInputs,
  parseRateInputs,
  sameRateInputs,
  type ReportRow,
} from "./reports.server";
import { revisionInfo, type RevisionInfo } from "./revisions.server";

export interface RevisionPageData {
  /** The revision on the page: the one open for edits, or the newest final one. */
  number: number;
  /** True while that revision is a draft. */
  draft: boolean;
  /** The newest final revision (what new share links show), or null before the first. */
  latestFinal: number | null;
  final: RevisionInfo["final"];
  /** The open revision is priced with this earlier revision's rates, which differ from today's. */
  pinnedPricing: { revision: number; regionName: string; asOf: string } | null;
  /** Whether the page lists the revisions: more than one, or a draft after a final one. */
  showHistory: boolean;
}

export function revisionPageData(report: ReportRow): RevisionPageData {
  const info = revisionInfo(report);
  const draft = report.status !== "complete";
  const latestFinal = info.final.at(-1)?.number ?? null;
  return {
    number: report.revision,
    draft,
    latestFinal,
    final: info.final,
    pinnedPricing: draft ? pinnedPricing(report, info) : null,
    showHistory: info.final.length > 1 || (draft && latestFinal !== null),
  };
}

function pinnedPricing(report: ReportRow, info: RevisionInfo) {
  const pinned = parseRateInputs(report.pinnedRatesJson);
  if (!pinned || report.revision <= 1) return null;
  if (sameRateInputs(pinned, currentRateInputs(report))) return null;
  const previous = info.final.filter((row) => row.number < report.revision).at(-1);
  if (!previous) return null;
  return {
    revision: previous.number,
    regionName: resolveRateCard(pinned.state).regionName,
    asOf: previous.finalizedAt,
  };
}
