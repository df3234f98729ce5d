import { describe, expect, it } from "vitest";
import { messageTime } from "./message-time";
import { replyDeadline } from "./reply-deadline";

const ARRIVED = new Date("2026-11-26T16:20:00Z");

describe("a message's time", () => {
  it("is the sender's Date: header when it is within a day of the arrival", () => {
    const header = new Date("2026-11-26T16:12:00Z");
    expect(messageTime({ receivedAt: ARRIVED, dateHeader: header })).toEqual(header);
    const dayBefore = new Date(ARRIVED.getTime() - 24 * 3_600_000);
    expect(messageTime({ receivedAt: ARRIVED, dateHeader: dayBefore })).toEqual(dayBefore);
  });

  it("is the arrival when the header is missing, unreadable or more than a day off", () => {
    for (const dateHeader of [
      null,
      undefined,
      new Date(Number.NaN),
      new Date(ARRIVED.getTime() - 24 * 3_600_000 - 1),
      new Date(ARRIVED.getTime() + 26 * 3_600_000),
      new Date("1899-12-31T00:00:00Z"),
      new Date(8.64e15), // +275760-09-13, the latest date JavaScript has
    ]) {
      expect(messageTime({ receivedAt: ARRIVED, dateHeader })).toEqual(ARRIVED);
    }
  });

  it("so a date from 1899 or the year 275760 never drives a reply deadline", () => {
    for (const year of ["1899-12-30T00:00:00Z", "+275760-09-13T00:00:00Z"]) {
      const at = messageTime({ receivedAt: ARRIVED, dateHeader: new Date(year) });
      expect(replyDeadline({ messageAt: at }).getTime()).toBe(
        replyDeadline({ messageAt: ARRIVED }).getTime(),
      );
    }
  });
});
