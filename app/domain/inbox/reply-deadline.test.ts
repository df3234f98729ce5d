import { describe, expect, it } from "vitest";
import { replyDeadline } from "./reply-deadline";

const messageAt = new Date("2026-07-01T12:00:00Z");
const hoursLater = (hours: number) => new Date(messageAt.getTime() + hours * 3_600_000);

describe("replyDeadline", () => {
  it.each([
    ["a trip more than 10 hours away: 8 hours after the message", 30, hoursLater(8)],
    ["exactly 10 hours away: 2 hours before the start", 10, hoursLater(8)],
    ["6 hours away: 2 hours before the start", 6, hoursLater(4)],
    ["4 hours away: 2 hours before the start", 4, hoursLater(2)],
    ["3 hours away: half the lead time", 3, hoursLater(1.5)],
    ["1 hour away: half the lead time", 1, hoursLater(0.5)],
    ["20 minutes away: 30 minutes", 1 / 3, hoursLater(0.5)],
    ["a trip under way: 30 minutes", -5, hoursLater(0.5)],
  ])("%s", (_, startInHours, expected) => {
    expect(replyDeadline({ messageAt, tripStartAt: hoursLater(startInHours) })).toEqual(expected);
  });

  it("gives a message without a trip 8 hours", () => {
    expect(replyDeadline({ messageAt, tripStartAt: null })).toEqual(hoursLater(8));
  });
});
