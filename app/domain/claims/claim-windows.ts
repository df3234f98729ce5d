/**
 * The deadlines of one claim, from its trip's end in the trip's own time zone: the windows of
 * the rules table that apply to the claim's kind, each with the time left.
 */
import { deadlineInstant, timeLeft, type TimeLeft } from "~/domain/claim-deadlines";
import {
  claimDeadlineRule,
  type ClaimDeadlineId,
  type RuleConfidence,
} from "~/domain/marketplace-rules";
import { isoWithOffset, wallClockAt } from "~/domain/zoned-time";
import type { ClaimKind } from "./claim";

const WINDOWS_BY_KIND: Readonly<Record<ClaimKind, readonly ClaimDeadlineId[]>> = {
  damage: ["report-damage", "post-trip-photos", "repair-estimate", "escalate"],
  fuel: ["fuel-reimbursement"],
  "ev-charge": ["fuel-reimbursement"],
  tolls: ["toll-reimbursement"],
  tickets: ["ticket-transfer"],
  cleaning: ["smoking-cleaning"],
  smoking: ["smoking-cleaning"],
  "extra-distance": ["fuel-reimbursement"],
  "late-return": ["report-damage"],
  impound: ["fuel-reimbursement"],
};

export interface ClaimDeadline {
  key: ClaimDeadlineId;
  label: string;
  description: string;
  caveat: string | null;
  confidence: RuleConfidence;
  sourceUrl: string | null;
  dueAtMs: number;
  /** ISO 8601 with the trip zone's offset: "2026-11-23T18:30:00-07:00". */
  dueAt: string;
  timeLeft: TimeLeft;
  status: "open" | "passed";
}

/** Every deadline of a claim of `kind` on a trip that ended at `endAt` in `timeZone`, earliest first. */
export function claimDeadlines(
  kind: ClaimKind,
  trip: { endAt: number; timeZone: string },
  now: number,
): ClaimDeadline[] {
  const local = wallClockAt(trip.endAt, trip.timeZone);
  return WINDOWS_BY_KIND[kind]
    .map((id) => {
      const rule = claimDeadlineRule(id);
      const dueAtMs = deadlineInstant({ atMs: trip.endAt, local }, rule.duration, trip.timeZone);
      const left = timeLeft(dueAtMs, now);
      return {
        key: id,
        label: rule.label,
        description: rule.description,
        caveat: rule.caveat ?? null,
        confidence: rule.confidence ?? "high",
        sourceUrl: rule.source.url,
        dueAtMs,
        dueAt: isoWithOffset(dueAtMs, trip.timeZone),
        timeLeft: left,
        status: left.status,
      };
    })
    .sort((a, b) => a.dueAtMs - b.dueAtMs);
}
