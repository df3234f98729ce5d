/**
 * The end-of-shift report and the per-VA figures, read from the activity log and the queue's
 * items: plain values in, plain values out.
 */
import type { QueueItemKind } from "./queue-item";

/** The report looks this far past the shift's end for the next shift's deadlines. */
export const NEXT_SHIFT_MS = 12 * 3_600_000;

export const ACTIVITY = {
  taken: "queue.taken",
  done: "queue.done",
  forOwner: "queue.for-owner",
  reopened: "queue.reopened",
  replySent: "reply.sent",
  questionsResolved: "questions.resolved",
  shiftStarted: "shift.started",
  shiftEnded: "shift.ended",
  permissionsSaved: "va.permissions-saved",
} as const;

export interface ActivityFact {
  userId: string | null;
  action: string;
  queueItemId: string | null;
  at: number;
}

export interface ItemFact {
  id: string;
  accountId: string;
  kind: QueueItemKind;
  title: string;
  readyAt: number;
  deadlineAt: number;
  doneAt: number | null;
  doneByUserId: string | null;
  forOwner: boolean;
}

const HANDLED_KINDS: readonly QueueItemKind[] = ["reply", "escalation", "draft"];

export interface ShiftReport {
  messagesHandled: number;
  itemsDone: number;
  stillOpen: ItemFact[];
  /** Open items past their deadline, and open escalations. */
  redFlags: ItemFact[];
  moneyRecoveredCents: number;
  nextShiftDeadlines: ItemFact[];
}

/**
 * What a VA did between `startedAt` and `endedAt`: `activity` is the log of the shift's accounts
 * over the shift, `items` every item of those accounts that the report may name (done or not),
 * `paidCents` the claim payments marked in those accounts during the shift.
 */
export function shiftReport(input: {
  userId: string;
  startedAt: number;
  endedAt: number;
  activity: readonly ActivityFact[];
  items: readonly ItemFact[];
  paidCents: readonly number[];
}): ShiftReport {
  const { userId, startedAt, endedAt } = input;
  const kindOf = new Map(input.items.map((item) => [item.id, item.kind]));
  const mine = input.activity.filter(
    (entry) => entry.userId === userId && entry.at >= startedAt && entry.at <= endedAt,
  );
  const done = mine.filter((entry) => entry.action === ACTIVITY.done);
  const handled = new Set(
    done
      .filter(
        (entry) => entry.queueItemId && HANDLED_KINDS.includes(kindOf.get(entry.queueItemId)!),
      )
      .map((entry) => entry.queueItemId),
  );
  const repliesLogged = mine.filter((entry) => entry.action === ACTIVITY.replySent).length;
  const open = input.items
    .filter((item) => item.doneAt === null && item.readyAt <= endedAt)
    .sort((a, b) => a.deadlineAt - b.deadlineAt);
  return {
    messagesHandled: Math.max(handled.size, repliesLogged),
    itemsDone: new Set(done.map((entry) => entry.queueItemId)).size,
    stillOpen: open,
    redFlags: open.filter((item) => item.deadlineAt < endedAt || item.kind === "escalation"),
    moneyRecoveredCents: input.paidCents.reduce((sum, cents) => sum + cents, 0),
    nextShiftDeadlines: input.items
      .filter(
        (item) =>
          item.doneAt === null &&
          item.deadlineAt >= endedAt &&
          item.deadlineAt <= endedAt + NEXT_SHIFT_MS,
      )
      .sort((a, b) => a.deadlineAt - b.deadlineAt),
  };
}

export interface VaFigures {
  repliesDone: number;
  /** Share (0–1) of their reply items done by the deadline; null without any. */
  onTimeShare: number | null;
  /** Median minutes from the guest's message to the reply marked done; null without any. */
  medianReplyMinutes: number | null;
  passedToOwner: number;
  /** Items they marked done that were opened again. */
  reopened: number;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One VA's figures in one account, from its items and its activity log (oldest first). */
export function vaFigures(
  userId: string,
  items: readonly ItemFact[],
  activity: readonly ActivityFact[],
): VaFigures {
  const replies = items.filter(
    (item) => item.kind === "reply" && item.doneByUserId === userId && item.doneAt !== null,
  );
  const onTime = replies.filter((item) => item.doneAt! <= item.deadlineAt).length;
  const minutes = replies.map((item) => Math.max(0, (item.doneAt! - item.readyAt) / 60_000));
  const lastDoneBy = new Map<string, string | null>();
  let reopened = 0;
  for (const entry of [...activity].sort((a, b) => a.at - b.at)) {
    if (!entry.queueItemId) continue;
    if (entry.action === ACTIVITY.done) lastDoneBy.set(entry.queueItemId, entry.userId);
    if (entry.action === ACTIVITY.reopened && lastDoneBy.get(entry.queueItemId) === userId) {
      reopened++;
    }
  }
  const middle = median(minutes);
  return {
    repliesDone: replies.length,
    onTimeShare: replies.length ? onTime / replies.length : null,
    medianReplyMinutes: middle === null ? null : Math.round(middle),
    passedToOwner: activity.filter(
      (entry) => entry.userId === userId && entry.action === ACTIVITY.forOwner,
    ).length,
    reopened,
  };
}
