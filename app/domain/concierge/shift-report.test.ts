import { describe, expect, it } from "vitest";
import { ACTIVITY, median, shiftReport, vaFigures, type ItemFact } from "./shift-report";

const HOUR = 3_600_000;
const item = (over: Partial<ItemFact> & Pick<ItemFact, "id" | "kind">): ItemFact => ({
  accountId: "a",
  title: over.id,
  readyAt: 0,
  deadlineAt: 10 * HOUR,
  doneAt: null,
  doneByUserId: null,
  forOwner: false,
  ...over,
});

describe("end-of-shift report", () => {
  it("counts what the VA did in the shift and flags what is late or escalated", () => {
    const items = [
      item({ id: "r1", kind: "reply", doneAt: 2 * HOUR, doneByUserId: "va" }),
      item({ id: "p1", kind: "photo-audit", doneAt: 3 * HOUR, doneByUserId: "va" }),
      item({ id: "late", kind: "return-check", deadlineAt: 4 * HOUR }),
      item({ id: "esc", kind: "escalation", deadlineAt: 20 * HOUR }),
      item({ id: "next", kind: "trip-start", deadlineAt: 9 * HOUR }),
    ];
    const activity = [
      { userId: "va", action: ACTIVITY.done, queueItemId: "r1", at: 2 * HOUR },
      { userId: "va", action: ACTIVITY.done, queueItemId: "p1", at: 3 * HOUR },
      { userId: "other", action: ACTIVITY.done, queueItemId: "x", at: 3 * HOUR },
    ];
    const report = shiftReport({
      userId: "va",
      startedAt: HOUR,
      endedAt: 5 * HOUR,
      activity,
      items,
      paidCents: [120_00, 30_00],
    });
    expect(report.messagesHandled).toBe(1);
    expect(report.itemsDone).toBe(2);
    expect(report.stillOpen.map((open) => open.id)).toEqual(["late", "next", "esc"]);
    expect(report.redFlags.map((flag) => flag.id)).toEqual(["late", "esc"]);
    expect(report.moneyRecoveredCents).toBe(150_00);
    expect(report.nextShiftDeadlines.map((next) => next.id)).toEqual(["next"]);
  });
});

describe("per-VA figures", () => {
  it("measures replies against their deadline, passes and reopened items", () => {
    const items = [
      item({
        id: "a",
        kind: "reply",
        readyAt: 0,
        deadlineAt: HOUR,
        doneAt: 10 * 60_000,
        doneByUserId: "va",
      }),
      item({
        id: "b",
        kind: "reply",
        readyAt: 0,
        deadlineAt: HOUR,
        doneAt: 2 * HOUR,
        doneByUserId: "va",
      }),
      item({
        id: "c",
        kind: "reply",
        readyAt: 0,
        deadlineAt: HOUR,
        doneAt: 20 * 60_000,
        doneByUserId: "owner",
      }),
    ];
    const activity = [
      { userId: "va", action: ACTIVITY.done, queueItemId: "a", at: 1 },
      { userId: "owner", action: ACTIVITY.reopened, queueItemId: "a", at: 2 },
      { userId: "owner", action: ACTIVITY.done, queueItemId: "a", at: 3 },
      { userId: "owner", action: ACTIVITY.reopened, queueItemId: "a", at: 4 },
      { userId: "va", action: ACTIVITY.forOwner, queueItemId: "e", at: 5 },
    ];
    expect(vaFigures("va", items, activity)).toEqual({
      repliesDone: 2,
      onTimeShare: 0.5,
      medianReplyMinutes: 65,
      passedToOwner: 1,
      reopened: 1,
    });
    expect(vaFigures("nobody", items, activity)).toMatchObject({
      onTimeShare: null,
      medianReplyMinutes: null,
    });
  });
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
